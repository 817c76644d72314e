import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';
import { appTimeZone, hourInApp, sessionTimeZone, setAppTimeZone, todayInApp, zoneNote } from './time-zone';

describe("the session's zone", () => {
  afterEach(() => setAppTimeZone(null));

  it("formats dates on the organization's clock, whatever the browser's", () => {
    setAppTimeZone('America/Manaus');
    expect(formatDateTime('2026-11-10T13:00:00Z')).toBe('10/11/2026, 09:00');
    expect(formatDate('2026-12-01T03:50:00Z')).toBe('30/11/2026');
    setAppTimeZone('America/Sao_Paulo');
    expect(formatDateTime('2026-11-10T13:00:00Z')).toBe('10/11/2026, 10:00');
    expect(formatDate('2026-12-01T03:50:00Z')).toBe('01/12/2026');
    // A bare day is that day in any zone.
    setAppTimeZone('America/Rio_Branco');
    expect(formatDate('2026-11-30')).toBe('30/11/2026');
  });

  it("takes the unit's override, else the organization's; an unknown zone falls back to the default", () => {
    const user = { organization: { id: 1, fantasy_name: 'X', time_zone: 'America/Manaus' }, unit_organizational: { id: 2, name: 'Cuiabá', time_zone: 'America/Cuiaba' } };
    expect(sessionTimeZone(user as never)).toBe('America/Cuiaba');
    expect(sessionTimeZone({ ...user, unit_organizational: null } as never)).toBe('America/Manaus');
    setAppTimeZone('Europe/Lisbon');
    expect(appTimeZone()).toBe('America/Sao_Paulo');
  });

  it('labels the zone only when the browser is elsewhere', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(zoneNote(browser)).toBeNull();
    if (browser !== 'America/Manaus') expect(zoneNote('America/Manaus')).toBe('Horário de Manaus (America/Manaus, UTC−4)');
  });

  it("knows today and the hour on the organization's clock (a picker's 'not before today', the greeting)", () => {
    // 01/12 02:30 UTC is still 30/11 in Manaus (22:30) and São Paulo (23:30); already 01/12 in Noronha (00:30).
    const at = new Date('2026-12-01T02:30:00Z');
    expect(todayInApp(at, 'America/Manaus')).toBe('2026-11-30');
    expect(hourInApp(at, 'America/Manaus')).toBe(22);
    expect(todayInApp(at, 'America/Sao_Paulo')).toBe('2026-11-30');
    expect(todayInApp(at, 'America/Noronha')).toBe('2026-12-01');
    setAppTimeZone('America/Rio_Branco');
    expect(todayInApp(at)).toBe('2026-11-30');
    expect(hourInApp(at)).toBe(21);
  });
});

