import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../../core/schema';

/** An external HTTP JSON source an organization pulls records from. The token is stored encrypted (AES-256-GCM). */
export const dataSources = pgTable(
  'data_source',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    url: text().notNull(),
    method: text({ enum: ['GET', 'POST'] }).notNull().default('GET'),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    token_encrypted: text(),
    target: text({ enum: ['staging', 'site', 'network_asset'] }).notNull().default('staging'),
    items_path: text().notNull().default(''),
    key_field: text().notNull(),
    mapping: jsonb().$type<Record<string, string>>().notNull().default({}),
    schedule: text({ enum: ['manual', 'hourly', 'daily'] }).notNull().default('manual'),
    timeout_ms: integer().notNull().default(10_000),
    is_active: boolean().notNull().default(true),
    last_run_at: timestamp({ withTimezone: true }),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_source_org_idx').on(t.organization_id), index('data_source_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`)],
);

export const dataSourceRuns = pgTable(
  'data_source_run',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer().notNull(),
    data_source_id: integer()
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    status: text({ enum: ['running', 'success', 'failed'] }).notNull(),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    rejected: integer().notNull().default(0),
    log: jsonb().$type<{ row: number; reason: string }[]>().notNull().default([]),
    error: text(),
    started_by: integer(),
    started_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp({ withTimezone: true }),
  },
  (t) => [index('data_source_run_source_idx').on(t.data_source_id, t.id.desc())],
);

/** The generic staging target: imported records, one per external key, until sites and assets exist. */
export const dataSourceRecords = pgTable(
  'data_source_record',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer().notNull(),
    data_source_id: integer()
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    external_key: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('data_source_record_key_unique').on(t.data_source_id, t.external_key)],
);
