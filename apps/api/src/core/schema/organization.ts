import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '@operacoes/contract';
import { cities } from './locale';

export const organizations = pgTable(
  'organization',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    fantasy_name: text().notNull(),
    legal_name: text().notNull().default(''),
    cnpj: text(),
    email: text(),
    phone: text(),
    address: text().notNull().default(''),
    zip_code: text(),
    city_id: integer().references(() => cities.id),
    logo: text(),
    is_platform: boolean().notNull().default(false),
    is_active: boolean().notNull().default(true),
    /** IANA zone of the operator's local clock (screens, reports, SLA months, calendars); storage stays UTC. */
    time_zone: text().notNull().default(DEFAULT_TIME_ZONE),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organization_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    uniqueIndex('organization_cnpj_unique').on(t.cnpj),
  ],
);
