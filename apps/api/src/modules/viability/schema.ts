import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, doublePrecision, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ClientDecision, UnitCalculation, ViabilityMedium, ViabilityStatus, ViabilityVerdict } from '@operacoes/contract';
import { cities, organizations, recordColumns, searchIndex, tenantColumns, users } from '../../core/schema';
import { externalActivities } from '../external-activity';

/** A bill-of-materials line as stored in the template (prices come from the catalogue when calculating). */
export type TemplateItem = { product_id: number; quantity: number; per_meter: boolean };

/** A named way of serving a client: materials (fixed or per metre), labour and a monthly cost. */
export const viabilityTemplates = pgTable(
  'viability_unit_template',
  {
    ...tenantColumns(),
    name: text().notNull(),
    medium: text().$type<ViabilityMedium>().notNull(),
    items: jsonb().$type<TemplateItem[]>().notNull().default([]),
    labour_cost: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    labour_per_meter: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    monthly_cost: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    active: boolean().notNull().default(true),
    notes: text(),
  },
  (t) => [
    uniqueIndex('viability_unit_template_name_unique').on(t.organization_id, sql`lower(${t.name})`),
    index('viability_unit_template_org_idx').on(t.organization_id, t.id),
    searchIndex('viability_unit_template', t),
    check('viability_unit_template_medium_check', sql`${t.medium} in ('fibra_propria', 'radio', 'circuito_terceiro')`),
  ],
);

/** Per-organization counter of viability codes (`VIA-000123`). */
export const viabilityCounters = pgTable('viability_counter', {
  organization_id: integer()
    .primaryKey()
    .references((): AnyPgColumn => organizations.id),
  last: integer().notNull(),
});

/** A client's request for service at one or more addresses. */
export const viabilities = pgTable(
  'viability',
  {
    ...tenantColumns(),
    code: text().notNull(),
    client_name: text().notNull(),
    client_document: text().notNull(),
    contact_name: text(),
    contact_phone: text(),
    contact_email: text(),
    service_type: text().notNull(),
    bandwidth_mbps: integer().notNull(),
    seller_id: integer()
      .notNull()
      .references((): AnyPgColumn => users.id),
    status: text().$type<ViabilityStatus>().notNull().default('aberta'),
    notes: text(),
  },
  (t) => [
    uniqueIndex('viability_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('viability_org_idx').on(t.organization_id, t.id),
    index('viability_seller_idx').on(t.seller_id),
    searchIndex('viability', t),
    check('viability_status_check', sql`${t.status} in ('aberta', 'em_analise', 'concluida', 'cancelada')`),
  ],
);

/**
 * One client address of a viability, with its current calculation kept whole (prices as they
 * were): a later price change does not rewrite a sent proposal; "recalcular" writes a new version.
 */
export const viabilityUnits = pgTable(
  'viability_unit',
  {
    ...tenantColumns(),
    viability_id: integer()
      .notNull()
      .references((): AnyPgColumn => viabilities.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text().notNull(),
    city_id: integer().references((): AnyPgColumn => cities.id),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    template_id: integer()
      .notNull()
      .references((): AnyPgColumn => viabilityTemplates.id),
    notes: text(),
    verdict: text().$type<ViabilityVerdict>().notNull(),
    total_cost: numeric({ precision: 14, scale: 2 }).notNull(),
    price: numeric({ precision: 14, scale: 2 }).notNull(),
    calculation: jsonb().$type<UnitCalculation>().notNull(),
    /** The public proposal link: 32 random bytes, base64url; null when revoked. */
    public_hash: text(),
    decision: text().$type<ClientDecision>(),
    decision_name: text(),
    decision_comment: text(),
    decided_at: timestamp({ withTimezone: true }),
    /** Set when approval starts (the claim that lets one approval win), then `activity_id` once the work order exists. */
    approved_at: timestamp({ withTimezone: true }),
    approved_by: integer().references((): AnyPgColumn => users.id),
    activity_id: integer().references((): AnyPgColumn => externalActivities.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('viability_unit_viability_idx').on(t.viability_id, t.id),
    index('viability_unit_org_idx').on(t.organization_id, t.id),
    index('viability_unit_template_idx').on(t.template_id),
    uniqueIndex('viability_unit_public_hash_unique').on(t.public_hash),
    searchIndex('viability_unit', t),
    check('viability_unit_verdict_check', sql`${t.verdict} in ('viavel', 'viavel_com_custo', 'inviavel')`),
    check('viability_unit_decision_check', sql`${t.decision} is null or ${t.decision} in ('aceita', 'recusada')`),
  ],
);

/** Every calculation a unit had (the current one included), newest with the highest version. */
export const viabilityUnitVersions = pgTable(
  'viability_unit_version',
  {
    ...recordColumns(),
    unit_id: integer()
      .notNull()
      .references((): AnyPgColumn => viabilityUnits.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    calculation: jsonb().$type<UnitCalculation>().notNull(),
  },
  (t) => [uniqueIndex('viability_unit_version_unique').on(t.unit_id, t.version)],
);
