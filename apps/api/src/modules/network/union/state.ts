/**
 * A union's state follows its members (an outage opened on a circuit, a segment of an LMC riding
 * on one): it is derived, never written by a person. Every audited change that may move it
 * re-reads the unions it touches, in the change's own transaction, and a state that differs from
 * the last one observed is audited as a change of the union (`state`, `capacity_mbps`), which the
 * revision log shows and the webhooks send as `network_union.state_changed`.
 */
import { eq, inArray, isNull, or } from 'drizzle-orm';
import type { UnionRead } from '@operacoes/contract';
import { audit, type AuditEntry, type AuditListener } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import type { CurrentUser } from '../../../core/access';
import { lmxSegments } from '../lmc/schema';
import { circuitUnavailabilities } from '../circuit/schema';
import { networkUnions, unionMembers, unionStates } from './schema';

type UnionRow = typeof networkUnions.$inferSelect;
type Present = (rows: UnionRow[], db: DbOrTx) => Promise<UnionRead[]>;
type Observed = { state: 'normal' | 'degradada' | 'inoperante'; capacity_mbps: number };

export const observedOf = (u: UnionRead): Observed => ({
  state: !u.degraded ? 'normal' : u.capacity_mbps > 0 ? 'degradada' : 'inoperante',
  capacity_mbps: Math.round(u.capacity_mbps),
});

const ids = (...values: unknown[]) => values.filter((v): v is number => typeof v === 'number');

/** The circuits and LMCs an audited change touches, when it may move a union's state. */
async function touched(tx: DbOrTx, entry: AuditEntry): Promise<{ circuits: number[]; lmcs: number[] } | undefined> {
  const { before, after } = entry;
  switch (entry.entity) {
    case 'circuit':
      return { circuits: [entry.entityId], lmcs: [] };
    case 'lmc':
      return { circuits: [], lmcs: [entry.entityId] };
    case 'lmx':
      return { circuits: ids(before?.circuit_id, after?.circuit_id), lmcs: ids(before?.lmc_id, after?.lmc_id) };
    case 'circuit_unavailability': {
      let circuits = ids(before?.circuit_id, after?.circuit_id);
      if (circuits.length === 0) {
        const [row] = await tx.select({ circuit_id: circuitUnavailabilities.circuit_id }).from(circuitUnavailabilities).where(eq(circuitUnavailabilities.id, entry.entityId));
        circuits = ids(row?.circuit_id);
      }
      return { circuits, lmcs: [] };
    }
    default:
      return undefined;
  }
}

/** The unions with one of these circuits or LMCs as a member, or an LMC member riding on one of the circuits. */
async function unionsOf(tx: DbOrTx, circuits: number[], lmcs: number[]): Promise<number[]> {
  if (circuits.length === 0 && lmcs.length === 0) return [];
  const riding = circuits.length ? tx.select({ lmc_id: lmxSegments.lmc_id }).from(lmxSegments).where(inArray(lmxSegments.circuit_id, circuits)) : undefined;
  const rows = await tx
    .selectDistinct({ union_id: unionMembers.union_id })
    .from(unionMembers)
    .where(or(circuits.length ? inArray(unionMembers.circuit_id, circuits) : undefined, lmcs.length ? inArray(unionMembers.lmc_id, lmcs) : undefined, riding ? inArray(unionMembers.lmc_id, riding) : undefined));
  return rows.map((r) => r.union_id);
}

/**
 * Reads these unions' state now and compares it with the last observed (the stored row, locked so
 * two changes at once compare in turn). A union without one (just created) records its first.
 */
export async function observeUnions(tx: DbOrTx, user: CurrentUser | undefined, unionIds: number[], present: Present) {
  if (unionIds.length === 0) return;
  const previous = new Map(
    (await tx.select().from(unionStates).where(inArray(unionStates.union_id, unionIds)).orderBy(unionStates.union_id).for('update')).map((r) => [r.union_id, r]),
  );
  const rows = await tx.select().from(networkUnions).where(inArray(networkUnions.id, unionIds));
  const answers = await present(rows, tx);
  for (const [i, row] of rows.entries()) {
    const now = observedOf(answers[i]);
    const before = previous.get(row.id);
    if (!before) {
      await tx.insert(unionStates).values({ union_id: row.id, ...now }).onConflictDoNothing();
      continue;
    }
    if (before.state === now.state && before.capacity_mbps === now.capacity_mbps) continue;
    await tx.update(unionStates).set(now).where(eq(unionStates.union_id, row.id));
    const changes: AuditEntry['changes'] = {};
    if (before.state !== now.state) changes.state = [before.state, now.state];
    if (before.capacity_mbps !== now.capacity_mbps) changes.capacity_mbps = [before.capacity_mbps, now.capacity_mbps];
    await audit(tx, user, { entity: 'network_union', entityId: row.id, organizationId: row.organization_id, action: 'update', changes });
  }
}

/** The audit listener: a change of a member (or of what an LMC member rides on) re-reads its unions. */
export const followUnionStates =
  (present: Present): AuditListener =>
  async (tx, user, entry) => {
    const what = await touched(tx, entry);
    if (!what) return;
    await observeUnions(tx, user, await unionsOf(tx, what.circuits, what.lmcs), present);
  };

/** Unions without an observed state (made before it was kept): their state now is their first. */
export async function recordMissingStates(db: DbOrTx, present: Present) {
  const rows = await db
    .select({ union: networkUnions })
    .from(networkUnions)
    .leftJoin(unionStates, eq(unionStates.union_id, networkUnions.id))
    .where(isNull(unionStates.union_id))
    .limit(1000);
  if (rows.length === 0) return;
  const answers = await present(rows.map((r) => r.union), db);
  await db
    .insert(unionStates)
    .values(answers.map((a) => ({ union_id: a.id, ...observedOf(a) })))
    .onConflictDoNothing();
}
