import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  SHIPMENT_SOLICITATION_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  cancelBody,
  idParam,
  refuseBody,
  shipmentListQuery,
  shipmentResource as shipmentDescriptor,
  shipmentSolicitationInput,
  shipmentSolicitationListQuery,
  shipmentSolicitationRead,
  shipmentSolicitationResource,
  shipmentSolicitationUpdate,
  shipmentRead,
  shipmentUpdate,
} from '@operacoes/contract';
import { userOf } from '../../core/access';
import { afterCommit, registerAfterCommit } from '../../core/after-commit';
import { audit } from '../../core/audit';
import type { DbOrTx } from '../../core/db';
import { HttpError } from '../../core/errors';
import { searchText } from '../../core/list';
import { mailLayout } from '../../core/mail';
import { notify, usersWithPermission } from '../../core/notify';
import { findVisible, type ResourceDef, registerResource, sqlList } from '../../core/resource';
import { registerWorkflow, workflow } from '../../core/workflow';
import { getOrganizationSettings } from '../organization-settings';
import { stocks, stocksOfUnits } from '../warehouse';
import { packingListPdf } from './pdf';
import { currentTimeZone } from '../../core/time-zone';
import { shipmentItems, shipmentSolicitations, shipments } from './schema';
import {
  type ShipmentRow,
  type SolicitationRow,
  assertTraceable,
  dispatchItems,
  itemsOfShipment,
  itemsOfSolicitation,
  newReceivingHash,
  presentShipments,
  presentSolicitations,
  reserveItems,
  returnItems,
  shipmentLink,
  solicitationLink,
  solicitationValues,
  validateSolicitation,
} from './service';

const PERMISSION = 'ASSET_SHIPMENT';
/** Lines validated in `toValues`, written in `afterWrite` (the kit hands both the same input object). */
const pendingLines = new WeakMap<object, Awaited<ReturnType<typeof validateSolicitation>>>();

/** A shipment or its request is its origin stock's unit's and its destination's (a unit, or a section's stock's unit). */
const shipmentUnits = (t: typeof shipments | typeof shipmentSolicitations) => (ids: number[]) =>
  sql`(${t.origin_stock_id} in ${stocksOfUnits(ids)} or ${t.destination_unit_id} in (${sqlList(ids)}) or ${t.destination_section_id} in (select sec.id from section sec where sec.stock_id in ${stocksOfUnits(ids)}))`;

const solicitationResource: ResourceDef<typeof shipmentSolicitationListQuery, typeof shipmentSolicitationInput, typeof shipmentSolicitationUpdate> = {
  entity: 'shipment_solicitation',
  label: 'Solicitação de envio',
  gender: 'f',
  path: '/shipment-solicitation',
  table: shipmentSolicitations,
  // ASSET_SHIPMENT.INDEX reads; asking for, approving and dispatching shipments need ASSET_SHIPMENT.
  access: { read: { read: PERMISSION }, write: { write: PERMISSION } },
  tenancy: 'organization',
  schemas: { read: shipmentSolicitationRead, create: shipmentSolicitationInput, update: shipmentSolicitationUpdate, query: shipmentSolicitationListQuery },
  sortable: { id: shipmentSolicitations.id, created_at: shipmentSolicitations.created_at, status: shipmentSolicitations.status, wanted_date: shipmentSolicitations.wanted_date },
  filters: (q) => [q.status ? eq(shipmentSolicitations.status, q.status) : undefined],
  unitScope: shipmentUnits(shipmentSolicitations),
  unitField: 'origin_stock_id',
  present: (rows, db, user) => requestWorkflow.present(rows, db, user),
  async toValues(input: z.infer<typeof shipmentSolicitationUpdate>, { user, tx }, existing) {
    if (existing) requestWorkflow.assertStatus(existing as SolicitationRow, ['pendente'], 'alterar');
    // A super admin's request belongs to the organization of its origin stock.
    const organizationId = (existing?.organization_id as number | undefined) ?? (user.superAdmin && input.origin_stock_id ? await stockOrganization(tx, input.origin_stock_id) : undefined) ?? user.organizationId;
    // A PUT keeps what it omits: the request as it stands, with the sent fields over it, is checked whole.
    const whole = existing ? shipmentSolicitationInput.parse(await mergedSolicitation(tx, existing as SolicitationRow, input)) : (input as z.infer<typeof shipmentSolicitationInput>);
    pendingLines.set(input, await validateSolicitation(tx, organizationId, whole));
    return { ...solicitationValues(whole), ...(existing ? {} : { requester_id: user.id, status: 'pendente', organization_id: organizationId }) };
  },
  async afterWrite(row, input, { tx, user, app }, existing) {
    const lines = pendingLines.get(input as object)!;
    if (existing && (input as { items?: unknown }).items === undefined) return;
    await tx.delete(shipmentItems).where(eq(shipmentItems.solicitation_id, row.id));
    await tx.insert(shipmentItems).values(lines.map((l) => ({ ...l, quantity: String(l.quantity), solicitation_id: row.id })));
    if (!existing) {
      const approvers = await usersWithPermission(tx, row.organization_id as number, PERMISSION, user.id, { resource: solicitationResource, id: row.id as number });
      const deliver = await notify(app, tx, approvers, `Solicitação de envio #${row.id}`, `${user.username} pediu um envio para ${row.recipient_name}.`, solicitationLink(row.id), user);
      afterCommit(user, deliver);
    }
  },
  async onDelete(row) {
    requestWorkflow.assertStatus(row as SolicitationRow, ['pendente'], 'excluir');
    return undefined;
  },
};

async function stockOrganization(tx: DbOrTx, stockId: number): Promise<number | undefined> {
  const [stock] = await tx.select({ organization_id: stocks.organization_id }).from(stocks).where(eq(stocks.id, stockId));
  return stock?.organization_id;
}

/** The stored request in its input shape, with the fields a PUT sent over it. */
async function mergedSolicitation(tx: DbOrTx, row: SolicitationRow, input: Record<string, unknown>) {
  const items = await tx.select().from(shipmentItems).where(eq(shipmentItems.solicitation_id, row.id)).orderBy(asc(shipmentItems.id));
  const stored: Record<string, unknown> = {
    origin_stock_id: row.origin_stock_id,
    destination_type: row.destination_type,
    destination_unit_id: row.destination_unit_id,
    destination_section_id: row.destination_section_id,
    destination_address: row.destination_address,
    destination_city_id: row.destination_city_id,
    recipient_name: row.recipient_name,
    recipient_email: row.recipient_email,
    recipient_user_id: row.recipient_user_id,
    justification: row.justification,
    wanted_date: row.wanted_date,
    items: items.map((i) => (i.patrimony_id ? { patrimony_id: i.patrimony_id } : { product_id: i.product_id, section_id: i.section_id, quantity: Number(i.quantity) })),
  };
  for (const [key, value] of Object.entries(input)) if (value !== undefined) stored[key] = value;
  return stored;
}

const shipmentResource: ResourceDef<typeof shipmentListQuery, typeof shipmentUpdate, typeof shipmentUpdate> = {
  entity: 'shipment',
  label: 'Envio',
  gender: 'm',
  path: '/shipment',
  table: shipments,
  access: { read: { read: PERMISSION }, write: { write: PERMISSION } },
  tenancy: 'organization',
  // Shipments are born of an approved request; they are cancelled, never deleted.
  routes: ['list', 'get', 'update'],
  schemas: { read: shipmentRead, create: shipmentUpdate, update: shipmentUpdate, query: shipmentListQuery },
  sortable: { id: shipments.id, created_at: shipments.created_at, status: shipments.status, dispatched_at: shipments.dispatched_at },
  filters: (q) => [q.status ? eq(shipments.status, q.status) : undefined],
  unitScope: shipmentUnits(shipments),
  searchOf: (r) => searchText(r.recipient_name as string, r.recipient_email as string, r.tracking_code as string, r.invoice_number as string, r.carrier as string),
  present: (rows, db, user) => shipmentWorkflow.present(rows, db, user),
  async toValues(input: z.infer<typeof shipmentUpdate>, { tx }, existing) {
    shipmentWorkflow.assertStatus(existing as ShipmentRow, ['preparando', 'enviado'], 'alterar');
    if (input.carrier) {
      const { carriers } = await getOrganizationSettings(tx, existing!.organization_id as number, 'logistic');
      if (carriers.length && !carriers.includes(input.carrier)) throw new HttpError(422, 'Transportadora não cadastrada nas configurações de logística.', [{ propertyPath: 'carrier', message: `Use uma de: ${carriers.join(', ')}` }]);
    }
    return { ...input, weight_kg: input.weight_kg === undefined ? undefined : input.weight_kg === null ? null : String(input.weight_kg) };
  },
};

type Reason = { reason?: string | null };

/** pendente →approve→ aprovada (the shipment is born, its items reserved) | →refuse→ recusada | →cancel→ cancelada. */
const requestWorkflow = workflow({
  resource: shipmentSolicitationResource,
  table: shipmentSolicitations,
  statusLabels: SHIPMENT_SOLICITATION_STATUS_LABELS,
  present: presentSolicitations,
  link: solicitationLink,
  steps: {
    approve: {
      from: ['pendente'], to: 'aprovada', label: 'Aprovar', color: 'success',
      description: 'Aprova: nasce o envio (preparando) e os itens ficam reservados; 409 se um item não estiver mais disponível.',
      run: async (s, _input: unknown, { user, tx }) => {
        const items = await itemsOfSolicitation(tx, s.id);
        assertTraceable(s, items);
        const { id: _id, status: _s, refusal_reason: _r, requester_id: _q, decided_by: _d, decided_at: _a, shipment_id: _h, created_at: _c, updated_at: _u, justification: _j, wanted_date: _w, ...copy } = s;
        const [shipment] = await tx.insert(shipments).values({ ...copy, solicitation_id: s.id, created_by: user.id, status: 'preparando' }).returning();
        await tx.update(shipmentItems).set({ shipment_id: shipment.id }).where(eq(shipmentItems.solicitation_id, s.id));
        await reserveItems(tx, user, shipment, items);
        await audit(tx, user, { entity: 'shipment', entityId: shipment.id, organizationId: s.organization_id, action: 'create', after: shipment });
        return { decided_by: user.id, decided_at: new Date(), shipment_id: shipment.id };
      },
      notify: (s, { updated }) => [{ to: s.requester_id, title: `Envio aprovado: solicitação #${s.id}`, message: `Sua solicitação virou o envio #${updated.shipment_id}.`, link: shipmentLink(updated.shipment_id!) }],
    },
    refuse: {
      from: ['pendente'], to: 'recusada', label: 'Recusar', color: 'error', reason: 'required', body: refuseBody,
      run: (_s, input: { reason: string }, { user }) => ({ refusal_reason: input.reason, decided_by: user.id, decided_at: new Date() }),
      notify: (s, { updated }) => [{ to: s.requester_id, title: `Envio recusado: solicitação #${s.id}`, message: `Motivo: ${updated.refusal_reason}` }],
    },
    cancel: {
      from: ['pendente'], to: 'cancelada', label: 'Cancelar', color: 'error', reason: 'optional', body: cancelBody.nullish(),
      run: (_s, input: Reason) => ({ refusal_reason: input.reason ?? null }),
    },
  },
});

/** preparando →dispatch→ enviado (→ recebido by the public link); preparando | enviado →cancel→ cancelado. */
const shipmentWorkflow = workflow({
  resource: shipmentDescriptor,
  table: shipments,
  statusLabels: SHIPMENT_STATUS_LABELS,
  present: presentShipments,
  link: shipmentLink,
  // The receiving link is a credential: never in the audit log.
  hidden: ['receiving_hash'],
  steps: {
    dispatch: {
      from: ['preparando'], to: 'enviado', label: 'Despachar', color: 'success',
      description: 'Despacha: os itens ficam em trânsito e o destinatário recebe por e-mail o link público de recebimento.',
      run: async (s, _input: unknown, { user, tx, app, after }) => {
        const items = await itemsOfShipment(tx, s.id);
        assertTraceable(s, items);
        const { receiving_link_validity_days } = await getOrganizationSettings(tx, s.organization_id, 'logistic');
        await dispatchItems(tx, user, s, items);
        const values = { dispatched_at: new Date(), receiving_hash: newReceivingHash(), receiving_expires_at: new Date(Date.now() + receiving_link_validity_days * 86_400_000) };
        after(async () => mailReceivingLink(app, { ...s, ...values }));
        return values;
      },
    },
    cancel: {
      from: ['preparando', 'enviado'], to: 'cancelado', label: 'Cancelar', color: 'error', reason: 'optional', body: cancelBody.nullish(),
      description: 'Cancela: os itens voltam para onde estavam (reservas liberadas, despachados devolvidos) e o link de recebimento deixa de funcionar.',
      run: async (s, input: Reason, { user, tx }) => {
        await returnItems(tx, user, s, await itemsOfShipment(tx, s.id), input.reason ? `Envio cancelado: ${input.reason}` : 'Envio cancelado');
        // The receiving link stops working at once.
        return { cancelled_at: new Date(), receiving_hash: null, notes: input.reason ?? s.notes };
      },
    },
  },
});

/** The recipient's e-mail with the public receiving link. */
function mailReceivingLink(app: FastifyInstance, shipment: ShipmentRow) {
  const url = `${app.config.publicUrl}/receiving/${shipment.receiving_hash}`;
  const mail = mailLayout(
    `Envio #${shipment.id} a caminho`,
    [
      `Olá, ${shipment.recipient_name}!`,
      `Um envio foi despachado para você${shipment.carrier ? ` pela transportadora ${shipment.carrier}` : ''}${shipment.tracking_code ? ` (rastreio ${shipment.tracking_code})` : ''}.`,
      `Quando chegar, confira cada item e confirme o recebimento pelo link abaixo. O link vale até ${shipment.receiving_expires_at!.toLocaleDateString('pt-BR', { timeZone: currentTimeZone() })} e pode ser usado uma única vez.`,
    ],
    { label: 'Confirmar recebimento', url },
  );
  app.mailer.sendInBackground({ to: shipment.recipient_email, subject: `Envio #${shipment.id}: confirme o recebimento`, ...mail });
}

export async function logisticsRoutes(fastify: FastifyInstance) {
  registerAfterCommit(fastify);
  registerResource(fastify, solicitationResource);
  registerResource(fastify, shipmentResource);
  registerWorkflow(fastify, requestWorkflow);
  registerWorkflow(fastify, shipmentWorkflow);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/shipment/:id/packing-list', { config: { access: { read: PERMISSION } }, schema: { tags: ['shipment'], params: idParam, produces: ['application/pdf'] } }, async (req, reply) => {
    const user = userOf(req);
    const row = await findVisible<ShipmentRow>(shipmentResource, app.db, user, req.params.id);
    const [shipment] = await presentShipments([row], app.db);
    const link = row.receiving_hash ? `${app.config.publicUrl}/receiving/${row.receiving_hash}` : null;
    const pdf = await packingListPdf(shipment, link);
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="romaneio-envio-${row.id}.pdf"`).send(pdf);
  });
}
