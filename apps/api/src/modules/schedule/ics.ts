import ical, { type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { ACTIVITY_STATUS_LABELS, type ActivityStatus, type ScheduleEventRead } from '@operacoes/contract';
import { vtimezone } from '../../core/vtimezone';
import { fromWall, toWall } from './recurrence';

/**
 * iCalendar out of the schedule. One-off timed events are written as UTC instants (`…T120000Z`): a
 * phone shows them in its own zone at the right moment. A series is written on its own zone's clock
 * (`DTSTART;TZID=<zona>:…` with that zone's VTIMEZONE), because its rule is: "monthly on the
 * 31st at 22:00" in São Paulo falls on the 1st in UTC, and a reader expands BYDAY and the day of the
 * month on DTSTART's own clock. All-day events are dates (`VALUE=DATE`), which belong to no zone.
 */
type FeedActivity = { id: number; code: string; client: string; address: string | null; status: ActivityStatus; start: Date; end: Date; type: string };
const DAY = 86_400_000;
/** A date-only `AAAA-MM-DD` as the Date whose UTC day it is: ical-generator writes an all-day date from the UTC fields. */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
/**
 * An instant for ical-generator to write on a zone's clock. A luxon DateTime is its documented way:
 * a plain Date would be read on the server's own clock.
 */
const onClock = (d: Date | string, zone: string) => DateTime.fromJSDate(new Date(d), { zone });

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const compactDay = (day: string) => day.slice(0, 10).replace(/-/g, '');
const wall = (d: Date | string, zone: string) => stamp(toWall(new Date(d), zone)).slice(0, 15);

/**
 * A series' RRULE and EXDATE lines, on the series' clock: the stored rule reads as it is, and its
 * end date is the UTC instant of the end of that day there (RFC 5545 asks UNTIL in UTC beside a TZID).
 */
function recurrenceLines(e: ScheduleEventRead, written: Set<number>) {
  const r = e.recurrence!;
  const zone = e.time_zone;
  const parts = [`FREQ=${r.frequency.toUpperCase()}`];
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.frequency === 'weekly' && r.weekdays.length) parts.push(`BYDAY=${r.weekdays.join(',')}`);
  if (r.ends === 'count') parts.push(`COUNT=${r.count}`);
  else if (r.until) parts.push(`UNTIL=${e.all_day ? compactDay(r.until) : stamp(fromWall(new Date(`${r.until}T23:59:59Z`), zone))}`);
  const lines = [`RRULE:${parts.join(';')}`];
  // A moved occurrence not in this file (out of the feed's window, or without this person) is left out
  // as if cancelled: a reader would otherwise show it at its original time.
  const absent = e.exceptions.filter((x) => !written.has(x.id)).map((x) => x.recurrence_id);
  for (const x of [...e.exdates, ...absent]) lines.push(e.all_day ? `EXDATE;VALUE=DATE:${compactDay(toWall(new Date(x), zone).toISOString())}` : `EXDATE;TZID=${zone}:${wall(x, zone)}`);
  return lines.join('\r\n');
}

/** `seriesZone`: a moved occurrence names its original start on its series' clock, as the series' DTSTART does. */
function addEvent(cal: ICalCalendar, e: ScheduleEventRead, base: string, written = new Set<number>(), seriesZone?: string) {
  const zone = e.recurrence ? e.time_zone : e.recurrence_id ? (seriesZone ?? e.time_zone) : null;
  const at = (d: string) => (zone ? onClock(d, zone) : new Date(d));
  cal.createEvent({
    // A moved occurrence is its series' UID with the original start (RECURRENCE-ID): readers replace that one occurrence.
    id: `schedule-event-${e.series_id ?? e.id}@operacoes`,
    timezone: e.all_day ? null : zone,
    recurrenceId: e.recurrence_id ? (e.all_day ? utcDay(toWall(new Date(e.recurrence_id), seriesZone ?? e.time_zone).toISOString().slice(0, 10)) : at(e.recurrence_id)) : undefined,
    repeating: e.recurrence ? recurrenceLines(e, written) : undefined,
    summary: e.title,
    start: e.all_day ? utcDay(e.starts_at) : at(e.starts_at),
    // iCalendar's all-day end is the day after the last.
    end: e.all_day ? new Date(utcDay(e.ends_at).getTime() + DAY) : at(e.ends_at),
    allDay: e.all_day,
    location: e.location ?? undefined,
    description: [e.description, e.participants.length ? `Participantes: ${e.participants.map((p) => p.name).join(', ')}` : null, e.reservations.length ? `Itens reservados: ${e.reservations.map((r) => `${r.tag} (${r.product})`).join(', ')}` : null]
      .filter(Boolean)
      .join('\n'),
    url: `${base}/schedule/${e.id}`,
    stamp: new Date(e.updated_at),
  });
}

// No calendar-wide zone (one-off events stay in UTC); each zone a series uses gets its VTIMEZONE.
const calendar = (name: string) => ical({ name, prodId: { company: 'Operações', product: 'Agenda', language: 'PT-BR' }, timezone: { name: null, generator: vtimezone } });

/** One event as an .ics file; a series with its moved occurrences. */
export function eventIcs(e: ScheduleEventRead, base: string, moved: ScheduleEventRead[] = []) {
  const cal = calendar(e.title);
  const written = new Set(moved.map((m) => m.id));
  addEvent(cal, e, base, written);
  for (const m of moved) addEvent(cal, m, base, undefined, e.time_zone);
  return cal.toString();
}

/** A person's feed: their events and their work orders. */
export function feedIcs(events: ScheduleEventRead[], activities: FeedActivity[], base: string) {
  const cal = calendar('Operações — minha agenda');
  const written = new Set(events.map((e) => e.id));
  const zoneOf = new Map(events.map((e) => [e.id, e.time_zone]));
  for (const e of events) addEvent(cal, e, base, written, e.series_id ? zoneOf.get(e.series_id) : undefined);
  for (const a of activities) {
    cal.createEvent({
      id: `external-activity-${a.id}@operacoes`,
      summary: `${a.code} · ${a.client}`,
      start: a.start,
      end: a.end,
      location: a.address ?? undefined,
      description: `${a.type} — ${ACTIVITY_STATUS_LABELS[a.status]}`,
      url: `${base}/external-activity/manage/${a.id}`,
    });
  }
  return cal.toString();
}
