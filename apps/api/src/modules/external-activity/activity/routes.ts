/**
 * External activities: work orders. The code comes from the organization's prefix and a
 * per-organization counter row (its lock serialises concurrent creations; a rolled-back creation
 * gives its number back: no gaps, no duplicates). The status machine is a kit workflow; every step
 * and the creation write a timeline entry with who, when and where the device was.
 */
import type { FastifyInstance } from 'fastify';
import { type SQL, and, asc, eq, gt, gte, inArray, like, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  unitOrganizationalEntity,
  ACTIVITY_OPEN_STATUSES,
  ACTIVITY_STATUS_LABELS,
  ACTIVITY_STEP_LABELS,
  type ActivityEvent,
  type ActivityEventKind,
  type ActivityStatus,
  type ChecklistAnswer,
  type DevicePosition,
  type ExternalActivityListQuery,
  ACTIVITY_ASSIGN_DENIED,
  ACTIVITY_EXPORT_MAX_ROWS,
  ACTIVITY_ON_SITE_STEPS,
  ACTIVITY_PRIORITY_LABELS,
  externalActivityExportQuery,
  SCHEDULE_END_BEFORE_START,
  activityDispatchDenied,
  activityEvent,
  activityReasonBody,
  activityRescheduleBody,
  activityRights,
  activityScheduleBody,
  activityStepBody,
  assistanceTypeEntity,
  checklistAnswer,
  checklistAnswerInput,
  circuitEntity,
  cityEntity,
  COORDINATES_PAIRED,
  externalActivityResource,
  idParam,
  mayNameTechnicians,
  ref,
  siteEntity,
  svcEntity,
  unpairedCoordinate,
} from '@operacoes/contract';
import { type CurrentUser, unitScopeOf, userOf } from '../../../core/access';
import { unitsOrganizational } from '../../../core/schema';
import { activityUnitScope } from './scope';
import { afterCommit } from '../../../core/after-commit';
import { publishScheduleChanged } from '../../../core/realtime/schedule-changed';
import { audit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { HttpError, conflict, unprocessable } from '../../../core/errors';
import { searchPatterns, searchText } from '../../../core/list';
import { brDateTime } from '../../../core/pdf';
import { endOfDay } from '../../../core/dates';
import { notify } from '../../../core/notify';
import { activePeople, registerPeopleRoute } from '../../../core/people';
import { findVisible, tenancyCondition } from '../../../core/resource';
import { defineApiResource, ownRoutes } from '../../../core/resource-kit';
import { personRefs, refOf } from '../../../core/rows';
import { registerWorkflow, workflow } from '../../../core/workflow';
import { cities } from '../../locale';
import { circuits, sites, svcs } from '../../network';
import { type Cell, csv, EXPORT_TYPES, XLSX_TYPE, xlsx } from '../../../core/spreadsheet';
import { getOrganizationSettings } from '../../organization-settings';
import { type ActivityRow, presentActivities } from './present';
import { checkTechniciansDay } from './dispatch';
import { assertDispatch, assertOnSite, rightsOn } from './rights';
import { activityWorkRoutes, mailReport } from './work';
import { activityAnswers, activityCounters, activityEvents, activityTechnicians, assistanceTypes, externalActivities } from '../schema';

type StepInput = { position?: DevicePosition | null; reason?: string; scheduled_start?: string | null; scheduled_end?: string | null; force?: boolean } | null | undefined;

export const manageLink = (id: number) => `/external-activity/manage/${id}`;
const OPEN = ACTIVITY_OPEN_STATUSES as ActivityStatus[];

/** The next code of the organization: `OS-000123`. The counter's row lock is held until the creation commits. */
export async function nextActivityCode(tx: DbOrTx, organizationId: number): Promise<string> {
  const { numbering_prefix } = await getOrganizationSettings(tx, organizationId, 'external-activity');
  const [{ last }] = await tx
    .insert(activityCounters)
    .values({ organization_id: organizationId, last: 1 })
    .onConflictDoUpdate({ target: activityCounters.organization_id, set: { last: sql`${activityCounters.last} + 1` } })
    .returning({ last: activityCounters.last });
  return `${numbering_prefix}${String(last).padStart(6, '0')}`;
}

/** A timeline entry; a transition also moves the status copied on the activity's technicians. */
export async function writeEvent(tx: DbOrTx, activityId: number, kind: ActivityEventKind, user: CurrentUser | null, from: ActivityStatus | null, to: ActivityStatus | null, input?: StepInput) {
  if (to && from) await tx.update(activityTechnicians).set({ status: to }).where(eq(activityTechnicians.activity_id, activityId));
  const p = input?.position ?? null;
  await tx.insert(activityEvents).values({
    activity_id: activityId,
    kind,
    from_status: from,
    to_status: to,
    reason: input?.reason ?? null,
    user_id: user?.id ?? null,
    latitude: p?.latitude ?? null,
    longitude: p?.longitude ?? null,
    accuracy_m: p?.accuracy_m ?? null,
  });
}

/** The technicians of one activity. */
export const technicianIds = async (db: DbOrTx, id: number) => (await db.select({ id: activityTechnicians.user_id }).from(activityTechnicians).where(eq(activityTechnicians.activity_id, id))).map((r) => r.id);

/** The labels of the required checklist items without an answer. */
export async function unansweredRequired(db: DbOrTx, row: ActivityRow): Promise<string[]> {
  const required = row.checklist.filter((i) => i.required);
  if (!required.length) return [];
  const answers = await db.select().from(activityAnswers).where(eq(activityAnswers.activity_id, row.id));
  const answered = new Set(answers.filter((a) => a.value !== null && a.value !== '').map((a) => a.item_key));
  return required.filter((i) => !answered.has(i.key)).map((i) => i.label);
}

/**
 * aberta →schedule→ agendada →depart→ em_deslocamento →start→ em_execucao →finish→ concluida;
 * em_execucao →reschedule→ agendada (with a reason); any open status →cancel→ cancelada (with a reason).
 */
const baseWorkflow = workflow({
  resource: externalActivityResource,
  table: externalActivities,
  statusLabels: ACTIVITY_STATUS_LABELS,
  present: presentActivities as never,
  noun: (r) => ({ label: `atividade ${r.code}`, gender: 'f' }),
  link: manageLink,
  steps: {
    schedule: {
      from: ['aberta'],
      to: 'agendada',
      label: 'Agendar',
      color: 'primary',
      body: activityScheduleBody,
      description: 'Agenda a atividade (o início agendado é exigido: o já gravado ou o do corpo).',
      run: async (row, input: StepInput, { tx, user }) => {
        const technicians = await technicianIds(tx, row.id);
        if (!technicians.length) throw unprocessable([{ propertyPath: 'technician_ids', message: 'Designe ao menos um técnico antes de agendar' }]);
        const start = input?.scheduled_start ?? row.scheduled_start;
        const end = input?.scheduled_end !== undefined ? input.scheduled_end : row.scheduled_end;
        if (!start) throw unprocessable([{ propertyPath: 'scheduled_start', message: 'Informe o início agendado' }]);
        if (end && Date.parse(end) <= Date.parse(start)) throw unprocessable([{ propertyPath: 'scheduled_end', message: SCHEDULE_END_BEFORE_START }]);
        const kept = await checkTechniciansDay(tx, row, technicians, { start: new Date(start), end: end ? new Date(end) : null }, { force: input?.force, sla: true });
        await writeEvent(tx, row.id, 'schedule', user, row.status, 'agendada', kept ? { ...input, reason: kept } : input);
        return { scheduled_start: start, scheduled_end: end ?? null };
      },
      notify: async (row, { tx }) => [{ to: await technicianIds(tx, row.id), title: `Atividade ${row.code} agendada`, message: `${row.client_name}: confira o horário agendado.` }],
    },
    depart: {
      from: ['agendada'],
      to: 'em_deslocamento',
      label: 'Sair para o local',
      infinitive: 'sair para o local',
      color: 'info',
      body: activityStepBody,
      run: async (row, input: StepInput, { tx, user }) => void (await writeEvent(tx, row.id, 'depart', user, row.status, 'em_deslocamento', input)),
    },
    start: {
      from: ['em_deslocamento'],
      to: 'em_execucao',
      label: 'Iniciar atendimento',
      infinitive: 'iniciar o atendimento',
      color: 'primary',
      body: activityStepBody,
      run: async (row, input: StepInput, { tx, user }) => void (await writeEvent(tx, row.id, 'start', user, row.status, 'em_execucao', input)),
    },
    finish: {
      from: ['em_execucao'],
      to: 'concluida',
      label: 'Concluir',
      color: 'success',
      body: activityStepBody,
      description: 'Conclui; os itens obrigatórios do checklist precisam estar respondidos (422 nomeando-os).',
      run: async (row, input: StepInput, { tx, user, after, app }) => {
        const missing = await unansweredRequired(tx, row);
        if (missing.length) throw new HttpError(422, `Responda os itens obrigatórios do checklist antes de concluir: ${missing.join('; ')}.`, [{ propertyPath: 'checklist', message: `Faltam: ${missing.join('; ')}` }]);
        await writeEvent(tx, row.id, 'finish', user, row.status, 'concluida', input);
        if (row.client_email) after(() => mailReport(app, row.id));
        return { finished_at: new Date() };
      },
    },
    cancel: {
      from: OPEN,
      to: 'cancelada',
      label: 'Cancelar',
      color: 'error',
      reason: 'required',
      body: activityReasonBody,
      run: async (row, input: StepInput, { tx, user }) => {
        await writeEvent(tx, row.id, 'cancel', user, row.status, 'cancelada', input);
        return { cancel_reason: input!.reason! };
      },
      notify: async (row, { tx, updated }) => [{ to: await technicianIds(tx, row.id), title: `Atividade ${row.code} cancelada`, message: `Motivo: ${updated.cancel_reason}` }],
    },
    reschedule: {
      from: ['em_execucao'],
      to: 'agendada',
      label: 'Reagendar',
      color: 'warning',
      reason: 'required',
      body: activityRescheduleBody,
      description: 'Volta a agendada com um motivo (e, se informado, o novo horário); os técnicos são avisados. Um novo horário é conferido como no agendamento (409 com os conflitos e o prazo do SLA; `force` mantém).',
      run: async (row, input: StepInput, { tx, user }) => {
        if (input?.scheduled_start && input.scheduled_end && Date.parse(input.scheduled_end) <= Date.parse(input.scheduled_start)) throw unprocessable([{ propertyPath: 'scheduled_end', message: SCHEDULE_END_BEFORE_START }]);
        const kept = input?.scheduled_start
          ? await checkTechniciansDay(tx, row, await technicianIds(tx, row.id), { start: new Date(input.scheduled_start), end: input.scheduled_end ? new Date(input.scheduled_end) : null }, { force: input.force, sla: true })
          : null;
        await writeEvent(tx, row.id, 'reschedule', user, row.status, 'agendada', kept ? { ...input, reason: `${input!.reason} (${kept})` } : input);
        return input?.scheduled_start ? { scheduled_start: input.scheduled_start, scheduled_end: input.scheduled_end ?? null } : {};
      },
      notify: async (row, { tx, user }) => [
        { to: (await technicianIds(tx, row.id)).filter((id) => id !== user.id), title: `Atividade ${row.code} reagendada`, message: `${row.client_name}: a atividade voltou para agendada.` },
      ],
    },
  },
});

const ON_SITE = new Set<string>(ACTIVITY_ON_SITE_STEPS);
/** How the 403 of a dispatch step names it. */
const DISPATCH_ACTION: Record<string, string> = { schedule: 'agendar', reschedule: 'reagendar', cancel: 'cancelar' };

/**
 * The workflow with the order's ownership rules (contract rights.ts): the on-site steps are its
 * technicians', the others need dispatch or an order of one's own. Checked before the status, so
 * that a refusal does not depend on (nor tell) where the order stands.
 */
export const activityWorkflow: typeof baseWorkflow = {
  ...baseWorkflow,
  take: async (verb, row, input, ctx) => {
    if (ON_SITE.has(verb)) await assertOnSite(ctx.tx, ctx.user, row.id);
    else await assertDispatch(ctx.tx, ctx.user, row.id, DISPATCH_ACTION[verb] ?? 'alterar');
    const taken = await baseWorkflow.take(verb, row, input, ctx);
    // Scheduled, rescheduled, cancelled or under way: open calendars of the organization refetch.
    afterCommit(ctx.user, () => publishScheduleChanged(ctx.app, row.organization_id));
    return taken;
  },
};

/** The read shape: `steps` holds only what this user may take on this order (the web shows those buttons). */
async function present(rows: Record<string, unknown>[], db: DbOrTx, user?: CurrentUser) {
  const shapes = await presentActivities(rows as ActivityRow[], db);
  return shapes.map((shape, i) => {
    if (!user) return { ...shape, steps: [] };
    const may = activityRights(user, shape);
    return { ...shape, steps: baseWorkflow.stepsFor(rows[i] as ActivityRow, user).filter((s) => (ON_SITE.has(s.verb) ? may.work : may.dispatch)) };
  });
}

/**
 * The activities of a technician (in a status): their ids from the technicians' index first, then
 * only those rows. (An `exists` per activity made the planner walk every activity of the status in
 * due order: 2.2 s for a technician's history among 500,000 orders; this: ~0.1 s.)
 */
const assignedTo = (userId: number, status?: ActivityStatus) =>
  sql`${externalActivities.id} = any(array(select ${activityTechnicians.activity_id} from ${activityTechnicians} where ${activityTechnicians.user_id} = ${userId}${status ? sql` and ${activityTechnicians.status} = ${status}` : sql``}))`;

/** A new order's unit when none is chosen: its site's, else the creator's only unit for work orders. */
async function defaultUnit(tx: DbOrTx, user: CurrentUser, siteId: number | null | undefined): Promise<number | null> {
  if (siteId) {
    const [site] = await tx.select({ unit: sites.unit_organizational_id }).from(sites).where(eq(sites.id, siteId));
    if (site?.unit) return site.unit;
  }
  const units = unitScopeOf(user, 'EXTERNAL_ACTIVITY');
  return units?.length === 1 ? units[0] : null;
}

/** The list's filters (also the export's). */
const activityFilters = (q: Omit<ExternalActivityListQuery, 'page' | 'pageSize'>, user: CurrentUser): (SQL | undefined)[] => [
      q.status ? eq(externalActivities.status, q.status) : undefined,
      q.assistance_type ? eq(externalActivities.assistance_type_id, q.assistance_type) : undefined,
      q.priority ? eq(externalActivities.priority, q.priority) : undefined,
      q.unit ? eq(externalActivities.unit_organizational_id, q.unit) : undefined,
      q.technician ? assignedTo(q.technician, q.status) : undefined,
      q.mine ? assignedTo(user.id, q.status) : undefined,
      q.from ? gte(externalActivities.due_at, new Date(q.from)) : undefined,
      q.to ? lte(externalActivities.due_at, endOfDay(q.to)) : undefined,
      q.breached
        ? sql`((${externalActivities.status} in ('aberta', 'agendada', 'em_deslocamento', 'em_execucao') and ${externalActivities.due_at} < now()) or (${externalActivities.status} = 'concluida' and ${externalActivities.finished_at} > ${externalActivities.due_at}))`
        : undefined,
    ];

const EXPORT_HEADER = ['Código', 'Situação', 'Prioridade', 'Tipo', 'Cliente', 'CPF/CNPJ', 'Telefone', 'Endereço', 'Cidade', 'Técnicos', 'Agendada para', 'Prazo (SLA)', 'SLA estourado', 'Concluída em', 'Descrição'];
/** An empty cell for no date (the PDF's "—" is for print). */
const cellDateTime = (iso: string | null) => (iso ? brDateTime(iso) : null);
const EXPORT_WIDTHS = [12, 16, 11, 28, 32, 20, 17, 40, 22, 32, 17, 17, 9, 17, 50];

/** `/api/external-activity`: the kit's CRUD, the workflow, the timeline and the checklist answers. */
export async function activityRoutes(fastify: FastifyInstance) {
  const def = defineApiResource(fastify, externalActivityResource, {
    table: externalActivities,
    defaultSort: [asc(externalActivities.due_at), asc(externalActivities.id)],
    sortable: {
      code: externalActivities.id,
      due_at: externalActivities.due_at,
      priority: externalActivities.priority,
      status: externalActivities.status,
      client_name: externalActivities.client_name,
      scheduled_start: externalActivities.scheduled_start,
      created_at: externalActivities.created_at,
    },
    filters: activityFilters,
    searchOf: (r) => searchText(r.code as string, r.client_name as string, r.client_document as string | null, r.client_phone as string | null, r.address as string | null, r.description as string | null),
    refs: {
      assistance_type_id: { table: assistanceTypes, noun: assistanceTypeEntity },
      city_id: { table: cities, noun: cityEntity },
      site_id: { table: sites, noun: siteEntity },
      svc_id: { table: svcs, noun: svcEntity },
      circuit_id: { table: circuits, noun: circuitEntity },
      unit_organizational_id: { table: unitsOrganizational, noun: unitOrganizationalEntity },
    },
    unique: { code: 'o código' },
    unitScope: activityUnitScope,
    unitField: 'unit_organizational_id',
    present,
    workflow: activityWorkflow,
    async toValues(values, { tx, user }, existing) {
      const organizationId = (existing?.organization_id ?? values.organization_id ?? user.organizationId) as number;
      // Who may write before what is written: an order that is not the user's is 403 whatever the body says.
      const rights = existing ? await rightsOn(tx, user, existing.id as number) : undefined;
      if (rights && !rights.edit) throw new HttpError(403, activityDispatchDenied('alterar'));
      const technicians = values.technician_ids as number[] | undefined;
      delete values.technician_ids;
      // Not a column: afterWrite reads it from the input when it checks the technicians' day.
      delete values.force;
      if (technicians) await activePeople(tx, technicians, organizationId, 'technician_ids', 'Técnico não encontrado nesta organização (ou inativo)');
      // Naming technicians is assigning: without dispatch (a new order, or one's unassigned one) only oneself or nobody.
      const changed = technicians && (!rights || [...new Set(technicians)].sort().join() !== [...rights.technician_ids].sort().join());
      if (changed && !rights?.dispatch && !mayNameTechnicians(user, technicians)) throw new HttpError(403, ACTIVITY_ASSIGN_DENIED);
      if (existing) {
        const status = existing.status as ActivityStatus;
        if (!OPEN.includes(status)) throw conflict(`A atividade ${existing.code as string} está ${ACTIVITY_STATUS_LABELS[status].toLowerCase()}: não pode mais ser alterada.`);
        const merged = { ...existing, ...values } as Record<string, unknown>;
        const missing = unpairedCoordinate(merged as { latitude?: number | null; longitude?: number | null });
        if (missing) throw unprocessable([{ propertyPath: missing, message: COORDINATES_PAIRED }]);
        const start = merged.scheduled_start ? Date.parse(String(merged.scheduled_start)) : null;
        const end = merged.scheduled_end ? Date.parse(String(merged.scheduled_end)) : null;
        if (start !== null && end !== null && end <= start) throw unprocessable([{ propertyPath: 'scheduled_end', message: SCHEDULE_END_BEFORE_START }]);
      }
      const typeId = values.assistance_type_id as number | undefined;
      if (typeId !== undefined && typeId !== existing?.assistance_type_id) {
        const [type] = await tx.select().from(assistanceTypes).where(eq(assistanceTypes.id, typeId));
        if (!type.active) throw unprocessable([{ propertyPath: 'assistance_type_id', message: `O tipo de atendimento "${type.name}" está inativo` }]);
        const settings = await getOrganizationSettings(tx, organizationId, 'external-activity');
        const created = existing ? (existing.created_at as Date).getTime() : Date.now();
        values.due_at = new Date(created + (type.sla_hours ?? settings.sla_hours) * 3600_000);
        values.checklist = type.checklist;
        if (existing) {
          // A new type's checklist replaces the old one: its answers no longer apply.
          await tx.delete(activityAnswers).where(eq(activityAnswers.activity_id, existing.id));
        }
      }
      if (!existing) {
        values.code = await nextActivityCode(tx, organizationId);
        values.status = 'aberta';
        if (values.unit_organizational_id == null) values.unit_organizational_id = await defaultUnit(tx, user, values.site_id as number | null | undefined);
      }
      return values;
    },
    async afterWrite(row, input, { tx, user, app }, existing) {
      const activity = row as unknown as ActivityRow;
      // A visit created, moved or (re)assigned shows on the organization's open calendars.
      afterCommit(user, () => publishScheduleChanged(app, activity.organization_id));
      if (!existing) await writeEvent(tx, activity.id, 'created', user, null, 'aberta');
      const { technician_ids: wanted, force } = input as { technician_ids?: number[]; force?: boolean };
      const before = existing || !wanted ? await technicianIds(tx, activity.id) : [];
      const next = wanted ? [...new Set(wanted)] : before;
      const added = next.filter((id) => !before.includes(id));
      const removed = before.filter((id) => !next.includes(id));
      // A new window is checked for all its technicians and against the SLA; the same window only for those just assigned.
      const instant = (v: unknown) => (v ? new Date(v as string).getTime() : null);
      const moved = !existing ? activity.scheduled_start !== null : instant(existing.scheduled_start) !== instant(activity.scheduled_start) || instant(existing.scheduled_end) !== instant(activity.scheduled_end);
      const people = moved ? next : added;
      if (activity.scheduled_start && (people.length || moved)) {
        const window = { start: new Date(activity.scheduled_start), end: activity.scheduled_end ? new Date(activity.scheduled_end) : null };
        const kept = await checkTechniciansDay(tx, activity, people, window, { force, sla: moved });
        if (kept) await writeEvent(tx, activity.id, 'assigned', user, null, null, { reason: kept });
      }
      if (!added.length && !removed.length) return;
      if (removed.length) await tx.delete(activityTechnicians).where(and(eq(activityTechnicians.activity_id, activity.id), inArray(activityTechnicians.user_id, removed)));
      if (added.length) await tx.insert(activityTechnicians).values(added.map((user_id) => ({ activity_id: activity.id, user_id, status: activity.status })));
      if (existing) await writeEvent(tx, activity.id, 'assigned', user, null, null);
      const toNotify = added.filter((id) => id !== user.id);
      if (toNotify.length) {
        const deliver = await notify(app, tx, toNotify, `Atividade ${activity.code} atribuída a você`, `${activity.client_name}${activity.address ? ` · ${activity.address}` : ''}`, manageLink(activity.id), user);
        afterCommit(user, deliver);
      }
    },
    async onDelete(row, { tx, user }) {
      if (!(await rightsOn(tx, user, row.id)).edit) throw new HttpError(403, activityDispatchDenied('excluir'));
      const status = row.status as ActivityStatus;
      if (status !== 'aberta' && status !== 'cancelada') throw conflict(`A atividade ${row.code as string} está ${ACTIVITY_STATUS_LABELS[status].toLowerCase()}: cancele-a em vez de excluí-la.`);
      return undefined;
    },
  });
  registerWorkflow(fastify, activityWorkflow, def);
  activityWorkRoutes(fastify, def);

  const { app, read: readAccess, write: writeAccess } = ownRoutes(fastify, externalActivityResource);

  app.get(
    '/external-activity/export',
    {
      config: { access: readAccess },
      schema: { tags: ['external-activity'], summary: 'Exportar a lista de atividades (CSV ou XLSX)', description: `Todas as linhas da busca e dos filtros da lista (até ${ACTIVITY_EXPORT_MAX_ROWS}).`, querystring: externalActivityExportQuery, produces: EXPORT_TYPES },
    },
    async (req, reply) => {
      const user = userOf(req);
      const q = req.query;
      const where = and(tenancyCondition(def, user), ...searchPatterns(q.search).map((p) => like(externalActivities.search_text, p)), ...activityFilters(q, user));
      const rows: Cell[][] = [];
      let after = 0;
      while (rows.length < ACTIVITY_EXPORT_MAX_ROWS) {
        const batch = await app.db
          .select()
          .from(externalActivities)
          .where(and(where, gt(externalActivities.id, after)))
          .orderBy(asc(externalActivities.id))
          .limit(Math.min(2000, ACTIVITY_EXPORT_MAX_ROWS - rows.length));
        if (batch.length === 0) break;
        for (const a of await presentActivities(batch, app.db)) {
          rows.push([
            a.code,
            ACTIVITY_STATUS_LABELS[a.status],
            ACTIVITY_PRIORITY_LABELS[a.priority],
            a.assistance_type.name,
            a.client_name,
            a.client_document,
            a.client_phone,
            a.address,
            a.city ? `${a.city.name}/${a.city.uf}` : null,
            a.technicians.map((t) => t.name).join(', '),
            cellDateTime(a.scheduled_start),
            cellDateTime(a.due_at),
            a.breached ? 'Sim' : 'Não',
            cellDateTime(a.finished_at),
            a.description,
          ]);
        }
        after = batch[batch.length - 1].id;
      }
      const stamp = new Date().toISOString().slice(0, 10);
      if (q.format === 'csv') return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="atividades-externas-${stamp}.csv"`).send(csv(EXPORT_HEADER, rows) as never);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="atividades-externas-${stamp}.xlsx"`)
        .send(xlsx('Atividades externas', EXPORT_HEADER, rows, EXPORT_WIDTHS) as never);
    },
  );

  app.get(
    '/external-activity/type-options',
    {
      config: { access: readAccess },
      schema: {
        tags: ['external-activity'],
        summary: 'Tipos de atendimento para escolher',
        description: 'Os tipos ativos da organização (id, nome e cor), para quem trabalha com atividades sem a permissão de tipos.',
        querystring: z.object({ search: z.string().trim().max(100).optional() }),
        response: { 200: z.array(ref.extend({ color: z.string() })) },
      },
    },
    async (req) => {
      const user = userOf(req);
      const words = searchPatterns(req.query.search);
      return app.db
        .select({ id: assistanceTypes.id, name: assistanceTypes.name, color: assistanceTypes.color })
        .from(assistanceTypes)
        .where(and(eq(assistanceTypes.organization_id, user.organizationId), eq(assistanceTypes.active, true), ...words.map((w) => like(assistanceTypes.search_text, w))))
        .orderBy(asc(assistanceTypes.name))
        .limit(50);
    },
  );

  registerPeopleRoute(app, {
    url: '/external-activity/technicians',
    access: readAccess,
    tag: 'external-activity',
    operationId: 'listActivityTechnicians',
    summary: 'Técnicos que podem ser escalados',
    description: 'Usuários ativos da organização com a permissão EXTERNAL_ACTIVITY (um super admin escolhe a organização).',
    permission: 'EXTERNAL_ACTIVITY',
  });

  app.get(
    '/external-activity/:id/timeline',
    { config: { access: readAccess }, schema: { tags: ['external-activity'], summary: 'Linha do tempo da atividade', params: idParam, response: { 200: z.array(activityEvent) } } },
    async (req) => {
      const activity = await findVisible<ActivityRow>(def, app.db, userOf(req), req.params.id);
      const events = await app.db.select().from(activityEvents).where(eq(activityEvents.activity_id, activity.id)).orderBy(asc(activityEvents.at), asc(activityEvents.id));
      const people = await personRefs(app.db, events.map((e) => e.user_id));
      return events.map(
        (e): ActivityEvent => ({
          id: e.id,
          kind: e.kind,
          label: ACTIVITY_STEP_LABELS[e.kind],
          from_status: e.from_status,
          to_status: e.to_status,
          reason: e.reason,
          user: refOf(people, e.user_id),
          at: e.at.toISOString(),
          latitude: e.latitude,
          longitude: e.longitude,
          accuracy_m: e.accuracy_m,
        }),
      );
    },
  );

  const presentAnswers = async (db: DbOrTx, rows: (typeof activityAnswers.$inferSelect)[]): Promise<ChecklistAnswer[]> => {
    const people = await personRefs(db, rows.map((a) => a.answered_by));
    return rows.map((a) => ({
      item_key: a.item_key,
      kind: a.kind,
      value: a.value ?? null,
      answered_by: refOf(people, a.answered_by),
      answered_at: a.answered_at.toISOString(),
    }));
  };

  app.get(
    '/external-activity/:id/answers',
    { config: { access: readAccess }, schema: { tags: ['external-activity'], summary: 'Respostas do checklist', params: idParam, response: { 200: z.array(checklistAnswer) } } },
    async (req) => {
      const activity = await findVisible<ActivityRow>(def, app.db, userOf(req), req.params.id);
      return presentAnswers(app.db, await app.db.select().from(activityAnswers).where(eq(activityAnswers.activity_id, activity.id)));
    },
  );

  app.put(
    '/external-activity/:id/answers/:key',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['external-activity'],
        summary: 'Responder um item do checklist',
        description: 'Grava (ou substitui) a resposta de um item enquanto a atividade está em execução; repetir o mesmo envio dá o mesmo resultado.',
        params: idParam.extend({ key: z.string().max(40) }),
        body: checklistAnswerInput,
        response: { 200: checklistAnswer },
      },
    },
    async (req) => {
      const user = userOf(req);
      const saved = await app.db.transaction(async (tx) => {
        const activity = await findVisible<ActivityRow>(def, tx, user, req.params.id, true);
        await assertOnSite(tx, user, activity.id);
        if (activity.status !== 'em_execucao')
          throw conflict(`A atividade ${activity.code} está ${ACTIVITY_STATUS_LABELS[activity.status].toLowerCase()}: o checklist é respondido durante a execução.`);
        const item = activity.checklist.find((i) => i.key === req.params.key);
        if (!item) throw new HttpError(404, 'Item não encontrado no checklist desta atividade.');
        const value = req.body.value;
        const wrong =
          value === null
            ? null
            : item.kind === 'sim_nao'
              ? typeof value !== 'boolean' && 'Responda sim ou não'
              : item.kind === 'numero'
                ? (typeof value !== 'number' || !Number.isFinite(value)) && 'Informe um número'
                : typeof value !== 'string' && 'Informe um texto';
        if (wrong) throw unprocessable([{ propertyPath: 'value', message: wrong }]);
        const [row] = await tx
          .insert(activityAnswers)
          .values({ activity_id: activity.id, item_key: item.key, kind: item.kind, value, answered_by: user.id, answered_at: new Date() })
          .onConflictDoUpdate({ target: [activityAnswers.activity_id, activityAnswers.item_key], set: { value, answered_by: user.id, answered_at: new Date() } })
          .returning();
        await audit(tx, user, { entity: 'external_activity', entityId: activity.id, organizationId: activity.organization_id, action: 'update', changes: { [`checklist.${item.key}`]: [null, value] } });
        return row;
      });
      return (await presentAnswers(app.db, [saved]))[0];
    },
  );
}

