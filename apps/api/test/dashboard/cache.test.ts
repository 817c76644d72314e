/** The dashboard's per-organization cache: fresh values are reused, expired ones answered while one refresh runs. */
import { describe, expect, it } from 'vitest';
import { cached } from '../../src/modules/dashboard/cache';

describe('dashboard cache (stale-while-revalidate)', () => {
  it('computes once while fresh, answers the old value during one refresh, then the new one', async () => {
    const db = {};
    let calls = 0;
    let release: (() => void) | undefined;
    const compute = () => {
      calls++;
      const n = calls;
      return n === 1 ? Promise.resolve(n) : new Promise<number>((r) => (release = () => r(n)));
    };
    // The first caller waits for the value; concurrent first callers share one computation.
    expect(await Promise.all([cached(db, 'k', 1000, compute, 0), cached(db, 'k', 1000, compute, 0)])).toEqual([1, 1]);
    expect(await cached(db, 'k', 1000, compute, 999)).toBe(1);
    expect(calls).toBe(1);
    // Expired: the old value at once, and a single refresh behind it.
    expect(await cached(db, 'k', 1000, compute, 1001)).toBe(1);
    expect(await cached(db, 'k', 1000, compute, 1002)).toBe(1);
    expect(calls).toBe(2);
    release!();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached(db, 'k', 1000, compute, 1003)).toBe(2);
    // Keys and database handles are apart.
    expect(await cached(db, 'other', 1000, async () => 'x', 1003)).toBe('x');
    expect(await cached({}, 'k', 1000, async () => 'y', 1003)).toBe('y');
  });

  it('retries after a failed refresh and keeps answering the last value meanwhile', async () => {
    const db = {};
    expect(await cached(db, 'k', 10, async () => 'a', 0)).toBe('a');
    expect(await cached(db, 'k', 10, async () => Promise.reject(new Error('falhou')), 20)).toBe('a');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached(db, 'k', 10, async () => 'b', 30)).toBe('a');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached(db, 'k', 10, async () => 'c', 31)).toBe('b');
  });
});
