import { and, asc, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { PATRIMONY_STATUS_LABELS, type SolicitationRead } from '@operacoes/contract';
import type { CurrentUser } from '../../../core/access';
import { audit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { HttpError, conflict } from '../../../core/errors';
import { preparedRead } from '../../../core/prepared';
import { fmt, iso, num, refOf, violation } from '../../../core/rows';
import { consumableBalances } from '../consumable/schema';
import { movements } from '../movement/schema';
import { type PatrimonyRow, movePatrimony, recordQuantityMovement, takeFromBalance } from '../movement/service';
import { patrimonySolicitationItems, patrimonySolicitations } from './schema';
import { patrimonies } from '../patrimony/schema';
import { products } from '../product/schema';
import { sections } from '../section/schema';
import { loadRefs, notAVan } from '../shared';
import { assertNotReservedOnSchedule, notReservedOnSchedule } from './reservations';

export type SolicitationRow = typeof patrimonySolicitations.$inferSelect;
type ItemRow = typeof patrimonySolicitationItems.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type SolicitationLine = Pick<ItemRow, 'id' | 'solicitation_id' | 'patrimony_id' | 'product_id' | 'quantity' | 'delivered_at' | 'returned_at'> & {
  tag: string | null;
  serial: string | null;
  status: PatrimonyRow['status'] | null;
};

/** The read shapes without `actions` and `steps`, which the workflow adds (routes.ts). */
export async function presentSolicitations(rows: SolicitationRow[], db: DbOrTx): Promise<Omit<SolicitationRead, 'actions' | 'steps'>[]> {
  if (rows.length === 0) return [];
  const lines = await preparedRead<SolicitationLine>(db, presentSolicitations, 'solicitation_lines', (d) =>
    d
      .select({
        id: patrimonySolicitationItems.id,
        solicitation_id: patrimonySolicitationItems.solicitation_id,
        patrimony_id: patrimonySolicitationItems.patrimony_id,
        product_id: patrimonySolicitationItems.product_id,
        quantity: patrimonySolicitationItems.quantity,
        delivered_at: patrimonySolicitationItems.delivered_at,
        returned_at: patrimonySolicitationItems.returned_at,
        tag: patrimonies.tag,
        serial: patrimonies.serial,
        status: patrimonies.status,
      })
      .from(patrimonySolicitationItems)
      .leftJoin(patrimonies, eq(patrimonies.id, patrimonySolicitationItems.patrimony_id))
      .where(sql`${patrimonySolicitationItems.solicitation_id} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(patrimonySolicitationItems.id)),
  ).execute({ ids: rows.map((r) => r.id) });
  const refs = await loadRefs(db, {
    products: lines.map((l) => l.product_id),
    stocks: rows.map((r) => r.stock_id),
    units: rows.map((r) => r.destination_unit_id),
    users: rows.flatMap((r) => [r.requester_id, r.decided_by, r.delivered_by, r.returned_by, r.cancelled_by]),
    activities: rows.map((r) => r.destination_activity_id),
    projects: rows.map((r) => r.destination_project_id),
  });
  return rows.map((r) => ({
    id: r.id,
    organization_id: r.organization_id,
    kind: r.kind,
    status: r.status,
    requester: refs.users.get(r.requester_id) ?? { id: r.requester_id, username: '', name: '' },
    reason: r.reason,
    destination_type: r.destination_type,
    destination_unit: refOf(refs.units, r.destination_unit_id),
    destination_activity: refOf(refs.activities, r.destination_activity_id),
    destination_project: refOf(refs.projects, r.destination_project_id),
    destination_note: r.destination_note,
    stock: refOf(refs.stocks, r.stock_id),
    origin_id: r.origin_id,
    items: lines
      .filter((l) => l.solicitation_id === r.id)
      .map((l) => {
        const p = refs.products.get(l.product_id)!;
        return {
          id: l.id,
          patrimony: l.patrimony_id ? { id: l.patrimony_id, tag: l.tag!, serial: l.serial, status: l.status! } : null,
          product: { id: p.id, code: p.code, name: p.name, tracking: p.tracking, unit_of_measure: p.unit_of_measure as 'un' },
          quantity: num(l.quantity),
          delivered_at: iso(l.delivered_at),
          returned_at: iso(l.returned_at),
        };
      }),
    decided_by: refOf(refs.users, r.decided_by),
    decided_at: iso(r.decided_at),
    decision_reason: r.decision_reason,
    delivered_by: refOf(refs.users, r.delivered_by),
    delivered_at: iso(r.delivered_at),
    returned_by: refOf(refs.users, r.returned_by),
    returned_at: iso(r.returned_at),
    cancelled_by: refOf(refs.users, r.cancelled_by),
    cancelled_at: iso(r.cancelled_at),
    cancel_reason: r.cancel_reason,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  }));
}

export const solicitationLink = (id: number) => `/patrimony-solicitation?id=${id}`;
const doc = (id: number) => `Solicitação #${id}`;

type LineInput = { patrimony_id: number } | { product_id: number; quantity: number };

/**
 * Reserves the items of a new retirada and writes its lines. Specific items are locked in id
 * order (no deadlock between two requests) and must be `disponivel`; "N of product P" takes N
 * available items, skipping rows another transaction holds (SKIP LOCKED), so two requests
 * never get the same item. Consumable lines reserve nothing (checked again at delivery).
 */
export async function reserveLines(tx: DbOrTx, actor: CurrentUser, s: SolicitationRow, lines: LineInput[]) {
  const specific = lines.filter((l): l is { patrimony_id: number } => 'patrimony_id' in l).map((l) => l.patrimony_id);
  if (new Set(specific).size !== specific.length) throw violation('items', 'O mesmo item aparece mais de uma vez na solicitação.');
  const chosen: PatrimonyRow[] = [];
  if (specific.length) {
    const rows = await tx
      .select()
      .from(patrimonies)
      .where(and(inArray(patrimonies.id, specific), eq(patrimonies.organization_id, s.organization_id)))
      .orderBy(asc(patrimonies.id))
      .for('update');
    if (rows.length !== specific.length) throw violation('items', 'Item de patrimônio não encontrado nesta organização.');
    for (const item of rows) {
      if (item.status !== 'disponivel') {
        throw conflict(`O item ${item.tag} não está disponível (situação: ${PATRIMONY_STATUS_LABELS[item.status].toLowerCase()}).`);
      }
      if (s.stock_id && item.stock_id !== s.stock_id) throw violation('items', `O item ${item.tag} não está no estoque escolhido.`);
    }
    const inVans = await tx
      .select({ tag: patrimonies.tag })
      .from(patrimonies)
      .where(and(inArray(patrimonies.id, specific), sql`not (${notAVan(patrimonies.section_id)})`));
    if (inVans.length) throw violation('items', `O item ${inVans[0].tag} está na van de um técnico: o que está numa van é do técnico dela.`);
    await assertNotReservedOnSchedule(tx, rows);
    chosen.push(...rows);
  }
  const consumables: { product: ProductRow; quantity: number }[] = [];
  for (const l of lines) {
    if ('patrimony_id' in l) continue;
    const [product] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, l.product_id), eq(products.organization_id, s.organization_id)));
    if (!product) throw violation('items', 'Produto não encontrado nesta organização.');
    if (product.tracking === 'consumivel') {
      const [{ total }] = await tx
        .select({ total: sql<string>`coalesce(sum(${consumableBalances.quantity}), 0)` })
        .from(consumableBalances)
        .where(and(eq(consumableBalances.product_id, product.id), s.stock_id ? eq(consumableBalances.stock_id, s.stock_id) : undefined, notAVan(consumableBalances.section_id)));
      if (num(total) < l.quantity) throw conflict(`Saldo insuficiente de "${product.name}": disponível ${fmt(num(total))}, solicitado ${fmt(l.quantity)}.`);
      consumables.push({ product, quantity: l.quantity });
      continue;
    }
    if (!Number.isInteger(l.quantity)) throw violation('items', `"${product.name}" é controlado um a um: informe uma quantidade inteira.`);
    const picked = await tx
      .select()
      .from(patrimonies)
      .where(
        and(
          eq(patrimonies.product_id, product.id),
          eq(patrimonies.status, 'disponivel'),
          notReservedOnSchedule,
          notAVan(patrimonies.section_id),
          s.stock_id ? eq(patrimonies.stock_id, s.stock_id) : undefined,
          chosen.length ? notInArray(patrimonies.id, chosen.map((c) => c.id)) : undefined,
        ),
      )
      .orderBy(asc(patrimonies.id))
      .limit(l.quantity)
      .for('update', { skipLocked: true });
    if (picked.length < l.quantity) {
      throw conflict(`Há apenas ${picked.length} item(ns) disponível(is) de "${product.name}"${s.stock_id ? ' neste estoque' : ''}; foram pedidos ${l.quantity}.`);
    }
    chosen.push(...picked);
  }
  for (const item of chosen) {
    await movePatrimony(tx, actor, item, { status: 'reservado' }, { type: 'reserva', document: doc(s.id), solicitationId: s.id, reason: s.reason });
  }
  const values = [
    ...chosen.map((item) => ({ solicitation_id: s.id, patrimony_id: item.id, product_id: item.product_id, quantity: '1' })),
    ...consumables.map((c) => ({ solicitation_id: s.id, product_id: c.product.id, quantity: String(c.quantity) })),
  ];
  if (values.length) await tx.insert(patrimonySolicitationItems).values(values);
}

/** The consumable products a request takes (for low-stock alerts at delivery). */
export async function consumableProductsOf(tx: DbOrTx, solicitationId: number): Promise<number[]> {
  const rows = await tx
    .select({ product_id: patrimonySolicitationItems.product_id })
    .from(patrimonySolicitationItems)
    .where(and(eq(patrimonySolicitationItems.solicitation_id, solicitationId), isNull(patrimonySolicitationItems.patrimony_id)));
  return [...new Set(rows.map((r) => r.product_id))];
}

async function linesOf(tx: DbOrTx, solicitationId: number): Promise<ItemRow[]> {
  return tx.select().from(patrimonySolicitationItems).where(eq(patrimonySolicitationItems.solicitation_id, solicitationId)).orderBy(asc(patrimonySolicitationItems.id));
}

async function lockItems(tx: DbOrTx, ids: number[]): Promise<PatrimonyRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(patrimonies).where(inArray(patrimonies.id, ids)).orderBy(asc(patrimonies.id)).for('update');
}

/** Refused or cancelled: the reserved items become available again. */
export async function releaseReserved(tx: DbOrTx, actor: CurrentUser, s: SolicitationRow, why: string) {
  const lines = await linesOf(tx, s.id);
  const items = await lockItems(tx, lines.map((l) => l.patrimony_id).filter((x): x is number => x !== null));
  for (const item of items) {
    if (item.status !== 'reservado') continue;
    await movePatrimony(tx, actor, item, { status: 'disponivel' }, { type: 'liberacao', document: doc(s.id), solicitationId: s.id, reason: why });
  }
}

/** Delivery: the items go to the requester (`em_uso`); consumables leave their sections. */
export async function deliverLines(tx: DbOrTx, actor: CurrentUser, s: SolicitationRow, note?: string | null) {
  const lines = await linesOf(tx, s.id);
  const items = new Map((await lockItems(tx, lines.map((l) => l.patrimony_id).filter((x): x is number => x !== null))).map((i) => [i.id, i]));
  await assertNotReservedOnSchedule(tx, [...items.values()]);
  const now = new Date();
  for (const line of lines) {
    if (line.patrimony_id) {
      const item = items.get(line.patrimony_id)!;
      if (item.status !== 'reservado') throw conflict(`O item ${item.tag} não está mais reservado para esta solicitação (situação: ${PATRIMONY_STATUS_LABELS[item.status].toLowerCase()}).`);
      await movePatrimony(tx, actor, item, { status: 'em_uso', section_id: null, holder_user_id: s.requester_id }, { type: 'saida', document: doc(s.id), solicitationId: s.id, reason: note || s.reason });
    } else {
      await deliverConsumable(tx, actor, s, line, note);
    }
  }
  await tx.update(patrimonySolicitationItems).set({ delivered_at: now }).where(eq(patrimonySolicitationItems.solicitation_id, s.id));
}

async function deliverConsumable(tx: DbOrTx, actor: CurrentUser, s: SolicitationRow, line: ItemRow, note?: string | null) {
  const [product] = await tx.select().from(products).where(eq(products.id, line.product_id));
  let left = num(line.quantity);
  const balances = await tx
    .select({ id: consumableBalances.id, section_id: consumableBalances.section_id, stock_id: consumableBalances.stock_id, quantity: consumableBalances.quantity, section: sections.name })
    .from(consumableBalances)
    .innerJoin(sections, eq(sections.id, consumableBalances.section_id))
    .where(and(eq(consumableBalances.product_id, line.product_id), gt(consumableBalances.quantity, '0'), isNull(sections.technician_id), s.stock_id ? eq(consumableBalances.stock_id, s.stock_id) : undefined))
    .orderBy(desc(consumableBalances.quantity), asc(consumableBalances.id))
    .for('update', { of: consumableBalances });
  const total = balances.reduce((n, b) => n + num(b.quantity), 0);
  if (total < left) throw conflict(`Saldo insuficiente de "${product.name}" para entregar: disponível ${fmt(total)}, solicitado ${fmt(left)}.`);
  for (const b of balances) {
    if (left <= 0) break;
    const take = Math.min(left, num(b.quantity));
    const key = { organizationId: s.organization_id, productId: line.product_id, sectionId: b.section_id, stockId: b.stock_id };
    await takeFromBalance(tx, key, take, { product: product.name, section: b.section });
    await recordQuantityMovement(tx, actor, {
      type: 'saida',
      organizationId: s.organization_id,
      productId: line.product_id,
      quantity: take,
      from: { stockId: b.stock_id, sectionId: b.section_id },
      toHolderId: s.requester_id,
      document: doc(s.id),
      solicitationId: s.id,
      reason: note || s.reason,
    });
    left = Math.round((left - take) * 1000) / 1000;
  }
}

/** The section an item left from when this request delivered it. */
async function sectionBeforeDelivery(tx: DbOrTx, patrimonyId: number): Promise<number | null> {
  const [m] = await tx
    .select({ section: movements.from_section_id })
    .from(movements)
    .where(and(eq(movements.patrimony_id, patrimonyId), eq(movements.type, 'reserva')))
    .orderBy(desc(movements.id))
    .limit(1);
  return m?.section ?? null;
}

/**
 * Receives items back: each one still `em_uso` with the requester returns to `section_id` (or
 * the section it left from) as `disponivel`. Lines of other open requests for the same items
 * (the retirada they came from, a pending devolução) are closed too.
 */
export async function returnLines(tx: DbOrTx, actor: CurrentUser, s: SolicitationRow, opts: { section_id?: number | null; condition?: string; note?: string | null }) {
  const lines = (await linesOf(tx, s.id)).filter((l) => l.patrimony_id && !l.returned_at);
  if (lines.length === 0) throw conflict(`A solicitação #${s.id} não tem itens de patrimônio a devolver (consumíveis entregues não retornam).`);
  let target: { id: number } | undefined;
  if (opts.section_id) {
    [target] = await tx
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.id, opts.section_id), eq(sections.organization_id, s.organization_id)));
    if (!target) throw violation('section_id', 'Seção não encontrada nesta organização.');
  }
  const items = await lockItems(tx, lines.map((l) => l.patrimony_id!));
  const returned: number[] = [];
  for (const item of items) {
    if (item.status !== 'em_uso' || item.holder_user_id !== s.requester_id) continue;
    const sectionId = target?.id ?? (await sectionBeforeDelivery(tx, item.id));
    if (!sectionId) throw violation('section_id', `Informe a seção para onde o item ${item.tag} volta.`);
    await movePatrimony(
      tx,
      actor,
      item,
      { status: 'disponivel', section_id: sectionId, holder_user_id: null },
      { type: 'devolucao', document: doc(s.id), solicitationId: s.id, reason: opts.note || null },
      opts.condition ? { condition: opts.condition as PatrimonyRow['condition'] } : {},
    );
    returned.push(item.id);
  }
  const now = new Date();
  await tx.update(patrimonySolicitationItems).set({ returned_at: now }).where(and(eq(patrimonySolicitationItems.solicitation_id, s.id), isNull(patrimonySolicitationItems.returned_at), sql`${patrimonySolicitationItems.patrimony_id} is not null`));
  if (returned.length) await closeOthers(tx, actor, s.id, returned, now);
  return returned;
}

/** Marks the items returned in the other open requests holding them, and closes those fully returned. */
async function closeOthers(tx: DbOrTx, actor: CurrentUser, exceptId: number, patrimonyIds: number[], now: Date) {
  const open = await tx
    .select({ id: patrimonySolicitations.id, status: patrimonySolicitations.status, organization_id: patrimonySolicitations.organization_id })
    .from(patrimonySolicitations)
    .innerJoin(patrimonySolicitationItems, eq(patrimonySolicitationItems.solicitation_id, patrimonySolicitations.id))
    .where(
      and(
        inArray(patrimonySolicitationItems.patrimony_id, patrimonyIds),
        isNull(patrimonySolicitationItems.returned_at),
        sql`${patrimonySolicitations.id} <> ${exceptId}`,
        sql`((${patrimonySolicitations.kind} = 'retirada' and ${patrimonySolicitations.status} = 'entregue') or (${patrimonySolicitations.kind} = 'devolucao' and ${patrimonySolicitations.status} = 'pendente'))`,
      ),
    );
  const byId = new Map(open.map((o) => [o.id, o]));
  const ids = [...byId.keys()];
  if (ids.length === 0) return;
  await tx
    .update(patrimonySolicitationItems)
    .set({ returned_at: now })
    .where(and(inArray(patrimonySolicitationItems.solicitation_id, ids), inArray(patrimonySolicitationItems.patrimony_id, patrimonyIds), isNull(patrimonySolicitationItems.returned_at)));
  for (const id of ids) {
    const [{ left }] = await tx
      .select({ left: sql<number>`count(*)::int` })
      .from(patrimonySolicitationItems)
      .where(and(eq(patrimonySolicitationItems.solicitation_id, id), sql`${patrimonySolicitationItems.patrimony_id} is not null`, isNull(patrimonySolicitationItems.returned_at)));
    if (left === 0) {
      await tx
        .update(patrimonySolicitations)
        .set({ status: 'devolvida', returned_by: actor.id, returned_at: now, updated_at: now })
        .where(eq(patrimonySolicitations.id, id));
      const o = byId.get(id)!;
      await audit(tx, actor, { entity: 'patrimony_solicitation', entityId: id, organizationId: o.organization_id, action: 'update', changes: { status: [o.status, 'devolvida'] } });
    }
  }
}

export function forbiddenUnless(ok: boolean, message: string) {
  if (!ok) throw new HttpError(403, message);
}
