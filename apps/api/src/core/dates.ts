import { dayInZone, zonedInstant, zonedWallClock } from '@operacoes/contract';
import { currentTimeZone } from './time-zone';

/**
 * Local time in the organization's zone (the request's, see core/time-zone, unless one is passed).
 * Bounds of a date filter: a bare day (YYYY-MM-DD) is that day in the zone, from its first to its
 * last millisecond; a date-time without offset is read in the zone too, one with an offset as it is.
 */
export const startOfDay = (d: string, zone = currentTimeZone()) => zonedInstant(d, zone);
export const endOfDay = (d: string, zone = currentTimeZone()) => (d.length === 10 ? new Date(zonedInstant(nextDay(d), zone).getTime() - 1) : zonedInstant(d, zone));

/** The day after `AAAA-MM-DD`. */
export const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The wall-clock time in the zone at an instant, as the UTC milliseconds of the same digits
 * (whole seconds): 2026-11-23 09:30 local → Date.UTC(2026, 10, 23, 9, 30).
 */
export const localWallClock = (t: Date | number, zone = currentTimeZone()) => zonedWallClock(t, zone);

/** The local day at an instant, `AAAA-MM-DD`. */
export const localDay = (t: Date | number, zone = currentTimeZone()) => dayInZone(t, zone);

/** Today in the zone, `AAAA-MM-DD` (the day a date-only business rule compares with). */
export const localToday = (zone = currentTimeZone()) => localDay(Date.now(), zone);

/** Local date-time text without offset ("2026-11-30T23:50", "2026-11-30") as the instant it names. */
export const localInstant = (local: string, zone = currentTimeZone()) => zonedInstant(local, zone);

/** The day (YYYY-MM-DD) `days` after `day`, across month and year ends. */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** `h:m` on the local day `days` from today in the zone (the demo's "tomorrow at 09:00"), whatever the hour in UTC. */
export const localAt = (days: number, h: number, m = 0, zone = currentTimeZone()) =>
  zonedInstant(`${addDays(localToday(zone), days)}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`, zone);
