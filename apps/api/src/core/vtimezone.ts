/**
 * An iCalendar VTIMEZONE (RFC 5545 §3.6.5) for an IANA zone, read from the runtime's own zone data
 * (Intl): one observance per stretch of constant offset from FIRST_YEAR to a few years ahead, so a
 * reader converts a TZID time of any event we write exactly as we do (Brazil kept daylight saving
 * until 2019). Cached per zone: it only changes when the runtime's zone data does.
 */
const FIRST_YEAR = 2010;
const YEARS_AHEAD = 5;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC at an instant, in minutes (São Paulo: -180). */
function offsetAt(zone: string, t: number) {
  let f = offsetFormatters.get(zone);
  if (!f) offsetFormatters.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
  const name = f.formatToParts(t).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
/** The local wall time of an instant at an offset, as iCalendar writes a local DATE-TIME. */
const wallText = (t: number, offset: number) => new Date(t + offset * 60_000).toISOString().replace(/[-:]/g, '').slice(0, 15);

const cache = new Map<string, string>();

export function vtimezone(zone: string): string {
  const cached = cache.get(zone);
  if (cached) return cached;
  const start = Date.UTC(FIRST_YEAR, 0, 1);
  const end = Date.UTC(new Date().getUTCFullYear() + YEARS_AHEAD, 0, 1);
  // The instants the offset changes: a day's step finds the day, halving finds the hour.
  const changes: { at: number; from: number; to: number }[] = [];
  let before = offsetAt(zone, start);
  for (let t = start + DAY; t <= end; t += DAY) {
    const now = offsetAt(zone, t);
    if (now === before) continue;
    let lo = t - DAY;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 2 / 60_000) * 60_000;
      if (offsetAt(zone, mid) === before) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, from: before, to: now });
    before = now;
  }
  const first = offsetAt(zone, start);
  const standard = Math.min(first, ...changes.map((c) => c.to));
  const observance = (at: number, from: number, to: number) => {
    const kind = to > standard ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the local time just before the change, on the clock that was running (RFC 5545 §3.6.5).
    return [`BEGIN:${kind}`, `DTSTART:${wallText(at, from)}`, `TZOFFSETFROM:${offsetText(from)}`, `TZOFFSETTO:${offsetText(to)}`, `END:${kind}`];
  };
  const text = ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...observance(start, first, first), ...changes.flatMap((c) => observance(c.at, c.from, c.to)), 'END:VTIMEZONE'].join('\r\n');
  cache.set(zone, text);
  return text;
}
