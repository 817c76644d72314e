import { z } from 'zod';
import { listQuery, queryBoolean } from '../kit/common';
import { DESTINATION_TYPES, PATRIMONY_CONDITIONS, PATRIMONY_STATUSES, PRODUCT_TRACKINGS, SOLICITATION_KINDS, SOLICITATION_STATUSES, SOLICITATION_STEPS, UNITS_OF_MEASURE } from './enums';
import { id, optionalText, period, quantity, queryId, reason, ref, refCode } from './shared';
import { holderRef } from './patrimony';
import { defineResource } from '../kit/define';
import { workflowSteps } from '../kit/workflow';
import { patrimonySolicitationEntity } from './module';

export const solicitationItemInput = z.union([
  z.object({ patrimony_id: id }),
  z.object({ product_id: id, quantity }),
]);
export const solicitationCreate = z
  .object({
    reason,
    destination_type: z.enum(DESTINATION_TYPES).default('usuario'),
    destination_unit_id: id.nullable().optional(),
    /** The work order the items are for (destination `atividade_externa`). */
    destination_activity_id: id.nullable().optional(),
    /** The project the items are for (destination `projeto`): they count in its cost. */
    destination_project_id: id.nullable().optional(),
    destination_note: optionalText(500),
    /** Take the items from this stock (optional). */
    stock_id: id.nullable().optional(),
    items: z.array(solicitationItemInput).min(1, 'Informe ao menos um item').max(200, 'No máximo 200 itens por solicitação'),
  })
  .refine((v) => v.destination_type !== 'unidade' || Boolean(v.destination_unit_id), { message: 'Informe a unidade de destino', path: ['destination_unit_id'] })
  .refine((v) => v.destination_type !== 'atividade_externa' || Boolean(v.destination_activity_id), { message: 'Informe a atividade externa de destino', path: ['destination_activity_id'] })
  .refine((v) => v.destination_type !== 'projeto' || Boolean(v.destination_project_id), { message: 'Informe o projeto de destino', path: ['destination_project_id'] });
export const solicitationUpdate = z.object({
  reason: reason.optional(),
  destination_type: z.enum(DESTINATION_TYPES).optional(),
  destination_unit_id: id.nullable().optional(),
  destination_activity_id: id.nullable().optional(),
  destination_project_id: id.nullable().optional(),
  destination_note: optionalText(500),
});
export const solicitationItemRead = z.object({
  id: z.number(),
  patrimony: z.object({ id: z.number(), tag: z.string(), serial: z.string().nullable(), status: z.enum(PATRIMONY_STATUSES) }).nullable(),
  product: refCode.extend({ tracking: z.enum(PRODUCT_TRACKINGS), unit_of_measure: z.enum(UNITS_OF_MEASURE) }),
  quantity: z.number(),
  delivered_at: z.string().nullable(),
  returned_at: z.string().nullable(),
});
export const solicitationRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  kind: z.enum(SOLICITATION_KINDS),
  status: z.enum(SOLICITATION_STATUSES),
  requester: holderRef,
  reason: z.string(),
  destination_type: z.enum(DESTINATION_TYPES),
  destination_unit: ref.nullable(),
  destination_activity: z.object({ id: z.number(), code: z.string(), client_name: z.string() }).nullable(),
  destination_project: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  destination_note: z.string().nullable(),
  stock: ref.nullable(),
  origin_id: z.number().nullable(),
  items: z.array(solicitationItemRead),
  decided_by: holderRef.nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  delivered_by: holderRef.nullable(),
  delivered_at: z.string().nullable(),
  returned_by: holderRef.nullable(),
  returned_at: z.string().nullable(),
  cancelled_by: holderRef.nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The workflow steps legal from the current status, whoever asks (kept for the current web; prefer `steps`). */
  actions: z.array(z.enum(SOLICITATION_STEPS)),
  /** The steps this user may take now. */
  steps: workflowSteps,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SolicitationRead = z.infer<typeof solicitationRead>;
export const solicitationListQuery = listQuery.extend({
  status: z.enum(SOLICITATION_STATUSES).optional(),
  kind: z.enum(SOLICITATION_KINDS).optional(),
  requester: queryId,
  mine: queryBoolean.optional(),
  /** Only what waits for the current user (approve, deliver or receive). */
  waiting: queryBoolean.optional(),
  ...period,
});
/** Bodies of workflow steps are optional (a POST without a body arrives as null). */
export const solicitationApprove = z.object({ reason: optionalText(1000) }).nullish();
export const solicitationRefuse = z.object({ reason });
export const solicitationDeliver = z.object({ note: optionalText(1000) }).nullish();
export const solicitationReturn = z
  .object({
    /** Where the items go back; default: the section each one left from. */
    section_id: id.nullable().optional(),
    condition: z.enum(PATRIMONY_CONDITIONS).optional(),
    note: optionalText(1000),
  })
  .nullish();
export const solicitationCancel = z.object({ reason: optionalText(1000) }).nullish();

export const patrimonySolicitationResource = defineResource({
  ...patrimonySolicitationEntity,
  apiPath: '/patrimony-solicitation',
  permission: 'PATRIMONY_OUT_REQUEST',
  tenancy: 'organization',
  schemas: { read: solicitationRead, create: solicitationCreate, update: solicitationUpdate, query: solicitationListQuery },
});
