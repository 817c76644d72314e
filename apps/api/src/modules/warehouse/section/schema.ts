import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIndex, tenantColumns } from '../../../core/schema';
import { stocks } from '../stock/schema';

/** A place inside a stock (shelf, room, cabinet). */
export const sections = pgTable(
  'section',
  {
    ...tenantColumns(),
    stock_id: integer()
      .notNull()
      .references(() => stocks.id),
    name: text().notNull(),
    code: text().notNull(),
    description: text(),
    is_active: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('section_code_unique').on(t.stock_id, sql`lower(${t.code})`),
    index('section_org_idx').on(t.organization_id, t.id),
    searchIndex('section', t),
  ],
);
