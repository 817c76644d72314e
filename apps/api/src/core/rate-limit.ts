import { HttpError } from './errors';

/** Fixed-window counters kept in memory, per key (an IP, a username). */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private limit: number,
    private windowMs: number,
  ) {}
  /** Counts one attempt; throws 429 once the key went over its limit in the current window. */
  hit(key: string) {
    const now = Date.now();
    if (this.hits.size > 50_000) for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
    }
    entry.count++;
    if (entry.count > this.limit) {
      const seconds = Math.ceil((entry.resetAt - now) / 1000);
      // Retry-After (RFC 9110) and the RateLimit fields of the IETF httpapi draft, so clients back off on their own.
      const headers = { 'retry-after': String(seconds), 'ratelimit-limit': String(this.limit), 'ratelimit-remaining': '0', 'ratelimit-reset': String(seconds) };
      throw new HttpError(429, `Muitas tentativas. Tente novamente em ${seconds} segundos.`, undefined, undefined, headers);
    }
  }
}
