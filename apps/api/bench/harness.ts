/**
 * The benchmark harness the API benchmarks share (warehouse, network): start the real server and a
 * baseline as child processes, check that they answer alike, and load them with autocannon in
 * alternating segments (so the machine's other load weighs on both alike), with server CPU per request.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/core/db';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
export type LoadOptions = { duration: number; warmup: number; segments: number; connections: number };

export type Cannon = { rps: number; p50: number; p99: number; requests: number; non2xx: number; errors: number; cpuUsPerRequest: number };
/** One figure from several autocannon segments of one target: summed requests and CPU, median p50/p99. */
export function aggregateRuns(rs: Result[], cpuMs: number): Cannon {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const requests = rs.reduce((a, r) => a + r.requests.total, 0);
  return {
    cpuUsPerRequest: (cpuMs * 1000) / requests,
    rps: requests / rs.reduce((a, r) => a + r.duration, 0),
    p50: median(rs.map((r) => r.latency.p50)),
    p99: median(rs.map((r) => r.latency.p99)),
    requests,
    non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
    errors: rs.reduce((a, r) => a + r.errors + r.timeouts, 0),
  };
}

export type Target = { base: string; pid: number; requests: { path: string; headers: Record<string, string> }[] };

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts `entry` through tsx (after `opts.nodeArgs`, with `opts.args`) on a free port and waits for /api/health. */
export async function startServer(entry: string, env: Record<string, string | undefined>, opts: { nodeArgs?: string[]; args?: string[] } = {}) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', entry, ...(opts.args ?? [])], { cwd: apiDir, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (performance.now() - t0 > 180_000) throw new Error(`${entry} did not start: ${stderr}`);
    await sleep(100);
  }
  return { child, base, startMs: performance.now() - t0 };
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The fields of /proc/<pid>/stat after the command name (utime is [11], stime [12], cutime [13], cstime [14]). */
const statFields = (stat: string) => stat.replace(/^.*\) /, '').split(' ');

export const cpuMsOf = (pid: number) => {
  const fields = statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/**
 * CPU of every PostgreSQL process on this machine (ms): the live ones plus what the postmaster's
 * reaped children used (a connection closed during a run still counts). Undefined when no local
 * PostgreSQL is visible in /proc (a remote server, or PGlite).
 */
export function postgresCpuMs(): number | undefined {
  let total = 0;
  let postmaster: { pid: number; start: number } | undefined;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    if (!stat.includes('(postgres)')) continue;
    const f = statFields(stat);
    total += Number(f[11]) + Number(f[12]);
    const start = Number(f[19]);
    if (!postmaster || start < postmaster.start) postmaster = { pid: Number(name), start };
  }
  if (!postmaster) return undefined;
  const f = statFields(readFileSync(`/proc/${postmaster.pid}/stat`, 'utf8'));
  return (total + Number(f[13]) + Number(f[14])) * 10;
}

/** A process's resident memory (VmRSS), in bytes. */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Samples a process's RSS every `everyMs` while `work` runs; answers its result, the time and the peak. */
export async function measured<T>(pid: number, work: () => Promise<T>, everyMs = 50): Promise<{ result: T; ms: number; peak: number }> {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      /* exited */
    }
  }, everyMs);
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0, peak: Math.max(peak, rssOf(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** API and baseline in alternating segments so that the machine's other load weighs on both alike. */
export async function cannonPair(api: Target, baseline: Target, o: LoadOptions): Promise<[Cannon, Cannon]> {
  const seg = o.duration / o.segments;
  const runs: [Result[], Result[]] = [[], []];
  const opts = (t: Target) => ({ url: t.base, connections: o.connections, timeout: 30, requests: t.requests.map((r) => ({ method: 'GET', ...r })) });
  await autocannon({ ...opts(api), duration: o.warmup });
  await autocannon({ ...opts(baseline), duration: o.warmup });
  const cpu = [0, 0];
  for (let i = 0; i < o.segments; i++) {
    for (const [k, t] of [api, baseline].entries()) {
      const c0 = cpuMsOf(t.pid);
      runs[k].push(await autocannon({ ...opts(t), duration: seg }));
      cpu[k] += cpuMsOf(t.pid) - c0;
    }
  }
  return [aggregateRuns(runs[0], cpu[0]), aggregateRuns(runs[1], cpu[1])];
}

export function cpuShare(): number {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  let x = 0;
  while (performance.now() - w0 < 300) for (let i = 0; i < 1e5; i++) x += i & 1;
  const c = process.cpuUsage(c0);
  return x < 0 ? 0 : (c.user + c.system) / 1000 / (performance.now() - w0);
}

/** The first path where two JSON values differ. */
export function firstDifference(a: unknown, b: unknown, at = '$'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
      if (d) return d;
    }
  }
  return `${at}: API ${JSON.stringify(a)?.slice(0, 200)} vs baseline ${JSON.stringify(b)?.slice(0, 200)}`;
}

export async function sameAnswers(api: string, baseline: string, requests: { path: string; headers: Record<string, string> }[]) {
  for (const r of requests.slice(0, 8)) {
    const [a, b] = await Promise.all([api, baseline].map(async (base) => (await fetch(base + r.path, { headers: r.headers })).json()));
    const d = firstDifference(a, b);
    if (d) throw new Error(`baseline differs from the API on ${r.path}: ${d}`);
  }
}

/** A fresh database `<prefix>_<random>` on the PostgreSQL server of `serverUrl` (its maintenance database), and how to drop it. */
export async function benchDatabase(serverUrl: string, prefix: string) {
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const [{ version }] = await admin('select version()');
  return { name, url: u.toString(), version: String(version).split(' on ')[0], drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A seed's raw SQL runner and its timed steps (logged, and kept by name in `timings`): the users', warehouse's and circuits' seeds. */
export function sqlSteps(db: Db, log: (msg: string) => void) {
  const timings: Record<string, number> = {};
  const run = async <T = Record<string, unknown>>(text: string) => (await db.execute(sql.raw(text))).rows as T[];
  const timed = async <T>(name: string, f: () => Promise<T>) => {
    const t0 = performance.now();
    const r = await f();
    timings[name] = performance.now() - t0;
    log(`  ${name}: ${(timings[name] / 1000).toFixed(1)} s`);
    return r;
  };
  return { run, timed, timings };
}

/** Prints a benchmark's report, writes it to BENCH_OUT when set, and logs the run's time. */
export function publishReport(report: string, started: number, log: (msg: string) => void) {
  console.log('\n' + report);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, report);
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
