import * as rrulePackage from 'rrule';
import { MAX_OCCURRENCES, MAX_SERIES_DAYS, type Recurrence, type RecurrenceRead, SERIES_TOO_LONG, WEEKDAYS, type Weekday } from '@operacoes/contract';
import type { DbOrTx } from '../../core/db';
import { currentTimeZone, recordTimeZone, recordTimeZones } from '../../core/time-zone';
import { unprocessable } from '../../core/errors';
import type { Window } from './busy';

// Rules are read in the event's zone (eventTimeZone): "Mondays 09:00" is 09:00 there on every Monday
// whatever UTC's day or offset.
// rrule ships CommonJS for Node and ESM for bundlers: Node's ESM loader sees only its default export.
const { RRule } = ((rrulePackage as unknown as { default?: typeof rrulePackage }).default ?? rrulePackage) as typeof rrulePackage;
type Options = ReturnType<typeof RRule.parseString>;

const DAY = 86_400_000;

/**
 * An event belongs to the zone of its unit when the unit has one, else its organization's: its
 * all-day days and its repetition are read there, whoever writes or reads it.
 */
type Zoned = { organization_id: number; unit_organizational_id: number | null };
const zoneKey = (r: Zoned) => ({ organization_id: r.organization_id, unit_id: r.unit_organizational_id });
export const eventTimeZone = (db: DbOrTx, r: Zoned) => recordTimeZone(db, zoneKey(r));
/** The zones of many events, looked up synchronously afterwards. */
export async function eventTimeZones(db: DbOrTx, rows: Zoned[]) {
  const zoneOf = await recordTimeZones(db, rows.map(zoneKey));
  return (r: Zoned) => zoneOf(zoneKey(r));
}

// One formatter per zone: making one costs more than a month of occurrences (the benchmark's month of 500 series spent most of its time there).
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string) => {
  let f = formatters.get(zone);
  if (!f) formatters.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })));
  return f;
};

/** The wall-clock time of an instant in a zone, as the Date whose UTC fields read it (rrule's "floating" dates). */
export function toWall(d: Date, zone = currentTimeZone()) {
  const n: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(d)) if (p.type !== 'literal') n[p.type] = Number(p.value);
  return new Date(Date.UTC(n.year, n.month - 1, n.day, n.hour, n.minute, n.second, d.getUTCMilliseconds()));
}
/** The instant of a wall-clock time in a zone (twice: the offset of the guess may differ across a change of offset). */
export function fromWall(wall: Date, zone = currentTimeZone()) {
  let guess = new Date(wall.getTime() - (toWall(wall, zone).getTime() - wall.getTime()));
  guess = new Date(wall.getTime() - (toWall(guess, zone).getTime() - guess.getTime()));
  return guess;
}

const RRULE_DAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];
const FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;

/**
 * The stored RRULE of a rule as typed. UNTIL is the end of the chosen day in the zone's wall clock
 * (floating, like the rest of the stored rule).
 */
export function ruleText(r: Recurrence, zone = currentTimeZone()) {
  const untilDay = r.ends === 'until' && r.until ? (r.until.length === 10 ? r.until : toWall(new Date(r.until), zone).toISOString().slice(0, 10)) : null;
  const options: Partial<Options> = {
    freq: FREQ[r.frequency],
    interval: r.interval,
    byweekday: r.frequency === 'weekly' ? WEEKDAYS.filter((d) => r.weekdays.includes(d)).map((d) => RRULE_DAYS[WEEKDAYS.indexOf(d)]) : null,
    count: r.ends === 'count' ? r.count : null,
    until: untilDay ? new Date(`${untilDay}T23:59:59Z`) : null,
  };
  return RRule.optionsToString(options).replace(/^RRULE:/, '');
}

/** The rule as the form shows it back. */
export function ruleRead(text: string): RecurrenceRead {
  const o = RRule.parseString(text);
  const frequency = o.freq === RRule.DAILY ? 'daily' : o.freq === RRule.WEEKLY ? 'weekly' : 'monthly';
  const days = ([] as unknown[]).concat(o.byweekday ?? []).map((d) => (typeof d === 'number' ? d : (d as { weekday: number }).weekday));
  // rrule numbers weekdays from Monday (0); the contract from Sunday.
  const weekdays = WEEKDAYS.filter((_d, i) => days.includes((i + 6) % 7)) as Weekday[];
  return { frequency, interval: o.interval ?? 1, weekdays, ends: o.count ? 'count' : 'until', until: o.until ? o.until.toISOString().slice(0, 10) : null, count: o.count ?? null };
}

type Series = { starts_at: Date; ends_at: Date; rrule: string | null; exdates?: Date[] | null };

function ruleOf(s: Series, zone: string) {
  return new RRule({ ...RRule.parseString(s.rrule!), dtstart: toWall(s.starts_at, zone) });
}

/**
 * Every occurrence of a series (bounded: a stored rule always has an end), cancelled ones left out
 * unless asked. A one-off event is its own only occurrence.
 */
export function allOccurrences(s: Series, zone = currentTimeZone(), withCancelled = false): Window[] {
  if (!s.rrule) return [{ start: s.starts_at, end: s.ends_at }];
  const length = s.ends_at.getTime() - s.starts_at.getTime();
  const cancelled = new Set((s.exdates ?? []).map((d) => d.getTime()));
  const out: Window[] = [];
  ruleOf(s, zone).all((wall, i) => {
    const start = fromWall(wall, zone);
    if (withCancelled || !cancelled.has(start.getTime())) out.push({ start, end: new Date(start.getTime() + length) });
    return i < MAX_OCCURRENCES;
  });
  return out;
}

/** The occurrences that overlap [from, to) (a one-off: itself when it does). `skip`: original starts moved out of the series. */
export function occurrencesIn(s: Series, from: Date, to: Date, zone = currentTimeZone(), skip?: Set<number>): Window[] {
  if (!s.rrule) return s.starts_at < to && s.ends_at > from ? [{ start: s.starts_at, end: s.ends_at }] : [];
  const length = s.ends_at.getTime() - s.starts_at.getTime();
  const cancelled = new Set((s.exdates ?? []).map((d) => d.getTime()));
  // Wall-clock bounds one day wider each side: the zone's offset is under a day.
  const walls = ruleOf(s, zone).between(new Date(toWall(new Date(from.getTime() - length), zone).getTime() - DAY), new Date(toWall(to, zone).getTime() + DAY), true);
  return walls
    .map((w) => fromWall(w, zone))
    .filter((start) => !cancelled.has(start.getTime()) && !skip?.has(start.getTime()))
    .map((start) => ({ start, end: new Date(start.getTime() + length) }))
    .filter((o) => o.start < to && o.end > from);
}

/**
 * The occurrences of a rule being written, refused (422 on `recurrence`) beyond the bound: at most
 * MAX_OCCURRENCES, the last starting within MAX_SERIES_DAYS of the first. Clashes and reservations
 * are checked on each of them, so the bound is what keeps a write's cost known.
 */
export function boundedOccurrences(s: Series, zone = currentTimeZone()): Window[] {
  const length = s.ends_at.getTime() - s.starts_at.getTime();
  const limit = s.starts_at.getTime() + MAX_SERIES_DAYS * DAY;
  const out: Window[] = [];
  let beyond = false;
  ruleOf(s, zone).all((wall) => {
    const start = fromWall(wall, zone);
    if (start.getTime() > limit || out.length >= MAX_OCCURRENCES) {
      beyond = true;
      return false;
    }
    out.push({ start, end: new Date(start.getTime() + length) });
    return true;
  });
  if (beyond) throw unprocessable([{ propertyPath: 'recurrence', message: SERIES_TOO_LONG }]);
  if (!out.length) throw unprocessable([{ propertyPath: 'recurrence.until', message: 'A série não tem nenhuma ocorrência até a data final' }]);
  // Occurrences one over the next would hold the same people and items twice at once.
  if (out.some((o, i) => i > 0 && out[i - 1].end > o.start)) throw unprocessable([{ propertyPath: 'ends_at', message: 'Cada ocorrência precisa terminar antes da próxima começar' }]);
  const cancelled = new Set((s.exdates ?? []).map((d) => d.getTime()));
  return out.filter((o) => !cancelled.has(o.start.getTime()));
}

/** Do any of these windows overlap [start, end)? (windows in start order) */
export function overlapsAny(windows: Window[], start: Date, end: Date) {
  return windows.some((w) => w.start < end && w.end > start);
}
