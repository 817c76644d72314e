import { z } from 'zod';
import { blankAsNull, enumOf, listQuery, queryBoolean, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { cpfOrCnpj, dateOrDateTime, latitude, longitude, phone, pngDataUrl } from '../kit/validators';
import { workflowSteps } from '../kit/workflow';
import { cityRef, coordinatesPaired } from '../network/site';
import { id, optionalMac, optionalText, queryId, ref } from '../warehouse';
import { checklistItemRead, CHECKLIST_KINDS } from './assistance-type';
import { externalActivityEntity } from './module';

/** Work orders (DESIGN §4 Field service). */
export const ACTIVITY_PRIORITY_LABELS = { baixa: 'Baixa', media: 'Média', alta: 'Alta', urgente: 'Urgente' } as const;
export const ACTIVITY_PRIORITIES = enumOf(ACTIVITY_PRIORITY_LABELS);
export type ActivityPriority = (typeof ACTIVITY_PRIORITIES)[number];

export const ACTIVITY_STATUS_LABELS = {
  aberta: 'Aberta',
  agendada: 'Agendada',
  em_deslocamento: 'Em deslocamento',
  em_execucao: 'Em execução',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
} as const;
export const ACTIVITY_STATUSES = enumOf(ACTIVITY_STATUS_LABELS);
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
/** The statuses an activity is still being worked in (its SLA runs). */
export const ACTIVITY_OPEN_STATUSES: readonly ActivityStatus[] = ['aberta', 'agendada', 'em_deslocamento', 'em_execucao'];

/** The transitions (`POST /api/external-activity/{id}/<verb>`) and what the timeline calls them. */
export const ACTIVITY_STEP_LABELS = {
  created: 'Atividade criada',
  schedule: 'Agendada',
  depart: 'Saiu para o local',
  start: 'Iniciou o atendimento',
  finish: 'Concluída',
  cancel: 'Cancelada',
  reschedule: 'Reagendada',
  assigned: 'Técnicos alterados',
} as const;
export type ActivityEventKind = keyof typeof ACTIVITY_STEP_LABELS;

/** Where the device was when the step was taken (when it gave its position). */
export const devicePosition = z.object({ latitude, longitude, accuracy_m: z.number().min(0).max(100_000).nullable().optional() });
export type DevicePosition = z.infer<typeof devicePosition>;

export const externalActivityInput = z.object({
  assistance_type_id: id,
  priority: z.enum(ACTIVITY_PRIORITIES, { message: 'Prioridade inválida' }).default('media'),
  client_name: z.string().trim().min(1, 'Informe o nome do cliente').max(200, 'Nome longo demais'),
  client_document: blankAsNull(cpfOrCnpj),
  client_phone: blankAsNull(phone),
  client_email: blankAsNull(z.email('E-mail inválido').max(180)),
  address: optionalText(500),
  city_id: id.nullable().optional(),
  latitude: latitude.nullable().optional(),
  longitude: longitude.nullable().optional(),
  site_id: id.nullable().optional(),
  svc_id: id.nullable().optional(),
  circuit_id: id.nullable().optional(),
  /** The unit the order belongs to; empty: its site's unit (else the unit of a creator scoped to one unit). */
  unit_organizational_id: id.nullable().optional(),
  scheduled_start: dateOrDateTime.nullable().optional(),
  scheduled_end: dateOrDateTime.nullable().optional(),
  /** Empty: an order waiting for the dispatch to assign it (see rights.ts). */
  technician_ids: z.array(id).max(10, 'No máximo 10 técnicos').default([]),
  description: optionalText(4000),
  /** Keep the schedule although a technician is busy then or it ends past the SLA deadline (a 409 asked first). */
  force: z.boolean().optional(),
});

export const SCHEDULE_END_BEFORE_START = 'O fim agendado deve ser depois do início';
/** The longest scheduled window of a visit (the calendar looks this far back for visits still going on). */
export const MAX_VISIT_DAYS = 7;
/** The window's end after its start. */
export function windowInOrder(v: { scheduled_start?: string | null; scheduled_end?: string | null }, ctx: z.RefinementCtx) {
  if (!v.scheduled_start || !v.scheduled_end) return;
  const length = Date.parse(v.scheduled_end) - Date.parse(v.scheduled_start);
  if (length <= 0) ctx.addIssue({ code: 'custom', message: SCHEDULE_END_BEFORE_START, path: ['scheduled_end'] });
  // The schedule's calendar looks back this far for visits still going on.
  else if (length > MAX_VISIT_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', message: `Uma visita agendada dura no máximo ${MAX_VISIT_DAYS} dias`, path: ['scheduled_end'] });
}
export const externalActivityCreate = externalActivityInput.superRefine(coordinatesPaired).superRefine(windowInOrder);
export const externalActivityUpdate = updateOf(externalActivityInput);
export type ExternalActivityInput = z.input<typeof externalActivityInput>;

export const externalActivityRead = tenantRecord({
  code: z.string(),
  assistance_type_id: z.number(),
  assistance_type: ref.extend({ color: z.string() }),
  priority: z.enum(ACTIVITY_PRIORITIES),
  status: z.enum(ACTIVITY_STATUSES),
  client_name: z.string(),
  client_document: z.string().nullable(),
  client_phone: z.string().nullable(),
  client_email: z.string().nullable(),
  address: z.string().nullable(),
  city_id: z.number().nullable(),
  city: cityRef.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  site_id: z.number().nullable(),
  site: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  svc_id: z.number().nullable(),
  svc: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  circuit_id: z.number().nullable(),
  circuit: ref.nullable(),
  unit_organizational_id: z.number().nullable(),
  unit_organizational: ref.nullable(),
  scheduled_start: z.string().nullable(),
  scheduled_end: z.string().nullable(),
  technician_ids: z.array(z.number()),
  technicians: z.array(ref),
  /** Who opened the order (its creation on the timeline). */
  created_by: ref.nullable(),
  description: z.string().nullable(),
  /** Creation + the type's SLA hours. */
  due_at: z.string(),
  /** Past due and still open, or concluded after it. */
  breached: z.boolean(),
  finished_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The type's checklist when the activity was created (a later edit of the type does not change it). */
  checklist: z.array(checklistItemRead),
  steps: workflowSteps,
});
export type ExternalActivityRead = z.infer<typeof externalActivityRead>;

export const externalActivityListQuery = listQuery.extend({
  status: z.enum(ACTIVITY_STATUSES).optional(),
  assistance_type: queryId,
  technician: queryId,
  unit: queryId,
  priority: z.enum(ACTIVITY_PRIORITIES).optional(),
  /** The due time between `from` and `to`. */
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
  /** Assigned to the current user. */
  mine: queryBoolean.optional(),
  breached: queryBoolean.optional(),
});
export type ExternalActivityListQuery = z.infer<typeof externalActivityListQuery>;

export const externalActivityResource = defineResource({
  ...externalActivityEntity,
  apiPath: '/external-activity',
  permission: 'EXTERNAL_ACTIVITY',
  tenancy: 'organization',
  schemas: { read: externalActivityRead, create: externalActivityCreate, update: externalActivityUpdate, query: externalActivityListQuery },
});

/** A step's body: the device's position when it gave one; cancel and reschedule need a reason; schedule may set the window. */
export const activityStepBody = z.object({ position: devicePosition.nullable().optional() }).nullish();
export const activityReasonBody = z.object({ reason: z.string().trim().min(3, 'Informe o motivo').max(1000), position: devicePosition.nullable().optional() });
export const activityScheduleBody = z
  .object({ scheduled_start: dateOrDateTime.nullable().optional(), scheduled_end: dateOrDateTime.nullable().optional(), position: devicePosition.nullable().optional(), force: z.boolean().optional() })
  .superRefine(windowInOrder)
  .nullish();

/** A reschedule: its reason, and the new window when it gives one (`force` as in a schedule). */
export const activityRescheduleBody = activityReasonBody.extend({ scheduled_start: dateOrDateTime.nullable().optional(), scheduled_end: dateOrDateTime.nullable().optional(), force: z.boolean().optional() });

/**
 * A scheduling 409 of a work order (schedule, reschedule, a create or update naming technicians or
 * a window, the dispatch board's drop): besides the `violations` on SCHEDULE_CLASH_FIELD (one
 * sentence each, the question the screen asks), the clashes and the order's SLA deadline when the
 * visit ends after it. Resent with `force: true` it is kept.
 */
export const activityScheduleConflict = z.object({ code: z.literal(409), message: z.string(), clashes: z.array(z.string()), sla_due_at: z.string().nullable() });
export type ActivityScheduleConflict = z.infer<typeof activityScheduleConflict>;

/** One entry of the timeline: who, when, what, and where the device was. */
export const activityEvent = z.object({
  id: z.number(),
  kind: z.enum(Object.keys(ACTIVITY_STEP_LABELS) as [ActivityEventKind, ...ActivityEventKind[]]),
  label: z.string(),
  from_status: z.enum(ACTIVITY_STATUSES).nullable(),
  to_status: z.enum(ACTIVITY_STATUSES).nullable(),
  reason: z.string().nullable(),
  user: ref.nullable(),
  at: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy_m: z.number().nullable(),
});
export type ActivityEvent = z.infer<typeof activityEvent>;

/** A checklist answer: yes/no, text, a number, or (photo items) the id of an uploaded photo. */
export const checklistAnswerValue = z.union([z.boolean(), z.number(), z.string().max(4000, 'Resposta longa demais')]).nullable();
export const checklistAnswerInput = z.object({ value: checklistAnswerValue });
export const checklistAnswer = z.object({ item_key: z.string(), kind: z.enum(CHECKLIST_KINDS), value: checklistAnswerValue, answered_by: ref.nullable(), answered_at: z.string() });
export type ChecklistAnswer = z.infer<typeof checklistAnswer>;

export const ACTIVITY_EXPORT_MAX_ROWS = 50_000;
/** `GET /api/external-activity/export`: the list's search and filters, as CSV or XLSX. */
export const externalActivityExportQuery = externalActivityListQuery.omit({ page: true, pageSize: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** Materials used: an item the technician holds (by its tag), or a consumable from a stock section. */
export const materialInput = z.discriminatedUnion(
  'kind',
  [
    /**
     * `tag`: the item's tag as typed, or the link its QR label holds. `serial` and `mac`: read from the
     * device's label (an ONU, a router) and recorded on the item.
     */
    z.object({
      kind: z.literal('patrimonio'),
      tag: z.string().trim().min(1, 'Informe a etiqueta do item').max(300),
      serial: blankAsNull(z.string().trim().max(120, 'Número de série longo demais')),
      mac: optionalMac,
    }),
    /** `section_id`: where it comes from; left out, the technician's own van. */
    z.object({
      kind: z.literal('consumivel'),
      product_id: id,
      section_id: id.nullable().optional(),
      quantity: z.number({ message: 'Informe a quantidade' }).positive('A quantidade deve ser maior que zero').max(1_000_000, 'Quantidade grande demais'),
    }),
  ],
  { message: 'Escolha patrimônio ou consumível' },
);
export type MaterialInput = z.infer<typeof materialInput>;
export const materialRead = z.object({
  id: z.number(),
  kind: z.enum(['patrimonio', 'consumivel']),
  product: ref,
  patrimony: z.object({ id: z.number(), tag: z.string(), serial: z.string().nullable(), mac: z.string().nullable() }).nullable(),
  section: ref.nullable(),
  quantity: z.number(),
  unit: z.string(),
  user: ref.nullable(),
  created_at: z.string(),
});
export type MaterialRead = z.infer<typeof materialRead>;

export const photoRead = z.object({ id: z.number(), url: z.string(), caption: z.string().nullable(), item_key: z.string().nullable(), user: ref.nullable(), created_at: z.string() });
export type PhotoRead = z.infer<typeof photoRead>;

export const signatureInput = z.object({ name: z.string().trim().min(3, 'Informe o nome de quem assina').max(200), image: pngDataUrl });
export const signatureRead = z.object({ name: z.string(), image: z.string(), signed_at: z.string() }).nullable();
