import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIndex, tenantColumns, unitsOrganizational } from '../../../core/schema';

/** A warehouse of a unit of the organization (DESIGN §4). */
export const stocks = pgTable(
  'stock',
  {
    ...tenantColumns(),
    unit_organizational_id: integer().notNull().references(() => unitsOrganizational.id),
    name: text().notNull(),
    code: text().notNull(),
    description: text(),
    address: text(),
    is_active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('stock_code_unique').on(t.organization_id, sql`lower(${t.code})`), index('stock_unit_idx').on(t.unit_organizational_id), searchIndex('stock', t)],
);
