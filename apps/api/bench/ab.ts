/**
 * `npx tsx bench/ab.ts`: an A/B of API builds against the baseline in ONE run, on one seeded
 * database (BENCH_QUICK size), for the two benchmarked endpoints. Each server is loaded in turn,
 * round after round (A, B, …, baseline, A, B, …), so that whatever else the machine is doing
 * weighs on all alike; reported: req/s, p99 and server CPU µs per request (from /proc), and the
 * CPU ratio to the baseline.
 *
 * Env: BENCH_AB=label=dir,label=dir (API directories, i.e. copies of apps/api with their
 * node_modules reachable; default `this=` this directory), BENCH_BACKEND=postgres|pglite,
 * BENCH_ROUNDS (default 4), BENCH_DURATION (seconds per segment, default 3), BENCH_PG_URL,
 * BENCH_ENDPOINTS=user,notification.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { seedBase } from '../src/db/seed';
import { seedBench } from './seed';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKEND = (process.env.BENCH_BACKEND ?? 'postgres') as 'postgres' | 'pglite';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SEGMENT = Number(process.env.BENCH_DURATION ?? 3);
const ENDPOINTS = (process.env.BENCH_ENDPOINTS ?? 'user,notification').split(',');
const APIS = (process.env.BENCH_AB ?? `this=${apiDir}`).split(',').map((x) => {
  const [label, dir] = x.split('=');
  return { label, dir: path.resolve(dir || apiDir) };
});
const secret = randomBytes(32).toString('base64url');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (msg: string) => console.log(`[ab ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const cpuMsOf = (pid: number, tid?: number) => {
  const f = readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
/** user and system CPU of the main thread, in ms. */
const mainMsOf = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return [Number(f[11]) * 10, Number(f[12]) * 10];
};
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: PG_SERVER });
  await c.connect();
  await c.query(q);
  await c.end();
};

type Server = { label: string; child: ChildProcess; base: string };
async function start(label: string, cwd: string, entry: string, env: Record<string, string | undefined>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null || i > 1800) throw new Error(`${label} did not start`);
    await sleep(100);
  }
  return { label, child, base };
}

const dbName = `bench_ab_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-ab-'));
const servers: Server[] = [];
try {
  let databaseUrl: string | undefined;
  if (BACKEND === 'postgres') {
    await admin(`CREATE DATABASE ${dbName}`);
    const u = new URL(PG_SERVER);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const seedDir = path.join(dataDir, 'seed');
  const database = await openDatabase({ databaseUrl, pgliteDir: BACKEND === 'pglite' ? seedDir : undefined });
  await seedBase(database.db, new Passwords({ memoryCost: 1024, timeCost: 1 }), { adminUsername: 'admin', adminPassword: 'x-admin-password' }, pino({ level: 'silent' }));
  const seeded = await seedBench(database.db, { organizations: 10, usersPerOrganization: 1000, notificationsPerUser: 10, realtimeUsers: 10 }, 'x', () => undefined);
  await database.close();
  log(`seeded (${BACKEND})`);
  // One data directory per server on PGlite (one process per directory).
  const dirFor = (name: string) => {
    if (BACKEND !== 'pglite') return undefined;
    const d = path.join(dataDir, name);
    cpSync(seedDir, path.join(d, 'pglite'), { recursive: true });
    return d;
  };
  for (const [i, a] of APIS.entries()) {
    const own = dirFor(`api${i}`) ?? path.join(dataDir, `api${i}`);
    servers.push(await start(a.label, a.dir, 'src/main.ts', { DATA_DIR: own, DATABASE_URL: databaseUrl ?? '', JWT_SECRET: secret }));
  }
  const b = dirFor('baseline');
  servers.push(await start('baseline', apiDir, 'bench/baseline.ts', b ? { PGLITE_DIR: path.join(b, 'pglite'), JWT_SECRET: secret, DATABASE_URL: '' } : { DATABASE_URL: databaseUrl, JWT_SECRET: secret }));
  log(`servers up: ${servers.map((s) => `${s.label} (${s.child.pid})`).join(', ')}`);

  const tokens = new Tokens(secret);
  const terms = ['silva', 'conceição', 'maria', 'joao', 'santos', 'ana', 'araújo', 'gabriel', 'souza', 'lima'];
  const loads: Record<string, { method: string; path: string; headers: Record<string, string> }[]> = {
    user: await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const m = seeded.managers[i % seeded.managers.length];
        return { method: 'GET', path: `/api/user?page=${1 + (i % 3)}&pageSize=50&search=${encodeURIComponent(terms[i % terms.length])}`, headers: { authorization: `Bearer ${await tokens.access(m.id, 0, m.organizationId)}` } };
      }),
    ),
    notification: await Promise.all(seeded.readers.map(async (r) => ({ method: 'GET', path: '/api/user/notification?page=1&pageSize=10', headers: { authorization: `Bearer ${await tokens.access(r.id, 0, 0)}` } }))),
  };
  for (const name of ENDPOINTS) {
    const requests = loads[name];
    // Same answers from every server.
    for (const r of requests.slice(0, 6)) {
      const bodies = await Promise.all(servers.map(async (s) => JSON.stringify(await (await fetch(s.base + r.path, { headers: r.headers })).json())));
      for (const [i, body] of bodies.entries()) if (body !== bodies[0]) throw new Error(`${servers[i].label} differs from ${servers[0].label} on ${r.path}`);
    }
    for (const s of servers) await autocannon({ url: s.base, connections: 50, duration: 2, requests });
    const acc = new Map(servers.map((s) => [s.label, { requests: 0, seconds: 0, cpuMs: 0, mainUser: 0, mainSystem: 0, p99: [] as number[] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 ? [...servers].reverse() : servers) {
        const c0 = cpuMsOf(s.child.pid!);
        const [u0, s0] = mainMsOf(s.child.pid!);
        const r = await autocannon({ url: s.base, connections: 50, duration: SEGMENT, requests });
        const a = acc.get(s.label)!;
        a.cpuMs += cpuMsOf(s.child.pid!) - c0;
        const [u1, s1] = mainMsOf(s.child.pid!);
        a.mainUser += u1 - u0;
        a.mainSystem += s1 - s0;
        a.requests += r.requests.total;
        a.seconds += r.duration;
        a.p99.push(r.latency.p99);
        if (r.non2xx || r.errors) log(`${s.label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      }
    }
    const base = acc.get('baseline')!;
    const baseCpu = (base.cpuMs * 1000) / base.requests;
    console.log(`\n${name} (${BACKEND}, ${ROUNDS} × ${SEGMENT} s per server, load ${os.loadavg()[0].toFixed(1)})`);
    console.log('| server | req/s | p99 ms (median) | CPU µs/req | CPU ratio to baseline | main thread user / system µs/req; other threads µs/req |');
    console.log('|---|---|---|---|---|---|');
    for (const [label, a] of acc) {
      const cpu = (a.cpuMs * 1000) / a.requests;
      const p99 = [...a.p99].sort((x, y) => x - y)[Math.floor(a.p99.length / 2)];
      const us = (x: number) => ((x * 1000) / a.requests).toFixed(0);
      console.log(`| ${label} | ${(a.requests / a.seconds).toFixed(0)} | ${p99} | ${cpu.toFixed(0)} | ${(cpu / baseCpu).toFixed(2)} | ${us(a.mainUser)} / ${us(a.mainSystem)}; ${us(a.cpuMs - a.mainUser - a.mainSystem)} |`);
    }
  }
} finally {
  for (const s of servers) {
    s.child.kill('SIGTERM');
  }
  await sleep(1000);
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  if (BACKEND === 'postgres') await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
