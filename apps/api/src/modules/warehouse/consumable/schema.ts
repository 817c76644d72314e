import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../../../core/schema';
import { products } from '../product/schema';
import { sections } from '../section/schema';
import { stocks } from '../stock/schema';

/** Quantity of a consumable product in a section. Never negative (checked in code and by the database). */
export const consumableBalances = pgTable(
  'consumable_balance',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    stock_id: integer()
      .notNull()
      .references(() => stocks.id),
    section_id: integer()
      .notNull()
      .references(() => sections.id),
    product_id: integer()
      .notNull()
      .references(() => products.id),
    quantity: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consumable_balance_unique').on(t.section_id, t.product_id),
    index('consumable_balance_product_idx').on(t.product_id),
    index('consumable_balance_stock_idx').on(t.stock_id),
    index('consumable_balance_org_idx').on(t.organization_id, t.id),
    check('consumable_balance_non_negative', sql`${t.quantity} >= 0`),
  ],
);
