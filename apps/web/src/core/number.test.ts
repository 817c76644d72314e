import { describe, expect, it } from 'vitest';
import { formatDecimal, isNumericDraft, parseDecimal } from './number';

describe('parseDecimal (pt-BR typed numbers)', () => {
  it('reads a decimal comma and a decimal point alike', () => {
    expect(parseDecimal('2,5')).toBe(2.5);
    expect(parseDecimal('2.5')).toBe(2.5);
    expect(parseDecimal('120,5')).toBe(120.5);
    expect(parseDecimal('0,125')).toBe(0.125);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('7')).toBe(7);
    expect(parseDecimal('-3,25')).toBe(-3.25);
  });
  it('reads pt-BR thousands grouping only when unambiguous', () => {
    expect(parseDecimal('1.234,5')).toBe(1234.5);
    expect(parseDecimal('1.234.567')).toBe(1234567);
    expect(parseDecimal('R$ 1.234,56')).toBe(1234.56);
  });
  it('keeps a trailing separator while typing (2, is 2)', () => {
    expect(parseDecimal('2,')).toBe(2);
    expect(parseDecimal('2.')).toBe(2);
  });
  it('never drops a separator: a text with two decimal marks is not a number', () => {
    expect(parseDecimal('2,5,1')).toBeNaN();
    expect(parseDecimal('1,234.5')).toBeNaN();
    expect(parseDecimal('12.34.5')).toBeNaN();
    expect(parseDecimal('1.23,4')).toBeNaN();
    expect(parseDecimal('2,5.1')).toBeNaN();
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal(',')).toBeNaN();
    expect(parseDecimal('-')).toBeNaN();
  });
  it('blank is null', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('  ')).toBeNull();
    expect(parseDecimal(null)).toBeNull();
    expect(parseDecimal(undefined)).toBeNull();
  });
});

describe('formatDecimal', () => {
  it('shows a decimal comma and reads back to the same number', () => {
    expect(formatDecimal(2.5)).toBe('2,5');
    expect(formatDecimal(1234.5)).toBe('1234,5');
    expect(parseDecimal(formatDecimal(1234.5))).toBe(1234.5);
    expect(formatDecimal(7)).toBe('7');
    expect(formatDecimal(null)).toBe('');
  });
  it('money has two places; API decimal strings are shown with a comma', () => {
    expect(formatDecimal(12.5, { money: true })).toBe('12,50');
    expect(formatDecimal('1234.50', { money: true })).toBe('1234,50');
  });
  it('drafts: digits and separators only', () => {
    expect(isNumericDraft('2,5')).toBe(true);
    expect(isNumericDraft('2a')).toBe(false);
    expect(isNumericDraft('-2', true)).toBe(true);
    expect(isNumericDraft('-2')).toBe(false);
  });
});
