import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it('reads milliseconds under a second, seconds with a decimal comma above, and a dash when unknown', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(2_440)).toBe('2,4 s');
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
  });
});
