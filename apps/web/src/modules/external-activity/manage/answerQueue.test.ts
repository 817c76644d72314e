import { beforeEach, describe, expect, it } from 'vitest';
import { confirmPending, keepPending, readPending } from './answerQueue';

describe('answer queue', () => {
  beforeEach(() => localStorage.clear());

  it('keeps answers until the server confirms the same value', () => {
    keepPending(7, 'a', true);
    keepPending(7, 'b', 12.5);
    expect(Object.keys(readPending(7)).sort()).toEqual(['a', 'b']);
    confirmPending(7, 'a', true);
    expect(Object.keys(readPending(7))).toEqual(['b']);
    expect(readPending(8)).toEqual({});
  });

  it('does not forget a newer value typed while an older one was in flight', () => {
    keepPending(7, 'c', 'primeiro');
    keepPending(7, 'c', 'segundo');
    confirmPending(7, 'c', 'primeiro');
    expect(readPending(7).c.value).toBe('segundo');
    confirmPending(7, 'c', 'segundo');
    expect(localStorage.getItem('operacoes:activity-answers:7')).toBeNull();
  });
});
