import { describe, expect, it } from 'vitest';
import { macFromLabel, serialFromLabel } from './scanner';

describe('what a scanned label holds', () => {
  it('finds the MAC in the usual spellings, and nothing in a text without one', () => {
    for (const text of ['E0247FA1B2C3', 'MAC: e0:24:7f:a1:b2:c3', 'MAC E0-24-7F-A1-B2-C3 / SN 4857', 'e024.7fa1.b2c3']) expect(macFromLabel(text), text).toBe('E0:24:7F:A1:B2:C3');
    for (const text of ['48575443A0B1C2D3E4', 'E0:24:7F:A1:B2', 'sem mac']) expect(macFromLabel(text), text).toBeNull();
  });
  it('drops a printed "S/N" before the serial', () => {
    expect(serialFromLabel(' S/N: 48575443A0B1C2D3 ')).toBe('48575443A0B1C2D3');
    expect(serialFromLabel('SN 48575443')).toBe('48575443');
    // A serial that begins with the letters keeps them.
    expect(serialFromLabel('SN48575443')).toBe('SN48575443');
    expect(serialFromLabel('Nº de série: HEX7A0000301')).toBe('HEX7A0000301');
    expect(serialFromLabel('HEX7A0000301')).toBe('HEX7A0000301');
  });
});
