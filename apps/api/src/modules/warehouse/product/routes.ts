import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { idParam, productRead, productResource } from '@operacoes/contract';
import { userOf } from '../../../core/access';
import { audit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { conflict } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { findVisible } from '../../../core/resource';
import { type Guard, defineApiResource, referencesOf } from '../../../core/resource-kit';
import { saveUpload, uploadedFile } from '../../files';
import { consumableBalances } from '../consumable/schema';
import { movements } from '../movement/schema';
import { patrimonies } from '../patrimony/schema';
import { patrimonySolicitationItems } from '../patrimony-solicitation/schema';
import { iso, num } from '../../../core/rows';
import { products } from './schema';

type ProductRow = typeof products.$inferSelect;

/** What a product has on hand: its tracking cannot change while it has any. */
const stock: Guard[] = [
  [patrimonies, patrimonies.product_id, 'item de patrimônio', 'itens de patrimônio'],
  [consumableBalances, consumableBalances.product_id, 'saldo de consumível', 'saldos de consumíveis'],
];

/** What is on hand: the sum of balances (consumable) or the items `disponivel` (patrimony). */
export const availableQuantity = sql<string>`(case when ${products.tracking} = 'consumivel'
  then coalesce((select sum(b.quantity) from consumable_balance b where b.product_id = ${products.id}), 0)
  else (select count(*) from patrimony p where p.product_id = ${products.id} and p.status = 'disponivel') end)`;
export const belowMinimum: SQL = sql`(${products.minimum_quantity} > 0 and ${availableQuantity} < ${products.minimum_quantity})`;

export async function presentProducts(rows: ProductRow[], db: DbOrTx) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [balances, counts] = await Promise.all([
    db
      .select({ product_id: consumableBalances.product_id, q: sql<string>`sum(${consumableBalances.quantity})` })
      .from(consumableBalances)
      .where(inArray(consumableBalances.product_id, ids))
      .groupBy(consumableBalances.product_id),
    db
      .select({ product_id: patrimonies.product_id, q: sql<number>`count(*)::int` })
      .from(patrimonies)
      .where(and(inArray(patrimonies.product_id, ids), eq(patrimonies.status, 'disponivel')))
      .groupBy(patrimonies.product_id),
  ]);
  const consumable = new Map(balances.map((b) => [b.product_id, num(b.q)]));
  const items = new Map(counts.map((c) => [c.product_id, c.q]));
  return rows.map((r) => {
    const available = r.tracking === 'consumivel' ? (consumable.get(r.id) ?? 0) : (items.get(r.id) ?? 0);
    const minimum = num(r.minimum_quantity);
    return {
      id: r.id,
      organization_id: r.organization_id,
      code: r.code,
      name: r.name,
      category: r.category,
      tracking: r.tracking,
      unit_of_measure: r.unit_of_measure,
      manufacturer: r.manufacturer,
      model: r.model,
      price: r.price,
      minimum_quantity: minimum,
      available_quantity: available,
      below_minimum: minimum > 0 && available < minimum,
      photo: r.photo,
      description: r.description,
      is_active: r.is_active,
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    };
  });
}

export async function productRoutes(fastify: FastifyInstance) {
  const productDef = defineApiResource(fastify, productResource, {
    table: products,
    sortable: {
      id: products.id,
      code: products.code,
      name: products.name,
      category: products.category,
      tracking: products.tracking,
      price: products.price,
      minimum_quantity: products.minimum_quantity,
      is_active: products.is_active,
      created_at: products.created_at,
    },
    defaultSort: [asc(products.name), asc(products.id)],
    filters: (q) => [
      q.tracking ? eq(products.tracking, q.tracking) : undefined,
      q.category ? sql`lower(${products.category}) = lower(${q.category})` : undefined,
      q.belowMinimum ? belowMinimum : undefined,
      q.isActive ? eq(products.is_active, true) : undefined,
    ],
    searchOf: (r) => searchText(r.code as string, r.name as string, r.category as string, r.manufacturer as string, r.model as string),
    present: (rows, db) => presentProducts(rows as ProductRow[], db),
    unique: { code: 'o código' },
    guardDelete: [
      ...stock,
      [movements, movements.product_id, 'movimentação', 'movimentações'],
      [patrimonySolicitationItems, patrimonySolicitationItems.product_id, 'item de solicitação', 'itens de solicitação'],
    ],
    async toValues(values, { tx }, existing) {
      if (values.minimum_quantity !== undefined) values.minimum_quantity = String(values.minimum_quantity);
      const held = existing && values.tracking !== undefined && values.tracking !== existing.tracking ? await referencesOf(tx, stock, existing.id) : undefined;
      if (held) throw conflict(`O tipo de controle do produto não pode mudar: ele já tem ${held}.`);
      return values;
    },
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/product/:id/photo',
    {
      config: { access: { write: 'PRODUCT' } },
      schema: { tags: ['product'], params: idParam, consumes: ['multipart/form-data'], response: { 200: productRead } },
    },
    async (req) => {
      const user = userOf(req);
      const existing = await findVisible(productDef, app.db, user, req.params.id);
      const file = await uploadedFile(req);
      const photo = await saveUpload(app, file, { kinds: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2 * 1024 * 1024, image: 'photo', organizationId: existing.organization_id as number });
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx.update(products).set({ photo, updated_at: new Date() }).where(eq(products.id, existing.id)).returning();
        await audit(tx, user, { entity: 'product', entityId: existing.id, organizationId: updated.organization_id, action: 'update', changes: { photo: [existing.photo ?? null, photo] } });
        return updated;
      });
      return (await presentProducts([row], app.db))[0];
    },
  );
}

