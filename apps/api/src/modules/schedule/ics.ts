import ical, { type ICalCalendar } from 'ical-generator';
import { ACTIVITY_STATUS_LABELS, type ActivityStatus, type ScheduleEventRead } from '@operacoes/contract';

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

function addEvent(cal: ICalCalendar, e: ScheduleEventRead, base: string) {
  cal.createEvent({
    id: `schedule-event-${e.id}@operacoes`,
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

/** One event as an .ics file. */
export function eventIcs(e: ScheduleEventRead, base: string) {
  const cal = calendar(e.title);
  addEvent(cal, e, base);
  return cal.toString();
}

/** A person's feed: their events and their work orders. */
export function feedIcs(events: ScheduleEventRead[], activities: FeedActivity[], base: string) {
  const cal = calendar('Operações — minha agenda');
  for (const e of events) addEvent(cal, e, base);
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
