import ical, { type ICalCalendar } from 'ical-generator';
import { ACTIVITY_STATUS_LABELS, type ActivityStatus, type ScheduleEventRead, WEEKDAYS } from '@operacoes/contract';
import { fromWall, toWall } from './recurrence';

/**
 * iCalendar out of the schedule. Timed events are written as UTC instants (`…T120000Z`): a phone
 * shows them in its own zone at the right moment, whatever zone the organization is in. (A
 * calendar-level zone with plain JavaScript dates made ical-generator write the UTC digits as
 * floating local time, so São Paulo's 09:00 read 12:00.) All-day events are dates (`VALUE=DATE`),
 * which belong to no zone.
 */
type FeedActivity = { id: number; code: string; client: string; address: string | null; status: ActivityStatus; start: Date; end: Date; type: string };
const DAY = 86_400_000;
/** A date-only `AAAA-MM-DD` as the Date whose UTC day it is: ical-generator writes an all-day date from the UTC fields. */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const compactDay = (day: string) => day.slice(0, 10).replace(/-/g, '');

/**
 * A series' RRULE and EXDATE lines. Its stored rule reads the organization's wall clock, but a timed
 * DTSTART is written in UTC here, and a reader expands BYDAY on DTSTART's own (UTC) days: Monday
 * 22:00 in São Paulo is Tuesday 01:00Z, so the weekdays move by the day UTC is ahead or behind. The
 * end date becomes the UTC instant of the end of that day. (A monthly rule follows DTSTART's day of
 * the month, which for an evening event near a month's end may differ from the local one.)
 */
function recurrenceLines(e: ScheduleEventRead, written: Set<number>) {
  const r = e.recurrence!;
  const start = new Date(e.all_day ? `${e.starts_at}T00:00:00Z` : e.starts_at);
  const shift = e.all_day ? 0 : Math.round((Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()) - toWall(start).setUTCHours(0, 0, 0, 0)) / DAY);
  const parts = [`FREQ=${r.frequency.toUpperCase()}`];
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.frequency === 'weekly' && r.weekdays.length) parts.push(`BYDAY=${r.weekdays.map((d) => WEEKDAYS[(WEEKDAYS.indexOf(d) + shift + 7) % 7]).join(',')}`);
  if (r.ends === 'count') parts.push(`COUNT=${r.count}`);
  else if (r.until) parts.push(`UNTIL=${e.all_day ? compactDay(r.until) : stamp(fromWall(new Date(`${r.until}T23:59:59Z`)))}`);
  const lines = [`RRULE:${parts.join(';')}`];
  // A moved occurrence not in this file (out of the feed's window, or without this person) is left out
  // as if cancelled: a reader would otherwise show it at its original time.
  const absent = e.exceptions.filter((x) => !written.has(x.id)).map((x) => x.recurrence_id);
  for (const x of [...e.exdates, ...absent]) lines.push(e.all_day ? `EXDATE;VALUE=DATE:${compactDay(toWall(new Date(x)).toISOString())}` : `EXDATE:${stamp(new Date(x))}`);
  return lines.join('\r\n');
}

function addEvent(cal: ICalCalendar, e: ScheduleEventRead, base: string, written = new Set<number>()) {
  cal.createEvent({
    // A moved occurrence is its series' UID with the original start (RECURRENCE-ID): readers replace that one occurrence.
    id: `schedule-event-${e.series_id ?? e.id}@operacoes`,
    recurrenceId: e.recurrence_id ? (e.all_day ? utcDay(toWall(new Date(e.recurrence_id)).toISOString().slice(0, 10)) : new Date(e.recurrence_id)) : undefined,
    repeating: e.recurrence ? recurrenceLines(e, written) : undefined,
    summary: e.title,
    start: e.all_day ? utcDay(e.starts_at) : new Date(e.starts_at),
    // iCalendar's all-day end is the day after the last.
    end: e.all_day ? new Date(utcDay(e.ends_at).getTime() + DAY) : new Date(e.ends_at),
    allDay: e.all_day,
    location: e.location ?? undefined,
    description: [e.description, e.participants.length ? `Participantes: ${e.participants.map((p) => p.name).join(', ')}` : null, e.reservations.length ? `Itens reservados: ${e.reservations.map((r) => `${r.tag} (${r.product})`).join(', ')}` : null]
      .filter(Boolean)
      .join('\n'),
    url: `${base}/schedule/${e.id}`,
    stamp: new Date(e.updated_at),
  });
}

const calendar = (name: string) => ical({ name, prodId: { company: 'Operações', product: 'Agenda', language: 'PT-BR' } });

/** One event as an .ics file; a series with its moved occurrences. */
export function eventIcs(e: ScheduleEventRead, base: string, moved: ScheduleEventRead[] = []) {
  const cal = calendar(e.title);
  const written = new Set(moved.map((m) => m.id));
  addEvent(cal, e, base, written);
  for (const m of moved) addEvent(cal, m, base);
  return cal.toString();
}

/** A person's feed: their events and their work orders. */
export function feedIcs(events: ScheduleEventRead[], activities: FeedActivity[], base: string) {
  const cal = calendar('Operações — minha agenda');
  const written = new Set(events.map((e) => e.id));
  for (const e of events) addEvent(cal, e, base, written);
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
