import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PatrimonyCondition, PatrimonyStatus } from '@operacoes/contract';
import { organizations, users } from '../../../core/schema';
import { products } from '../product/schema';
import { sections } from '../section/schema';
import { stocks } from '../stock/schema';

/**
 * One physical item. Its place (section, and the section's stock), holder and status change
 * only together with a movement row (see movement/service.ts). Never deleted: written off.
 */
export const patrimonies = pgTable(
  'patrimony',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    tag: text().notNull(),
    serial: text(),
    /** A network device's MAC (ONU, router), "AA:BB:CC:DD:EE:FF": typed or read from its label at installation. */
    mac: text(),
    product_id: integer()
      .notNull()
      .references(() => products.id),
    condition: text().$type<PatrimonyCondition>().notNull().default('novo'),
    status: text().$type<PatrimonyStatus>().notNull().default('disponivel'),
    stock_id: integer().references(() => stocks.id),
    section_id: integer().references(() => sections.id),
    holder_user_id: integer().references(() => users.id),
    holder_confirmed_at: timestamp({ withTimezone: true }),
    acquisition_date: date({ mode: 'string' }),
    acquisition_value: numeric({ precision: 14, scale: 2 }),
    invoice_number: text(),
    supplier: text(),
    notes: text(),
    /** Folded tag, serial, product code and name (accent- and case-insensitive search). */
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('patrimony_tag_unique').on(t.organization_id, sql`lower(${t.tag})`),
    index('patrimony_org_idx').on(t.organization_id, t.id),
    index('patrimony_org_status_idx').on(t.organization_id, t.status),
    index('patrimony_product_idx').on(t.product_id, t.status),
    // Index-only counts of a search's catalogue matches (patrimony/search.ts).
    index('patrimony_org_product_idx').on(t.organization_id, t.product_id, t.status),
    index('patrimony_stock_idx').on(t.stock_id),
    index('patrimony_section_idx').on(t.section_id),
    index('patrimony_holder_idx').on(t.holder_user_id),
    index('patrimony_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    check('patrimony_status_check', sql`${t.status} in ('disponivel', 'reservado', 'em_uso', 'em_transito', 'manutencao', 'baixado')`),
    check('patrimony_condition_check', sql`${t.condition} in ('novo', 'bom', 'regular', 'danificado', 'inservivel')`),
    check('patrimony_place_check', sql`${t.section_id} is null or ${t.holder_user_id} is null`),
  ],
);

/** Per-organization counters (patrimony tag numbers). */
export const warehouseSequences = pgTable(
  'warehouse_sequence',
  {
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    value: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.name] })],
);
