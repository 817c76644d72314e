import { describe, expect, it } from 'vitest';
import { dayLabel, formatBandwidth, formatMeters, formatQuantity, lineEstimate, proposalLink } from './format';

describe('viability formats', () => {
  it('shows calendar dates as dd/mm/aaaa without shifting the day', () => {
    expect(dayLabel('2025-03-01')).toBe('01/03/2025');
    expect(dayLabel('2025-12-31T23:59:00-03:00')).toBe('31/12/2025');
    expect(dayLabel(null)).toBe('');
  });
  it('shows distances in metres, then kilometres with a decimal comma', () => {
    expect(formatMeters(850.4)).toBe('850 m');
    expect(formatMeters(12_345)).toBe('12,3 km');
    expect(formatMeters(null)).toBe('—');
  });
  it('shows quantities with a comma and bandwidths in Mbps or Gbps', () => {
    expect(formatQuantity('12.5', 'm')).toBe('12,5 m');
    expect(formatQuantity(2, 'un')).toBe('2 un');
    expect(formatBandwidth(500)).toBe('500 Mbps');
    expect(formatBandwidth(1000)).toBe('1 Gbps');
    expect(formatBandwidth(1500)).toBe('1,5 Gbps');
    expect(formatBandwidth(1050)).toBe('1.050 Mbps');
  });
  it('builds the public link on this site', () => {
    expect(proposalLink('https://ops.example.com/', 'abc')).toBe('https://ops.example.com/viability/unit/viewer/abc');
  });
  it('estimates a line: per metre × metres, or fixed; unknown price gives null', () => {
    expect(lineEstimate({ quantity: 1.1, per_meter: true }, '2.50', 100)).toBe(275);
    expect(lineEstimate({ quantity: 2, per_meter: false }, '7.35', 100)).toBe(14.7);
    expect(lineEstimate({ quantity: 2 }, null, 100)).toBeNull();
    expect(lineEstimate({ quantity: null }, '1', 100)).toBeNull();
  });
});
