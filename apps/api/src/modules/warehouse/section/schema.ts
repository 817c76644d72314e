import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../../../core/schema';
import { stocks } from '../stock/schema';

/** A place inside a stock (shelf, room, cabinet). */
export const sections = pgTable(
  'section',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    stock_id: integer()
      .notNull()
      .references(() => stocks.id),
    name: text().notNull(),
    code: text().notNull(),
    description: text(),
    is_active: boolean().notNull().default(true),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('section_code_unique').on(t.stock_id, sql`lower(${t.code})`),
    index('section_org_idx').on(t.organization_id, t.id),
    index('section_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);
