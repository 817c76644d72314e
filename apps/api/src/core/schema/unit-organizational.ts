import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cities } from './locale';
import { organizations } from './organization';

export const unitsOrganizational = pgTable(
  'unit_organizational',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    code: text().notNull(),
    parent_id: integer().references((): AnyPgColumn => unitsOrganizational.id),
    address: text().notNull().default(''),
    zip_code: text(),
    city_id: integer().references(() => cities.id),
    /** A unit in another zone (Cuiabá) overrides its organization's; null follows the organization. */
    time_zone: text(),
    is_active: boolean().notNull().default(true),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unit_org_code_unique').on(t.organization_id, t.code),
    index('unit_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);
