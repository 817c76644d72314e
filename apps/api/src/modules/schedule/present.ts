import { asc, inArray } from 'drizzle-orm';
import { type ScheduleEventRead, recurrenceLabel } from '@operacoes/contract';
import type { DbOrTx } from '../../core/db';
import { localDay } from '../../core/dates';
import { personRefs } from '../../core/rows';
import { unitRefs } from '../../core/unit-refs';
import { reservationsOf } from './busy';
import { eventTimeZones, ruleRead } from './recurrence';
import { scheduleEventParticipants, scheduleEvents } from './schema';

export type EventRow = typeof scheduleEvents.$inferSelect;

/** The calendar day (`YYYY-MM-DD`) of an instant in a zone (the request's unless given). */
export const spDay = (d: Date, zone?: string) => localDay(d, zone);
/** An all-day event is stored [first day 00:00, day after the last 00:00) and read as its first and last days. */
export const allDayEnd = (end: Date, zone?: string) => spDay(new Date(end.getTime() - 1), zone);


export async function participantsOf(db: DbOrTx, eventIds: number[]) {
  return eventIds.length
    ? db.select().from(scheduleEventParticipants).where(inArray(scheduleEventParticipants.event_id, eventIds)).orderBy(asc(scheduleEventParticipants.event_id), asc(scheduleEventParticipants.user_id))
    : [];
}

export async function presentEvents(rows: EventRow[], db: DbOrTx): Promise<ScheduleEventRead[]> {
  const ids = rows.map((r) => r.id);
  const [participants, reservations, units, exceptions] = await Promise.all([
    participantsOf(db, ids),
    reservationsOf(db, { eventIds: ids }),
    unitRefs(db, rows.map((r) => r.unit_organizational_id)),
    rows.some((r) => r.rrule)
      ? db.select({ id: scheduleEvents.id, series_id: scheduleEvents.series_id, recurrence_id: scheduleEvents.recurrence_id, starts_at: scheduleEvents.starts_at, ends_at: scheduleEvents.ends_at }).from(scheduleEvents).where(inArray(scheduleEvents.series_id, ids)).orderBy(asc(scheduleEvents.recurrence_id))
      : [],
  ]);
  const [people, zoneOf] = await Promise.all([personRefs(db, [...participants.map((p) => p.user_id), ...rows.map((r) => r.created_by)]), eventTimeZones(db, rows)]);
  const person = (id: number) => {
    const p = people.get(id);
    return { id, name: p?.name || p?.username || `#${id}` };
  };
  return rows.map((r) => {
    const mine = participants.filter((p) => p.event_id === r.id).map((p) => p.user_id);
    // A series holds each item once per occurrence (schema.ts): shown once, at its next (else last) occurrence.
    const now = Date.now();
    const byItem = new Map<number, (typeof reservations)[number]>();
    for (const x of reservations) {
      if (x.event_id !== r.id) continue;
      const kept = byItem.get(x.patrimony_id);
      if (!kept || kept.ends_at.getTime() <= now) byItem.set(x.patrimony_id, x);
    }
    const held = [...byItem.values()];
    const recurrence = r.rrule ? ruleRead(r.rrule) : null;
    const zone = zoneOf(r);
    return {
      id: r.id,
      organization_id: r.organization_id,
      title: r.title,
      starts_at: r.all_day ? spDay(r.starts_at, zone) : r.starts_at.toISOString(),
      ends_at: r.all_day ? allDayEnd(r.ends_at, zone) : r.ends_at.toISOString(),
      all_day: r.all_day,
      participant_ids: mine,
      participants: mine.map(person),
      patrimony_ids: held.map((x) => x.patrimony_id),
      reservations: held.map((x) => ({ ...x, starts_at: x.starts_at.toISOString(), ends_at: x.ends_at.toISOString() })),
      location: r.location,
      description: r.description,
      color: r.color,
      unit_organizational_id: r.unit_organizational_id,
      unit_organizational: units.of(r.unit_organizational_id),
      created_by: r.created_by ? person(r.created_by) : null,
      time_zone: zone,
      clash_note: r.clash_note,
      recurrence,
      recurrence_label: recurrence ? recurrenceLabel(recurrence) : null,
      exdates: r.exdates.map((d) => d.toISOString()),
      exceptions: exceptions.filter((x) => x.series_id === r.id).map((x) => ({ id: x.id, recurrence_id: x.recurrence_id!.toISOString(), starts_at: x.starts_at.toISOString(), ends_at: x.ends_at.toISOString() })),
      series_id: r.series_id,
      recurrence_id: r.recurrence_id ? r.recurrence_id.toISOString() : null,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}
