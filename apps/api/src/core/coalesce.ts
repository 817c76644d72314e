/**
 * Reads by key, coalesced: the keys asked in one turn of the event loop (or within `windowMs`) go
 * in one read, and those asked while it runs go together in the next. Under a burst (10,000
 * realtime subscribers reconnecting) one statement answers hundreds, and the waiting callers hold
 * a key and a callback each instead of a pending query. A read always starts after its key was
 * asked: an answer is never older than the question.
 */
export function coalescedReader<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>, opts: { windowMs?: number; maxBatch?: number } = {}): (key: K) => Promise<V | undefined> {
  const { windowMs = 0, maxBatch = 500 } = opts;
  const waiting: { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[] = [];
  let running = false;

  const run = async () => {
    running = true;
    // The keys of the same burst join the first read: those of this turn of the event loop, or of
    // the next `windowMs` when the caller can wait that long.
    await new Promise((resolve) => (windowMs ? setTimeout(resolve, windowMs) : setImmediate(resolve)));
    while (waiting.length) {
      // Bounded: one statement never carries an unbounded list.
      const batch = waiting.splice(0, maxBatch);
      try {
        const found = await readMany([...new Set(batch.map((w) => w.key))]);
        for (const w of batch) w.resolve(found.get(w.key));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    running = false;
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!running) void run();
    });
}
