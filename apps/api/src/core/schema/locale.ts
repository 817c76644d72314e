import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const countries = pgTable('country', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  iso_code: text().notNull().unique(),
  search_text: text().notNull().default(''),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const states = pgTable(
  'state',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    country_id: integer()
      .notNull()
      .references(() => countries.id),
    name: text().notNull(),
    uf: text().notNull(),
    ibge_code: integer(),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('state_country_uf_unique').on(t.country_id, t.uf)],
);

export const cities = pgTable(
  'city',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    state_id: integer()
      .notNull()
      .references(() => states.id),
    name: text().notNull(),
    ibge_code: integer().unique(),
    /** Seat of the municipality (IBGE data, migration 0011); null for cities typed by hand. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('city_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`)],
);
