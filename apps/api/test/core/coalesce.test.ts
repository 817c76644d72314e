import { describe, expect, it } from 'vitest';
import { coalescedReader } from '../../src/core/coalesce';

/** A reader over a map that records each batch it was asked. */
function recording(values: Map<number, string>, fail?: (keys: number[]) => boolean) {
  const batches: number[][] = [];
  let release: () => void = () => {};
  let hold = false;
  const read = coalescedReader<number, string>(
    async (keys) => {
      batches.push(keys);
      // What the database holds when the read starts; the answer may take a while to come back.
      const found = new Map(keys.filter((k) => values.has(k)).map((k) => [k, values.get(k)!]));
      if (hold) await new Promise<void>((r) => (release = r));
      if (fail?.(keys)) throw new Error('read failed');
      return found;
    },
    { maxBatch: 3 },
  );
  return { read, batches, holdNext: () => (hold = true), release: () => ((hold = false), release()) };
}

describe('coalescedReader', () => {
  it('answers the keys of one turn with one read, each caller its own value, a missing key undefined', async () => {
    const r = recording(new Map([[1, 'um'], [2, 'dois']]));
    const answers = await Promise.all([r.read(1), r.read(2), r.read(2), r.read(9)]);
    expect(answers).toEqual(['um', 'dois', 'dois', undefined]);
    // At most 3 waiting callers per read (maxBatch): 4 callers, 2 reads; a key asked twice in one read is read once.
    expect(r.batches).toEqual([[1, 2], [9]]);
  });

  it('keys asked while a read runs wait for the next read, which starts after it (never an older answer)', async () => {
    const values = new Map([[1, 'v1']]);
    const r = recording(values);
    r.holdNext();
    const first = r.read(1);
    await new Promise((res) => setTimeout(res, 10));
    expect(r.batches).toEqual([[1]]);
    values.set(1, 'v2'); // changed while the first read is on its way
    const second = r.read(1);
    r.release();
    expect(await first).toBe('v1');
    expect(await second).toBe('v2');
    expect(r.batches).toEqual([[1], [1]]);
  });

  it('a failed read rejects its own callers only, and the next read goes on', async () => {
    const r = recording(new Map([[1, 'um'], [5, 'cinco']]), (keys) => keys.includes(4));
    const results = await Promise.allSettled([r.read(1), r.read(4), r.read(3), r.read(5)]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected', 'rejected', 'fulfilled']);
    expect((results[3] as PromiseFulfilledResult<string>).value).toBe('cinco');
    expect(await r.read(1)).toBe('um');
  });
});
