import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, unitsOrganizational } from '../../../core/schema';

/** A warehouse of a unit of the organization (DESIGN §4). */
export const stocks = pgTable(
  'stock',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    unit_organizational_id: integer()
      .notNull()
      .references(() => unitsOrganizational.id),
    name: text().notNull(),
    code: text().notNull(),
    description: text(),
    address: text(),
    is_active: boolean().notNull().default(true),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('stock_unit_idx').on(t.unit_organizational_id),
    index('stock_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);
