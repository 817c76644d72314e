/**
 * Before a work order is put in technicians' days (scheduled, rescheduled, assigned, or dropped on
 * the dispatch board): is any of them busy then (an event they take part in, another open order),
 * and does the visit end after the order's SLA deadline? Either one is a 409 asking the dispatcher,
 * unless the request says `force: true`; then the kept answer goes on the timeline. The technicians'
 * schedules are locked first, so two dispatchers cannot book the same person at once.
 */
import { eq } from 'drizzle-orm';
import { clashOutcome, findClashes, lockPeople } from '../../../core/busy';
import type { DbOrTx } from '../../../core/db';
import { brDateTime } from '../../../core/pdf';
import { getOrganizationSettings } from '../../organization-settings';
import { assistanceTypes } from '../schema';

export type DayCheckOrder = { id?: number; organization_id: number; assistance_type_id: number; due_at: Date | string };

/** "Além do prazo do SLA (27/11/2026 03:54)": the sentence the screen asks about. */
export const beyondSla = (due: Date | string) => `Além do prazo do SLA (${brDateTime(due)})`;

/** The visit's end: its scheduled end, else its start plus the type's (or the organization's) duration. */
export async function visitEnd(db: DbOrTx, order: DayCheckOrder, start: Date, end: Date | null) {
  if (end) return end;
  const [type] = await db.select({ minutes: assistanceTypes.default_duration_minutes }).from(assistanceTypes).where(eq(assistanceTypes.id, order.assistance_type_id));
  const minutes = type?.minutes ?? (await getOrganizationSettings(db, order.organization_id, 'external-activity')).default_duration_minutes;
  return new Date(start.getTime() + minutes * 60_000);
}

/**
 * Locks `people`'s schedules and checks the window against their days and (with `sla`) the order's
 * deadline: 409 with `clashes` and `sla_due_at` unless `force`; the kept note ("Conflito de agenda
 * mantido: …") when forced past something; null when all was free.
 */
export async function checkTechniciansDay(tx: DbOrTx, order: DayCheckOrder, people: number[], window: { start: Date; end: Date | null }, opts: { force?: boolean; sla: boolean }) {
  await lockPeople(tx, people);
  const end = await visitEnd(tx, order, window.start, window.end);
  const clashes = people.length ? await findClashes(tx, order.organization_id, people, { start: window.start, end }, { activityId: order.id }) : [];
  const late = opts.sla && end.getTime() > new Date(order.due_at).getTime();
  const questions = late ? [...clashes, beyondSla(order.due_at)] : clashes;
  const kept = clashOutcome(questions, opts.force, { clashes, sla_due_at: late ? new Date(order.due_at).toISOString() : null });
  return kept ? `Conflito de agenda mantido: ${kept}` : null;
}
