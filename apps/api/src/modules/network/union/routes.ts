/**
 * Unions: aggregation or redundancy groups of LMCs and operator circuits that join the
 * same two sites. Members are rows of `network_union_member`, replaced whole when a PUT sends them.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { AGGREGATING_MODES, type UnionInput, type UnionRead, unionResource } from '@operacoes/contract';
import { onAudit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { conflict, unprocessable } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { byIds, plainPresent } from '../../../core/resource';
import { defineApiResource } from '../../../core/resource-kit';
import { circuits } from '../circuit/schema';
import { circuitsDown, segmentsOf, unionCapacity } from '../lmc/present';
import { lmcs, lmxSegments } from '../lmc/schema';
import { sites } from '../site/schema';
import { networkUnions, unionMembers } from './schema';
import { followUnionStates, observeUnions, recordMissingStates } from './state';

type UnionRow = typeof networkUnions.$inferSelect;
type Member = NonNullable<UnionInput['members']>[number];
type Resolved = { kind: 'lmc' | 'circuit'; id: number; label: string; capacity: number; ends: [number, number | null]; lmcId: number | null; circuitId: number | null };

/** The members' rows (LMCs and circuits) visible in the organization, by kind and id. */
async function resolveMembers(db: DbOrTx, members: { lmc_id?: number | null; circuit_id?: number | null }[], organizationId?: number): Promise<(Resolved | undefined)[]> {
  const lmcIds = members.map((m) => m.lmc_id).filter((v): v is number => !!v);
  const circuitIds = members.map((m) => m.circuit_id).filter((v): v is number => !!v);
  const [lmcRows, circuitRows] = await Promise.all([byIds(db, lmcs as never, lmcIds), byIds(db, circuits as never, circuitIds)]);
  const visible = (r: Record<string, unknown> | undefined) => (r && (organizationId === undefined || r.organization_id === organizationId) ? r : undefined);
  return members.map((m) => {
    if (m.lmc_id) {
      const l = visible(lmcRows.get(m.lmc_id));
      return l && { kind: 'lmc', id: m.lmc_id, label: l.code as string, capacity: l.capacity_mbps as number, ends: [l.site_a_id as number, l.site_b_id as number], lmcId: m.lmc_id, circuitId: null };
    }
    const c = visible(circuitRows.get(m.circuit_id!));
    return c && { kind: 'circuit', id: m.circuit_id!, label: `${c.carrier} ${c.designation}`, capacity: c.bandwidth_mbps as number, ends: [c.site_a_id as number, (c.site_b_id as number | null) ?? null], lmcId: null, circuitId: m.circuit_id! };
  });
}

const pairKey = ([a, b]: [number, number | null]) => (b === null ? null : [a, b].sort((x, y) => x - y).join('-'));

/** 422 unless every member exists in the organization and all join the same two sites; then the overlaps below. */
async function checkMembers(tx: DbOrTx, members: Member[], organizationId: number, unionId?: number) {
  const resolved = await resolveMembers(tx, members, organizationId);
  const missing = resolved.flatMap((r, i) => (r ? [] : [{ propertyPath: `members.${i}.${members[i].lmc_id ? 'lmc_id' : 'circuit_id'}`, message: members[i].lmc_id ? 'LMC não encontrada nesta organização.' : 'Circuito não encontrado nesta organização.' }]));
  if (missing.length) throw unprocessable(missing);
  const first = resolved[0]!;
  const problems = resolved.flatMap((r, i) => {
    if (pairKey(r!.ends) === null) return [{ propertyPath: `members.${i}.circuit_id`, message: `O circuito ${r!.label} não tem ponta B: não liga dois sites` }];
    return pairKey(r!.ends) === pairKey(first.ends) ? [] : [{ propertyPath: `members.${i}`, message: `${r!.kind === 'lmc' ? 'A LMC' : 'O circuito'} ${r!.label} não liga os mesmos dois sites de ${first.label}` }];
  });
  if (problems.length) throw unprocessable(problems);
  await checkOverlaps(tx, organizationId, members, resolved as Resolved[], unionId);
}

/**
 * An LMC is in one union at most: the script bonds its interfaces once, and a second union
 * would claim the same ports (409, naming the union that has it). A circuit and an LMC whose
 * segment rides on it are one path counted twice, so they may not be members together (422).
 */
async function checkOverlaps(tx: DbOrTx, organizationId: number, members: Member[], resolved: Resolved[], unionId?: number) {
  // The lock of the organization's path writes (LMC routes): two unions saved at once cannot both take an LMC.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('network_path'), ${organizationId})`);
  const lmcIds = members.map((m) => m.lmc_id).filter((v): v is number => !!v);
  if (lmcIds.length === 0) return;
  const taken = await tx
    .select({ lmc_id: unionMembers.lmc_id, code: networkUnions.code })
    .from(unionMembers)
    .innerJoin(networkUnions, eq(networkUnions.id, unionMembers.union_id))
    .where(and(inArray(unionMembers.lmc_id, lmcIds), unionId === undefined ? undefined : ne(unionMembers.union_id, unionId)))
    .orderBy(asc(networkUnions.code));
  const first = resolved.find((r) => r.kind === 'lmc' && taken.some((u) => u.lmc_id === r.id));
  if (first) throw conflict(`A LMC ${first.label} já é membro da união ${taken.find((u) => u.lmc_id === first.id)!.code}.`);
  const circuitIds = members.map((m) => m.circuit_id).filter((v): v is number => !!v);
  if (circuitIds.length === 0) return;
  const riding = await tx
    .select({ lmc_id: lmxSegments.lmc_id, circuit_id: lmxSegments.circuit_id })
    .from(lmxSegments)
    .where(and(inArray(lmxSegments.lmc_id, lmcIds), isNotNull(lmxSegments.circuit_id), inArray(lmxSegments.circuit_id, circuitIds)));
  const problems = resolved.flatMap((r, i) => {
    if (r.kind !== 'circuit') return [];
    const used = riding.find((s) => s.circuit_id === r.id);
    const lmc = used && resolved.find((x) => x.kind === 'lmc' && x.id === used.lmc_id);
    return lmc ? [{ propertyPath: `members.${i}`, message: `O circuito ${r.label} já faz parte da LMC ${lmc.label}, também membro: o mesmo caminho contaria duas vezes.` }] : [];
  });
  if (problems.length) throw unprocessable(problems);
}

/**
 * The members carrying traffic now, by index. Active-backup: the first member that is up (the
 * first is the main path, the next ones take over in order), none when all are down. The
 * aggregating modes: every member that is up.
 */
function activeMembers(mode: UnionRow['mode'], members: { down: boolean }[]): number[] {
  const up = members.flatMap((m, i) => (m.down ? [] : [i]));
  return AGGREGATING_MODES.includes(mode) ? up : up.slice(0, 1);
}

async function presentUnions(rows: UnionRow[], db: DbOrTx): Promise<UnionRead[]> {
  const ids = rows.map((r) => r.id);
  const memberRows = ids.length ? await db.select().from(unionMembers).where(inArray(unionMembers.union_id, ids)).orderBy(asc(unionMembers.union_id), asc(unionMembers.position)) : [];
  const resolved = await resolveMembers(db, memberRows);
  const segments = await segmentsOf(db, memberRows.map((m) => m.lmc_id).filter((v): v is number => v !== null));
  const down = await circuitsDown(db, [...memberRows.map((m) => m.circuit_id), ...segments.map((s) => s.circuit_id)].filter((v): v is number => v !== null));
  const siteRows = await byIds(db, sites as never, resolved.flatMap((r) => (r ? r.ends.filter((e): e is number => e !== null) : [])));
  const site = (id: number | null | undefined) => {
    const s = id ? siteRows.get(id) : undefined;
    return s ? { id: s.id as number, code: s.code as string, name: s.name as string } : null;
  };
  return (plainPresent(rows as never) as Record<string, unknown>[]).map((r, i) => {
    const row = rows[i];
    const listed = memberRows.flatMap((m, k) => {
      const res = resolved[k];
      if (m.union_id !== row.id || !res) return [];
      const isDown = res.kind === 'circuit' ? down.has(res.id) : segments.some((s) => s.lmc_id === res.id && s.circuit_id !== null && down.has(s.circuit_id));
      // An LMC carries what its narrowest segment carries; its declared capacity counts only while it has no segments.
      const own = res.kind === 'lmc' ? segments.filter((s) => s.lmc_id === res.id) : [];
      const bottleneck = own.length ? Math.min(...own.map((s) => s.capacity_mbps)) : res.capacity;
      return [{ kind: res.kind, lmc_id: res.lmcId, circuit_id: res.circuitId, label: res.label, capacity_mbps: bottleneck, declared_capacity_mbps: res.capacity, down: isDown }];
    });
    const active = activeMembers(row.mode, listed);
    const members = listed.map((m, k) => ({ ...m, active: active.includes(k) }));
    const ends = resolved[memberRows.findIndex((m) => m.union_id === row.id)]?.ends;
    return {
      ...r,
      members,
      site_a: site(ends?.[0]),
      site_b: site(ends?.[1]),
      capacity_mbps: unionCapacity(row.mode, members.filter((m) => m.active).map((m) => m.capacity_mbps)),
      degraded: members.some((m) => m.down),
    } as UnionRead;
  });
}

/** One listener for every app of the process (onAudit keeps a function once). */
const unionStatesListener = followUnionStates(presentUnions);

/** Unions (`/api/union`). */
export async function unionRoutes(app: FastifyInstance) {
  defineApiResource(app, unionResource, {
    table: networkUnions,
    defaultSort: [asc(networkUnions.code), asc(networkUnions.id)],
    filters: (q) => [q.mode ? eq(networkUnions.mode, q.mode) : undefined],
    searchOf: (r) => searchText(r.code as string, r.name as string, r.notes as string | null),
    unique: { code: 'o código' },
    present: (rows, db) => presentUnions(rows as UnionRow[], db),
    async toValues(values, { tx, user }, existing) {
      const members = values.members as Member[] | undefined;
      delete values.members;
      if (members) await checkMembers(tx, members, (existing?.organization_id ?? values.organization_id ?? user.organizationId) as number, existing?.id as number | undefined);
      return values;
    },
    async afterWrite(row, input, { tx, user }) {
      const members = (input as { members?: Member[] }).members;
      if (members) {
        await tx.delete(unionMembers).where(eq(unionMembers.union_id, row.id));
        await tx.insert(unionMembers).values(members.map((m, i) => ({ union_id: row.id, position: i + 1, lmc_id: m.lmc_id ?? null, circuit_id: m.circuit_id ?? null })));
      }
      // New members or another mode may move its state (a new union records its first).
      await observeUnions(tx, user, [row.id as number], presentUnions);
    },
  });
  onAudit(unionStatesListener);
  app.addHook('onReady', async () => {
    if (app.db) await recordMissingStates(app.db, presentUnions);
  });
}
