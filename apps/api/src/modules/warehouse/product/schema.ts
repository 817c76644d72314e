import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ProductTracking, UnitOfMeasure } from '@operacoes/contract';
import { searchIndex, tenantColumns } from '../../../core/schema';

/** A catalogue item: tracked one by one as patrimony, or by quantity as a consumable. */
export const products = pgTable(
  'product',
  {
    ...tenantColumns(),
    code: text().notNull(),
    name: text().notNull(),
    category: text(),
    tracking: text().$type<ProductTracking>().notNull(),
    unit_of_measure: text().$type<UnitOfMeasure>().notNull().default('un'),
    manufacturer: text(),
    model: text(),
    price: numeric({ precision: 14, scale: 2 }),
    minimum_quantity: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    photo: text(),
    description: text(),
    is_active: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('product_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('product_org_idx').on(t.organization_id, t.name),
    searchIndex('product', t),
    check('product_tracking_check', sql`${t.tracking} in ('patrimonio', 'consumivel')`),
    check('product_minimum_check', sql`${t.minimum_quantity} >= 0`),
  ],
);
