/**
 * Load run: `npm run load` (10 minutes), `npm run load -- --quick` (1 minute, CI).
 *
 * The real server (`src/main.ts --demo`, a child process, so its memory is its own) on a fresh
 * PostgreSQL database (`load_<random>` on BENCH_PG_URL's server, dropped at the end) or, with
 * `--pglite`, on the embedded database in a temporary data directory; seeded with the demo
 * organization. Then mixed traffic at a fixed rate, open loop (requests leave on schedule whether or
 * not earlier ones have answered, so a slow server shows as latency, not as a lower rate): logins,
 * lists with search and sort over the modules, detail reads, wiki searches, the dashboard,
 * out-requests through their whole workflow and schedule events created and deleted
 * (bench/load-traffic.ts), with realtime subscribers connected throughout.
 *
 * Reported: requests, errors (any non-2xx, network error or timeout; must be 0), p50/p95/p99 per
 * route, the achieved rate, and the server's RSS (VmRSS from /proc, once a second; nothing is asked
 * of the server) at start, middle and end with a growth verdict (bench/load-stats.ts). Exit code 1
 * on any error or when memory grew. A run that is not `--quick` writes docs/load.md.
 *
 * Options: --quick, --pglite, --rate N (req/s, default 200), --duration S (default 600; 60 quick),
 * --subscribers N (default 40), --chains N (out-requests in flight, default 6), --without-logins
 * (a diagnostic: the same mix without its logins, to tell their hashing from the rest of the tail),
 * --log-level L (the server's LOG_LEVEL, default info, as in production), --server-log FILE (the
 * server's standard output: its log and the --trace-gc lines), --node-arg A (repeatable: a flag
 * for the server's node). Env: BENCH_PG_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchDatabase, cpuMsOf, freePort, postgresCpuMs, sleep, stopServer } from './harness';
import { Recorder, TOLERANCE, fmtMs, memoryVerdict, mib, probeRows, sampleRss, table, watchGc, watchProbe } from './load-stats';
import { prepareTraffic, subscribers, trafficMix } from './load-traffic';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    rate: { type: 'string', default: '200' },
    duration: { type: 'string' },
    subscribers: { type: 'string', default: '40' },
    chains: { type: 'string', default: '6' },
    'without-logins': { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    'server-log': { type: 'string' },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const RATE = Number(args.rate);
const DURATION = Number(args.duration ?? (args.quick ? 60 : 600));
const SUBSCRIBERS = Number(args.subscribers);
const CHAINS = Number(args.chains);
const BACKEND = args.pglite ? 'pglite' : 'postgres';
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Open loop, but not unbounded: past ten seconds' worth of unanswered requests the server is not
 * keeping up, and each further one counts as an error (not sent).
 */
const MAX_IN_FLIGHT = Math.max(200, RATE * 10);

const log = (msg: string) => console.log(`[load ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** Everything the run created, undone in reverse, once, even on failure or Ctrl-C. */
const undo: (() => Promise<unknown> | unknown)[] = [];
let cleaned: Promise<void> | undefined;
const cleanup = () =>
  (cleaned ??= (async () => {
    for (const f of undo.reverse()) await Promise.resolve().then(f).catch((e) => log(`cleanup: ${e}`));
  })());
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void cleanup().then(() => process.exit(130)));

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--trace-gc', ...args['node-arg']!, '--import', './bench/load-probe.mjs', '--import', 'tsx', 'src/main.ts', '--demo'], { cwd: apiDir, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  undo.push(() => stopServer(child));
  // --trace-gc only prints (each collection, on standard output): the full collections tell a leak from garbage not yet collected.
  const gcs = watchGc(child.stdout!, 0, args['server-log'] ? createWriteStream(args['server-log']) : undefined);
  const probe = watchProbe(child.stdout!);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet: still migrating and seeding */
    }
    if (performance.now() - t0 > 240_000) throw new Error(`the server did not start within 240 s: ${stderr}`);
    await sleep(200);
  }
  return { child, base, gcs, probe, stderr: () => stderr, startMs: performance.now() - t0 };
}

async function main() {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-load-'));
  undo.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let version = 'PGlite (embedded)';
  let databaseUrl = '';
  if (BACKEND === 'postgres') {
    const db = await benchDatabase(PG_SERVER, 'load');
    undo.push(() => db.drop());
    version = db.version;
    databaseUrl = db.url;
  }
  log(`${version}: starting the server with the demo data (data directory ${dataDir})`);
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: args['log-level']!,
    // Every request comes from 127.0.0.1 and logs the same four people in again and again: the
    // login limits (tested on their own) would answer 429 to the traffic itself.
    LOGIN_RATE_LIMIT_PER_IP: '1000000',
    LOGIN_RATE_LIMIT_PER_USERNAME: '1000000',
  });
  const pid = server.child.pid!;
  log(`server ${pid} up in ${(server.startMs / 1000).toFixed(1)} s (migrations and demo seed included)`);

  const traffic = await prepareTraffic(server.base, { chains: CHAINS });
  const subs = await subscribers(server.base, traffic.sessions, SUBSCRIBERS);
  undo.push(() => subs.close());
  log(`${SUBSCRIBERS} realtime subscribers connected; ${RATE} req/s for ${DURATION} s`);

  const t0 = performance.now();
  const rec = new Recorder(t0);
  const next = trafficMix(server.base, traffic, rec, { logins: !args['without-logins'] });
  const rss = sampleRss(pid, t0);
  undo.push(() => rss.stop());
  const cpu0 = cpuMsOf(pid);
  const pgCpu0 = BACKEND === 'postgres' ? postgresCpuMs() : undefined;
  const ownCpu0 = process.cpuUsage();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  // The server's own figures start with the traffic.
  server.child.kill('SIGUSR2');
  const inFlight = new Set<Promise<unknown>>();
  let sent = 0;
  let serverExit: string | undefined;
  server.child.once('exit', (code, signal) => (serverExit = `the server exited during the run (${code ?? signal}): ${server.stderr()}`));
  const interval = 1000 / RATE;
  const progressEvery = DURATION >= 300 ? 60 : 10;
  let nextProgress = progressEvery;
  for (;;) {
    const elapsed = performance.now() - t0;
    if (elapsed >= DURATION * 1000 || serverExit) break;
    const due = Math.floor(elapsed / interval) + 1;
    for (; sent < due; sent++) {
      if (inFlight.size >= MAX_IN_FLIGHT) {
        rec.fail('(not sent: too many unanswered)', `${inFlight.size} requests in flight`);
        continue;
      }
      const p = next().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    if (elapsed / 1000 >= nextProgress) {
      const last = rss.samples.at(-1);
      log(`${nextProgress} s: ${rec.completed} answered, ${rec.errors} errors, ${inFlight.size} in flight, server RSS ${last ? mib(last.rss).toFixed(0) : '?'} MiB`);
      nextProgress += progressEvery;
    }
    await sleep(Math.max(1, Math.min(50, sent * interval - (performance.now() - t0))));
  }
  const sendingSeconds = (performance.now() - t0) / 1000;
  await Promise.allSettled([...inFlight]);
  await sleep(1100); // the probe's next line covers the whole run
  const seconds = (performance.now() - t0) / 1000;
  const serverCpuMs = serverExit ? NaN : cpuMsOf(pid) - cpu0;
  const pgCpuMs = pgCpu0 === undefined ? undefined : postgresCpuMs()! - pgCpu0;
  const ownCpu = process.cpuUsage(ownCpu0);
  rss.stop();
  lag.disable();
  if (serverExit) rec.fail('(server)', serverExit);
  const realtime = subs.state;
  // Subscribers: every stream must still be the one opened at the start (an error means a drop).
  for (let i = 0; i < realtime.errors; i++) rec.fail('(realtime subscriber)', realtime.errorSamples[i] ?? 'error event');

  const samples = rss.samples;
  const gcs = server.gcs.map((g) => ({ ...g, t: g.t - t0 / 1000 }));
  const verdict = memoryVerdict(samples, gcs, sendingSeconds);
  // A 1-minute run may see no full collection after its warm-up; then only a long run can judge a grown RSS.
  const memoryOk = verdict.verdict === 'flat' || (verdict.verdict === 'inconclusive' && args.quick);
  const at = (t: number) => samples.reduce((best, s) => (Math.abs(s.t - t) < Math.abs(best.t - t) ? s : best), samples[0]);
  const rssStart = samples[0].rss;
  const rssMiddle = at(sendingSeconds / 2).rss;
  const rssEnd = samples.at(-1)!.rss;
  const rssMax = Math.max(...samples.map((s) => s.rss));
  const all = rec.all();
  const mode = args.quick ? 'quick' : 'full';
  const answered = rec.completed - (rec.routes.get('(not sent: too many unanswered)')?.errors ?? 0) - (serverExit ? 1 : 0) - realtime.errors;

  const slow = rec.slow();
  const lines = [
    `Run: ${new Date().toUTCString()}; ${mode} mode, ${DURATION} s${DURATION !== 600 && !args.quick ? ' (shortened with --duration; the default full run is 600 s)' : ''}; ${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; machine load at the end ${os.loadavg()[0].toFixed(1)} (shared with other work).`,
    `Database: ${version}${BACKEND === 'postgres' ? ' (a fresh database, pool of 20)' : ''}; the demo organization (\`--demo\`); server LOG_LEVEL=${args['log-level']}. Server start with migrations and seed: ${(server.startMs / 1000).toFixed(1)} s.`,
    `Traffic: ${RATE} req/s target, open loop; ${SUBSCRIBERS} realtime subscribers (EventSource) connected throughout; ${CHAINS} out-requests going round ask → approve → deliver → return${args['without-logins'] ? '; **without the logins** (--without-logins, a diagnostic)' : ''}.`,
    '',
    table(
      ['figure', 'value'],
      [
        ['requests sent / answered', `${sent} / ${answered}`],
        ['**errors** (non-2xx, network, timeouts, dropped streams)', `**${rec.errors}**`],
        ['achieved rate (answered per second)', (answered / seconds).toFixed(1)],
        ['latency p50 / p95 / p99 / max, all routes (ms)', `${fmtMs(all.p50)} / ${fmtMs(all.p95)} / ${fmtMs(all.p99)} / ${fmtMs(all.max)}`],
        [`answers slower than ${slow.over} ms, logins aside / of them while a login was in flight`, `${slow.count} / ${slow.duringLogin}`],
        ['realtime: streams opened / messages received / errors', `${realtime.opens} / ${realtime.messages} / ${realtime.errors}`],
        ['server RSS at start / middle / end / max (MiB)', `${mib(rssStart).toFixed(0)} / ${mib(rssMiddle).toFixed(0)} / ${mib(rssEnd).toFixed(0)} / ${mib(rssMax).toFixed(0)}`],
        [
          'RSS, mean of the middle third → last third (MiB)',
          `${mib(verdict.middleMean).toFixed(1)} → ${mib(verdict.lastMean).toFixed(1)} (${verdict.growth >= 0 ? '+' : ''}${mib(verdict.growth).toFixed(1)}; tolerance ${TOLERANCE.fraction * 100}% + ${TOLERANCE.mib} MiB = ${mib(verdict.allowed).toFixed(1)}): ${verdict.rssFlat ? 'within' : 'beyond'}; slope of the last two thirds ${verdict.slopeMiBPerMin.toFixed(1)} MiB/min`,
        ],
        [
          'V8 heap left by the full collections after warm-up (MiB)',
          verdict.heap
            ? `${verdict.heap.count} collections: ${verdict.heap.first.toFixed(1)} → ${verdict.heap.last.toFixed(1)} (${verdict.heapFlat ? 'within' : 'beyond'} the same tolerance)`
            : `${verdict.majorGcs} full collection(s) during the run, fewer than two after warm-up`,
        ],
        ['**memory verdict**', `**${verdict.verdict === 'flat' ? 'flat' : verdict.verdict === 'grew' ? 'GREW' : `inconclusive${args.quick ? ' (not a failure in quick mode: a minute is too short for V8 to collect its old generation)' : ''}`}**`],
        ['server CPU: share of one core / per answered request (ms)', `${((serverCpuMs / 1000 / seconds) * 100).toFixed(0)}% / ${fmtMs(serverCpuMs / answered)}`],
        ...probeRows(server.probe.latest, answered),
        ...(pgCpuMs === undefined ? [] : [['PostgreSQL CPU, all its processes (the same machine): share of one core / per answered request (ms)', `${((pgCpuMs / 1000 / seconds) * 100).toFixed(0)}% / ${fmtMs(pgCpuMs / answered)}`] as [string, string]]),
        ['load generator: share of one core / event-loop delay p99 (ms)', `${(((ownCpu.user + ownCpu.system) / 1e6 / seconds) * 100).toFixed(0)}% / ${fmtMs(lag.percentile(99) / 1e6)}`],
      ],
    ),
    '',
    table(
      ['route', 'requests', 'errors', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'max (ms)'],
      rec.rows().map((r) => [`\`${r.route}\``, r.count, r.errors, fmtMs(r.p50), fmtMs(r.p95), fmtMs(r.p99), fmtMs(r.max)]),
    ),
    '',
  ];
  if (rec.samples.length) lines.push('Errors (first ones):', '', ...rec.samples.map((s) => `- ${s.at.toFixed(1)} s ${s.route}: ${s.detail.replace(/\s+/g, ' ')}`), '');
  const report = lines.join('\n');
  console.log('\n' + report);
  if (!args.quick) {
    const doc = path.resolve(apiDir, '../../docs/load.md');
    writeFileSync(
      doc,
      [
        '# Load run',
        '',
        '`npm run load` (10 minutes; `npm run load -- --quick` is the 1-minute run CI makes; `--pglite` for the embedded database; see the header of `apps/api/bench/load.ts` for the options). The server is the real one (`src/main.ts --demo`) in its own process; the load generator sends a fixed rate open loop; the server\'s memory is its VmRSS read from /proc once a second. The run fails (exit 1) on any error or when memory grew: the mean RSS of the last third of the run exceeds the middle third\'s by more than the tolerance (the first third is warm-up) and the heap left by V8\'s full collections after the warm-up (the server runs with `--trace-gc`, which only prints) grew too, or there were fewer than two such collections to tell a leak from garbage not collected yet. The server\'s own event-loop delay and GC pauses come from a probe the run loads into it (`bench/load-probe.mjs`, not part of the product: `monitorEventLoopDelay`, the `gc` performance entries and V8\'s `GCProfiler` for the bytes allocated), counted from the traffic\'s start, so a stall in the latencies has a name; the heap allocated per answered request is a figure of the code that the host\'s speed does not move.',
        '',
        report,
      ].join('\n'),
    );
    log(`wrote ${path.relative(process.cwd(), doc)}`);
  }
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return rec.errors === 0 && memoryOk;
}

let ok = false;
try {
  ok = await main();
} catch (e) {
  log(`failed: ${(e as Error).stack ?? e}`);
} finally {
  await cleanup();
}
process.exit(ok ? 0 : 1);
