import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIndex, tenantColumns, users } from '../../../core/schema';
import { stocks } from '../stock/schema';

/** A place inside a stock (shelf, room, cabinet), or a technician's van (`technician_id`: their own stock on the road). */
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
    /** The technician whose van this is (one van per technician). */
    technician_id: integer().references(() => users.id),
  },
  (t) => [
    uniqueIndex('section_code_unique').on(t.stock_id, sql`lower(${t.code})`),
    index('section_org_idx').on(t.organization_id, t.id),
    uniqueIndex('section_technician_id_unique').on(t.technician_id),
    searchIndex('section', t),
  ],
);
