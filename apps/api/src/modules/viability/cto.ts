/**
 * Fibre boxes (CTOs): sites of type `cto` with a port count. A port is used by a client's service
 * (an SVC that is not cancelled: installed, being installed or suspended, its drop is still
 * plugged in) or reserved by a unit whose proposal was accepted. One `cto_port` row per port.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { sites, svcs } from '../network';
import { EARTH_RADIUS_M, METRES_PER_DEGREE } from './calculate';
import { ctoPorts, viabilities, viabilityUnits } from './schema';

export type CtoNear = {
  id: number;
  code: string;
  name: string;
  type: string;
  latitude: number;
  longitude: number;
  distance_m: number;
  splitter_ratio: string | null;
  port_count: number;
  used: number;
  free: number;
  /** The lowest free port (the one a reservation takes now), or null when full. */
  first_free: number | null;
};

/** The port rows that hold a port: a unit's reservation, or a service that is not cancelled. */
// Written with qualified names: inside a select list drizzle leaves columns unqualified, and in a
// subquery an unqualified "id" would be the inner table's.
const holding = sql.raw(`("cto_port"."unit_id" is not null or exists (select 1 from "svc" where "svc"."id" = "cto_port"."svc_id" and "svc"."status" <> 'cancelado'))`);

/** A CTO's ports in use, as SQL over the CTO row `s` (the site table). */
const usedSql = sql<number>`(select count(*)::int from "cto_port" where "cto_port"."site_id" = "site"."id" and ${holding})`;
const firstFreeSql = sql<number | null>`(select min(g.n)::int from generate_series(1, "site"."port_count") as g(n) where not exists (select 1 from "cto_port" where "cto_port"."site_id" = "site"."id" and "cto_port"."port" = g.n and ${holding}))`;

const distanceSql = (lat: number, lon: number) =>
  sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(power(sin(radians(${sites.latitude} - ${lat}::float8) / 2), 2) + cos(radians(${lat}::float8)) * cos(radians(${sites.latitude})) * power(sin(radians(${sites.longitude} - ${lon}::float8) / 2), 2)))))`;

/**
 * The organization's active CTOs within `radiusM` of a point, nearest first (at most `limit`),
 * with their used and free ports. The bounding box reads the partial index `site_cto_position_idx`;
 * the ports are counted for the boxes inside it only.
 */
export async function ctosAround(db: DbOrTx, organizationId: number, lat: number, lon: number, radiusM: number, limit = 50): Promise<CtoNear[]> {
  const cosLat = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  const dLat = radiusM / METRES_PER_DEGREE;
  const dLon = radiusM / (METRES_PER_DEGREE * cosLat);
  const distance = distanceSql(lat, lon);
  const rows = await db
    .select({
      id: sites.id,
      code: sites.code,
      name: sites.name,
      type: sites.type,
      latitude: sites.latitude,
      longitude: sites.longitude,
      splitter_ratio: sites.splitter_ratio,
      port_count: sites.port_count,
      distance_m: distance,
      used: usedSql,
      first_free: firstFreeSql,
    })
    .from(sites)
    .where(
      and(
        eq(sites.organization_id, organizationId),
        sql`${sites.type} = 'cto' and ${sites.status} = 'ativo' and ${sites.latitude} is not null`,
        sql`${sites.latitude} between ${lat - dLat}::float8 and ${lat + dLat}::float8`,
        sql`${sites.longitude} between ${lon - dLon}::float8 and ${lon + dLon}::float8`,
        sql`${distance} <= ${radiusM}::float8`,
      ),
    )
    .orderBy(distance, sites.id)
    .limit(limit);
  return rows.map((r) => {
    const portCount = r.port_count ?? 0;
    const used = Number(r.used);
    return { ...r, latitude: r.latitude!, longitude: r.longitude!, distance_m: Number(r.distance_m), splitter_ratio: r.splitter_ratio, port_count: portCount, used, free: Math.max(0, portCount - used), first_free: r.first_free === null ? null : Number(r.first_free) };
  });
}

/** The nearest CTO with a free port within the drop's reach, and the nearest one of any kind (for the reasons); null when the organization has no active CTO. */
export async function nearestFreeCto(db: DbOrTx, organizationId: number, lat: number, lon: number, reachM: number): Promise<{ free: CtoNear | null; nearest: CtoNear | null } | null> {
  // An organization that registers no boxes is not judged by them (its fibre is decided by the POP, as before).
  const [any] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.organization_id, organizationId), sql`${sites.type} = 'cto' and ${sites.status} = 'ativo' and ${sites.latitude} is not null`))
    .limit(1);
  if (!any) return null;
  const around = await ctosAround(db, organizationId, lat, lon, reachM, 200);
  return { free: around.find((c) => c.first_free !== null) ?? null, nearest: around[0] ?? null };
}

export type Reservation = { site_id: number; code: string; port: number; port_count: number };

/**
 * Reserves the lowest free port of a CTO for a unit, inside the caller's transaction. The CTO's
 * row is locked first (two accepts for the same box queue here), and the unique (CTO, port)
 * index backs it. Null when the box has no free port left (or is no longer an active CTO).
 */
export async function reservePort(tx: DbOrTx, ctoId: number, unitId: number, organizationId: number): Promise<Reservation | null> {
  const [cto] = await tx
    .select({ id: sites.id, code: sites.code, port_count: sites.port_count, first_free: firstFreeSql })
    .from(sites)
    .where(and(eq(sites.id, ctoId), eq(sites.organization_id, organizationId), sql`${sites.type} = 'cto' and ${sites.status} = 'ativo'`))
    .for('update');
  if (!cto || cto.first_free === null || cto.port_count === null) return null;
  const port = Number(cto.first_free);
  // A row left by a cancelled service no longer holds the port: it gives way to the reservation.
  await tx.delete(ctoPorts).where(and(eq(ctoPorts.site_id, cto.id), eq(ctoPorts.port, port), sql`${ctoPorts.svc_id} is not null`, sql`not ${holding}`));
  const [row] = await tx.insert(ctoPorts).values({ organization_id: organizationId, site_id: cto.id, port, unit_id: unitId }).onConflictDoNothing().returning();
  return row ? { site_id: cto.id, code: cto.code, port, port_count: cto.port_count } : null;
}

/** Frees the ports reserved by these units (a cancelled viability). Answers what was freed. */
export async function releasePorts(tx: DbOrTx, unitIds: number[]): Promise<{ site_id: number; code: string; port: number; unit_id: number }[]> {
  if (unitIds.length === 0) return [];
  const gone = await tx.delete(ctoPorts).where(inArray(ctoPorts.unit_id, unitIds)).returning();
  if (gone.length === 0) return [];
  const codes = new Map((await tx.select({ id: sites.id, code: sites.code }).from(sites).where(inArray(sites.id, [...new Set(gone.map((g) => g.site_id))]))).map((s) => [s.id, s.code]));
  return gone.map((g) => ({ site_id: g.site_id, code: codes.get(g.site_id) ?? '', port: g.port, unit_id: g.unit_id! }));
}

/**
 * A cancelled viability re-opened: each unit whose proposal the client accepted on a CTO holds a
 * port again (the box's lowest free one, like the accept). Boxes are locked in id order. Answers the
 * reservations, or the first unit whose box has no free port left (the caller refuses the re-open).
 */
export async function reclaimPorts(
  tx: DbOrTx,
  viabilityId: number,
): Promise<{ reserved: (Reservation & { unit_id: number })[]; lost: { unit_name: string; code: string } | null }> {
  const accepted = await tx
    .select({ id: viabilityUnits.id, name: viabilityUnits.name, organization_id: viabilityUnits.organization_id, calculation: viabilityUnits.calculation })
    .from(viabilityUnits)
    .where(and(eq(viabilityUnits.viability_id, viabilityId), eq(viabilityUnits.decision, 'aceita'), sql`not exists (select 1 from "cto_port" where "cto_port"."unit_id" = ${viabilityUnits.id})`))
    .orderBy(asc(viabilityUnits.id));
  const onBoxes = accepted
    .filter((u) => u.calculation.cto && u.calculation.template.medium === 'fibra_propria')
    .sort((a, b) => a.calculation.cto!.id - b.calculation.cto!.id || a.id - b.id);
  const reserved: (Reservation & { unit_id: number })[] = [];
  for (const u of onBoxes) {
    const box = u.calculation.cto!;
    const r = await reservePort(tx, box.id, u.id, u.organization_id);
    if (!r) return { reserved, lost: { unit_name: u.name, code: box.code } };
    reserved.push({ ...r, unit_id: u.id });
  }
  return { reserved, lost: null };
}

export type PortState = { port: number; state: 'livre' | 'servico' | 'reservada'; svc: { id: number; code: string; client_name: string } | null; unit: { id: number; name: string; viability_id: number; viability_code: string } | null };

/** Every port of one CTO with what holds it. */
export async function portsOf(db: DbOrTx, cto: { id: number; port_count: number | null }): Promise<PortState[]> {
  const rows = await db
    .select({
      port: ctoPorts.port,
      svc_id: ctoPorts.svc_id,
      svc_code: svcs.code,
      svc_client: svcs.client_name,
      svc_status: svcs.status,
      unit_id: ctoPorts.unit_id,
      unit_name: viabilityUnits.name,
      viability_id: viabilities.id,
      viability_code: viabilities.code,
    })
    .from(ctoPorts)
    .leftJoin(svcs, eq(svcs.id, ctoPorts.svc_id))
    .leftJoin(viabilityUnits, eq(viabilityUnits.id, ctoPorts.unit_id))
    .leftJoin(viabilities, eq(viabilities.id, viabilityUnits.viability_id))
    .where(eq(ctoPorts.site_id, cto.id))
    .orderBy(asc(ctoPorts.port));
  const byPort = new Map(rows.map((r) => [r.port, r]));
  return Array.from({ length: cto.port_count ?? 0 }, (_, i) => {
    const r = byPort.get(i + 1);
    if (r?.unit_id && r.unit_name !== null && r.viability_id !== null) {
      return { port: i + 1, state: 'reservada' as const, svc: null, unit: { id: r.unit_id, name: r.unit_name, viability_id: r.viability_id, viability_code: r.viability_code ?? '' } };
    }
    if (r?.svc_id && r.svc_status !== 'cancelado') return { port: i + 1, state: 'servico' as const, svc: { id: r.svc_id, code: r.svc_code ?? '', client_name: r.svc_client ?? '' }, unit: null };
    return { port: i + 1, state: 'livre' as const, svc: null, unit: null };
  });
}
