import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db';
import { rawStatement } from '../prepared';
import { realtimeEvents } from './schema';
import { users } from '../schema';

type Subscriber = {
  res: ServerResponse;
  topics: string[];
  /** Whose token opened the stream, and its token version: a revocation closes older ones. */
  owner?: StreamOwner;
  /** Live frames held back while the Last-Event-ID replay runs. */
  pending?: { id: number; frame: string }[];
  /** Ids the replay sent, skipped if their live delivery comes late. */
  replayed?: Set<number>;
};
type Event = { id: number; topic: string; data: unknown };
export type StreamOwner = { userId: number; tokenVersion: number };
/** Headers an event stream keeps from those set before it opens. */
const STREAM_HEADERS = new Set(['x-content-type-options', 'x-worker-pid', 'connection']);

/**
 * Node keeps the response's header block (`_header`) for the response's life, built by appending
 * each line: a rope of a few pieces per line (32 bytes each). Copied once into one flat string it
 * costs its length only, which counts when 10,000 streams stay open.
 */
function flattenHeaderBlock(res: ServerResponse) {
  const r = res as ServerResponse & { _header?: string | null };
  if (typeof r._header === 'string') r._header = Buffer.from(r._header, 'latin1').toString('latin1');
}

/** A deleted user: every token version is revoked. */
const ALL_VERSIONS = Number.MAX_SAFE_INTEGER;

const CHANNEL = 'realtime_events';

// Texts fixed once (parsed once per connection, never built per call).
const INSERT_EVENTS = `insert into realtime_event (batch, topic, data)
  select $1::uuid, e->>'t', e->'d' from jsonb_array_elements($2::jsonb) with ordinality as x(e, n) order by n
  returning id, topic`;
const insertEvents = rawStatement<{ id: number | string; topic: string }>('realtime_events', INSERT_EVENTS);
const insertEventsAndNotify = rawStatement<{ id: number | string; topic: string }>(
  'realtime_events_notify',
  `with inserted as (${INSERT_EVENTS}) select inserted.id, inserted.topic from inserted, (select pg_notify($3, $4)) as told`,
);
const HEARTBEAT_MS = 25_000;
const RETENTION_MS = 24 * 3600_000;
const MAX_BUFFERED = 1024 * 1024;

/**
 * Pairs the inserted ids with the messages. RETURNING gives rows in insertion order (which the
 * ORDER BY fixes); if it ever did not, match by topic, first come first served.
 */
function idsInOrder(messages: { topic: string; data: unknown }[], rows: { id: number | string; topic: string }[]): Event[] {
  if (rows.length === messages.length && rows.every((r, i) => r.topic === messages[i].topic)) {
    return rows.map((r, i) => ({ id: Number(r.id), topic: r.topic, data: messages[i].data }));
  }
  const byTopic = new Map<string, number[]>();
  for (const r of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) {
    const list = byTopic.get(r.topic) ?? [];
    list.push(Number(r.id));
    byTopic.set(r.topic, list);
  }
  return messages.map((m) => ({ id: byTopic.get(m.topic)!.shift()!, topic: m.topic, data: m.data }));
}

/** One SSE frame; the data is the stored message with its id (the notification's id when it has one). */
const frame = (evt: Event) =>
  `id: ${evt.id}\nevent: message\ndata: ${JSON.stringify({ ...(evt.data as object), id: (evt.data as { id?: number }).id ?? evt.id })}\n\n`;

/**
 * The built-in realtime hub (Mercure subscribe protocol over SSE). Events are stored (for
 * Last-Event-ID) and delivered to this process's subscribers at once; on PostgreSQL the
 * other API processes hear of them through LISTEN/NOTIFY and deliver to theirs.
 */
export class RealtimeHub {
  private byTopic = new Map<string, Set<Subscriber>>();
  private byUser = new Map<number, Set<Subscriber>>();
  /** Per user, the lowest token version still valid here (closes the gap between a stream's check and its start). */
  private minVersion = new Map<number, number>();
  private readonly origin = randomUUID();
  private listener?: pg.Client;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  subscriberCount = 0;

  constructor(
    private database: Database,
    private log: FastifyBaseLogger,
  ) {}

  async start() {
    this.timers.push(setInterval(() => this.heartbeat(), HEARTBEAT_MS).unref());
    this.timers.push(setInterval(() => void this.prune(), 3600_000).unref());
    if (this.database.connectListener) await this.listen();
  }

  private async listen() {
    const client = await this.database.connectListener!();
    // PostgreSQL restarted or the connection dropped: 'error' and/or 'end' fire; reconnect once per client.
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = undefined;
      if (this.stopped) return;
      this.log.error({ reason: err?.message }, 'realtime listener lost; reconnecting');
      this.reconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      const { origin, batch, revoke } = JSON.parse(msg.payload) as { origin: string; batch?: string; revoke?: StreamOwner };
      if (origin === this.origin) return;
      if (revoke) return this.closeStale(revoke.userId, revoke.tokenVersion);
      if (!batch) return;
      void this.database.db
        .select()
        .from(realtimeEvents)
        .where(eq(realtimeEvents.batch, batch))
        .orderBy(asc(realtimeEvents.id))
        .then((rows) => rows.forEach((r) => this.deliver(r)))
        .catch((err) => this.log.error({ err }, 'realtime fetch failed'));
    });
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    this.listener = client;
  }

  /**
   * Tries again every second until the database is back, for as long as the hub runs. Then the
   * open streams are ended: events other processes published while this one was not listening
   * reach their subscribers through the EventSource's reconnection with Last-Event-ID (replay).
   */
  private reconnect() {
    setTimeout(() => {
      if (this.stopped) return;
      this.listen().then(
        () => {
          this.log.info('realtime listener reconnected');
          for (const set of this.byTopic.values()) for (const s of set) s.res.end();
        },
        (err: Error) => {
          this.log.warn({ reason: err.message }, 'realtime reconnect failed; retrying');
          this.reconnect();
        },
      );
    }, 1000).unref();
  }

  async stop() {
    this.stopped = true;
    this.timers.forEach(clearInterval);
    for (const set of this.byTopic.values()) for (const s of set) s.res.end();
    this.byTopic.clear();
    this.byUser.clear();
    if (this.listener) await this.listener.end().catch(() => undefined);
  }

  /**
   * Runs `work` with its publications held and sent together at the end: one insert (and, on
   * PostgreSQL, the other processes' notice in the same statement) instead of one per call. A
   * request's after-commit work (its notices, the schedule's "changed") goes out this way, in order.
   */
  async batch(work: () => Promise<void>) {
    const held = { messages: [] as { topic: string; data: unknown }[], open: true };
    try {
      await this.holding.run(held, work);
    } finally {
      // Work that outlives the batch (a timer it started keeps its context) publishes at once.
      held.open = false;
      await this.send(held.messages);
    }
  }
  private holding = new AsyncLocalStorage<{ messages: { topic: string; data: unknown }[]; open: boolean }>();

  /** Stores and pushes one message per topic. Call after the transaction that caused it has committed. */
  async publish(messages: { topic: string; data: unknown }[]) {
    if (messages.length === 0) return;
    const held = this.holding.getStore();
    if (held?.open) held.messages.push(...messages);
    else await this.send(messages);
  }

  private async send(messages: { topic: string; data: unknown }[]) {
    if (messages.length === 0) return;
    const batch = randomUUID();
    // One statement whatever the count, with one JSON parameter (cheap to build, and the same on
    // node-postgres and PGlite): an organization-wide announcement is thousands of rows. On
    // PostgreSQL the same statement tells the other processes (NOTIFY is sent at its commit, with the rows).
    const payload = JSON.stringify(messages.map((m) => ({ t: m.topic, d: m.data })));
    const rows = this.database.pool
      ? await insertEventsAndNotify(this.database.db, [batch, payload, CHANNEL, JSON.stringify({ origin: this.origin, batch })])
      : await insertEvents(this.database.db, [batch, payload]);
    idsInOrder(messages, rows).forEach((e) => this.deliver(e));
  }

  /** Whether a stream opened with this token version would already be revoked here. */
  isRevoked(owner: StreamOwner) {
    return owner.tokenVersion < (this.minVersion.get(owner.userId) ?? 0);
  }

  /**
   * Ends the streams a user opened with tokens older than their current token version (after a
   * logout, a password or e-mail change, a deactivation, a deletion), here and in the other API
   * processes. Call after the change has committed; the client's reconnection is then refused.
   */
  async revokeUser(userId: number) {
    const [row] = await this.database.db.select({ v: users.token_version }).from(users).where(eq(users.id, userId));
    const tokenVersion = row?.v ?? ALL_VERSIONS;
    this.closeStale(userId, tokenVersion);
    if (this.database.pool) {
      await this.database.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin: this.origin, revoke: { userId, tokenVersion } })]);
    }
  }

  private closeStale(userId: number, tokenVersion: number) {
    if (tokenVersion > (this.minVersion.get(userId) ?? 0)) this.minVersion.set(userId, tokenVersion);
    for (const s of this.byUser.get(userId) ?? []) if (s.owner!.tokenVersion < tokenVersion) s.res.end();
  }

  private deliver(evt: Event) {
    const subs = this.byTopic.get(evt.topic);
    if (!subs) return;
    const f = frame(evt);
    for (const s of subs) {
      if (s.pending) s.pending.push({ id: evt.id, frame: f });
      else if (!s.replayed?.has(evt.id)) this.write(s, f);
    }
  }

  /**
   * Writes one frame; a subscriber that lets more than MAX_BUFFERED bytes pile up (a dead or
   * stalled connection) is closed: its EventSource reconnects with Last-Event-ID and misses nothing.
   */
  private write(s: Subscriber, f: string) {
    if (s.res.writableLength > MAX_BUFFERED) {
      s.res.destroy();
      return;
    }
    s.res.write(f);
  }

  /** Opens an SSE stream on `res` for the given topics, first replaying what came after `lastEventId`. */
  async subscribe(res: ServerResponse, topics: string[], lastEventId?: number, owner?: StreamOwner) {
    if (this.stopped) {
      // Shutting down: the client's EventSource retries, and reaches another process or this one restarted.
      res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' });
      res.end(JSON.stringify({ code: 503, message: 'O servidor está reiniciando. Tente novamente em instantes.' }));
      return;
    }
    // An event stream is not a page: the page headers set on every answer (CSP, framing, referrer…)
    // would only lengthen the header block each open stream holds for its whole life.
    for (const name of res.getHeaderNames()) if (!STREAM_HEADERS.has(name)) res.removeHeader(name);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    flattenHeaderBlock(res);
    const replay = lastEventId !== undefined && Number.isFinite(lastEventId);
    // While the replay query runs, live events are held back, then sent after it without the
    // ones the replay already carried: no loss, no duplicate, ids in order.
    const sub: Subscriber = { res, topics, owner, pending: replay ? [] : undefined };
    for (const t of topics) {
      let set = this.byTopic.get(t);
      if (!set) this.byTopic.set(t, (set = new Set()));
      set.add(sub);
    }
    if (owner) {
      let mine = this.byUser.get(owner.userId);
      if (!mine) this.byUser.set(owner.userId, (mine = new Set()));
      mine.add(sub);
    }
    this.subscriberCount++;
    res.on('close', () => {
      this.subscriberCount--;
      if (owner) {
        const mine = this.byUser.get(owner.userId);
        mine?.delete(sub);
        if (mine && mine.size === 0) this.byUser.delete(owner.userId);
      }
      for (const t of topics) {
        const set = this.byTopic.get(t);
        set?.delete(sub);
        if (set && set.size === 0) this.byTopic.delete(t);
      }
    });
    if (!replay) return;
    let missed: Event[] = [];
    try {
      missed = await this.database.db
        .select({ id: realtimeEvents.id, topic: realtimeEvents.topic, data: realtimeEvents.data })
        .from(realtimeEvents)
        .where(and(gt(realtimeEvents.id, lastEventId), inArray(realtimeEvents.topic, topics)))
        .orderBy(realtimeEvents.id)
        .limit(1000);
    } catch (err) {
      this.log.error({ err }, 'realtime replay failed');
    }
    const sent = new Set<number>();
    for (const evt of missed) {
      sent.add(evt.id);
      res.write(frame(evt));
    }
    const held = sub.pending ?? [];
    sub.pending = undefined;
    for (const f of held) if (!sent.has(f.id)) this.write(sub, f.frame);
    if (sent.size) {
      sub.replayed = sent;
      setTimeout(() => (sub.replayed = undefined), 10_000).unref();
    }
  }

  private heartbeat() {
    const seen = new Set<Subscriber>();
    for (const set of this.byTopic.values()) {
      for (const s of set) {
        if (seen.has(s)) continue;
        seen.add(s);
        this.write(s, ': heartbeat\n\n');
      }
    }
  }

  private async prune() {
    await this.database.db
      .delete(realtimeEvents)
      .where(lt(realtimeEvents.created_at, new Date(Date.now() - RETENTION_MS)))
      .catch((err) => this.log.error({ err }, 'realtime prune failed'));
  }
}
