import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { UNTRACEABLE_PATRIMONY, isTraceableDestination, type shipmentSolicitationInput } from '@operacoes/contract';
import type { z } from 'zod';
import type { CurrentUser } from '../../core/access';
import type { DbOrTx } from '../../core/db';
import { conflict, unprocessable } from '../../core/errors';
import { searchText } from '../../core/list';
import { iso, num, refOf, referenced, violation } from '../../core/rows';
import { unitsOrganizational, users } from '../../core/schema';
import { presentCities } from '../locale';
import { addToBalance, loadRefs, movePatrimony, patrimonies, type PatrimonyRow, products, recordQuantityMovement, sections, stocks, takeFromBalance } from '../warehouse';
import { shipmentItems, shipmentSolicitations, shipments } from './schema';

export type SolicitationRow = typeof shipmentSolicitations.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ItemRow = typeof shipmentItems.$inferSelect;
type SolicitationInput = z.infer<typeof shipmentSolicitationInput>;

export const shipmentDoc = (id: number) => `Envio #${id}`;
export const shipmentLink = (id: number) => `/shipment/edit/${id}`;
export const solicitationLink = (id: number) => `/shipment-solicitation/edit/${id}`;

// ------------------------------------------------------------------------------------------------
// Validation of a request's origin, destination and items (all in the user's organization)

export async function validateSolicitation(tx: DbOrTx, organizationId: number, b: SolicitationInput) {
  const origin = await referenced<typeof stocks.$inferSelect>(tx, stocks, b.origin_stock_id, organizationId, 'origin_stock_id', { label: 'Estoque de origem', gender: 'm' });
  if (b.destination_unit_id) await referenced(tx, unitsOrganizational, b.destination_unit_id, organizationId, 'destination_unit_id', { label: 'Unidade de destino', gender: 'f' });
  if (b.destination_section_id) {
    const [section] = await tx
      .select({ id: sections.id })
      .from(sections)
      .innerJoin(stocks, eq(stocks.id, sections.stock_id))
      .where(and(eq(sections.id, b.destination_section_id), eq(stocks.organization_id, organizationId)));
    if (!section) throw violation('destination_section_id', 'Seção de destino não encontrada nesta organização.');
  }
  if (b.recipient_user_id) {
    const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, b.recipient_user_id), eq(users.organization_id, organizationId), eq(users.is_active, true)));
    if (!u) throw violation('recipient_user_id', 'Usuário destinatário não encontrado ou inativo.');
  }
  const lines: { patrimony_id: number | null; product_id: number; section_id: number | null; quantity: number }[] = [];
  const seen = new Set<string>();
  for (const [i, item] of b.items.entries()) {
    if ('patrimony_id' in item) {
      const [p] = await tx.select().from(patrimonies).where(and(eq(patrimonies.id, item.patrimony_id), eq(patrimonies.organization_id, organizationId)));
      if (!p) throw violation(`items.${i}.patrimony_id`, 'Item de patrimônio não encontrado nesta organização.');
      if (p.stock_id !== origin.id) throw violation(`items.${i}.patrimony_id`, `O item ${p.tag} não está no estoque de origem.`);
      if (seen.has(`p${p.id}`)) throw violation(`items.${i}.patrimony_id`, `O item ${p.tag} aparece mais de uma vez.`);
      seen.add(`p${p.id}`);
      lines.push({ patrimony_id: p.id, product_id: p.product_id, section_id: p.section_id, quantity: 1 });
    } else {
      const product = await referenced<typeof products.$inferSelect>(tx, products, item.product_id, organizationId, `items.${i}.product_id`, { label: 'Produto', gender: 'm' });
      if (product.tracking !== 'consumivel') throw violation(`items.${i}.product_id`, `O produto "${product.name}" é controlado como patrimônio: escolha os itens pela etiqueta.`);
      const [section] = await tx.select({ id: sections.id }).from(sections).where(and(eq(sections.id, item.section_id), eq(sections.stock_id, origin.id)));
      if (!section) throw violation(`items.${i}.section_id`, 'A seção não pertence ao estoque de origem.');
      lines.push({ patrimony_id: null, product_id: product.id, section_id: section.id, quantity: item.quantity });
    }
  }
  return lines;
}

export function solicitationValues(b: SolicitationInput) {
  return {
    origin_stock_id: b.origin_stock_id,
    destination_type: b.destination_type,
    destination_unit_id: b.destination_unit_id ?? null,
    destination_section_id: b.destination_section_id ?? null,
    destination_address: b.destination_address ?? null,
    destination_city_id: b.destination_city_id ?? null,
    recipient_name: b.recipient_name,
    recipient_email: b.recipient_email,
    recipient_user_id: b.recipient_user_id ?? null,
    justification: b.justification,
    wanted_date: b.wanted_date ?? null,
    search_text: searchText(b.recipient_name, b.recipient_email, b.destination_address, b.justification),
  };
}

/**
 * Patrimony must be traceable on arrival (a section or a holder). Requests are checked by the
 * contract on every save; approval and dispatch check again for rows saved before that rule.
 */
export function assertTraceable(row: SolicitationRow | ShipmentRow, items: ItemRow[]) {
  if (isTraceableDestination({ ...row, items: items.filter((i) => i.patrimony_id).map((i) => ({ patrimony_id: i.patrimony_id })) })) return;
  throw unprocessable(['destination_section_id', 'recipient_user_id'].map((propertyPath) => ({ propertyPath, message: UNTRACEABLE_PATRIMONY })));
}

// ------------------------------------------------------------------------------------------------
// Item movements

async function lockItems(tx: DbOrTx, items: ItemRow[]): Promise<Map<number, PatrimonyRow>> {
  const ids = items.map((i) => i.patrimony_id).filter((x): x is number => x !== null);
  if (ids.length === 0) return new Map();
  // Locked in id order so two transactions never wait on each other in a cycle.
  const rows = await tx.select().from(patrimonies).where(inArray(patrimonies.id, ids)).orderBy(asc(patrimonies.id)).for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

const labelsOf = async (tx: DbOrTx, items: ItemRow[]) =>
  loadRefs(tx, { products: items.map((i) => i.product_id), sections: items.map((i) => i.section_id) });

async function stockOf(tx: DbOrTx, sectionId: number) {
  const [row] = await tx.select({ stock_id: sections.stock_id }).from(sections).where(eq(sections.id, sectionId));
  return row.stock_id;
}

/** Approval: items are reserved (patrimony `reservado`; consumable quantities leave their section) with movements. */
export async function reserveItems(tx: DbOrTx, actor: CurrentUser, shipment: ShipmentRow, items: ItemRow[]) {
  const locked = await lockItems(tx, items);
  const refs = await labelsOf(tx, items);
  const doc = shipmentDoc(shipment.id);
  for (const item of items) {
    if (item.patrimony_id) {
      const p = locked.get(item.patrimony_id)!;
      if (p.status !== 'disponivel' || p.stock_id !== shipment.origin_stock_id) {
        throw conflict(`O item ${p.tag} não está mais disponível no estoque de origem (situação: ${p.status}). Nada foi reservado.`);
      }
      await movePatrimony(tx, actor, p, { status: 'reservado' }, { type: 'reserva', document: doc, reason: 'Reservado para envio' });
      // Remember where it came from: a cancellation puts it back there.
      await tx.update(shipmentItems).set({ section_id: p.section_id }).where(eq(shipmentItems.id, item.id));
    } else {
      const sectionId = item.section_id!;
      const stockId = await stockOf(tx, sectionId);
      const labels = { product: refOf(refs.products, item.product_id)?.name ?? '', section: refOf(refs.sections, sectionId)?.name ?? '' };
      await takeFromBalance(tx, { organizationId: shipment.organization_id, productId: item.product_id, sectionId, stockId }, num(item.quantity), labels);
      await recordQuantityMovement(tx, actor, {
        type: 'reserva',
        organizationId: shipment.organization_id,
        productId: item.product_id,
        quantity: num(item.quantity),
        from: { stockId, sectionId },
        document: doc,
        reason: 'Reservado para envio',
      });
    }
  }
}

/** Dispatch: reserved patrimony goes `em_transito` (out of its section). */
export async function dispatchItems(tx: DbOrTx, actor: CurrentUser, shipment: ShipmentRow, items: ItemRow[]) {
  const locked = await lockItems(tx, items);
  for (const item of items) {
    if (!item.patrimony_id) continue;
    const p = locked.get(item.patrimony_id)!;
    await movePatrimony(tx, actor, p, { status: 'em_transito', section_id: null }, { type: 'transferencia', document: shipmentDoc(shipment.id), reason: 'Despachado' });
  }
}

/** Cancellation: everything goes back where it came from (reservations released, dispatched items returned). */
export async function returnItems(tx: DbOrTx, actor: CurrentUser, shipment: ShipmentRow, items: ItemRow[], reason: string) {
  const locked = await lockItems(tx, items);
  const dispatched = shipment.status === 'enviado';
  const type = dispatched ? 'devolucao' : 'liberacao';
  for (const item of items) {
    if (item.patrimony_id) {
      const p = locked.get(item.patrimony_id)!;
      await movePatrimony(tx, actor, p, { status: 'disponivel', section_id: item.section_id }, { type, document: shipmentDoc(shipment.id), reason });
    } else {
      const sectionId = item.section_id!;
      const stockId = await stockOf(tx, sectionId);
      await addToBalance(tx, { organizationId: shipment.organization_id, productId: item.product_id, sectionId, stockId }, num(item.quantity));
      await recordQuantityMovement(tx, actor, { type, organizationId: shipment.organization_id, productId: item.product_id, quantity: num(item.quantity), to: { stockId, sectionId }, document: shipmentDoc(shipment.id), reason });
    }
  }
}

/**
 * Receipt: received and damaged items enter the destination (a section, or the recipient user as
 * holder, or leave custody for an outside address); missing ones stay `em_transito`, flagged.
 */
export async function receiveItems(
  tx: DbOrTx,
  shipment: ShipmentRow,
  items: ItemRow[],
  answers: Map<number, { status: 'recebido' | 'faltando' | 'danificado'; comment?: string }>,
  receiverName: string,
) {
  const locked = await lockItems(tx, items);
  const doc = shipmentDoc(shipment.id);
  const reason = `Recebido por ${receiverName}`;
  const destSection = shipment.destination_section_id;
  const destStock = destSection ? await stockOf(tx, destSection) : null;
  for (const item of items) {
    const answer = answers.get(item.id)!;
    await tx.update(shipmentItems).set({ received_status: answer.status, comment: answer.comment ?? null }).where(eq(shipmentItems.id, item.id));
    if (answer.status === 'faltando') continue;
    const damaged = answer.status === 'danificado';
    if (item.patrimony_id) {
      const p = locked.get(item.patrimony_id)!;
      const status = damaged ? 'manutencao' : destSection ? 'disponivel' : 'em_uso';
      // Never place-less: a shipment dispatched before the traceability rule, with neither a
      // section nor a recipient user, leaves its items with the user who prepared it.
      const holder = shipment.recipient_user_id ?? shipment.created_by;
      const place = destSection ? { section_id: destSection, holder_user_id: null } : { section_id: null, holder_user_id: holder };
      await movePatrimony(tx, null, p, { status, ...place }, { type: 'transferencia', document: doc, reason: damaged ? `${reason} (danificado)` : reason }, damaged ? { condition: 'danificado' } : {});
    } else if (destSection && destStock) {
      await addToBalance(tx, { organizationId: shipment.organization_id, productId: item.product_id, sectionId: destSection, stockId: destStock }, num(item.quantity));
      await recordQuantityMovement(tx, null, { type: 'entrada', organizationId: shipment.organization_id, productId: item.product_id, quantity: num(item.quantity), to: { stockId: destStock, sectionId: destSection }, document: doc, reason });
    } else {
      await recordQuantityMovement(tx, null, { type: 'saida', organizationId: shipment.organization_id, productId: item.product_id, quantity: num(item.quantity), toHolderId: shipment.recipient_user_id, document: doc, reason });
    }
  }
}

export const newReceivingHash = () => randomBytes(32).toString('base64url');

// ------------------------------------------------------------------------------------------------
// Read shapes

async function presentItems(db: DbOrTx, items: ItemRow[]) {
  const refs = await loadRefs(db, { products: items.map((i) => i.product_id), sections: items.map((i) => i.section_id) });
  const ids = items.map((i) => i.patrimony_id).filter((x): x is number => x !== null);
  const tags = ids.length ? await db.select({ id: patrimonies.id, tag: patrimonies.tag, serial: patrimonies.serial }).from(patrimonies).where(inArray(patrimonies.id, ids)) : [];
  const byId = new Map(tags.map((t) => [t.id, t]));
  return items.map((i) => {
    const product = refs.products.get(i.product_id)!;
    return {
      id: i.id,
      patrimony: i.patrimony_id ? (byId.get(i.patrimony_id) ?? null) : null,
      product: { id: product.id, code: product.code, name: product.name, unit_of_measure: product.unit_of_measure },
      section: refOf(refs.sections, i.section_id),
      quantity: num(i.quantity),
      received_status: i.received_status,
      comment: i.comment,
    };
  });
}

async function destinationRefs(db: DbOrTx, rows: (SolicitationRow | ShipmentRow)[], extraUsers: (number | null)[] = []) {
  const [refs, cities] = await Promise.all([
    loadRefs(db, {
      stocks: rows.map((r) => r.origin_stock_id),
      units: rows.map((r) => r.destination_unit_id),
      sections: rows.map((r) => r.destination_section_id),
      users: [...rows.map((r) => r.recipient_user_id), ...extraUsers],
    }),
    presentCities(db, rows.map((r) => r.destination_city_id)),
  ]);
  const destination = (r: SolicitationRow | ShipmentRow) => ({
    origin_stock: refOf(refs.stocks, r.origin_stock_id) ?? { id: r.origin_stock_id, name: '' },
    destination_type: r.destination_type,
    destination_unit: refOf(refs.units, r.destination_unit_id),
    destination_section: refOf(refs.sections, r.destination_section_id),
    destination_address: r.destination_address,
    destination_city: r.destination_city_id ? (cities.get(r.destination_city_id) ?? null) : null,
    recipient_name: r.recipient_name,
    recipient_email: r.recipient_email,
    recipient_user: refOf(refs.users, r.recipient_user_id),
  });
  return { refs, destination };
}

export async function presentSolicitations(rows: SolicitationRow[], db: DbOrTx) {
  if (rows.length === 0) return [];
  const items = await db.select().from(shipmentItems).where(inArray(shipmentItems.solicitation_id, rows.map((r) => r.id))).orderBy(asc(shipmentItems.id));
  const presented = await presentItems(db, items);
  const { refs, destination } = await destinationRefs(db, rows, rows.flatMap((r) => [r.requester_id, r.decided_by]));
  return rows.map((r) => ({
    id: r.id,
    organization_id: r.organization_id,
    ...destination(r),
    justification: r.justification,
    wanted_date: r.wanted_date,
    status: r.status,
    refusal_reason: r.refusal_reason,
    requester: refOf(refs.users, r.requester_id),
    decided_by: refOf(refs.users, r.decided_by),
    decided_at: iso(r.decided_at),
    shipment_id: r.shipment_id,
    items: presented.filter((_, i) => items[i].solicitation_id === r.id),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

export async function presentShipments(rows: ShipmentRow[], db: DbOrTx) {
  if (rows.length === 0) return [];
  const items = await db.select().from(shipmentItems).where(inArray(shipmentItems.shipment_id, rows.map((r) => r.id))).orderBy(asc(shipmentItems.id));
  const presented = await presentItems(db, items);
  const { destination } = await destinationRefs(db, rows);
  return rows.map((r) => ({
    id: r.id,
    organization_id: r.organization_id,
    solicitation_id: r.solicitation_id,
    ...destination(r),
    carrier: r.carrier,
    tracking_code: r.tracking_code,
    invoice_number: r.invoice_number,
    volumes: r.volumes,
    weight_kg: r.weight_kg === null ? null : num(r.weight_kg),
    expected_date: r.expected_date,
    notes: r.notes,
    status: r.status,
    dispatched_at: iso(r.dispatched_at),
    received_at: iso(r.received_at),
    cancelled_at: iso(r.cancelled_at),
    receiving_expires_at: iso(r.receiving_expires_at),
    receiver_name: r.receiver_name,
    receiver_comment: r.receiver_comment,
    items: presented.filter((_, i) => items[i].shipment_id === r.id),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

export const itemsOfShipment = (db: DbOrTx, shipmentId: number) => db.select().from(shipmentItems).where(eq(shipmentItems.shipment_id, shipmentId)).orderBy(asc(shipmentItems.id));
export const itemsOfSolicitation = (db: DbOrTx, id: number) => db.select().from(shipmentItems).where(eq(shipmentItems.solicitation_id, id)).orderBy(asc(shipmentItems.id));

