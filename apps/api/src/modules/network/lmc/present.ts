import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { AGGREGATING_MODES, type LmcRead, type LmxRead, pointToPointEnds, type UnionMode } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { byIds, plainPresent } from '../../../core/resource';
import { networkAssets, networkInterfaces } from '../asset/schema';
import { circuitUnavailabilities, circuits } from '../circuit/schema';
import { sites } from '../site/schema';
import { svcs } from '../svc/schema';
import { networkUnions, unionMembers } from '../union/schema';
import { lmcs, lmxSegments } from './schema';

export type LmcRow = typeof lmcs.$inferSelect;
export type LmxRow = typeof lmxSegments.$inferSelect;

const nonEmpty = <T>(xs: T[]) => [...new Set(xs)];

/** Which of these circuits are down now (an ongoing unavailability). */
export async function circuitsDown(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: circuitUnavailabilities.circuit_id })
    .from(circuitUnavailabilities)
    .where(and(inArray(circuitUnavailabilities.circuit_id, nonEmpty(ids)), isNull(circuitUnavailabilities.ended_at)));
  return new Set(rows.map((r) => r.id));
}

/** Segments as the API answers them: assets, interfaces, circuit (and whether it is down), LMC, point-to-point addresses. */
export async function presentSegments(rows: LmxRow[], db: DbOrTx): Promise<LmxRead[]> {
  const circuitIds = rows.map((r) => r.circuit_id).filter((v): v is number => v !== null);
  const [assets, interfaces, circuitRows, down, lmcRows] = await Promise.all([
    byIds(db, networkAssets as never, rows.flatMap((r) => [r.from_asset_id, r.to_asset_id])),
    byIds(db, networkInterfaces as never, rows.flatMap((r) => [r.from_interface_id, r.to_interface_id])),
    byIds(db, circuits as never, circuitIds),
    circuitsDown(db, circuitIds),
    byIds(db, lmcs as never, rows.map((r) => r.lmc_id)),
  ]);
  const asset = (id: number) => {
    const a = assets.get(id);
    return { id, hostname: (a?.hostname as string) ?? `#${id}`, site_id: (a?.site_id as number | null) ?? null };
  };
  const itf = (id: number) => ({ id, name: (interfaces.get(id)?.name as string) ?? `#${id}` });
  return (plainPresent(rows as never) as Record<string, unknown>[]).map((r, i) => {
    const row = rows[i];
    const c = row.circuit_id ? circuitRows.get(row.circuit_id) : undefined;
    const l = lmcRows.get(row.lmc_id);
    const ends = row.subnet ? pointToPointEnds(row.subnet) : null;
    return {
      ...r,
      lmc: { id: row.lmc_id, code: (l?.code as string) ?? '', name: (l?.name as string) ?? '' },
      from_asset: asset(row.from_asset_id),
      from_interface: itf(row.from_interface_id),
      to_asset: asset(row.to_asset_id),
      to_interface: itf(row.to_interface_id),
      circuit: c ? { id: c.id as number, carrier: c.carrier as string, designation: c.designation as string, down: down.has(c.id as number) } : null,
      from_address: ends?.from ?? null,
      to_address: ends?.to ?? null,
    } as LmxRead;
  });
}

/** The segments of these LMCs, in path order. */
export async function segmentsOf(db: DbOrTx, lmcIds: number[]): Promise<LmxRow[]> {
  if (lmcIds.length === 0) return [];
  return db.select().from(lmxSegments).where(inArray(lmxSegments.lmc_id, nonEmpty(lmcIds))).orderBy(asc(lmxSegments.lmc_id), asc(lmxSegments.position), asc(lmxSegments.id));
}

const mbps = (n: number) => `${n.toLocaleString('pt-BR')} Mbps`;

/** LMCs as the API answers them: ends, segments, SVCs carried, unions, bottleneck, state and warnings. */
export async function presentLmcs(rows: LmcRow[], db: DbOrTx): Promise<LmcRead[]> {
  const ids = rows.map((r) => r.id);
  const [siteRows, segmentRows, svcRows, memberRows] = await Promise.all([
    byIds(db, sites as never, rows.flatMap((r) => [r.site_a_id, r.site_b_id])),
    segmentsOf(db, ids),
    ids.length
      ? db.select({ id: svcs.id, code: svcs.code, client_name: svcs.client_name, bandwidth_mbps: svcs.bandwidth_mbps, status: svcs.status, lmc_id: svcs.lmc_id }).from(svcs).where(inArray(svcs.lmc_id, ids)).orderBy(asc(svcs.code))
      : [],
    ids.length
      ? db.select({ lmc_id: unionMembers.lmc_id, id: networkUnions.id, code: networkUnions.code, name: networkUnions.name }).from(unionMembers).innerJoin(networkUnions, eq(unionMembers.union_id, networkUnions.id)).where(inArray(unionMembers.lmc_id, ids)).orderBy(asc(networkUnions.code))
      : [],
  ]);
  const segments = await presentSegments(segmentRows, db);
  const site = (id: number) => {
    const s = siteRows.get(id);
    return s ? { id, code: s.code as string, name: s.name as string } : null;
  };
  return (plainPresent(rows as never) as Record<string, unknown>[]).map((r, i) => {
    const row = rows[i];
    const own = segments.filter((s) => s.lmc_id === row.id);
    const carried = svcRows.filter((s) => s.lmc_id === row.id);
    const bottleneck = own.length ? Math.min(...own.map((s) => s.capacity_mbps)) : null;
    const bandwidth = carried.filter((s) => s.status !== 'cancelado').reduce((a, s) => a + s.bandwidth_mbps, 0);
    const warnings: string[] = [];
    if (bottleneck !== null && bandwidth > bottleneck) warnings.push(`A banda dos SVCs (${mbps(bandwidth)}) excede a menor capacidade dos segmentos (${mbps(bottleneck)}).`);
    if (bandwidth > row.capacity_mbps) warnings.push(`A banda dos SVCs (${mbps(bandwidth)}) excede a capacidade da LMC (${mbps(row.capacity_mbps)}).`);
    return {
      ...r,
      site_a: site(row.site_a_id),
      site_b: site(row.site_b_id),
      segments: own,
      svcs: carried.map(({ lmc_id: _l, ...s }) => s),
      unions: memberRows.filter((m) => m.lmc_id === row.id).map((m) => ({ id: m.id, code: m.code, name: m.name })),
      bottleneck_mbps: bottleneck,
      svc_bandwidth_mbps: bandwidth,
      down: own.some((s) => s.circuit?.down),
      warnings,
    } as LmcRead;
  });
}

/** A union's capacity from its active members' bottlenecks: their sum for aggregating modes, the (one) active member's for active-backup. */
export const unionCapacity = (mode: UnionMode, capacities: number[]) =>
  capacities.length === 0 ? 0 : AGGREGATING_MODES.includes(mode) ? capacities.reduce((a, b) => a + b, 0) : Math.max(...capacities);
