import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@operacoes/contract';
import type { DbOrTx } from './db';
import { organizations, unitsOrganizational } from './schema';

/**
 * Each organization's local clock (DESIGN: storage is UTC, everything shown, typed or computed in
 * local time uses the organization's zone, or its unit's when the unit overrides it).
 *
 * The zone of the request in progress is kept in an AsyncLocalStorage so formatting helpers deep in
 * a route (PDF cells, e-mail texts, error messages with a date) follow it without every call site
 * passing it; code that computes with local time (SLA months, day filters, the schedule) takes the
 * zone as an explicit parameter. Jobs that run outside a request wrap their work in `withTimeZone`.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The zone of the logged-in user's organization (or unit override); undefined on public routes. */
    timeZone?: string;
  }
}

const context = new AsyncLocalStorage<{ zone: string }>();

/** The zone of the request or job in progress; the default when none set one. */
export const currentTimeZone = (): string => context.getStore()?.zone ?? DEFAULT_TIME_ZONE;

/** Runs `fn` with `zone` as the current zone (jobs, notifications sent for one organization). */
export const withTimeZone = <T>(zone: string, fn: () => T): T => context.run({ zone }, fn);

/** The zone a route computes in: the logged-in user's, else the current one. */
export const zoneOf = (req: FastifyRequest): string => req.timeZone ?? currentTimeZone();

// Read on every authenticated request: cached in process per database (tests run several apps in
// one process), dropped when an organization or unit is saved (their routes call `forgetTimeZones`).
type Zones = { organizations: Map<number, string>; units: Map<number, string | null> };
let caches = new WeakMap<object, Zones>();
const zonesOf = (db: DbOrTx): Zones => {
  let z = caches.get(db);
  if (!z) caches.set(db, (z = { organizations: new Map(), units: new Map() }));
  return z;
};

/** Drops every cached zone (an organization's or a unit's zone changed). */
export function forgetTimeZones() {
  caches = new WeakMap();
}

export async function organizationTimeZone(db: DbOrTx, organizationId: number): Promise<string> {
  const organizationZones = zonesOf(db).organizations;
  const cached = organizationZones.get(organizationId);
  if (cached) return cached;
  const [row] = await db.select({ zone: organizations.time_zone }).from(organizations).where(eq(organizations.id, organizationId));
  const zone = row?.zone ?? DEFAULT_TIME_ZONE;
  if (row) organizationZones.set(organizationId, zone);
  return zone;
}

/** A unit's own zone, null when it follows its organization. */
export async function unitOwnTimeZone(db: DbOrTx, unitId: number): Promise<string | null> {
  const unitZones = zonesOf(db).units;
  if (unitZones.has(unitId)) return unitZones.get(unitId) ?? null;
  const [row] = await db.select({ zone: unitsOrganizational.time_zone }).from(unitsOrganizational).where(eq(unitsOrganizational.id, unitId));
  const zone = row?.zone ?? null;
  if (row) unitZones.set(unitId, zone);
  return zone;
}

/**
 * The zone a record belongs to: its unit's when the unit overrides the zone, else its
 * organization's. Use it wherever a record carries a unit.
 */
export async function recordTimeZone(db: DbOrTx, record: { organization_id: number; unit_id?: number | null }): Promise<string> {
  if (record.unit_id) {
    const own = await unitOwnTimeZone(db, record.unit_id);
    if (own) return own;
  }
  return organizationTimeZone(db, record.organization_id);
}

type ZonedRecord = { organization_id: number; unit_id?: number | null };
/**
 * The zones of many records read once, then looked up synchronously: a loop over a month of
 * occurrences stays a loop, and records of the same organization and unit cost one lookup.
 */
export async function recordTimeZones(db: DbOrTx, records: ZonedRecord[]): Promise<(record: ZonedRecord) => string> {
  const key = (r: ZonedRecord) => `${r.organization_id}:${r.unit_id ?? ''}`;
  const zones = new Map<string, string>();
  for (const r of records) if (!zones.has(key(r))) zones.set(key(r), await recordTimeZone(db, r));
  return (r) => zones.get(key(r)) ?? DEFAULT_TIME_ZONE;
}

/**
 * Opens a zone context for every request (callback hook so the context covers the later hooks and
 * the handler); the access check fills it in once it knows the user.
 */
export function registerTimeZoneContext(app: FastifyInstance) {
  app.addHook('onRequest', (_req, _reply, done) => {
    context.run({ zone: DEFAULT_TIME_ZONE }, done);
  });
}

/** Called by the access check once the user is known. */
export function setRequestTimeZone(req: FastifyRequest, zone: string) {
  req.timeZone = zone;
  adoptTimeZone(zone);
}

/**
 * The rest of the request (or job) runs in `zone`: a public link (a proposal, a receiving page)
 * has no user, so it takes the zone of the record's organization once it has found the record.
 */
export function adoptTimeZone(zone: string) {
  const store = context.getStore();
  if (store) store.zone = zone;
}
