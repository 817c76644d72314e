import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, doublePrecision, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ClientDecision, UnitCalculation, ViabilityMedium, ViabilityStatus, ViabilityVerdict } from '@operacoes/contract';
import { cities, organizations, recordColumns, searchIndex, tenantColumns, unitsOrganizational, users } from '../../core/schema';
import { externalActivities } from '../external-activity';
import { sites, svcs } from '../network';

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
    /*
     * The medium's own rules, per template; null takes the organization's default (settings ›
     * viabilidade). Fibre: max distance from a POP for a new build, route factor, price per metre
     * beyond it, and the drop's reach from a CTO. Radio: the link's reach in a straight line.
     */
    max_distance_m: integer(),
    route_factor: doublePrecision(),
    price_per_meter: numeric({ precision: 14, scale: 2 }),
    drop_reach_m: integer(),
    link_range_m: integer(),
  },
  (t) => [
    uniqueIndex('viability_unit_template_name_unique').on(t.organization_id, sql`lower(${t.name})`),
    index('viability_unit_template_org_idx').on(t.organization_id, t.id),
    searchIndex('viability_unit_template', t),
    check('viability_unit_template_medium_check', sql`${t.medium} in ('fibra_propria', 'radio', 'circuito_terceiro')`),
  ],
);

/** What the organization sells: a plan's monthly fee, installation fee and term make a proposal's price. */
export const viabilityPlans = pgTable(
  'viability_plan',
  {
    ...tenantColumns(),
    name: text().notNull(),
    medium: text().$type<ViabilityMedium>().notNull(),
    bandwidth_mbps: integer().notNull(),
    monthly_fee: numeric({ precision: 14, scale: 2 }).notNull(),
    installation_fee: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    contract_months: integer().notNull(),
    active: boolean().notNull().default(true),
    notes: text(),
  },
  (t) => [
    uniqueIndex('viability_plan_name_unique').on(t.organization_id, sql`lower(${t.name})`),
    index('viability_plan_org_idx').on(t.organization_id, t.id),
    searchIndex('viability_plan', t),
    check('viability_plan_medium_check', sql`${t.medium} in ('fibra_propria', 'radio', 'circuito_terceiro')`),
    check('viability_plan_contract_months_check', sql`${t.contract_months} between 1 and 120`),
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
    /** The organizational unit (branch) that studies it: unit-scoped permissions reach it through this. */
    unit_organizational_id: integer().references((): AnyPgColumn => unitsOrganizational.id),
  },
  (t) => [
    uniqueIndex('viability_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('viability_org_idx').on(t.organization_id, t.id),
    index('viability_seller_idx').on(t.seller_id),
    index('viability_org_unit_idx').on(t.organization_id, t.unit_organizational_id, t.id),
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
    /** The plan sold here; a custom monthly fee (with its reason) overrides the plan's fee. */
    plan_id: integer().references((): AnyPgColumn => viabilityPlans.id),
    custom_monthly_fee: numeric({ precision: 14, scale: 2 }),
    custom_fee_reason: text(),
    /** Radio: a site survey confirmed the line of sight (until then the proposal says "sujeito a visada"). */
    line_of_sight_confirmed: boolean().notNull().default(false),
    line_of_sight_confirmed_at: timestamp({ withTimezone: true }),
    line_of_sight_confirmed_by: integer().references((): AnyPgColumn => users.id),
    /** Third-party circuit: the carrier's quote, whose costs enter the price. */
    carrier: text(),
    carrier_quote: text(),
    carrier_monthly_cost: numeric({ precision: 14, scale: 2 }),
    carrier_installation_cost: numeric({ precision: 14, scale: 2 }),
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
    /** Set when the client's accept lost the CTO's last port: the proposal is being redone (the seller recalculates). */
    redo_reason: text(),
  },
  (t) => [
    index('viability_unit_viability_idx').on(t.viability_id, t.id),
    index('viability_unit_org_idx').on(t.organization_id, t.id),
    index('viability_unit_template_idx').on(t.template_id),
    index('viability_unit_plan_idx').on(t.plan_id),
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

/**
 * A CTO's port in use: by a client's service (an SVC that is not cancelled) or reserved by a
 * unit whose proposal was accepted. One row per port (the unique index is what makes two
 * accepts racing for the last port end with one winner) and at most one port per unit.
 */
export const ctoPorts = pgTable(
  'cto_port',
  {
    ...recordColumns(),
    organization_id: integer()
      .notNull()
      .references((): AnyPgColumn => organizations.id),
    site_id: integer()
      .notNull()
      .references((): AnyPgColumn => sites.id, { onDelete: 'cascade' }),
    port: integer().notNull(),
    svc_id: integer().references((): AnyPgColumn => svcs.id, { onDelete: 'cascade' }),
    unit_id: integer().references((): AnyPgColumn => viabilityUnits.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('cto_port_unique').on(t.site_id, t.port),
    uniqueIndex('cto_port_unit_unique').on(t.unit_id),
    index('cto_port_svc_idx').on(t.svc_id),
    check('cto_port_port_check', sql`${t.port} between 1 and 256`),
    check('cto_port_holder_check', sql`(${t.svc_id} is null) <> (${t.unit_id} is null)`),
  ],
);
