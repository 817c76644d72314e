import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AssetRole, AssetStatus, AssetVendor, InterfaceType } from '@operacoes/contract';
import { organizations, searchIndex, tenantColumns } from '../../../core/schema';
import { patrimonies } from '../../warehouse';
import { sites } from '../site/schema';

/** A network device (router, switch, OLT, radio…) on a site, optionally linked to its patrimony item (DESIGN §4). */
export const networkAssets = pgTable(
  'network_asset',
  {
    ...tenantColumns(),
    hostname: text().notNull(),
    role: text().$type<AssetRole>().notNull(),
    vendor: text().$type<AssetVendor>().notNull(),
    model: text(),
    serial: text(),
    /** Canonical text form (IPv6 compressed, lower case), so that the unique index sees one spelling. */
    management_ip: text(),
    /** `6.x` or `7.x`; MikroTik only. */
    routeros_version: text(),
    site_id: integer().references((): AnyPgColumn => sites.id),
    status: text().$type<AssetStatus>().notNull().default('ativo'),
    patrimony_id: integer().references(() => patrimonies.id),
    notes: text(),
    /** The name of one of its interfaces: where the MikroTik scripts put the management VLAN and address. */
    management_interface: text(),
  },
  (t) => [
    uniqueIndex('network_asset_hostname_unique').on(t.organization_id, sql`lower(${t.hostname})`),
    uniqueIndex('network_asset_management_ip_unique').on(t.organization_id, t.management_ip),
    uniqueIndex('network_asset_patrimony_id_unique').on(t.organization_id, t.patrimony_id),
    index('network_asset_org_idx').on(t.organization_id, t.id),
    index('network_asset_site_idx').on(t.site_id),
    searchIndex('network_asset', t),
    check('network_asset_role_check', sql`${t.role} in ('roteador', 'switch', 'olt', 'radio', 'servidor', 'firewall', 'outro')`),
    check('network_asset_vendor_check', sql`${t.vendor} in ('mikrotik', 'huawei', 'cisco', 'juniper', 'ubiquiti', 'intelbras', 'furukawa', 'outro')`),
    check('network_asset_status_check', sql`${t.status} in ('ativo', 'em_estoque', 'manutencao', 'desativado')`),
    check('network_asset_routeros_check', sql`${t.routeros_version} is null or (${t.vendor} = 'mikrotik' and ${t.routeros_version} in ('6.x', '7.x'))`),
  ],
);

/** An interface of an asset; rows with stable ids (the next issue's LMX segments point at them). */
export const networkInterfaces = pgTable(
  'network_interface',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    asset_id: integer()
      .notNull()
      .references(() => networkAssets.id, { onDelete: 'cascade' }),
    /** Order on the asset page. */
    position: integer().notNull().default(0),
    name: text().notNull(),
    type: text().$type<InterfaceType>().notNull().default('ethernet'),
    /** Canonical `AA:BB:CC:DD:EE:FF`. */
    mac: text(),
    speed_mbps: integer(),
    description: text(),
    enabled: boolean().notNull().default(true),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('network_interface_name_unique').on(t.asset_id, sql`lower(${t.name})`),
    index('network_interface_org_idx').on(t.organization_id),
    check('network_interface_type_check', sql`${t.type} in ('ethernet', 'sfp', 'wireless', 'vlan', 'bridge', 'bond', 'outro')`),
    check('network_interface_speed_check', sql`${t.speed_mbps} is null or ${t.speed_mbps} > 0`),
  ],
);
