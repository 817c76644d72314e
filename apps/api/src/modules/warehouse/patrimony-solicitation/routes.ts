import type { FastifyInstance } from 'fastify';
import { desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import {
  ACTIVITY_STATUS_LABELS,
  type ActivityStatus,
  type DestinationType,
  SOLICITATION_STATUS_LABELS,
  type SolicitationRead,
  type SolicitationStatus,
  type SolicitationStep,
  patrimonySolicitationResource,
  solicitationApprove,
  solicitationCancel,
  solicitationCreate,
  solicitationDeliver,
  solicitationListQuery,
  solicitationRead,
  solicitationRefuse,
  solicitationReturn,
  solicitationUpdate,
} from '@operacoes/contract';
import type { CurrentUser } from '../../../core/access';
import { afterCommit } from '../../../core/after-commit';
import { endOfDay, startOfDay } from '../../../core/dates';
import type { DbOrTx } from '../../../core/db';
import { conflict, unprocessable } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { notify, usersWithPermission } from '../../../core/notify';
import { registerResource, type ResourceDef } from '../../../core/resource';
import { personRefs, referenced } from '../../../core/rows';
import { unitsOrganizational } from '../../../core/schema';
import { type Workflow, registerWorkflow, workflow } from '../../../core/workflow';
import { getOrganizationSettings } from '../../organization-settings';
import { withLowStockAlert } from '../consumable/alerts';
import { patrimonySolicitations } from './schema';
import { type SolicitationRow, consumableProductsOf, deliverLines, forbiddenUnless, presentSolicitations, releaseReserved, reserveLines, returnLines, solicitationLink } from './service';
import { canWrite, stocksOfUnits } from '../shared';
import { usersOfUnits } from '../../user';
import { stocks } from '../stock/schema';

type CreateInput = {
  reason: string;
  destination_type: DestinationType;
  destination_unit_id?: number | null;
  destination_activity_id?: number | null;
  destination_project_id?: number | null;
  destination_note?: string | null;
  stock_id?: number | null;
  items: ({ patrimony_id: number } | { product_id: number; quantity: number })[];
};
type UpdateInput = Partial<Omit<CreateInput, 'items' | 'stock_id'>>;

/** A create's input → its requester's name (read once for the search text, used again by the notice). */
const creating = new WeakMap<object, string>();

/** What waits for this user: approvals (WAREHOUSE), deliveries and returns to receive (PATRIMONY). */
export function waitingFor(user: CurrentUser) {
  const t = patrimonySolicitations;
  const parts = [];
  if (canWrite(user, 'WAREHOUSE')) parts.push(sql`(${t.kind} = 'retirada' and ${t.status} = 'pendente' and ${t.requester_id} <> ${user.id})`);
  if (canWrite(user, 'PATRIMONY')) parts.push(sql`((${t.kind} = 'retirada' and ${t.status} = 'aprovada') or (${t.kind} = 'devolucao' and ${t.status} = 'pendente'))`);
  return parts.length ? or(...parts) : sql`false`;
}

async function destinationValues(tx: DbOrTx, organizationId: number, input: UpdateInput, existing?: SolicitationRow) {
  const type = input.destination_type ?? existing?.destination_type ?? 'usuario';
  // An id of another organization is refused even where the destination type ignores it: a body
  // naming a foreign row writes nothing (found by the authorization matrix).
  if (input.destination_unit_id && type !== 'unidade') await referenced(tx, unitsOrganizational, input.destination_unit_id, organizationId, 'destination_unit_id', { label: 'Unidade organizacional', gender: 'f' });
  for (const [field, table, label] of [['destination_activity_id', 'external_activity', 'Atividade externa não encontrada nesta organização.'], ['destination_project_id', 'project', 'Projeto não encontrado nesta organização.']] as const) {
    const id = input[field];
    if (!id || (field === 'destination_activity_id' ? type === 'atividade_externa' : type === 'projeto')) continue;
    const [row] = (await tx.execute(sql`select 1 from ${sql.identifier(table)} where id = ${id} and organization_id = ${organizationId}`)).rows;
    if (!row) throw unprocessable([{ propertyPath: field, message: label }]);
  }
  const unitId = input.destination_unit_id === undefined ? existing?.destination_unit_id : input.destination_unit_id;
  if (type === 'unidade') {
    if (!unitId) throw conflict('Informe a unidade de destino.');
    await referenced(tx, unitsOrganizational, unitId, organizationId, 'destination_unit_id', { label: 'Unidade organizacional', gender: 'f' });
  }
  const activityId = input.destination_activity_id === undefined ? existing?.destination_activity_id : input.destination_activity_id;
  if (type === 'atividade_externa') {
    if (!activityId) throw unprocessable([{ propertyPath: 'destination_activity_id', message: 'Informe a atividade externa de destino' }]);
    // Field service owns the table (it builds on the warehouse, not the reverse): read by SQL, no import.
    const [activity] = (await tx.execute(sql`select status from external_activity where id = ${activityId} and organization_id = ${organizationId}`)).rows as { status: string }[];
    if (!activity) throw unprocessable([{ propertyPath: 'destination_activity_id', message: 'Atividade externa não encontrada nesta organização.' }]);
    if (activity.status === 'concluida' || activity.status === 'cancelada') throw unprocessable([{ propertyPath: 'destination_activity_id', message: `A atividade está ${(ACTIVITY_STATUS_LABELS[activity.status as ActivityStatus] ?? activity.status).toLowerCase()}: escolha uma em aberto` }]);
  }
  const projectId = input.destination_project_id === undefined ? existing?.destination_project_id : input.destination_project_id;
  if (type === 'projeto') {
    if (!projectId) throw unprocessable([{ propertyPath: 'destination_project_id', message: 'Informe o projeto de destino' }]);
    // The project module owns the table (it builds on the warehouse, not the reverse): read by SQL, no import.
    const [project] = (await tx.execute(sql`select status from project where id = ${projectId} and organization_id = ${organizationId}`)).rows as { status: string }[];
    if (!project) throw unprocessable([{ propertyPath: 'destination_project_id', message: 'Projeto não encontrado nesta organização.' }]);
    if (project.status === 'concluido' || project.status === 'cancelado') throw unprocessable([{ propertyPath: 'destination_project_id', message: `O projeto está ${project.status === 'concluido' ? 'concluído' : 'cancelado'}: escolha um em aberto` }]);
  }
  return {
    destination_type: type,
    destination_unit_id: type === 'unidade' ? unitId : null,
    destination_activity_id: type === 'atividade_externa' ? activityId : null,
    destination_project_id: type === 'projeto' ? projectId : null,
  };
}

async function searchOf(tx: DbOrTx, requesterId: number, reason: string, note: string | null | undefined) {
  const person = (await personRefs(tx, [requesterId])).get(requesterId);
  return { text: searchText(reason, note, person?.username, person?.name), requester: person?.name };
}

/** A request is its requester's units' and its stock's unit's. */
const requestUnits = (ids: number[]) => sql`(${patrimonySolicitations.requester_id} in ${usersOfUnits(ids)} or ${patrimonySolicitations.stock_id} in ${stocksOfUnits(ids)})`;

export const solicitationResource: ResourceDef<typeof solicitationListQuery, typeof solicitationCreate, typeof solicitationUpdate> = {
  entity: 'patrimony_solicitation',
  label: 'Solicitação',
  gender: 'f',
  path: '/patrimony-solicitation',
  table: patrimonySolicitations,
  access: { read: { read: 'PATRIMONY_OUT_REQUEST' }, write: { write: 'PATRIMONY_OUT_REQUEST' } },
  tenancy: 'organization',
  schemas: { read: solicitationRead, create: solicitationCreate, update: solicitationUpdate, query: solicitationListQuery },
  sortable: { id: patrimonySolicitations.id, status: patrimonySolicitations.status, kind: patrimonySolicitations.kind, created_at: patrimonySolicitations.created_at, updated_at: patrimonySolicitations.updated_at },
  defaultSort: [desc(patrimonySolicitations.id)],
  filters: (q, user) => [
    q.status ? eq(patrimonySolicitations.status, q.status) : undefined,
    q.kind ? eq(patrimonySolicitations.kind, q.kind) : undefined,
    q.requester ? eq(patrimonySolicitations.requester_id, q.requester) : undefined,
    q.mine ? eq(patrimonySolicitations.requester_id, user.id) : undefined,
    q.waiting ? waitingFor(user) : undefined,
    q.from ? gte(patrimonySolicitations.created_at, startOfDay(q.from)) : undefined,
    q.to ? lte(patrimonySolicitations.created_at, endOfDay(q.to)) : undefined,
  ],
  unitScope: requestUnits,
  unitField: 'stock_id',
  present: (rows, db, user) => solicitationWorkflow.present(rows, db, user),

  async toValues(input: CreateInput & UpdateInput, { user, tx }, existingRow) {
    const existing = existingRow as unknown as SolicitationRow | undefined;
    if (existing) {
      forbiddenUnless(existing.requester_id === user.id || canWrite(user, 'WAREHOUSE'), 'Só o solicitante ou quem aprova pode editar a solicitação.');
      if (existing.status !== 'pendente') throw conflict(`A solicitação #${existing.id} não pode ser editada: ela não está mais aguardando.`);
      const values: Record<string, unknown> = { ...(await destinationValues(tx, existing.organization_id, input, existing)) };
      if (input.reason !== undefined) values.reason = input.reason;
      if (input.destination_note !== undefined) values.destination_note = input.destination_note;
      values.search_text = (await searchOf(tx, existing.requester_id, (values.reason as string) ?? existing.reason, (values.destination_note as string | null) ?? existing.destination_note)).text;
      return values;
    }
    const organizationId = user.organizationId;
    if (input.stock_id) await referenced(tx, stocks, input.stock_id, organizationId, 'stock_id', { label: 'Estoque', gender: 'm' });
    const settings = await getOrganizationSettings(tx, organizationId, 'warehouse');
    const search = await searchOf(tx, user.id, input.reason, input.destination_note);
    creating.set(input, search.requester ?? user.username);
    return {
      organization_id: organizationId,
      kind: 'retirada',
      status: settings.out_request_needs_approval ? 'pendente' : 'aprovada',
      ...(settings.out_request_needs_approval ? {} : { decided_at: new Date(), decision_reason: 'Aprovação automática (configuração da organização)' }),
      requester_id: user.id,
      reason: input.reason,
      ...(await destinationValues(tx, organizationId, input)),
      destination_note: input.destination_note ?? null,
      stock_id: input.stock_id ?? null,
      search_text: search.text,
    };
  },

  async afterWrite(row, input, { user, tx, app }) {
    const who = creating.get(input as object);
    if (who === undefined) return;
    creating.delete(input as object);
    const s = row as unknown as SolicitationRow;
    await reserveLines(tx, user, s, (input as CreateInput).items);
    const deliver =
      s.status === 'pendente'
        ? await notify(app, tx, await usersWithPermission(tx, s.organization_id, 'WAREHOUSE', user.id, { resource: solicitationResource, id: s.id }), `Solicitação de patrimônio #${s.id}`, `${who} pediu itens e aguarda aprovação. Motivo: ${s.reason}`, solicitationLink(s.id), user)
        : await notify(app, tx, await usersWithPermission(tx, s.organization_id, 'PATRIMONY', user.id, { resource: solicitationResource, id: s.id }), `Solicitação #${s.id} para entregar`, `${who} pediu itens (aprovação automática). Separe-os para entrega.`, solicitationLink(s.id), user);
    afterCommit(user, deliver);
  },

  /** A request is never erased: "delete" cancels it (while it waits or is approved). */
  async onDelete(row, { user, tx, app }) {
    const cancelled = await solicitationWorkflow.take('cancel', row as unknown as SolicitationRow, { reason: 'Cancelada pelo botão excluir' }, { user, tx, app });
    afterCommit(user, cancelled.after);
    return { cancelled: true, message: `A solicitação #${row.id} foi cancelada.`, solicitation: (await solicitationWorkflow.present([cancelled.row], tx, user))[0] };
  },
};

const who = async (tx: DbOrTx, user: CurrentUser) => (await personRefs(tx, [user.id])).get(user.id)?.name ?? user.username;
const ownRequest = (s: SolicitationRow, user: CurrentUser) => s.requester_id === user.id && !user.superAdmin;
type Reason = { reason?: string | null };

/**
 * retirada: pendente →approve→ aprovada →deliver→ entregue →return→ devolvida; pendente →refuse→
 * recusada; pendente|aprovada →cancel→ cancelada. devolução: pendente →return→ devolvida | →cancel→ cancelada.
 */
/** Something of the request can come back: a patrimony item not yet returned (delivered consumables do not return). */
const canComeBack = (shape: Pick<SolicitationRead, 'items'>) => shape.items.some((l) => l.patrimony !== null && l.returned_at === null);

export const solicitationWorkflow: Workflow<SolicitationRow, SolicitationStatus, Omit<SolicitationRead, 'steps'>, SolicitationStep> = workflow({
  resource: { ...patrimonySolicitationResource, unitScope: requestUnits },
  table: patrimonySolicitations,
  statusLabels: SOLICITATION_STATUS_LABELS,
  // `actions`: the steps legal now, whoever asks (the current web reads it).
  present: async (rows, db) =>
    (await presentSolicitations(rows, db)).map((shape, i) => ({ ...shape, actions: solicitationWorkflow.offeredNow(rows[i], shape) })),
  noun: (s) => (s.kind === 'devolucao' ? { label: 'pedido de devolução', gender: 'm' } : { label: 'solicitação', gender: 'f' }),
  link: solicitationLink,
  steps: {
    approve: {
      from: (s) => (s.kind === 'retirada' ? ['pendente'] : []), to: 'aprovada', label: 'Aprovar', color: 'success', access: { write: 'WAREHOUSE' }, reason: 'optional', body: solicitationApprove,
      allowed: (s, user) => !ownRequest(s, user), denied: 'Você não pode aprovar a sua própria solicitação.',
      description: 'Aprova uma solicitação aguardando (WAREHOUSE); ninguém aprova a própria.',
      run: (_s, input: Reason, { user }) => ({ decided_by: user.id, decided_at: new Date(), decision_reason: input.reason ?? null }),
      notify: async (s, { tx, user }) => {
        const name = await who(tx, user);
        return [
          { to: s.requester_id, title: `Solicitação #${s.id} aprovada`, message: `${name} aprovou a sua solicitação. Aguarde a entrega pelo almoxarifado.` },
          { to: await usersWithPermission(tx, s.organization_id, 'PATRIMONY', user.id, { resource: solicitationResource, id: s.id }), title: `Solicitação #${s.id} para entregar`, message: `${name} aprovou a solicitação #${s.id}. Separe os itens para entrega.` },
        ];
      },
    },
    refuse: {
      from: (s) => (s.kind === 'retirada' ? ['pendente'] : []), to: 'recusada', label: 'Recusar', color: 'error', access: { write: 'WAREHOUSE' }, reason: 'required', body: solicitationRefuse,
      allowed: (s, user) => !ownRequest(s, user), denied: 'Você não pode decidir a sua própria solicitação.',
      description: 'Recusa com motivo; os itens reservados voltam a ficar disponíveis.',
      run: async (s, input: { reason: string }, { user, tx }) => {
        await releaseReserved(tx, user, s, `Solicitação recusada: ${input.reason}`);
        return { decided_by: user.id, decided_at: new Date(), decision_reason: input.reason };
      },
      notify: (s, { updated }) => [{ to: s.requester_id, title: `Solicitação #${s.id} recusada`, message: `Motivo: ${updated.decision_reason}` }],
    },
    deliver: {
      from: (s) => (s.kind === 'retirada' ? ['aprovada'] : []), to: 'entregue', label: 'Entregar', access: { write: 'PATRIMONY' }, body: solicitationDeliver,
      description: 'Entrega: os itens passam ao solicitante (em uso); consumíveis saem das seções (409 se o saldo não bastar).',
      run: async (s, input: { note?: string | null }, { user, tx, app, after }) => {
        const low = await withLowStockAlert(app, tx, user, await consumableProductsOf(tx, s.id), () => deliverLines(tx, user, s, input.note));
        after(low.deliver);
        return { delivered_by: user.id, delivered_at: new Date() };
      },
      notify: (s) => [{ to: s.requester_id, title: `Itens da solicitação #${s.id} entregues`, message: 'Confirme o recebimento em Meu patrimônio.', link: '/my-patrimony' }],
    },
    return: {
      from: (s) => (s.kind === 'devolucao' ? ['pendente'] : ['entregue']), to: 'devolvida', label: 'Receber devolução', infinitive: 'receber de volta', access: { write: 'PATRIMONY' }, body: solicitationReturn,
      offered: (shape) => canComeBack(shape as Pick<SolicitationRead, 'items'>),
      description: 'Recebe a devolução: os itens voltam a ficar disponíveis na seção informada (ou na de origem).',
      run: async (s, input: { section_id?: number | null; condition?: string; note?: string | null }, { user, tx, notify: tell }) => {
        const returned = await returnLines(tx, user, s, input);
        tell({ to: s.requester_id, title: `Devolução da solicitação #${s.id} recebida`, message: `${returned.length} item(ns) recebido(s) de volta pelo almoxarifado.` });
        return { returned_by: user.id, returned_at: new Date() };
      },
    },
    cancel: {
      from: (s) => (s.kind === 'devolucao' ? ['pendente'] : ['pendente', 'aprovada']), to: 'cancelada', label: 'Cancelar', color: 'error', access: 'authenticated', reason: 'optional', body: solicitationCancel,
      allowed: (s, user) => s.requester_id === user.id || canWrite(user, 'WAREHOUSE') || canWrite(user, 'PATRIMONY'), denied: 'Só o solicitante ou a equipe do almoxarifado pode cancelar a solicitação.',
      description: 'Cancela antes da entrega (o solicitante, ou a equipe do almoxarifado); os itens reservados são liberados.',
      run: async (s, input: Reason, { user, tx }) => {
        if (s.kind === 'retirada') await releaseReserved(tx, user, s, input.reason || 'Solicitação cancelada');
        return { cancelled_by: user.id, cancelled_at: new Date(), cancel_reason: input.reason ?? null };
      },
      notify: async (s, { tx, user, updated }) => {
        const toStaff = s.requester_id === user.id;
        const permission = s.status === 'pendente' && s.kind === 'retirada' ? 'WAREHOUSE' : 'PATRIMONY';
        const to = toStaff ? await usersWithPermission(tx, s.organization_id, permission, user.id, { resource: solicitationResource, id: s.id }) : [s.requester_id];
        return [{ to, title: `Solicitação #${s.id} cancelada`, message: updated.cancel_reason ? `Motivo: ${updated.cancel_reason}` : 'A solicitação foi cancelada.' }];
      },
    },
  },
});

export async function solicitationRoutes(app: FastifyInstance) {
  registerResource(app, solicitationResource);
  registerWorkflow(app, solicitationWorkflow);
}
