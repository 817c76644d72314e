import { describe, expect, it } from 'vitest';
import { zoneValues } from '@operacoes/contract';
import { brDate, brDateTime, brTime } from '../../src/core/pdf';

describe('dates written in pt-BR (formatters kept per zone)', () => {
  it('write what toLocaleString writes, in every zone of Brazil, daylight-saving years included', () => {
    const start = Date.UTC(1995, 0, 1);
    for (const zone of zoneValues) {
      for (let i = 0; i < 400; i++) {
        // Spread over 40 years, at odd minutes, so both sides of every DST change are met somewhere.
        const d = new Date(start + i * 36.5 * 86_400_000 + i * 7_919_000);
        expect(brDateTime(d, zone)).toBe(d.toLocaleString('pt-BR', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }));
        expect(brTime(d, zone)).toBe(d.toLocaleTimeString('pt-BR', { timeZone: zone, hour: '2-digit', minute: '2-digit' }));
        expect(brDate(d, zone)).toBe(d.toLocaleDateString('pt-BR', { timeZone: zone }));
      }
    }
  });

  it('reads the day and hour of the zone asked for, and a dash for no date', () => {
    const d = new Date('2026-11-30T03:50:00Z');
    expect(brDateTime(d, 'America/Sao_Paulo')).toBe('30/11/2026, 00:50');
    expect(brDateTime(d, 'America/Manaus')).toBe('29/11/2026, 23:50');
    expect(brDate(d, 'America/Manaus')).toBe('29/11/2026');
    expect(brTime(d, 'America/Rio_Branco')).toBe('22:50');
    expect(brDateTime(null)).toBe('—');
    expect(brDate(undefined)).toBe('—');
  });
});
