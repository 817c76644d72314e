import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../core/access';
import type { DbOrTx } from '../../../core/db';
import { usersWithPermission } from '../../../core/notify';
import { fmt, num } from '../../../core/rows';
import { getOrganizationSettings } from '../../organization-settings';
import { consumableBalances } from './schema';
import { products } from '../product/schema';

/** The quantity of a consumable on hand in the whole organization. */
export async function totalOnHand(db: DbOrTx, productId: number): Promise<number> {
  const [row] = await db
    .select({ q: sql<string>`coalesce(sum(${consumableBalances.quantity}), 0)` })
    .from(consumableBalances)
    .where(eq(consumableBalances.product_id, productId));
  return num(row.q);
}

/**
 * Runs `work` (which takes from balances) and, when the organization wants low-stock alerts
 * (organization settings, warehouse), notifies the warehouse managers the moment a product
 * crosses below its minimum quantity (once per crossing). Answers the work's result and the
 * delivery to run after commit.
 */
export async function withLowStockAlert<T>(app: FastifyInstance, tx: DbOrTx, user: CurrentUser, productIds: number[], work: () => Promise<T>) {
  const before = new Map<number, number>();
  for (const id of productIds) before.set(id, await totalOnHand(tx, id));
  const result = await work();
  const deliveries: (() => Promise<void>)[] = [];
  for (const id of productIds) {
    const [product] = await tx.select().from(products).where(eq(products.id, id));
    const minimum = num(product.minimum_quantity);
    if (minimum <= 0) continue;
    const after = await totalOnHand(tx, id);
    if (!(after < minimum && before.get(id)! >= minimum)) continue;
    const settings = await getOrganizationSettings(tx, product.organization_id, 'warehouse');
    if (!settings.low_stock_alerts) continue;
    const { deliver } = await app.notifier.create(tx, await usersWithPermission(tx, product.organization_id, 'WAREHOUSE'), {
      title: `Estoque baixo: ${product.name}`,
      message: `Restam ${fmt(after)} ${product.unit_of_measure} de "${product.name}" (mínimo ${fmt(minimum)}).`,
      link: `/product/edit/${product.id}`,
      createdBy: user.id,
    });
    deliveries.push(deliver);
  }
  return {
    result,
    deliver: async () => {
      for (const d of deliveries) await d();
    },
  };
}
