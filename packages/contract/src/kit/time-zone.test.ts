import { describe, expect, it } from 'vitest';
import { BRAZIL_TIME_ZONES, TIME_ZONE_INVALID, dayInZone, organizationInput, timeZoneField, timeZoneLabel, unitInput, zonedInstant } from '../index';

describe('time zones', () => {
  it('lists Brazil\'s sixteen zones with pt-BR labels', () => {
    expect(BRAZIL_TIME_ZONES).toHaveLength(16);
    expect(timeZoneLabel('America/Sao_Paulo')).toBe('Brasília (America/Sao_Paulo, UTC−3)');
    expect(timeZoneLabel('America/Manaus')).toContain('Manaus');
    expect(timeZoneLabel('America/Rio_Branco')).toContain('UTC−5');
    // Every zone the list names is one the runtime knows.
    for (const z of BRAZIL_TIME_ZONES) expect(() => new Intl.DateTimeFormat('pt-BR', { timeZone: z.value })).not.toThrow();
  });

  it('refuses a zone outside the list in Portuguese', () => {
    expect(timeZoneField.safeParse('America/Cuiaba').success).toBe(true);
    const bad = timeZoneField.safeParse('Europe/Lisbon');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(TIME_ZONE_INVALID);
    expect(organizationInput.parse({ fantasy_name: 'Provedor' }).time_zone).toBe('America/Sao_Paulo');
    expect(unitInput.safeParse({ name: 'Filial', code: 'CGB', time_zone: null }).success).toBe(true);
  });

  it('reads local times in a zone, past daylight saving included', () => {
    expect(zonedInstant('2026-11-10T09:00', 'America/Manaus').toISOString()).toBe('2026-11-10T13:00:00.000Z');
    expect(zonedInstant('2026-11-10T09:00', 'America/Sao_Paulo').toISOString()).toBe('2026-11-10T12:00:00.000Z');
    expect(zonedInstant('2018-01-15T09:00', 'America/Sao_Paulo').toISOString()).toBe('2018-01-15T11:00:00.000Z');
    expect(zonedInstant('2026-11-30', 'America/Rio_Branco').toISOString()).toBe('2026-11-30T05:00:00.000Z');
    // 4 Nov 2018: São Paulo jumped from 00:00 to 01:00; the missing midnight is the first instant after it.
    expect(zonedInstant('2018-11-04', 'America/Sao_Paulo').toISOString()).toBe('2018-11-04T03:00:00.000Z');
    // 17 Feb 2018: 23:00–23:59 happened twice in São Paulo; the first (still UTC−2) is taken.
    expect(zonedInstant('2018-02-17T23:30', 'America/Sao_Paulo').toISOString()).toBe('2018-02-18T01:30:00.000Z');
    expect(zonedInstant('2026-11-10T09:00:00Z', 'America/Manaus').toISOString()).toBe('2026-11-10T09:00:00.000Z');
    expect(dayInZone(Date.parse('2026-12-01T03:50:00Z'), 'America/Manaus')).toBe('2026-11-30');
    expect(dayInZone(Date.parse('2026-12-01T03:50:00Z'), 'America/Sao_Paulo')).toBe('2026-12-01');
  });
});
