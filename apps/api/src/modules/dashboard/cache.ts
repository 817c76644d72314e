/**
 * Organization-wide parts of the dashboard (the same for every user of the organization) kept for a
 * short while per process: an expired value is still answered while ONE refresh runs behind it, so
 * 50 dashboards opening at once never wait for the computation (stale-while-revalidate); only the
 * very first request of an organization waits.
 */
type Entry = { value?: unknown; at: number; pending?: Promise<unknown> };

const caches = new WeakMap<object, Map<string, Entry>>();

/** `compute()`'s value for `key` on this database handle, at most `ttlMs` old (or being refreshed). */
export async function cached<T>(db: object, key: string, ttlMs: number, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let e = cache.get(key);
  if (!e) cache.set(key, (e = { at: 0 }));
  const entry = e;
  if (entry.value !== undefined && now - entry.at < ttlMs) return entry.value as T;
  if (!entry.pending) {
    entry.pending = compute()
      .then((value) => {
        entry.value = value;
        entry.at = now;
        return value;
      })
      .finally(() => {
        entry.pending = undefined;
      });
  }
  if (entry.value !== undefined) {
    // Answer the previous value; a failed refresh is retried by the next request.
    entry.pending.catch(() => undefined);
    return entry.value as T;
  }
  return entry.pending as Promise<T>;
}
