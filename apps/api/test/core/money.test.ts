import { describe, expect, it } from 'vitest';
import { brl } from '../../src/core/money';

describe('money in server-written text', () => {
  it('is "R$ 1.234,56": exact from decimal strings, rounded to the cent from numbers', () => {
    expect(brl('1234.56')).toBe('R$ 1.234,56');
    expect(brl('1234.5')).toBe('R$ 1.234,50');
    expect(brl('0.1')).toBe('R$ 0,10');
    expect(brl('1234567890.12')).toBe('R$ 1.234.567.890,12');
    expect(brl('-3.1')).toBe('-R$ 3,10');
    expect(brl('-0.00')).toBe('R$ 0,00');
    expect(brl('007')).toBe('R$ 7,00');
    expect(brl(1234.565)).toBe('R$ 1.234,57');
    expect(brl(0)).toBe('R$ 0,00');
    expect(brl(99999.999)).toBe('R$ 100.000,00');
  });
});
