/**
 * `npx tsx bench/profile.ts [user|notification|baseline-user|baseline-notification]`: seeds a
 * PostgreSQL database (BENCH_QUICK size unless BENCH_FULL=1), starts the API (or the baseline)
 * with `--cpu-prof`, loads one endpoint with autocannon, and prints where the server's CPU went:
 * self time by package and the top functions. The database is dropped at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import { seedBench } from './seed';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const which = process.argv[2] ?? 'user';
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FULL = process.env.BENCH_FULL === '1';
const secret = randomBytes(32).toString('base64url');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: PG_SERVER });
  await c.connect();
  await c.query(q);
  await c.end();
};
// BENCH_BACKEND=pglite: the server runs PGlite in its own process (the profile then includes the database).
const PGLITE = process.env.BENCH_BACKEND === 'pglite';
const dbName = `bench_prof_${randomBytes(4).toString('hex')}`;
if (!PGLITE) await admin(`CREATE DATABASE ${dbName}`);
const u = new URL(PG_SERVER);
u.pathname = `/${dbName}`;
const databaseUrl = PGLITE ? '' : u.toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-prof-'));
const profDir = path.join(dataDir, 'prof');
let child: ChildProcess | undefined;
try {
  const database = await openDatabase(PGLITE ? { pgliteDir: path.join(dataDir, 'pglite') } : { databaseUrl });
  const cfg = loadConfig({ DATA_DIR: dataDir }, { jwtSecret: secret });
  await seedBase(database.db, new Passwords({ memoryCost: 1024, timeCost: 1 }), { adminUsername: 'admin', adminPassword: 'x-admin-password' }, pino({ level: 'silent' }));
  const size = FULL ? { organizations: 10, usersPerOrganization: 10_000, notificationsPerUser: 10, realtimeUsers: 10 } : { organizations: 10, usersPerOrganization: 1000, notificationsPerUser: 10, realtimeUsers: 10 };
  const seeded = await seedBench(database.db, size, 'x', () => undefined);
  await database.close();
  void cfg;

  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
  const entry = which.startsWith('baseline') ? 'bench/baseline.ts' : 'src/main.ts';
  const spawnedAt = performance.now();
  child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--import', 'tsx', entry], {
    cwd: apiDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PGLITE_DIR: PGLITE ? path.join(dataDir, 'pglite') : undefined, JWT_SECRET: secret, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 600) throw new Error('server did not start');
    await sleep(100);
  }
  const tokens = new Tokens(secret);
  const terms = ['silva', 'conceição', 'maria', 'joao', 'santos', 'ana', 'araújo', 'gabriel', 'souza', 'lima'];
  const requests = which.endsWith('notification')
    ? await Promise.all(seeded.readers.map(async (r) => ({ method: 'GET', path: '/api/user/notification?page=1&pageSize=10', headers: { authorization: `Bearer ${await tokens.access(r.id, 0, 0)}` } })))
    : await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const m = seeded.managers[i % seeded.managers.length];
          return { method: 'GET', path: `/api/user?page=${1 + (i % 3)}&pageSize=50&search=${encodeURIComponent(terms[i % terms.length])}`, headers: { authorization: `Bearer ${await tokens.access(m.id, 0, m.organizationId)}` } };
        }),
      );
  await autocannon({ url: base, connections: 50, duration: 2, requests });
  const loadFromMs = performance.now() - spawnedAt;
  const r = await autocannon({ url: base, connections: 50, duration: Number(process.env.BENCH_DURATION ?? 8), requests });
  console.log(`${which}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non2xx ${r.non2xx}, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const exited = new Promise((res) => child!.once('exit', res));
  child.kill('SIGTERM');
  await exited;
  child = undefined;

  // Summarize the profile.
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
  const prof = JSON.parse(readFileSync(path.join(profDir, file), 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
    samples: number[];
    timeDeltas: number[];
  };
  // Only the measured load (not start-up, module loading and warm-up).
  const self = new Map<number, number>();
  let at = 0;
  prof.samples.forEach((id, i) => {
    at += prof.timeDeltas[i] ?? 0;
    if (at / 1000 >= loadFromMs) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
  });
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const pkgOf = (url: string) => {
    if (!url) return '(native/gc/idle)';
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1];
    if (url.startsWith('node:')) return 'node:*';
    if (url.includes('/apps/api/')) return 'apps/api';
    if (url.includes('/packages/contract/')) return '@operacoes/contract';
    return url.slice(0, 60);
  };
  const byPkg = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id)!;
    const pkg = n.callFrame.functionName === '(idle)' ? '(idle)' : n.callFrame.functionName === '(garbage collector)' ? '(gc)' : pkgOf(n.callFrame.url);
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/apps\/api\//, '')}:${n.callFrame.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + t);
  }
  // Who calls the native hot spots: the nearest caller inside a package or the app.
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const callers = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id)!;
    if (n.callFrame.url) continue;
    const name = n.callFrame.functionName;
    if (!name || name.startsWith('(')) continue;
    let p = parent.get(id);
    const chain: string[] = [];
    while (p !== undefined && chain.length < 3) {
      const f = byId.get(p)!.callFrame;
      if (/node_modules|apps\/api/.test(f.url)) chain.push(`${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*\/apps\/api\//, '')}:${f.lineNumber + 1}`);
      p = parent.get(p);
    }
    const key = `${name} ← ${chain.join(' ← ') || '?'}`;
    callers.set(key, (callers.get(key) ?? 0) + t);
  }
  // Also in µs per request (the sampled time outside idle, over the measured requests), to compare with the baseline's profile.
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const perRequest = (t: number) => t / r.requests.total;
  console.log(`\nsampled CPU outside idle: ${(perRequest(total - idle)).toFixed(0)} µs per request (${r.requests.total} requests)`);
  const pct = (t: number) => ((100 * t) / total).toFixed(1).padStart(5) + '%' + `${perRequest(t).toFixed(0).padStart(6)} µs`;
  console.log('\nself time by package:');
  for (const [k, t] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(t)}  ${k}`);
  console.log('\ntop functions (self):');
  for (const [k, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${pct(t)}  ${k}`);
  console.log('\nnative hot spots by caller:');
  for (const [k, t] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(t)}  ${k}`);
} finally {
  if (child) child.kill('SIGKILL');
  if (!PGLITE) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
