/**
 * `npm run bench`: the API's benchmarks (not tests). Prints a report as tables.
 *
 * For each database (PostgreSQL: a fresh `bench_<random>` database on the local server,
 * dropped at the end; PGlite: a fresh data directory):
 *   1. bulk seed: 10 organizations × 10,000 users, 1,000,000 notifications, and one more
 *      organization of 10,000 users for the realtime test (bench/seed.ts);
 *   2. start the real server (`src/main.ts`, a child process, default settings: pool of 20,
 *      LOG_LEVEL info) and measure realtime: 10,000 SSE subscribers (1,000 quick), one notification
 *      to the whole organization, time until the last subscriber has it, RSS per open subscriber;
 *   3. autocannon (50 connections) on `GET /api/user?page&pageSize=50&search` and
 *      `GET /api/user/notification?page=1&pageSize=10`;
 *   4. the same against a minimal `node:http` + `pg` server running the same SQL
 *      (bench/baseline.ts); the ratio.
 * Plus the CPU cost of one argon2id verification at the configured cost (login).
 *
 * Env: BENCH_QUICK=1 (smaller dataset, shorter runs), BENCH_BACKENDS=postgres,pglite,
 * BENCH_PG_URL (a maintenance database on the server; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_DURATION (seconds per run), BENCH_WARMUP (seconds),
 * BENCH_LOG_LEVEL (the server's LOG_LEVEL, default info), BENCH_OUT (write the report there too),
 * BENCH_REALTIME_USERS (subscribers), BENCH_ONLY=realtime (seed and realtime only: no HTTP runs).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { type Cannon, aggregateRuns } from './harness';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import { type Seeded, seedBench } from './seed';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUICK = process.env.BENCH_QUICK === '1';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((s) => s.trim()) as ('postgres' | 'pglite')[];
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY_REALTIME = process.env.BENCH_ONLY === 'realtime';
const SIZE = QUICK
  ? { organizations: 10, usersPerOrganization: 1000, notificationsPerUser: 10, realtimeUsers: 1000 }
  : { organizations: 10, usersPerOrganization: 10_000, notificationsPerUser: 10, realtimeUsers: 10_000 };
if (process.env.BENCH_REALTIME_USERS) SIZE.realtimeUsers = Number(process.env.BENCH_REALTIME_USERS);
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 6 : 10));
// Long enough for the JIT: with 1 s the API (much more code than the baseline) was still being
// compiled during the measured 3 s, and its CPU per request was mostly warm-up.
const WARMUP = Number(process.env.BENCH_WARMUP ?? (QUICK ? 3 : 4));
const CONNECTIONS = 50;
const PASSWORD = 'bench-password-123';
const JWT_SECRET = randomBytes(32).toString('base64url');
const SEARCH_TERMS = ['silva', 'conceição', 'maria', 'joao', 'santos', 'ana', 'araújo', 'gabriel', 'souza', 'lima'];

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

type BackendResult = {
  backend: string;
  seed: Record<string, number>;
  seedTotalMs: number;
  startMs: number;
  loginMs: number[];
  endpoints: { name: string; api: Cannon; baseline: Cannon }[];
  /** PostgreSQL: the same requests to `WORKERS=2` and to one process, alternating. */
  workers?: { name: string; two: Cannon; one: Cannon }[];
  realtime?: RealtimeResult;
  serverRssAfterMb?: number;
  load: number;
  cpuShare: number;
};
type RealtimeResult = {
  subscribers: number;
  connectMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  perSubscriberKb: number;
  marginalKb: number;
  /** The same after full collections on both sides (bench/gc-probe.mjs): what the streams keep alive. */
  collectedKb: number;
  postMs: number;
  firstMs: number;
  p50Ms: number;
  lastMs: number;
  received: number;
};

function fdLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return Number(line?.split(/\s+/)[3]);
  } catch {
    return Infinity;
  }
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) / 1024;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts a TypeScript entry point as a child Node process (the same Node as this one) and waits for /api/health. */
async function startServer(entry: string, env: Record<string, string | undefined>, nodeArgs: string[] = []): Promise<{ child: ChildProcess; base: string; port: number; startMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: apiDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited (${child.exitCode}): ${stderr}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    if (performance.now() - t0 > 180_000) throw new Error(`${entry} did not start: ${stderr}`);
    await sleep(100);
  }
  return { child, base, port, startMs: performance.now() - t0 };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

type Target = { base: string; pid: number; requests: { path: string; headers: Record<string, string> }[] };

/** CPU time (user + system) a process has used so far, in ms (from /proc; clock ticks of 10 ms). */
const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const SEGMENTS = QUICK ? 2 : 3;

/**
 * Loads the API and the baseline in alternating segments (API, baseline, API, baseline, …) so
 * that whatever else the machine is doing weighs on both alike. req/s = all requests ÷ all
 * time; p50/p99 = the median of the segments' values.
 */
async function cannonPair(api: Target, baseline: Target): Promise<[Cannon, Cannon]> {
  const seg = DURATION / SEGMENTS;
  const runs: [Result[], Result[]] = [[], []];
  const opts = (t: Target) => ({ url: t.base, connections: CONNECTIONS, timeout: 30, requests: t.requests.map((r) => ({ method: 'GET', ...r })) });
  await autocannon({ ...opts(api), duration: WARMUP });
  await autocannon({ ...opts(baseline), duration: WARMUP });
  const cpu = [0, 0];
  for (let i = 0; i < SEGMENTS; i++) {
    for (const [k, t] of [api, baseline].entries()) {
      const c0 = cpuMsOf(t.pid);
      runs[k].push(await autocannon({ ...opts(t), duration: seg }));
      cpu[k] += cpuMsOf(t.pid) - c0;
    }
  }
  return [aggregateRuns(runs[0], cpu[0]), aggregateRuns(runs[1], cpu[1])];
}

/** The share of one core this process gets right now (1.0 = a free core). */
function cpuShare(): number {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  let x = 0;
  while (performance.now() - w0 < 300) for (let i = 0; i < 1e5; i++) x += i & 1;
  const c = process.cpuUsage(c0);
  return x < 0 ? 0 : (c.user + c.system) / 1000 / (performance.now() - w0);
}

/** Same answers from the API and the baseline (so the baseline really does the same work). */
async function sameAnswers(api: string, baseline: string, requests: { path: string; headers: Record<string, string> }[]) {
  for (const r of requests.slice(0, 5)) {
    const [a, b] = await Promise.all([api, baseline].map(async (base) => (await fetch(base + r.path, { headers: r.headers })).json()));
    if (!isDeepStrictEqual(a, b)) throw new Error(`baseline differs from the API on ${r.path}:\nAPI ${JSON.stringify(a).slice(0, 500)}\nbaseline ${JSON.stringify(b).slice(0, 500)}`);
  }
}

/** N raw HTTP SSE subscribers (one socket each, no EventSource), one notification to all of them. */
async function realtimeBench(server: { base: string; port: number; child: ChildProcess }, seeded: Seeded, tokens: Tokens): Promise<RealtimeResult> {
  const ids = seeded.realtime.userIds;
  const marker = `rt-${randomBytes(4).toString('hex')}`;
  type Client = { sock: net.Socket; buf: string; connected: boolean; got?: number };
  const clients: Client[] = [];
  let received = 0;
  let allReceived: () => void = () => undefined;
  const done = new Promise<void>((r) => (allReceived = r));

  const open = async (id: number) => {
    const token = await tokens.mercure(id, 0, [`/users/${id}`]); // seeded users: token version 0
    return new Promise<void>((resolve, reject) => {
      const sock = net.connect(server.port, '127.0.0.1');
      const c: Client = { sock, buf: '', connected: false };
      clients.push(c);
      sock.on('connect', () =>
        sock.write(`GET /.well-known/mercure?topic=${encodeURIComponent(`/users/${id}`)}&authorization=${token} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`),
      );
      sock.on('data', (d: Buffer) => {
        c.buf += d.toString('latin1');
        if (!c.connected) {
          if (c.buf.includes(': connected')) {
            if (!c.buf.startsWith('HTTP/1.1 200')) return reject(new Error(c.buf.slice(0, 200)));
            c.connected = true;
            c.buf = '';
            resolve();
          }
        } else if (c.got === undefined && c.buf.includes(marker)) {
          c.got = performance.now();
          c.buf = '';
          if (++received === ids.length) allReceived();
        } else if (c.buf.length > 4096) c.buf = c.buf.slice(-256);
      });
      sock.on('error', reject);
    });
  };

  const collected = async () => {
    server.child.kill('SIGUSR2');
    await sleep(2000);
    return rssMb(server.child.pid!);
  };
  await sleep(1000);
  const rssBeforeCollected = await collected();
  const rssBefore = rssMb(server.child.pid!);
  // Quiet for a while after connecting: V8's memory reducer collects the connections' garbage (token
  // checks, log lines) once allocation stops, so the figure is what an open stream keeps.
  const settle = () => sleep(Number(process.env.BENCH_REALTIME_SETTLE_MS ?? 12_000));
  const connect = async (some: number[]) => {
    for (let i = 0; i < some.length; i += 250) await Promise.all(some.slice(i, i + 250).map(open));
  };
  const half = Math.floor(ids.length / 2);
  const t0 = performance.now();
  await connect(ids.slice(0, half));
  let connectMs = performance.now() - t0;
  await settle();
  const rssHalf = rssMb(server.child.pid!);
  const t1 = performance.now();
  await connect(ids.slice(half));
  connectMs += performance.now() - t1;
  await settle();
  const rssAfter = rssMb(server.child.pid!);
  const rssAfterCollected = await collected();

  const senderToken = await tokens.access(seeded.realtime.sender.id, 0, seeded.realtime.organizationId);
  const start = performance.now();
  const res = await fetch(`${server.base}/api/notification`, {
    method: 'POST',
    headers: { authorization: `Bearer ${senderToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: marker, message: 'Comunicado para toda a organização: janela de manutenção no sábado.', organization: true }),
  });
  const postMs = performance.now() - start;
  const body = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/notification: ${res.status} ${body}`);
  await Promise.race([done, sleep(30_000)]);
  const times = clients
    .map((c) => c.got)
    .filter((x): x is number => x !== undefined)
    .map((x) => x - start)
    .sort((a, b) => a - b);
  for (const c of clients) c.sock.destroy();
  await sleep(500);
  return {
    subscribers: ids.length,
    connectMs,
    rssBeforeMb: rssBefore,
    rssAfterMb: rssAfter,
    perSubscriberKb: ((rssAfter - rssBefore) * 1024) / ids.length,
    // The second half's growth per stream: what one more subscriber costs, without the fixed costs
    // the first connections bring (the young generation growing to its size, compiled code, pools).
    marginalKb: ((rssAfter - rssHalf) * 1024) / (ids.length - half),
    collectedKb: ((rssAfterCollected - rssBeforeCollected) * 1024) / ids.length,
    postMs,
    firstMs: times[0] ?? NaN,
    p50Ms: times[Math.floor(times.length / 2)] ?? NaN,
    lastMs: times.length === ids.length ? times[times.length - 1] : NaN,
    received: times.length,
  };
}

async function argon2Cost(cost: { memoryCost: number; timeCost: number }) {
  const passwords = new Passwords(cost);
  const hash = await passwords.hash(PASSWORD);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < (QUICK ? 3 : 7); i++) {
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    if (!(await passwords.verify(hash, PASSWORD))) throw new Error('argon2 verify failed');
    wall.push(performance.now() - w0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { hash, cpuMs: median(cpu), wallMs: median(wall) };
}

async function benchBackend(kind: 'postgres' | 'pglite', passwordHash: string): Promise<BackendResult> {
  log(`${kind}: preparing database`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `operacoes-bench-${kind}-`));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  const admin = async (sqlText: string) => {
    const c = new pg.Client({ connectionString: PG_SERVER });
    await c.connect();
    try {
      await c.query(sqlText);
    } finally {
      await c.end();
    }
  };
  if (kind === 'postgres') {
    dbName = `bench_${randomBytes(5).toString('hex')}`;
    await admin(`CREATE DATABASE ${dbName}`);
    const u = new URL(PG_SERVER);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const pgliteDir = path.join(dataDir, 'pglite');
  const baselineDir = path.join(dataDir, 'pglite-baseline');
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  let baseline: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const t0 = performance.now();
    const database = await openDatabase({ databaseUrl, pgliteDir: kind === 'pglite' ? pgliteDir : undefined });
    database.pool?.on('error', () => undefined);
    const silent = pino({ level: 'silent' });
    const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET });
    await seedBase(database.db, new Passwords(cfg.argon2), { adminUsername: 'admin', adminPassword: PASSWORD }, silent);
    log(`${kind}: seeding ${SIZE.organizations} × ${SIZE.usersPerOrganization} users, ${SIZE.organizations * SIZE.usersPerOrganization * SIZE.notificationsPerUser} notifications, +${SIZE.realtimeUsers} users`);
    const seeded = await seedBench(database.db, SIZE, passwordHash, log);
    await database.close();
    const seedTotalMs = performance.now() - t0;
    log(`${kind}: seeded in ${(seedTotalMs / 1000).toFixed(1)} s (with migrations)`);

    const tokens = new Tokens(JWT_SECRET);
    const serverEnv = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      JWT_SECRET,
      APP_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    };
    // The baseline runs beside the API (on a copy of the PGlite directory: one process per directory).
    let baselineEnv: Record<string, string | undefined> = { DATABASE_URL: databaseUrl, JWT_SECRET };
    if (kind === 'pglite') {
      const t = performance.now();
      cpSync(pgliteDir, baselineDir, { recursive: true });
      log(`pglite: copied the data directory for the baseline in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      baselineEnv = { PGLITE_DIR: baselineDir, JWT_SECRET };
    }
    const results: { name: string; api: Cannon; baseline: Cannon }[] = [];
    const workers: { name: string; two: Cannon; one: Cannon }[] = [];
    const share = cpuShare();
    const load = os.loadavg()[0];
    if (!ONLY_REALTIME) {
    api = await startServer('src/main.ts', serverEnv);
    baseline = await startServer('bench/baseline.ts', baselineEnv);
    log(`${kind}: API up in ${(api.startMs / 1000).toFixed(1)} s (pid ${api.child.pid}), baseline up (pid ${baseline.child.pid})`);

    const listRequests = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const m = seeded.managers[i % seeded.managers.length];
        const token = await tokens.access(m.id, 0, m.organizationId);
        return { path: `/api/user?page=${1 + (i % 3)}&pageSize=50&search=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length])}`, headers: { authorization: `Bearer ${token}` } };
      }),
    );
    const notificationRequests = await Promise.all(
      seeded.readers.map(async (u) => ({ path: '/api/user/notification?page=1&pageSize=10', headers: { authorization: `Bearer ${await tokens.access(u.id, 0, 0)}` } })),
    );
    const endpoints = [
      { name: 'GET /api/user?page=1..3&pageSize=50&search=…', requests: listRequests },
      { name: 'GET /api/user/notification?page=1&pageSize=10', requests: notificationRequests },
    ];
    for (const e of endpoints) await sameAnswers(api.base, baseline.base, e.requests);
    log(`${kind}: machine load ${load.toFixed(1)}, this process gets ${(share * 100).toFixed(0)}% of a core`);
    for (const e of endpoints) {
      log(`${kind}: ${e.name}: API and baseline, ${SEGMENTS} alternating segments`);
      const [a, b] = await cannonPair({ base: api.base, pid: api.child.pid!, requests: e.requests }, { base: baseline.base, pid: baseline.child.pid!, requests: e.requests });
      log(`${kind}:   API ${a.rps.toFixed(0)} req/s p99 ${ms(a.p99)} ms ${a.cpuUsPerRequest.toFixed(0)} µs CPU/req; baseline ${b.rps.toFixed(0)} req/s p99 ${ms(b.p99)} ms ${b.cpuUsPerRequest.toFixed(0)} µs CPU/req`);
      results.push({ name: e.name, api: a, baseline: b });
    }
    if (kind === 'postgres') {
      // The horizontal path's first figure: two processes sharing the port (node:cluster) against one.
      await stopServer(baseline.child);
      baseline = undefined;
      const two = await startServer('src/main.ts', { ...serverEnv, WORKERS: '2' });
      try {
        for (const e of endpoints) {
          log(`${kind}: ${e.name}: WORKERS=2 and one process, ${SEGMENTS} alternating segments`);
          const [w2, w1] = await cannonPair({ base: two.base, pid: two.child.pid!, requests: e.requests }, { base: api.base, pid: api.child.pid!, requests: e.requests });
          log(`${kind}:   WORKERS=2 ${w2.rps.toFixed(0)} req/s p99 ${ms(w2.p99)} ms; one process ${w1.rps.toFixed(0)} req/s p99 ${ms(w1.p99)} ms`);
          workers.push({ name: e.name, two: w2, one: w1 });
        }
      } finally {
        await stopServer(two.child);
      }
    }
    }
    const serverRssAfterMb = api ? rssMb(api.child.pid!) : NaN;
    if (baseline) await stopServer(baseline.child);
    baseline = undefined;
    if (api) await stopServer(api.child);
    api = undefined;

    // A fresh API process for login and realtime (so its memory figures are its own), with a probe
    // that collects garbage on a signal (bench/gc-probe.mjs).
    api = await startServer('src/main.ts', serverEnv, ['--expose-gc', '--import', './bench/gc-probe.mjs']);
    const loginMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const r = await fetch(`${api.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: seeded.managers[i].username, password: PASSWORD }) });
      loginMs.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`login: ${r.status} ${await r.text()}`);
    }
    log(`${kind}: realtime, ${seeded.realtime.userIds.length} subscribers`);
    const realtime = await realtimeBench(api, seeded, tokens);
    log(`${kind}: realtime last subscriber after ${ms(realtime.lastMs)} ms, ${realtime.perSubscriberKb.toFixed(1)} KB RSS per subscriber (second half ${realtime.marginalKb.toFixed(1)} KB; after full GCs ${realtime.collectedKb.toFixed(1)} KB)`);
    await stopServer(api.child);
    api = undefined;

    return { backend: kind, seed: seeded.timings, seedTotalMs, startMs: 0, loginMs, endpoints: results, workers, realtime, serverRssAfterMb, load, cpuShare: share };
  } finally {
    if (api) await stopServer(api.child);
    if (baseline) await stopServer(baseline.child);
    if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => log(`could not drop ${dbName}: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(
  results: BackendResult[],
  argon: { cpuMs: number; wallMs: number },
  cost: { memoryCost: number; timeCost: number },
  meta: Record<string, string>,
  candidates: { memoryCost: number; timeCost: number; cpuMs: number; wallMs: number }[],
) {
  const lines: string[] = [];
  const table = (head: string[], rows: (string | number)[][]) => {
    lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`), '');
  };
  lines.push(`Run: ${meta.date}`, `Machine: ${meta.machine}`, `Node ${process.version}; ${meta.pg}; dataset: ${SIZE.organizations} organizations × ${SIZE.usersPerOrganization} users, ${SIZE.organizations * SIZE.usersPerOrganization * SIZE.notificationsPerUser} notifications, realtime organization of ${SIZE.realtimeUsers} users${QUICK ? ' (BENCH_QUICK)' : ''}; autocannon ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up; server LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'info'}`, '');
  lines.push('### HTTP (req/s and latency in ms; ratio = API req/s ÷ baseline req/s)', '');
  const rows: (string | number)[][] = [];
  for (const r of results) {
    for (const e of r.endpoints) {
      const ok = (c: Cannon) => (c.non2xx || c.errors ? ` (${c.non2xx} non-2xx, ${c.errors} errors)` : '');
      rows.push([
        `${r.backend} (${r.load.toFixed(1)}, ${(r.cpuShare * 100).toFixed(0)}%)`,
        e.name,
        `${e.api.rps.toFixed(0)}${ok(e.api)}`,
        ms(e.api.p50),
        ms(e.api.p99),
        `${e.baseline.rps.toFixed(0)}${ok(e.baseline)}`,
        ms(e.baseline.p50),
        ms(e.baseline.p99),
        (e.api.rps / e.baseline.rps).toFixed(2),
        `${e.api.cpuUsPerRequest.toFixed(0)} / ${e.baseline.cpuUsPerRequest.toFixed(0)} = ${(e.baseline.cpuUsPerRequest / e.api.cpuUsPerRequest).toFixed(2)}`,
      ]);
    }
  }
  table(['database (load, CPU share)', 'request', 'API req/s', 'API p50', 'API p99', 'baseline req/s', 'baseline p50', 'baseline p99', 'ratio', 'server CPU µs/request: API / baseline = ratio'], rows);
  // The embedded database against PostgreSQL on the same endpoints, both measured in this run.
  const pgRun = results.find((r) => r.backend === 'postgres');
  const embedded = results.find((r) => r.backend === 'pglite');
  if (pgRun && embedded) {
    lines.push('### PGlite as a share of PostgreSQL (API req/s, this run)', '');
    table(
      ['request', 'PostgreSQL req/s', 'PGlite req/s', 'PGlite ÷ PostgreSQL'],
      embedded.endpoints.map((e) => {
        const other = pgRun.endpoints.find((x) => x.name === e.name);
        return [e.name, other ? other.api.rps.toFixed(0) : '–', e.api.rps.toFixed(0), other ? (e.api.rps / other.api.rps).toFixed(2) : '–'];
      }),
    );
  }
  const several = results.flatMap((r) => (r.workers ?? []).map((w) => [r.backend, w.name, w.two.rps.toFixed(0), ms(w.two.p99), w.one.rps.toFixed(0), ms(w.one.p99), (w.two.rps / w.one.rps).toFixed(2)]));
  if (several.length) {
    lines.push(`### Several processes (WORKERS=2 vs one process, the same requests, alternating; the load generator shares the machine's ${os.cpus().length} cores)`, '');
    table(['database', 'request', 'WORKERS=2 req/s', 'p99', 'one process req/s', 'p99', 'ratio'], several);
  }
  lines.push('### Realtime (SSE, raw HTTP clients; one notification to a whole organization)', '');
  table(
    ['database', 'subscribers', 'connect all (ms)', 'POST answered (ms)', 'first has it (ms)', 'median (ms)', 'last has it (ms)', 'received', 'RSS before → after (MB)', 'RSS per subscriber (KB)', 'RSS per subscriber, second half (KB)', 'RSS per subscriber after full GCs (KB)'],
    results
      .filter((r) => r.realtime)
      .map((r) => {
        const x = r.realtime!;
        return [r.backend, x.subscribers, ms(x.connectMs), ms(x.postMs), ms(x.firstMs), ms(x.p50Ms), ms(x.lastMs), `${x.received}/${x.subscribers}`, `${x.rssBeforeMb.toFixed(0)} → ${x.rssAfterMb.toFixed(0)}`, x.perSubscriberKb.toFixed(1), x.marginalKb.toFixed(1), x.collectedKb.toFixed(1)];
      }),
  );
  lines.push('### Login', '');
  table(
    ['what', 'value'],
    [
      [`argon2id verify, memoryCost ${cost.memoryCost} KiB, timeCost ${cost.timeCost}, parallelism 1: CPU time`, `${ms(argon.cpuMs)} ms`],
      ['same, wall time', `${ms(argon.wallMs)} ms`],
      ...candidates.map((c) => [`other cost: memoryCost ${c.memoryCost} KiB, timeCost ${c.timeCost}: CPU (wall)`, `${ms(c.cpuMs)} ms (${ms(c.wallMs)} ms)`] as (string | number)[]),
      ...results.map((r) => [`POST /api/login end to end (${r.backend}), 3 sequential`, r.loginMs.map(ms).join(', ') + ' ms'] as (string | number)[]),
    ],
  );
  lines.push('### Seeding', '');
  table(
    ['database', ...Object.keys(results[0]?.seed ?? {}), 'total (with migrations)'],
    results.map((r) => [r.backend, ...Object.values(r.seed).map((x) => `${(x / 1000).toFixed(1)} s`), `${(r.seedTotalMs / 1000).toFixed(1)} s`]),
  );
  return lines.join('\n');
}

async function main() {
  const started = performance.now();
  const limit = fdLimit();
  // The limit is per process: this one holds the client sockets, the server its own.
  if (limit < SIZE.realtimeUsers + 500) {
    log(`open-file limit ${limit} is too low for ${SIZE.realtimeUsers} subscribers (a socket each, in this process and in the server); run \`ulimit -n ${SIZE.realtimeUsers + 1000}\` first`);
    SIZE.realtimeUsers = Math.max(100, limit - 500);
    log(`using ${SIZE.realtimeUsers} subscribers`);
  }
  const cost = loadConfig({ DATA_DIR: os.tmpdir() }, { jwtSecret: 'x' }).argon2;
  log(`argon2id verify cost at memoryCost ${cost.memoryCost} KiB, timeCost ${cost.timeCost}`);
  const argon = await argon2Cost(cost);
  log(`argon2id: ${ms(argon.cpuMs)} ms CPU, ${ms(argon.wallMs)} ms wall`);
  // Other costs, to choose one in the 50–150 ms band.
  const candidates: { memoryCost: number; timeCost: number; cpuMs: number; wallMs: number }[] = [];
  for (const c of [
    { memoryCost: 19456, timeCost: 12 },
    { memoryCost: 19456, timeCost: 18 },
    { memoryCost: 47104, timeCost: 6 },
    { memoryCost: 65536, timeCost: 4 },
  ]) {
    const r = await argon2Cost(c);
    candidates.push({ ...c, cpuMs: r.cpuMs, wallMs: r.wallMs });
  }

  let pgVersion = 'PostgreSQL server not used';
  if (BACKENDS.includes('postgres')) {
    const c = new pg.Client({ connectionString: PG_SERVER });
    await c.connect();
    const { rows } = await c.query('SHOW server_version');
    const { rows: sb } = await c.query('SHOW shared_buffers');
    pgVersion = `PostgreSQL ${rows[0].server_version} (shared_buffers ${sb[0].shared_buffers}), PGlite 0.5 (PostgreSQL 18, WASM)`;
    await c.end();
  }
  const results: BackendResult[] = [];
  for (const b of BACKENDS) results.push(await benchBackend(b, argon.hash));

  const meta = {
    date: new Date().toString(),
    machine: `${os.hostname()}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}`,
    pg: pgVersion,
  };
  const text = report(results, argon, cost, meta, candidates);
  console.log('\n' + text);
  console.log(`Total bench time: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, text + '\n');
  const json = path.join(os.tmpdir(), `operacoes-bench-${Date.now()}.json`);
  writeFileSync(json, JSON.stringify({ meta, size: SIZE, argon, results }, null, 2));
  console.log(`Raw figures: ${json}`);
}

await main();
