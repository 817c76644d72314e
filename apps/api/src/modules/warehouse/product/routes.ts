import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SQL, and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { idParam, productInput, productListQuery, productRead, productUpdate, type ProductTracking } from '@operacoes/contract';
import { userOf } from '../../../core/access';
import { audit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { HttpError, conflict } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { findVisible, registerResource, type ResourceDef } from '../../../core/resource';
import { countWhere, iso, num, referencesMessage, targetOrganization } from '../../../core/rows';
import { saveUpload, uploadedFile } from '../../files';
import { consumableBalances } from '../consumable/schema';
import { movements } from '../movement/schema';
import { patrimonySolicitationItems } from '../patrimony-solicitation/schema';
import { patrimonies } from '../patrimony/schema';
import { products } from './schema';

type ProductRow = typeof products.$inferSelect;
type ProductInput = Partial<{
  code: string;
  name: string;
  category: string | null;
  tracking: ProductTracking;
  unit_of_measure: string;
  manufacturer: string | null;
  model: string | null;
  price: string | null;
  minimum_quantity: number;
  description: string | null;
  is_active: boolean;
  organization_id: number;
}>;

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

async function productReferences(db: DbOrTx, id: number) {
  return referencesMessage([
    [await countWhere(db, patrimonies, eq(patrimonies.product_id, id)), 'item de patrimônio', 'itens de patrimônio'],
    [await countWhere(db, consumableBalances, eq(consumableBalances.product_id, id)), 'saldo de consumível', 'saldos de consumíveis'],
    [await countWhere(db, movements, eq(movements.product_id, id)), 'movimentação', 'movimentações'],
    [await countWhere(db, patrimonySolicitationItems, eq(patrimonySolicitationItems.product_id, id)), 'item de solicitação', 'itens de solicitação'],
  ]);
}

export const productResource: ResourceDef<typeof productListQuery, typeof productInput, typeof productUpdate> = {
  entity: 'product',
  label: 'Produto',
  gender: 'm',
  path: '/product',
  table: products,
  access: { read: { read: 'PRODUCT' }, write: { write: 'PRODUCT' } },
  tenancy: 'organization',
  schemas: { read: productRead, create: productInput, update: productUpdate, query: productListQuery },
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
  async toValues(input: ProductInput, { user, tx }, existing) {
    const values: Record<string, unknown> = { ...input };
    delete values.organization_id;
    const organizationId = (existing?.organization_id as number | undefined) ?? targetOrganization(user, input.organization_id);
    if (!existing) values.organization_id = organizationId;
    if (input.minimum_quantity !== undefined) values.minimum_quantity = String(input.minimum_quantity);
    if (input.code !== undefined) {
      const [dup] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.organization_id, organizationId), sql`lower(${products.code}) = lower(${input.code})`, existing ? ne(products.id, existing.id) : undefined));
      if (dup) throw conflict(`Já existe um produto com o código "${input.code}".`);
    }
    if (existing && input.tracking !== undefined && input.tracking !== existing.tracking) {
      const refs = referencesMessage([
        [await countWhere(tx, patrimonies, eq(patrimonies.product_id, existing.id)), 'item de patrimônio', 'itens de patrimônio'],
        [await countWhere(tx, consumableBalances, eq(consumableBalances.product_id, existing.id)), 'saldo de consumível', 'saldos de consumíveis'],
      ]);
      if (refs) throw conflict(`O tipo de controle do produto não pode mudar: ele já tem ${refs}.`);
    }
    return values;
  },
  async onDelete(row, { tx }) {
    const refs = await productReferences(tx, row.id);
    if (refs) throw new HttpError(409, `O produto "${row.name}" não pode ser excluído: é referenciado por ${refs}. Desative-o em vez de excluí-lo.`);
    return undefined;
  },
};

export async function productRoutes(fastify: FastifyInstance) {
  registerResource(fastify, productResource);

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/product/:id/photo',
    {
      config: { access: { write: 'PRODUCT' } },
      schema: { tags: ['product'], params: idParam, consumes: ['multipart/form-data'], response: { 200: productRead } },
    },
    async (req) => {
      const user = userOf(req);
      const existing = await findVisible(productResource as unknown as ResourceDef, app.db, user, req.params.id);
      const file = await uploadedFile(req);
      const photo = await saveUpload(app, file, { kinds: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2 * 1024 * 1024 });
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx.update(products).set({ photo, updated_at: new Date() }).where(eq(products.id, existing.id)).returning();
        await audit(tx, user, { entity: 'product', entityId: existing.id, organizationId: updated.organization_id, action: 'update', changes: { photo: [existing.photo ?? null, photo] } });
        return updated;
      });
      return (await presentProducts([row], app.db))[0];
    },
  );
}

