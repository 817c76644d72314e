/** Activities as the API answers them (without the workflow's `steps`). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ExternalActivityRead } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { byIds, plainPresent } from '../../../core/resource';
import { unitRefs } from '../../../core/unit-refs';
import { personRefs } from '../../../core/rows';
import { presentCities } from '../../locale';
import { circuits, sites, svcs } from '../../network';
import { activityEvents, activityTechnicians, assistanceTypes, externalActivities } from '../schema';

export type ActivityRow = typeof externalActivities.$inferSelect;

const techniciansOf = async (db: DbOrTx, ids: number[]) =>
  ids.length ? await db.select().from(activityTechnicians).where(inArray(activityTechnicians.activity_id, ids)).orderBy(asc(activityTechnicians.activity_id), asc(activityTechnicians.user_id)) : [];

/** Who opened each activity: the user of its "created" timeline entry. */
const creatorsOf = async (db: DbOrTx, ids: number[]) =>
  ids.length
    ? await db
        .select({ activity_id: activityEvents.activity_id, user_id: activityEvents.user_id })
        .from(activityEvents)
        .where(and(inArray(activityEvents.activity_id, ids), eq(activityEvents.kind, 'created')))
        .orderBy(asc(activityEvents.id))
    : [];

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
export const isBreached = (r: Pick<ActivityRow, 'status' | 'due_at' | 'finished_at'>, now = Date.now()) =>
  r.status === 'cancelada' ? false : r.status === 'concluida' ? !!r.finished_at && r.finished_at.getTime() > r.due_at.getTime() : r.due_at.getTime() < now;

export async function presentActivities(rows: ActivityRow[], db: DbOrTx): Promise<Omit<ExternalActivityRead, 'steps'>[]> {
  const ids = rows.map((r) => r.id);
  const nonNull = (xs: (number | null)[]) => xs.filter((v): v is number => v !== null);
  const [types, techs, creators, cityRefs, siteRows, svcRows, circuitRows, units] = await Promise.all([
    byIds(db, assistanceTypes as never, rows.map((r) => r.assistance_type_id)),
    techniciansOf(db, ids),
    creatorsOf(db, ids),
    presentCities(db, rows.map((r) => r.city_id)),
    byIds(db, sites as never, nonNull(rows.map((r) => r.site_id))),
    byIds(db, svcs as never, nonNull(rows.map((r) => r.svc_id))),
    byIds(db, circuits as never, nonNull(rows.map((r) => r.circuit_id))),
    unitRefs(db, rows.map((r) => r.unit_organizational_id)),
  ]);
  const creatorOf = new Map<number, number>();
  for (const c of creators) if (c.user_id !== null && !creatorOf.has(c.activity_id)) creatorOf.set(c.activity_id, c.user_id);
  const people = await personRefs(db, [...techs.map((t) => t.user_id), ...creatorOf.values()]);
  const now = Date.now();
  return (plainPresent(rows as never) as Record<string, unknown>[]).map((r, i) => {
    const row = rows[i];
    const type = types.get(row.assistance_type_id);
    const mine = techs.filter((t) => t.activity_id === row.id).map((t) => t.user_id);
    const site = row.site_id ? siteRows.get(row.site_id) : undefined;
    const svc = row.svc_id ? svcRows.get(row.svc_id) : undefined;
    const circuit = row.circuit_id ? circuitRows.get(row.circuit_id) : undefined;
    return {
      ...r,
      scheduled_start: iso(row.scheduled_start),
      scheduled_end: iso(row.scheduled_end),
      due_at: row.due_at.toISOString(),
      finished_at: iso(row.finished_at),
      assistance_type: { id: row.assistance_type_id, name: (type?.name as string) ?? '', color: (type?.color as string) ?? '#1976d2' },
      technician_ids: mine,
      technicians: mine.map((id) => ({ id, name: people.get(id)?.name ?? `#${id}` })),
      created_by: creatorOf.has(row.id) ? { id: creatorOf.get(row.id)!, name: people.get(creatorOf.get(row.id)!)?.name ?? `#${creatorOf.get(row.id)}` } : null,
      city: (row.city_id && cityRefs.get(row.city_id)) || null,
      site: site ? { id: site.id as number, code: site.code as string, name: site.name as string } : null,
      svc: svc ? { id: svc.id as number, code: svc.code as string, name: svc.client_name as string } : null,
      circuit: circuit ? { id: circuit.id as number, name: `${circuit.carrier as string} ${circuit.designation as string}` } : null,
      unit_organizational: units.of(row.unit_organizational_id),
      breached: isBreached(row, now),
    } as Omit<ExternalActivityRead, 'steps'>;
  });
}

