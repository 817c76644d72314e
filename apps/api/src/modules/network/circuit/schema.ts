import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CircuitContact, CircuitStatus, CircuitType, Responsibility } from '@operacoes/contract';
import { indexesOn, searchIndex, tenantColumns } from '../../../core/schema';
import { sites } from '../site/schema';

/** A circuit leased from a carrier: its ends, contract, cost and SLA. */
export const circuits = pgTable(
  'circuit',
  {
    ...tenantColumns(),
    carrier: text().notNull(),
    designation: text().notNull(),
    type: text().$type<CircuitType>().notNull(),
    bandwidth_mbps: integer().notNull(),
    site_a_id: integer()
      .notNull()
      .references((): AnyPgColumn => sites.id),
    site_b_id: integer().references((): AnyPgColumn => sites.id),
    monthly_cost: numeric({ precision: 14, scale: 2 }).notNull(),
    installed_on: date({ mode: 'string' }),
    contract_ends_on: date({ mode: 'string' }),
    sla_percent: numeric({ precision: 6, scale: 3 }).notNull(),
    credit_factor: numeric({ precision: 8, scale: 4 }).notNull().default('1'),
    status: text().$type<CircuitStatus>().notNull().default('ativo'),
    /** The contract PDF's URL (`/api/files/…`), uploaded apart. */
    contract_file: text(),
    support_contacts: jsonb().$type<CircuitContact[]>().notNull().default([]),
    notes: text(),
  },
  (t) => [
    // The carrier's designation is unique per carrier in the organization.
    uniqueIndex('circuit_designation_unique').on(t.organization_id, sql`lower(${t.carrier})`, sql`lower(${t.designation})`),
    ...indexesOn('circuit', { org: [t.organization_id, t.id], org_carrier: [t.organization_id, t.carrier], site_a: [t.site_a_id], site_b: [t.site_b_id], contract_ends: [t.contract_ends_on] }),
    searchIndex('circuit', t),
    check('circuit_type_check', sql`${t.type} in ('link_dedicado', 'mpls', 'l2l', 'ip_transito', 'fibra_apagada', 'lan_to_lan', 'outro')`),
    check('circuit_status_check', sql`${t.status} in ('em_ativacao', 'ativo', 'cancelado')`),
    check('circuit_sla_check', sql`${t.sla_percent} between 90 and 100`),
    check('circuit_cost_check', sql`${t.monthly_cost} >= 0`),
  ],
);

/** A period a circuit was (or is, `ended_at` null) unavailable. */
export const circuitUnavailabilities = pgTable(
  'circuit_unavailability',
  {
    ...tenantColumns(),
    circuit_id: integer()
      .notNull()
      .references(() => circuits.id, { onDelete: 'cascade' }),
    started_at: timestamp({ withTimezone: true }).notNull(),
    ended_at: timestamp({ withTimezone: true }),
    cause: text().notNull(),
    responsibility: text().$type<Responsibility>().notNull(),
    protocol: text(),
    counts_for_sla: boolean().notNull(),
    notes: text(),
  },
  (t) => [
    index('circuit_unavailability_circuit_idx').on(t.circuit_id, t.started_at),
    // The SLA report reads one organization's counted periods touching a month.
    index('circuit_unavailability_org_period_idx').on(t.organization_id, t.started_at).where(sql`${t.counts_for_sla}`),
    // One ongoing period per circuit (the API also locks the circuit, so a race answers 409, not this).
    uniqueIndex('circuit_unavailability_ongoing_unique').on(t.circuit_id).where(sql`${t.ended_at} is null`),
    index('circuit_unavailability_org_idx').on(t.organization_id, t.id),
    searchIndex('circuit_unavailability', t),
    check('circuit_unavailability_responsibility_check', sql`${t.responsibility} in ('operadora', 'propria', 'cliente', 'forca_maior')`),
    check('circuit_unavailability_order_check', sql`${t.ended_at} is null or ${t.ended_at} >= ${t.started_at}`),
  ],
);

/** Contract-end notices already sent: one per circuit and contract date. */
export const circuitContractNotices = pgTable(
  'circuit_contract_notice',
  {
    circuit_id: integer()
      .notNull()
      .references(() => circuits.id, { onDelete: 'cascade' }),
    contract_ends_on: date({ mode: 'string' }).notNull(),
    notified_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.circuit_id, t.contract_ends_on] })],
);
