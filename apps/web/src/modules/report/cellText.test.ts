import { describe, expect, it } from 'vitest';
import { cellText } from './ReportPage';

describe('report preview cells', () => {
  it('formats each column type as Brazilians read it', () => {
    expect(cellText(1234.5, 'money')).toBe('R$\u00a01.234,50');
    expect(cellText(99.5, 'percent')).toBe('99,500 %');
    expect(cellText(99.652778, 'percent')).toBe('99,653 %');
    expect(cellText(1234.567, 'number')).toBe('1.234,567');
    expect(cellText('2026-10-02', 'date')).toBe('02/10/2026');
    expect(cellText('2026-10-02T12:30:00.000Z', 'datetime')).toBe('02/10/2026, 09:30');
    expect(cellText('Saída', 'text')).toBe('Saída');
    expect(cellText(null, 'number')).toBe('');
  });
});
