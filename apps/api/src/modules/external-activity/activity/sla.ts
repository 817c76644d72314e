/**
 * SLA notices: an hour before an open activity's due time, and when it passes, its
 * technicians and the organization's EXTERNAL_ACTIVITY holders are notified, once each. The
 * `UPDATE … WHERE <not yet notified> RETURNING` is the "once": a second run, or a second process,
 * finds nothing left to mark.
 */
import type { FastifyInstance } from 'fastify';
import { and, gt, inArray, isNull, lte } from 'drizzle-orm';
import { ACTIVITY_OPEN_STATUSES, externalActivityResource } from '@operacoes/contract';
import { periodicJob } from '../../../core/jobs';
import { holdersOf, holdersReaching } from '../../../core/notify';
import { brDateTime } from '../../../core/pdf';
import { organizationTimeZone } from '../../../core/time-zone';
import { activityTechnicians, externalActivities } from '../schema';
import { manageLink } from './routes';
import { activityUnitScope } from './scope';

const HOUR = 3600_000;

type Marked = { id: number; organization_id: number; code: string; client_name: string; due_at: Date };

/** Sends the notices due at `now`; answers how many of each went out. */
export async function runSlaNotices(app: FastifyInstance, now = new Date()): Promise<{ warned: number; breached: number }> {
  const open = inArray(externalActivities.status, [...ACTIVITY_OPEN_STATUSES]);
  const returning = { id: externalActivities.id, organization_id: externalActivities.organization_id, code: externalActivities.code, client_name: externalActivities.client_name, due_at: externalActivities.due_at };
  const deliveries: (() => Promise<void>)[] = [];
  const counts = await app.db.transaction(async (tx) => {
    // Breaches first: one already past due gets its breach notice only (the warning is marked as done).
    const breached: Marked[] = await tx
      .update(externalActivities)
      .set({ sla_breach_notified_at: now, sla_warned_at: now })
      .where(and(open, isNull(externalActivities.sla_breach_notified_at), lte(externalActivities.due_at, now)))
      .returning(returning);
    const warned: Marked[] = await tx
      .update(externalActivities)
      .set({ sla_warned_at: now })
      .where(and(open, isNull(externalActivities.sla_warned_at), gt(externalActivities.due_at, now), lte(externalActivities.due_at, new Date(now.getTime() + HOUR))))
      .returning(returning);
    const all = [...breached, ...warned];
    if (!all.length) return { warned: 0, breached: 0 };
    const techs = await tx.select().from(activityTechnicians).where(inArray(activityTechnicians.activity_id, all.map((a) => a.id)));
    const holders = new Map<number, Awaited<ReturnType<typeof holdersOf>>>();
    for (const a of all) {
      if (!holders.has(a.organization_id)) holders.set(a.organization_id, await holdersOf(tx, a.organization_id, 'EXTERNAL_ACTIVITY'));
      // The managers who reach the order (a manager scoped to other units is not told).
      const managers = await holdersReaching(tx, holders.get(a.organization_id)!, { resource: { table: externalActivities, access: externalActivityResource.access, unitScope: activityUnitScope }, id: a.id });
      const to = [...new Set([...techs.filter((t) => t.activity_id === a.id).map((t) => t.user_id), ...managers])];
      const late = breached.includes(a);
      // A job, not a request: the deadline is written on the activity's organization's clock.
      const zone = await organizationTimeZone(tx, a.organization_id);
      const { deliver } = await app.notifier.create(tx, to, {
        title: late ? `SLA estourado: atividade ${a.code}` : `SLA vence em menos de 1 hora: atividade ${a.code}`,
        message: late ? `${a.client_name}: o prazo venceu em ${brDateTime(a.due_at, zone)}.` : `${a.client_name}: o prazo vence em ${brDateTime(a.due_at, zone)}.`,
        link: manageLink(a.id),
      });
      deliveries.push(deliver);
    }
    return { warned: warned.length, breached: breached.length };
  });
  for (const deliver of deliveries) await deliver();
  return counts;
}

/** Checks every minute (one process at a time). */
export function slaNoticeJob(fastify: FastifyInstance) {
  periodicJob(fastify, { name: 'external-activity SLA notices', lockKey: 4244, everyMs: 60_000, firstAfterMs: 7_000, run: () => runSlaNotices(fastify) });
}
