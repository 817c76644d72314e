import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, cidr, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LmcStatus, LmxMedium } from '@operacoes/contract';
import { indexesOn, searchIndex, tenantColumns } from '../../../core/schema';
import { networkAssets, networkInterfaces } from '../asset/schema';
import { circuits } from '../circuit/schema';
import { sites } from '../site/schema';

/** A logical link end to end between two sites. */
export const lmcs = pgTable(
  'lmc',
  {
    ...tenantColumns(),
    code: text().notNull(),
    name: text().notNull(),
    site_a_id: integer()
      .notNull()
      .references((): AnyPgColumn => sites.id),
    site_b_id: integer()
      .notNull()
      .references((): AnyPgColumn => sites.id),
    capacity_mbps: integer().notNull(),
    status: text().$type<LmcStatus>().notNull().default('planejado'),
    notes: text(),
  },
  (t) => [
    uniqueIndex('lmc_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    ...indexesOn('lmc', { org: [t.organization_id, t.id], site_a: [t.site_a_id], site_b: [t.site_b_id] }),
    searchIndex('lmc', t),
    check('lmc_status_check', sql`${t.status} in ('planejado', 'ativo', 'desativado')`),
    check('lmc_sites_check', sql`${t.site_a_id} <> ${t.site_b_id}`),
    check('lmc_capacity_check', sql`${t.capacity_mbps} > 0`),
  ],
);

/** One segment of an LMC's path: from an asset's interface to another's, over a medium. */
export const lmxSegments = pgTable(
  'lmx',
  {
    ...tenantColumns(),
    lmc_id: integer()
      .notNull()
      .references((): AnyPgColumn => lmcs.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    from_asset_id: integer()
      .notNull()
      .references((): AnyPgColumn => networkAssets.id),
    from_interface_id: integer()
      .notNull()
      .references((): AnyPgColumn => networkInterfaces.id),
    to_asset_id: integer()
      .notNull()
      .references((): AnyPgColumn => networkAssets.id),
    to_interface_id: integer()
      .notNull()
      .references((): AnyPgColumn => networkInterfaces.id),
    medium: text().$type<LmxMedium>().notNull(),
    circuit_id: integer().references((): AnyPgColumn => circuits.id),
    vlan_id: integer(),
    capacity_mbps: integer().notNull(),
    subnet: cidr(),
    notes: text(),
  },
  (t) => [
    ...indexesOn('lmx', { lmc: [t.lmc_id, t.position], org: [t.organization_id, t.id], from_interface: [t.from_interface_id, t.vlan_id], to_interface: [t.to_interface_id, t.vlan_id], from_asset: [t.from_asset_id], to_asset: [t.to_asset_id], circuit: [t.circuit_id] }),
    searchIndex('lmx', t),
    check('lmx_medium_check', sql`${t.medium} in ('fibra_propria', 'radio', 'circuito_operadora')`),
    check('lmx_circuit_check', sql`(${t.medium} = 'circuito_operadora') = (${t.circuit_id} is not null)`),
    check('lmx_vlan_check', sql`${t.vlan_id} is null or ${t.vlan_id} between 1 and 4094`),
    check('lmx_capacity_check', sql`${t.capacity_mbps} > 0`),
  ],
);
