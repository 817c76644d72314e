import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, cidr, date, index, inet, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SvcStatus, SvcType } from '@operacoes/contract';
import { searchIndex, tenantColumns } from '../../../core/schema';
import { networkInterfaces } from '../asset/schema';
import { lmcs } from '../lmc/schema';

/** A customer service: client, type, bandwidth, VLAN, IP block, the LMC that carries it. */
export const svcs = pgTable(
  'svc',
  {
    ...tenantColumns(),
    code: text().notNull(),
    client_name: text().notNull(),
    client_document: text().notNull(),
    type: text().$type<SvcType>().notNull(),
    bandwidth_mbps: integer().notNull(),
    vlan_id: integer(),
    /** Stored as `cidr` so the IP plan's overlap check (`&&`) runs on a GiST index, on PostgreSQL and PGlite alike. */
    ip_block: cidr(),
    gateway: inet(),
    lmc_id: integer().references((): AnyPgColumn => lmcs.id),
    /** The customer-end router's interface facing the customer (the MikroTik script delivers the SVC there). */
    delivery_interface_id: integer().references((): AnyPgColumn => networkInterfaces.id),
    status: text().$type<SvcStatus>().notNull().default('em_ativacao'),
    contract: text(),
    activated_on: date({ mode: 'string' }),
    notes: text(),
  },
  (t) => [
    uniqueIndex('svc_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('svc_org_idx').on(t.organization_id, t.id),
    index('svc_lmc_idx').on(t.lmc_id),
    index('svc_delivery_interface_idx').on(t.delivery_interface_id),
    // The IP plan: blocks of live services, searched by overlap (`&&`) and containment (`>>=`).
    index('svc_ip_block_gist').using('gist', t.ip_block.op('inet_ops')).where(sql`${t.status} <> 'cancelado'`),
    searchIndex('svc', t),
    check('svc_type_check', sql`${t.type} in ('internet_dedicada', 'l2l', 'transporte', 'ip_transito', 'voz', 'outro')`),
    check('svc_status_check', sql`${t.status} in ('em_ativacao', 'ativo', 'suspenso', 'cancelado')`),
    check('svc_vlan_check', sql`${t.vlan_id} is null or ${t.vlan_id} between 1 and 4094`),
    check('svc_bandwidth_check', sql`${t.bandwidth_mbps} > 0`),
  ],
);
