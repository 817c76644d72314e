import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { EventSource, type FetchLike } from 'eventsource';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { insertUser, seedBase } from '../src/db/seed';
import { ADMIN, PASSWORD, freshPgDatabase } from './helpers';

/** Starts the app on a real port (127.0.0.1, port 0) and returns its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export type Received = { id: string; data: Record<string, unknown> };

/**
 * A real EventSource client (the `eventsource` package, WHATWG semantics: automatic
 * reconnection with `Last-Event-ID`). Collects messages and errors; `next()` waits for the
 * next message matching a predicate.
 */
export class Subscriber {
  readonly es: EventSource;
  readonly messages: Received[] = [];
  readonly errors: { code?: number; message?: string }[] = [];
  opened = 0;
  private waiters: { pred: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  private errorWaiters: ((e: { code?: number; message?: string }) => void)[] = [];
  private openWaiters: (() => void)[] = [];

  constructor(url: string, opts: { headers?: Record<string, string> } = {}) {
    const headers = opts.headers;
    const fetchImpl: FetchLike | undefined = headers
      ? (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } })
      : undefined;
    this.es = new EventSource(url, fetchImpl ? { fetch: fetchImpl } : undefined);
    this.es.addEventListener('open', () => {
      this.opened++;
      this.openWaiters.splice(0).forEach((w) => w());
    });
    this.es.addEventListener('message', (ev) => {
      const m = { id: ev.lastEventId, data: JSON.parse(ev.data) as Record<string, unknown> };
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
    });
    this.es.addEventListener('error', (ev) => {
      const e = { code: (ev as { code?: number }).code, message: (ev as { message?: string }).message };
      this.errors.push(e);
      this.errorWaiters.splice(0).forEach((w) => w(e));
    });
  }

  /** Resolves on the first open (or the next one when `again`). */
  open(timeoutMs = 5000, again = false): Promise<void> {
    if (this.opened > 0 && !again) return Promise.resolve();
    return withTimeout(new Promise<void>((resolve) => this.openWaiters.push(resolve)), timeoutMs, 'open');
  }

  next(pred: (m: Received) => boolean = () => true, timeoutMs = 1000): Promise<Received> {
    const seen = this.messages.find(pred);
    if (seen) return Promise.resolve(seen);
    return withTimeout(new Promise<Received>((resolve) => this.waiters.push({ pred, resolve })), timeoutMs, 'message');
  }

  error(timeoutMs = 5000) {
    if (this.errors.length) return Promise.resolve(this.errors[0]);
    return withTimeout(new Promise<{ code?: number; message?: string }>((resolve) => this.errorWaiters.push(resolve)), timeoutMs, 'error');
  }

  close() {
    this.es.close();
  }
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
    }),
  ]);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two API instances (two `buildApp`, two pools, two hubs with their own LISTEN connection) on
 * ONE new PostgreSQL database of the server at `serverUrl`, both listening on real ports.
 * Stands in for two API processes behind a load balancer.
 */
export async function createTwoInstances(serverUrl: string) {
  const { url: databaseUrl, drop } = await freshPgDatabase(serverUrl, 't_rt');
  const jwtSecret = 'test-secret-' + randomBytes(8).toString('hex');
  const dirs: string[] = [];

  const instance = async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'operacoes-rt-'));
    dirs.push(dataDir);
    const config = loadConfig(
      { DATA_DIR: dataDir },
      {
        jwtSecret,
        databaseUrl,
        argon2: { memoryCost: 1024, timeCost: 1 },
        rateLimit: { perIpPerMinute: 10_000, perUsernamePerWindow: 10_000, usernameWindowMs: 60_000 },
        logLevel: 'silent',
        publicUrl: 'http://operacoes.test',
      },
    );
    const database = await openDatabase({ databaseUrl, poolSize: 5 });
    database.pool?.on('error', () => undefined); // see realtime.test.ts: clients killed by DROP … WITH (FORCE)
    const app = await buildApp(config, database, { logger: false });
    return { app, database, config };
  };

  const a = await instance();
  const b = await instance();
  const base = await seedBase(a.app.db, a.app.passwords, { adminUsername: ADMIN.username, adminPassword: ADMIN.password }, a.app.log);
  const urlA = await listen(a.app);
  const urlB = await listen(b.app);

  const createUser = async (permissions: string[] = []) => {
    const username = `rt_${randomBytes(4).toString('hex')}`;
    const user = await insertUser(a.app.db, {
      organizationId: base.organizationId,
      username,
      email: `${username}@example.com`,
      passwordHash: await a.app.passwords.hash(PASSWORD),
      nickname: username,
      fullName: `Pessoa ${username}`,
      permissions,
    });
    return { id: user.id, username };
  };

  return {
    a: { ...a, url: urlA },
    b: { ...b, url: urlB },
    createUser,
    async close() {
      for (const i of [a, b]) {
        await i.app.close();
        await i.database.close();
      }
      await drop();
      dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
    },
  };
}

/** `POST /api/login` over real HTTP. */
export async function httpLogin(baseUrl: string, username: string, password = PASSWORD) {
  const res = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; mercure_token: string; mercure_topics: string[]; user: { id: number } };
}

/** A JSON call over real HTTP. */
export async function http(baseUrl: string, method: string, url: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
