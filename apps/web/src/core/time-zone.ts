/**
 * The organization's local clock on screen: every date is shown and typed in the zone of the
 * session (the user's unit's when it overrides, else the organization's), whatever zone the
 * browser is in. A manager in Lisbon sees the operator's times, labelled with the zone.
 */
import type { SessionUser } from '@operacoes/contract';
import { DEFAULT_TIME_ZONE, isBrazilTimeZone, timeZoneLabel } from '@operacoes/contract/time-zones';

let current: string = DEFAULT_TIME_ZONE;

/** The zone dates are formatted in (set by the session; the default before a login). */
export const appTimeZone = () => current;

export function setAppTimeZone(zone: string | null | undefined) {
  current = isBrazilTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** A session's zone: its unit's override, else its organization's (older stored sessions: the default). */
export const sessionTimeZone = (user: SessionUser | null | undefined): string =>
  user?.unit_organizational?.time_zone || user?.organization?.time_zone || DEFAULT_TIME_ZONE;

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Horário de " and the zone's label (contract: timeZoneLabel) when the browser is in another zone; null otherwise. */
export function zoneNote(zone = current): string | null {
  return zone === browserTimeZone() ? null : `Horário de ${timeZoneLabel(zone)}`;
}

const wallParts = (zone: string, at: Date) =>
  Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit' }).formatToParts(at).map((p) => [p.type, p.value]));

/** Today on the organization's clock, `AAAA-MM-DD` (a picker's "not before today" is the operator's day, not the browser's). */
export function todayInApp(at = new Date(), zone = current): string {
  const p = wallParts(zone, at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The hour (0–23) on the organization's clock. */
export const hourInApp = (at = new Date(), zone = current): number => Number(wallParts(zone, at).hour);
