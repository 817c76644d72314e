import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import {
  type DestinationType,
  type SolicitationStep,
  idParam,
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
import { type CurrentUser, userOf } from '../../../core/access';
import { afterCommit } from '../../../core/after-commit';
import { audit } from '../../../core/audit';
import { endOfDay, startOfDay } from '../../../core/dates';
import type { DbOrTx, Tx } from '../../../core/db';
import { conflict } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { notify, usersWithPermission } from '../../../core/notify';
import { findVisible, registerResource, type ResourceDef } from '../../../core/resource';
import { personRefs, referenced } from '../../../core/rows';
import { unitsOrganizational } from '../../../core/schema';
import { getOrganizationSettings } from '../../organization-settings';
import { withLowStockAlert } from '../consumable/alerts';
import { patrimonySolicitations } from './schema';
import { type SolicitationRow, assertStep, consumableProductsOf, deliverLines, forbiddenUnless, presentSolicitations, releaseReserved, reserveLines, returnLines, solicitationLink } from './service';
import { canWrite } from '../shared';
import { stocks } from '../stock/schema';

type CreateInput = {
  reason: string;
  destination_type: DestinationType;
  destination_unit_id?: number | null;
  destination_note?: string | null;
  stock_id?: number | null;
  items: ({ patrimony_id: number } | { product_id: number; quantity: number })[];
};
type UpdateInput = Partial<Omit<CreateInput, 'items' | 'stock_id'>>;

const creating = new WeakSet<object>();

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
  const unitId = input.destination_unit_id === undefined ? existing?.destination_unit_id : input.destination_unit_id;
  if (type === 'unidade') {
    if (!unitId) throw conflict('Informe a unidade de destino.');
    await referenced(tx, unitsOrganizational, unitId, organizationId, 'destination_unit_id', { label: 'Unidade organizacional', gender: 'f' });
  }
  return { destination_type: type, destination_unit_id: type === 'unidade' ? unitId : null };
}

async function searchOf(tx: DbOrTx, requesterId: number, reason: string, note: string | null | undefined) {
  const person = (await personRefs(tx, [requesterId])).get(requesterId);
  return searchText(reason, note, person?.username, person?.name);
}

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
  present: (rows, db) => presentSolicitations(rows as unknown as SolicitationRow[], db),

  async toValues(input: CreateInput & UpdateInput, { user, tx }, existingRow) {
    const existing = existingRow as unknown as SolicitationRow | undefined;
    if (existing) {
      forbiddenUnless(existing.requester_id === user.id || canWrite(user, 'WAREHOUSE'), 'Só o solicitante ou quem aprova pode editar a solicitação.');
      if (existing.status !== 'pendente') throw conflict(`A solicitação #${existing.id} não pode ser editada: ela não está mais aguardando.`);
      const values: Record<string, unknown> = { ...(await destinationValues(tx, existing.organization_id, input, existing)) };
      if (input.reason !== undefined) values.reason = input.reason;
      if (input.destination_note !== undefined) values.destination_note = input.destination_note;
      values.search_text = await searchOf(tx, existing.requester_id, (values.reason as string) ?? existing.reason, (values.destination_note as string | null) ?? existing.destination_note);
      return values;
    }
    const organizationId = user.organizationId;
    if (input.stock_id) await referenced(tx, stocks, input.stock_id, organizationId, 'stock_id', { label: 'Estoque', gender: 'm' });
    const settings = await getOrganizationSettings(tx, organizationId, 'warehouse');
    creating.add(input);
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
      search_text: await searchOf(tx, user.id, input.reason, input.destination_note),
    };
  },

  async afterWrite(row, input, { user, tx, app }) {
    if (!creating.has(input as object)) return;
    creating.delete(input as object);
    const s = row as unknown as SolicitationRow;
    await reserveLines(tx, user, s, (input as CreateInput).items);
    const who = (await personRefs(tx, [user.id])).get(user.id)?.name ?? user.username;
    const deliver =
      s.status === 'pendente'
        ? await notify(app, tx, await usersWithPermission(tx, s.organization_id, 'WAREHOUSE', user.id), `Solicitação de patrimônio #${s.id}`, `${who} pediu itens e aguarda aprovação. Motivo: ${s.reason}`, solicitationLink(s.id), user)
        : await notify(app, tx, await usersWithPermission(tx, s.organization_id, 'PATRIMONY', user.id), `Solicitação #${s.id} para entregar`, `${who} pediu itens (aprovação automática). Separe-os para entrega.`, solicitationLink(s.id), user);
    afterCommit(user, deliver);
  },

  /** A request is never erased: "delete" cancels it (while it waits or is approved). */
  async onDelete(row, { user, tx, app }) {
    const { solicitation, deliver } = await cancel(app, tx, user, row as unknown as SolicitationRow, 'Cancelada pelo botão excluir');
    afterCommit(user, deliver);
    return { cancelled: true, message: `A solicitação #${row.id} foi cancelada.`, solicitation: (await presentSolicitations([solicitation], tx))[0] };
  },
};

async function cancel(app: FastifyInstance, tx: DbOrTx, user: CurrentUser, s: SolicitationRow, reason?: string | null) {
  forbiddenUnless(s.requester_id === user.id || canWrite(user, 'WAREHOUSE') || canWrite(user, 'PATRIMONY'), 'Só o solicitante ou a equipe do almoxarifado pode cancelar a solicitação.');
  assertStep(s, 'cancel');
  if (s.kind === 'retirada') await releaseReserved(tx, user, s, reason || 'Solicitação cancelada');
  const [updated] = await tx
    .update(patrimonySolicitations)
    .set({ status: 'cancelada', cancelled_by: user.id, cancelled_at: new Date(), cancel_reason: reason ?? null, updated_at: new Date() })
    .where(eq(patrimonySolicitations.id, s.id))
    .returning();
  await audit(tx, user, { entity: 'patrimony_solicitation', entityId: s.id, organizationId: s.organization_id, action: 'update', before: s, after: updated });
  const recipients =
    s.requester_id === user.id
      ? await usersWithPermission(tx, s.organization_id, s.status === 'pendente' && s.kind === 'retirada' ? 'WAREHOUSE' : 'PATRIMONY', user.id)
      : [s.requester_id];
  const deliver = await notify(app, tx, recipients, `Solicitação #${s.id} cancelada`, reason ? `Motivo: ${reason}` : 'A solicitação foi cancelada.', solicitationLink(s.id), user);
  return { solicitation: updated, deliver };
}

export async function solicitationRoutes(fastify: FastifyInstance) {
  registerResource(fastify, solicitationResource);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const def = solicitationResource as unknown as ResourceDef;
  const tags = ['patrimony_solicitation'];

  /** Runs one workflow step on the locked request, then delivers its notifications after commit. */
  async function step(user: CurrentUser, id: number, name: SolicitationStep, work: (tx: Tx, s: SolicitationRow) => Promise<{ set: Partial<SolicitationRow>; deliver?: () => Promise<void> }>) {
    let deliver: (() => Promise<void>) | undefined;
    const row = await app.db.transaction(async (tx) => {
      const s = (await findVisible(def, tx, user, id, true)) as unknown as SolicitationRow;
      assertStep(s, name);
      const out = await work(tx, s);
      deliver = out.deliver;
      const [updated] = await tx
        .update(patrimonySolicitations)
        .set({ ...out.set, updated_at: new Date() })
        .where(eq(patrimonySolicitations.id, s.id))
        .returning();
      await audit(tx, user, { entity: 'patrimony_solicitation', entityId: s.id, organizationId: s.organization_id, action: 'update', before: s, after: updated });
      return updated;
    });
    if (deliver) await deliver();
    return (await presentSolicitations([row], app.db))[0];
  }

  const who = async (tx: DbOrTx, user: CurrentUser) => (await personRefs(tx, [user.id])).get(user.id)?.name ?? user.username;

  app.post(
    '/patrimony-solicitation/:id/approve',
    { config: { access: { write: 'WAREHOUSE' } }, schema: { tags, params: idParam, body: solicitationApprove, response: { 200: solicitationRead }, description: 'Aprova uma solicitação aguardando (WAREHOUSE). Duas aprovações simultâneas: uma vence, a outra recebe 409.' } },
    async (req) => {
      const user = userOf(req);
      return step(user, req.params.id, 'approve', async (tx, s) => {
        forbiddenUnless(s.requester_id !== user.id || user.superAdmin, 'Você não pode aprovar a sua própria solicitação.');
        const name = await who(tx, user);
        const d1 = await notify(app, tx, [s.requester_id], `Solicitação #${s.id} aprovada`, `${name} aprovou a sua solicitação. Aguarde a entrega pelo almoxarifado.`, solicitationLink(s.id), user);
        const d2 = await notify(app, tx, await usersWithPermission(tx, s.organization_id, 'PATRIMONY', user.id), `Solicitação #${s.id} para entregar`, `${name} aprovou a solicitação #${s.id}. Separe os itens para entrega.`, solicitationLink(s.id), user);
        return {
          set: { status: 'aprovada', decided_by: user.id, decided_at: new Date(), decision_reason: req.body?.reason ?? null },
          deliver: async () => {
            await d1();
            await d2();
          },
        };
      });
    },
  );

  app.post(
    '/patrimony-solicitation/:id/refuse',
    { config: { access: { write: 'WAREHOUSE' } }, schema: { tags, params: idParam, body: solicitationRefuse, response: { 200: solicitationRead }, description: 'Recusa com motivo; os itens reservados voltam a ficar disponíveis.' } },
    async (req) => {
      const user = userOf(req);
      return step(user, req.params.id, 'refuse', async (tx, s) => {
        forbiddenUnless(s.requester_id !== user.id || user.superAdmin, 'Você não pode decidir a sua própria solicitação.');
        await releaseReserved(tx, user, s, `Solicitação recusada: ${req.body.reason}`);
        const deliver = await notify(app, tx, [s.requester_id], `Solicitação #${s.id} recusada`, `Motivo: ${req.body.reason}`, solicitationLink(s.id), user);
        return { set: { status: 'recusada', decided_by: user.id, decided_at: new Date(), decision_reason: req.body.reason }, deliver };
      });
    },
  );

  app.post(
    '/patrimony-solicitation/:id/deliver',
    { config: { access: { write: 'PATRIMONY' } }, schema: { tags, params: idParam, body: solicitationDeliver, response: { 200: solicitationRead }, description: 'Entrega: os itens passam ao solicitante (em uso); consumíveis saem das seções (409 se o saldo não bastar).' } },
    async (req) => {
      const user = userOf(req);
      return step(user, req.params.id, 'deliver', async (tx, s) => {
        const consumables = await consumableProductsOf(tx, s.id);
        const low = await withLowStockAlert(app, tx, user, consumables, () => deliverLines(tx, user, s, req.body?.note));
        const told = await notify(app, tx, [s.requester_id], `Itens da solicitação #${s.id} entregues`, 'Confirme o recebimento em Meu patrimônio.', '/my-patrimony', user);
        return {
          set: { status: 'entregue', delivered_by: user.id, delivered_at: new Date() },
          deliver: async () => {
            await told();
            await low.deliver();
          },
        };
      });
    },
  );

  app.post(
    '/patrimony-solicitation/:id/return',
    { config: { access: { write: 'PATRIMONY' } }, schema: { tags, params: idParam, body: solicitationReturn, response: { 200: solicitationRead }, description: 'Recebe a devolução: os itens voltam a ficar disponíveis na seção informada (ou na de origem).' } },
    async (req) => {
      const user = userOf(req);
      return step(user, req.params.id, 'return', async (tx, s) => {
        const returned = await returnLines(tx, user, s, req.body ?? {});
        const deliver = await notify(app, tx, [s.requester_id], `Devolução da solicitação #${s.id} recebida`, `${returned.length} item(ns) recebido(s) de volta pelo almoxarifado.`, solicitationLink(s.id), user);
        return { set: { status: 'devolvida', returned_by: user.id, returned_at: new Date() }, deliver };
      });
    },
  );

  app.post(
    '/patrimony-solicitation/:id/cancel',
    { config: { access: 'authenticated' }, schema: { tags, params: idParam, body: solicitationCancel, response: { 200: solicitationRead }, description: 'Cancela antes da entrega (o solicitante, ou a equipe do almoxarifado); os itens reservados são liberados.' } },
    async (req) => {
      const user = userOf(req);
      let deliver: (() => Promise<void>) | undefined;
      const row = await app.db.transaction(async (tx) => {
        const s = (await findVisible(def, tx, user, req.params.id, true)) as unknown as SolicitationRow;
        const out = await cancel(app, tx, user, s, req.body?.reason);
        deliver = out.deliver;
        return out.solicitation;
      });
      await deliver?.();
      return (await presentSolicitations([row], app.db))[0];
    },
  );
}
