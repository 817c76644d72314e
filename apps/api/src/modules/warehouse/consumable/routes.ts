import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type SQL, and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  type BalanceRead,
  balanceListQuery,
  balanceRead,
  consumableAdjustment,
  consumableEntry,
  consumableResult,
  consumableTransfer,
  consumableWriteOff,
  idParam,
  listOf,
  stockResource,
} from '@operacoes/contract';
import { type CurrentUser, unitScopeOf, userOf } from '../../../core/access';
import { afterCommit } from '../../../core/after-commit';
import type { DbOrTx, Tx } from '../../../core/db';
import { searchCondition } from '../../../core/list';
import { findVisible } from '../../../core/resource';
import { listPage } from '../../../core/resource-kit';
import { fmt, iso, num, referenced, violation } from '../../../core/rows';
import { brl } from '../../../core/money';
import { withLowStockAlert } from './alerts';
import { consumableBalances } from './schema';
import { presentMovements } from '../movement/present';
import { type MovementRow, addToBalance, invoiceDocument, recordQuantityMovement, takeFromBalance } from '../movement/service';
import { products } from '../product/schema';
import { sections } from '../section/schema';
import { loadRefs, refuseSectionOutOfScope, stocksOfUnits } from '../shared';
import { stocks } from '../stock/schema';

type BalanceRow = typeof consumableBalances.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type SectionRow = typeof sections.$inferSelect;

export async function presentBalances(rows: BalanceRow[], db: DbOrTx): Promise<BalanceRead[]> {
  const refs = await loadRefs(db, { products: rows.map((r) => r.product_id), sections: rows.map((r) => r.section_id), stocks: rows.map((r) => r.stock_id) });
  return rows.map((r) => {
    const p = refs.products.get(r.product_id)!;
    return {
      id: r.id,
      product: { id: p.id, code: p.code, name: p.name, unit_of_measure: p.unit_of_measure as BalanceRead['product']['unit_of_measure'], minimum_quantity: p.minimum_quantity },
      stock: refs.stocks.get(r.stock_id)!,
      section: refs.sections.get(r.section_id)!,
      quantity: num(r.quantity),
      updated_at: iso(r.updated_at)!,
    };
  });
}

async function consumableProduct(tx: DbOrTx, user: CurrentUser, id: number): Promise<ProductRow> {
  const product = await referenced<ProductRow>(tx, products, id, user.superAdmin ? null : user.organizationId, 'product_id', { label: 'Produto', gender: 'm' });
  if (product.tracking !== 'consumivel') {
    throw violation('product_id', `O produto "${product.name}" é controlado como patrimônio (um a um): cadastre os itens em Patrimônio.`);
  }
  return product;
}

/** A section of the product's organization, and of the user's units when their STOCK permission is scoped. */
async function sectionOf(tx: DbOrTx, user: CurrentUser, id: number, organizationId: number, field: string) {
  const section = await referenced<SectionRow>(tx, sections, id, organizationId, field, { label: 'Seção', gender: 'f' });
  await refuseSectionOutOfScope(tx, user, 'STOCK', section, field);
  return section;
}
const keyOf = (product: ProductRow, section: SectionRow) => ({ organizationId: product.organization_id, productId: product.id, sectionId: section.id, stockId: section.stock_id });
const place = (section: SectionRow) => ({ stockId: section.stock_id, sectionId: section.id });

async function balancesAt(db: DbOrTx, productId: number, sectionIds: number[]) {
  const rows = await db
    .select()
    .from(consumableBalances)
    .where(and(eq(consumableBalances.product_id, productId), inArray(consumableBalances.section_id, sectionIds)));
  return presentBalances(rows, db);
}

/** A STOCK permission scoped to units: the balances of their stocks only. */
function scopedStock(user: CurrentUser): SQL | undefined {
  const units = unitScopeOf(user, 'STOCK');
  return units ? sql`${consumableBalances.stock_id} in ${stocksOfUnits(units)}` : undefined;
}

/** Balances of consumables per section, and the operations that change them (each one a movement). */
export async function consumableRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['consumable'];
  const stockDef = { ...stockResource, table: stocks };

  async function listBalances(user: CurrentUser, q: typeof balanceListQuery._output, extra?: SQL) {
    const where = and(
      user.superAdmin ? undefined : eq(consumableBalances.organization_id, user.organizationId),
      q.stock ? eq(consumableBalances.stock_id, q.stock) : undefined,
      q.section ? eq(consumableBalances.section_id, q.section) : undefined,
      q.product ? eq(consumableBalances.product_id, q.product) : undefined,
      q.positive ? gt(consumableBalances.quantity, '0') : undefined,
      scopedStock(user),
      q.search ? inArray(consumableBalances.product_id, app.db.select({ id: products.id }).from(products).where(searchOnProducts(q.search))) : undefined,
      extra,
    );
    const sortable = { id: consumableBalances.id, quantity: consumableBalances.quantity, updated_at: consumableBalances.updated_at };
    return listPage(app.db, { table: consumableBalances, where, query: q, sortable, defaultSort: [asc(consumableBalances.id)] }, (rows: (typeof consumableBalances.$inferSelect)[]) =>
      presentBalances(rows, app.db),
    );
  }

  app.get(
    '/consumable/balances',
    { config: { access: { read: 'STOCK' } }, schema: { tags, querystring: balanceListQuery, response: { 200: listOf(balanceRead) }, description: 'Saldos de consumíveis por seção. Filtros: stock, section, product, positive, search (produto).' } },
    async (req) => listBalances(userOf(req), req.query),
  );

  app.get(
    '/stock/:id/balances',
    { config: { access: { read: 'STOCK' } }, schema: { tags: ['stock'], params: idParam, querystring: balanceListQuery.omit({ stock: true }), response: { 200: listOf(balanceRead) }, description: 'Saldos de consumíveis das seções de um estoque.' } },
    async (req) => {
      const user = userOf(req);
      const stock = await findVisible(stockDef, app.db, user, req.params.id);
      return listBalances(user, { ...req.query, stock: stock.id });
    },
  );

  const reply = async (db: DbOrTx, movements: MovementRow[], productId: number, sectionIds: number[]) => ({
    movements: await presentMovements(movements, db),
    balances: await balancesAt(db, productId, sectionIds),
  });

  /** One consumable operation: `POST /consumable/<verb>` (STOCK) in one transaction, answering 201 with its movements and balances. */
  function operation<B extends z.ZodType>(verb: string, body: B, description: string, run: (tx: Tx, user: CurrentUser, b: z.infer<B>) => Promise<z.infer<typeof consumableResult>>) {
    app.post(`/consumable/${verb}`, { config: { access: { write: 'STOCK' } }, schema: { tags, body, response: { 201: consumableResult }, description } }, async (req, res) => {
      const user = userOf(req);
      const out = await app.db.transaction((tx) => run(tx, user, req.body as z.infer<B>));
      res.status(201);
      return out;
    });
  }

  operation('entry', consumableEntry, 'Entrada (recebimento com nota fiscal): soma ao saldo da seção.', async (tx, user, b) => {
      const product = await consumableProduct(tx, user, b.product_id);
      const section = await sectionOf(tx, user, b.section_id, product.organization_id, 'section_id');
      await addToBalance(tx, keyOf(product, section), b.quantity);
      const reason = [b.reason, b.supplier ? `Fornecedor: ${b.supplier}` : null, b.unit_price ? `Preço unitário: ${brl(b.unit_price)}` : null].filter(Boolean).join(' · ') || null;
      const m = await recordQuantityMovement(tx, user, {
        type: 'entrada',
        organizationId: product.organization_id,
        productId: product.id,
        quantity: b.quantity,
        to: place(section),
        reason,
        document: invoiceDocument(b.invoice_number),
      });
      return reply(tx, [m], product.id, [section.id]);
  });

  operation('transfer', consumableTransfer, 'Transferência entre seções (do mesmo ou de outro estoque). 409 se o saldo de origem não bastar.', async (tx, user, b) => {
      const product = await consumableProduct(tx, user, b.product_id);
      const from = await sectionOf(tx, user, b.from_section_id, product.organization_id, 'from_section_id');
      const to = await sectionOf(tx, user, b.to_section_id, product.organization_id, 'to_section_id');
      await takeFromBalance(tx, keyOf(product, from), b.quantity, { product: product.name, section: from.name });
      await addToBalance(tx, keyOf(product, to), b.quantity);
      const m = await recordQuantityMovement(tx, user, {
        type: 'transferencia',
        organizationId: product.organization_id,
        productId: product.id,
        quantity: b.quantity,
        from: place(from),
        to: place(to),
        reason: b.reason ?? null,
      });
      return reply(tx, [m], product.id, [from.id, to.id]);
  });

  operation('adjustment', consumableAdjustment, 'Ajuste de inventário: o saldo passa a ser a quantidade contada; o motivo é obrigatório.', async (tx, user, b) => {
      const product = await consumableProduct(tx, user, b.product_id);
      const section = await sectionOf(tx, user, b.section_id, product.organization_id, 'section_id');
      // Lock the balance (creating it at zero) so the count and the change see the same value.
      await addToBalance(tx, keyOf(product, section), 0);
      const [current] = await tx
        .select({ quantity: consumableBalances.quantity })
        .from(consumableBalances)
        .where(and(eq(consumableBalances.section_id, section.id), eq(consumableBalances.product_id, product.id)))
        .for('update');
      const before = num(current.quantity);
      const delta = Math.round((b.counted_quantity - before) * 1000) / 1000;
      if (delta === 0) throw violation('counted_quantity', `A quantidade contada é igual ao saldo atual (${fmt(before)}); nada a ajustar.`);
      const key = keyOf(product, section);
      if (delta > 0) await addToBalance(tx, key, delta);
      else afterCommit(user, (await withLowStockAlert(app, tx, user, [product.id], () => takeFromBalance(tx, key, -delta, { product: product.name, section: section.name }))).deliver);
      const m = await recordQuantityMovement(tx, user, {
        type: 'ajuste',
        organizationId: product.organization_id,
        productId: product.id,
        quantity: Math.abs(delta),
        ...(delta > 0 ? { to: place(section) } : { from: place(section) }),
        reason: `${b.reason} (saldo ${fmt(before)} → ${fmt(b.counted_quantity)})`,
      });
      return reply(tx, [m], product.id, [section.id]);
  });

  operation('write-off', consumableWriteOff, 'Baixa (perda, avaria, consumo): subtrai do saldo; o motivo é obrigatório; 409 se o saldo não bastar.', async (tx, user, b) => {
      const product = await consumableProduct(tx, user, b.product_id);
      const section = await sectionOf(tx, user, b.section_id, product.organization_id, 'section_id');
      if (b.project_id) {
        // The project module owns the table (it builds on the warehouse, not the reverse): read by SQL, no import.
        const [project] = (await tx.execute(sql`select id from project where id = ${b.project_id} and organization_id = ${product.organization_id}`)).rows;
        if (!project) throw violation('project_id', 'Projeto não encontrado nesta organização.');
      }
      const { deliver } = await withLowStockAlert(app, tx, user, [product.id], () => takeFromBalance(tx, keyOf(product, section), b.quantity, { product: product.name, section: section.name }));
      afterCommit(user, deliver);
      const m = await recordQuantityMovement(tx, user, {
        type: 'baixa',
        organizationId: product.organization_id,
        productId: product.id,
        quantity: b.quantity,
        from: place(section),
        reason: b.reason,
        projectId: b.project_id ?? null,
      });
      return reply(tx, [m], product.id, [section.id]);
  });
}

const searchOnProducts = (term: string) => searchCondition(products.search_text, term);
