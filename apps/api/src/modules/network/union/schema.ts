import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UnionMode } from '@operacoes/contract';
import { searchIndex, tenantColumns } from '../../../core/schema';
import { circuits } from '../circuit/schema';
import { lmcs } from '../lmc/schema';

/** An aggregation or redundancy group of LMCs and operator circuits; `union` is an SQL word. */
export const networkUnions = pgTable(
  'network_union',
  {
    ...tenantColumns(),
    code: text().notNull(),
    name: text().notNull(),
    mode: text().$type<UnionMode>().notNull(),
    notes: text(),
  },
  (t) => [
    uniqueIndex('network_union_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('network_union_org_idx').on(t.organization_id, t.id),
    searchIndex('network_union', t),
    check('network_union_mode_check', sql`${t.mode} in ('802.3ad', 'active-backup', 'balance-rr', 'balance-xor')`),
  ],
);

/** A union's member: exactly one of an LMC or an operator circuit, in the order given. */
export const unionMembers = pgTable(
  'network_union_member',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    union_id: integer()
      .notNull()
      .references((): AnyPgColumn => networkUnions.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    lmc_id: integer().references((): AnyPgColumn => lmcs.id),
    circuit_id: integer().references((): AnyPgColumn => circuits.id),
  },
  (t) => [
    index('network_union_member_union_idx').on(t.union_id, t.position),
    index('network_union_member_lmc_idx').on(t.lmc_id),
    index('network_union_member_circuit_idx').on(t.circuit_id),
    check('network_union_member_one_check', sql`(${t.lmc_id} is null) <> (${t.circuit_id} is null)`),
  ],
);

/**
 * A union's last observed state (derived from its members: an outage, an LMC's segments), kept so
 * a change of it is noticed and named (the revision log, the `network_union.state_changed` webhook).
 * Its own table: the union's row, and so its version for stale edits, stays the person's.
 */
export const unionStates = pgTable('network_union_state', {
  union_id: integer()
    .primaryKey()
    .references((): AnyPgColumn => networkUnions.id, { onDelete: 'cascade' }),
  state: text().$type<'normal' | 'degradada' | 'inoperante'>().notNull(),
  capacity_mbps: integer().notNull(),
});

