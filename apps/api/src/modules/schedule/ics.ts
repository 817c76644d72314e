import ical, { type ICalCalendar } from 'ical-generator';
import { ACTIVITY_STATUS_LABELS, type ActivityStatus, SCHEDULE_TIME_ZONE, type ScheduleEventRead } from '@operacoes/contract';

type FeedActivity = { id: number; code: string; client: string; address: string | null; status: ActivityStatus; start: Date; end: Date; type: string };
const DAY = 86_400_000;

function addEvent(cal: ICalCalendar, e: ScheduleEventRead, base: string) {
  const allDayStart = new Date(`${e.starts_at}T00:00:00-03:00`);
  cal.createEvent({
    id: `schedule-event-${e.id}@operacoes`,
    summary: e.title,
    start: e.all_day ? allDayStart : new Date(e.starts_at),
    // iCalendar's all-day end is the day after the last.
    end: e.all_day ? new Date(new Date(`${e.ends_at}T00:00:00-03:00`).getTime() + DAY) : new Date(e.ends_at),
    allDay: e.all_day,
    location: e.location ?? undefined,
    description: [e.description, e.participants.length ? `Participantes: ${e.participants.map((p) => p.name).join(', ')}` : null, e.reservations.length ? `Itens reservados: ${e.reservations.map((r) => `${r.tag} (${r.product})`).join(', ')}` : null]
      .filter(Boolean)
      .join('\n'),
    url: `${base}/schedule/${e.id}`,
    stamp: new Date(e.updated_at),
  });
}

const calendar = (name: string) => ical({ name, timezone: SCHEDULE_TIME_ZONE, prodId: { company: 'Operações', product: 'Agenda', language: 'PT-BR' } });

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
