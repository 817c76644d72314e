import { and, eq, gte, sql } from 'drizzle-orm';
import type { MovementType, PatrimonyStatus } from '@operacoes/contract';
import type { CurrentUser } from '../../../core/access';
import type { DbOrTx } from '../../../core/db';
import { HttpError } from '../../../core/errors';
import { fmt, num } from '../../../core/rows';
import { consumableBalances } from '../consumable/schema';
import { movements } from './schema';
import { patrimonies } from '../patrimony/schema';
import { sections } from '../section/schema';

export type PatrimonyRow = typeof patrimonies.$inferSelect;
export type MovementRow = typeof movements.$inferSelect;
export type MovementMeta = { type: MovementType; reason?: string | null; document?: string | null; solicitationId?: number | null; projectId?: number | null };
export type PatrimonyPlace = { status?: PatrimonyStatus; section_id?: number | null; holder_user_id?: number | null };

/**
 * The document of a movement caused by an invoice: "NF 123". People often type the prefix
 * themselves ("NF 123", "nf: 123", "NF-e 123"), so it is dropped before adding it once.
 */
export function invoiceDocument(invoice: string | null | undefined): string | null {
  const number = invoice?.trim().replace(/^(?:NF(?:-?e)?\b[\s:.#º°-]*)+/i, '').trim();
  return number ? `NF ${number}` : null;
}

/** A stored document as shown: invoices said once ("NF NF 123" of older rows → "NF 123"). */
export const documentText = (document: string | null): string | null => (document && /^NF(?:-?e)?\b/i.test(document) ? invoiceDocument(document) : document);

/** The stock of a section (one query); null for null. */
export async function stockOfSection(db: DbOrTx, sectionId: number | null | undefined): Promise<number | null> {
  if (!sectionId) return null;
  const [row] = await db.select({ stock_id: sections.stock_id }).from(sections).where(eq(sections.id, sectionId));
  return row?.stock_id ?? null;
}

/** The movement of a new item (from nothing to its first place, holder and status). */
export async function recordPatrimonyEntry(tx: DbOrTx, actor: CurrentUser | null, item: PatrimonyRow, meta: Omit<MovementMeta, 'type'> & { type?: MovementType }) {
  const [m] = await tx
    .insert(movements)
    .values({
      organization_id: item.organization_id,
      type: meta.type ?? 'entrada',
      product_id: item.product_id,
      patrimony_id: item.id,
      quantity: '1',
      to_stock_id: item.stock_id,
      to_section_id: item.section_id,
      to_holder_id: item.holder_user_id,
      to_status: item.status,
      user_id: actor?.id ?? null,
      reason: meta.reason ?? null,
      document: meta.document ?? null,
      solicitation_id: meta.solicitationId ?? null,
    })
    .returning();
  return m;
}

/**
 * Changes an item's place, holder or status and writes its movement, in the caller's
 * transaction. The caller has locked the row (SELECT … FOR UPDATE) and checked the transition.
 * `extra` sets other columns in the same update (condition, descriptive fields).
 */
export async function movePatrimony(
  tx: DbOrTx,
  actor: CurrentUser | null,
  item: PatrimonyRow,
  next: PatrimonyPlace,
  meta: MovementMeta,
  extra: Partial<PatrimonyRow> = {},
): Promise<PatrimonyRow> {
  const status = next.status ?? item.status;
  const sectionId = next.section_id === undefined ? item.section_id : next.section_id;
  const holderId = next.holder_user_id === undefined ? item.holder_user_id : next.holder_user_id;
  const stockId = sectionId === item.section_id ? item.stock_id : await stockOfSection(tx, sectionId);
  const holderChanged = holderId !== item.holder_user_id;
  const [updated] = await tx
    .update(patrimonies)
    .set({
      ...extra,
      status,
      section_id: sectionId,
      stock_id: stockId,
      holder_user_id: holderId,
      ...(holderChanged ? { holder_confirmed_at: null } : {}),
      updated_at: new Date(),
    })
    .where(eq(patrimonies.id, item.id))
    .returning();
  await recordTransition(tx, actor, item, updated, meta);
  return updated;
}

/** Writes the movement from `before` to `after` when the place, holder or status differ. */
export async function recordTransition(
  tx: DbOrTx,
  actor: CurrentUser | null,
  before: PatrimonyRow,
  after: Pick<PatrimonyRow, 'status' | 'section_id' | 'stock_id' | 'holder_user_id' | 'product_id'>,
  meta: MovementMeta,
) {
  if (after.status === before.status && after.section_id === before.section_id && after.holder_user_id === before.holder_user_id) return;
  await tx.insert(movements).values({
    organization_id: before.organization_id,
    type: meta.type,
    product_id: after.product_id,
    patrimony_id: before.id,
    quantity: '1',
    from_stock_id: before.stock_id,
    from_section_id: before.section_id,
    from_holder_id: before.holder_user_id,
    from_status: before.status,
    to_stock_id: after.stock_id,
    to_section_id: after.section_id,
    to_holder_id: after.holder_user_id,
    to_status: after.status,
    user_id: actor?.id ?? null,
    reason: meta.reason ?? null,
    document: meta.document ?? null,
    solicitation_id: meta.solicitationId ?? null,
  });
}

type BalanceKey = { organizationId: number; productId: number; sectionId: number; stockId: number };

/** Adds to a balance (creating it at zero when new); answers the new quantity. */
export async function addToBalance(tx: DbOrTx, k: BalanceKey, quantity: number): Promise<number> {
  const [row] = await tx
    .insert(consumableBalances)
    .values({ organization_id: k.organizationId, product_id: k.productId, section_id: k.sectionId, stock_id: k.stockId, quantity: String(quantity) })
    .onConflictDoUpdate({
      target: [consumableBalances.section_id, consumableBalances.product_id],
      set: { quantity: sql`${consumableBalances.quantity} + excluded.quantity`, updated_at: new Date() },
    })
    .returning({ quantity: consumableBalances.quantity });
  return num(row.quantity);
}

/**
 * Takes from a balance with a conditional update (safe under concurrency: two takes cannot both
 * pass the check); 409 with the available quantity when it would go negative.
 */
export async function takeFromBalance(tx: DbOrTx, k: BalanceKey, quantity: number, labels: { product: string; section: string }): Promise<number> {
  const [row] = await tx
    .update(consumableBalances)
    .set({ quantity: sql`${consumableBalances.quantity} - ${String(quantity)}::numeric`, updated_at: new Date() })
    .where(and(eq(consumableBalances.section_id, k.sectionId), eq(consumableBalances.product_id, k.productId), gte(consumableBalances.quantity, String(quantity))))
    .returning({ quantity: consumableBalances.quantity });
  if (row) return num(row.quantity);
  const [current] = await tx
    .select({ quantity: consumableBalances.quantity })
    .from(consumableBalances)
    .where(and(eq(consumableBalances.section_id, k.sectionId), eq(consumableBalances.product_id, k.productId)));
  throw new HttpError(
    409,
    `Saldo insuficiente de "${labels.product}" na seção "${labels.section}": disponível ${fmt(num(current?.quantity))}, solicitado ${fmt(quantity)}. O saldo não pode ficar negativo.`,
  );
}

/** Writes a consumable movement. */
export async function recordQuantityMovement(
  tx: DbOrTx,
  actor: CurrentUser | null,
  m: MovementMeta & {
    organizationId: number;
    productId: number;
    quantity: number;
    from?: { stockId: number; sectionId: number } | null;
    to?: { stockId: number; sectionId: number } | null;
    toHolderId?: number | null;
    fromHolderId?: number | null;
  },
): Promise<MovementRow> {
  const [row] = await tx
    .insert(movements)
    .values({
      organization_id: m.organizationId,
      type: m.type,
      product_id: m.productId,
      quantity: String(m.quantity),
      from_stock_id: m.from?.stockId ?? null,
      from_section_id: m.from?.sectionId ?? null,
      to_stock_id: m.to?.stockId ?? null,
      to_section_id: m.to?.sectionId ?? null,
      from_holder_id: m.fromHolderId ?? null,
      to_holder_id: m.toHolderId ?? null,
      user_id: actor?.id ?? null,
      reason: m.reason ?? null,
      document: m.document ?? null,
      solicitation_id: m.solicitationId ?? null,
      project_id: m.projectId ?? null,
    })
    .returning();
  return row;
}
