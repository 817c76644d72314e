/**
 * Webhooks benchmark: `npx tsx apps/api/bench/webhook.ts` (from the repository root).
 *
 * On a fresh PostgreSQL database (`bench_wh_<random>`, dropped at the end), the real server (its
 * dispatcher included) and a `node:http` receiver in this process that answers 200 at once:
 *   (a) throughput: N deliveries (500) of one webhook are queued with SQL, released in one
 *       statement and the dispatcher kicked (the "Reenviar" route); timed until every one is
 *       `entregue`. Baseline, same run: the same N bodies POSTed one after another from here, signed
 *       the same way, to the same receiver (what the sends cost without the queue's bookkeeping).
 *   (b) write cost: `POST /api/site` one at a time, in alternating segments with no webhook
 *       subscribed to `site.created` and with 5 active ones (switched with SQL between segments;
 *       the outbox reads them on every write, and the dispatcher sends in the same process meanwhile).
 *       Figures: p50, p99 and mean of each and their ratio to the none-subscribed segments.
 *
 * Env: BENCH_DELIVERIES (500), BENCH_WRITES (writes per segment, 100), BENCH_SEGMENTS (3 of each),
 * BENCH_PG_URL (maintenance database), BENCH_OUT (write the report there too).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { Passwords } from '../src/core/passwords';
import { Tokens } from '../src/core/tokens';
import { insertUser, seedBase } from '../src/db/seed';
import { benchDatabase, cpuShare, ms, publishReport, sleep, startServer, stopServer } from './harness';

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_DELIVERIES ?? 500);
const WRITES = Number(process.env.BENCH_WRITES ?? 100);
const SEGMENTS = Number(process.env.BENCH_SEGMENTS ?? 3);
const HOOKS = 5;
const JWT_SECRET = randomBytes(32).toString('base64url');
const log = (msg: string) => console.log(`[bench-webhook ${new Date().toISOString().slice(11, 19)}] ${msg}`);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The receiver: answers 200 with a short JSON body and counts what it got. */
async function startReceiver() {
  const state = { count: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.count++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function main() {
  const started = performance.now();
  const bench = await benchDatabase(PG_SERVER, 'bench_wh');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-bench-wh-'));
  const receiver = await startReceiver();
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  const database = await openDatabase({ databaseUrl: bench.url });
  const run = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows as T[];
  try {
    log(`${bench.version}; ${N} deliveries, ${SEGMENTS}×2 segments of ${WRITES} writes, ${os.cpus().length} CPUs`);
    const passwords = new Passwords(loadConfig({ DATA_DIR: dataDir }, { jwtSecret: JWT_SECRET }).argon2);
    const { organizationId: o } = await seedBase(database.db, passwords, { adminUsername: 'admin', adminPassword: 'bench-password-123' }, pino({ level: 'silent' }));
    const user = await insertUser(database.db, { organizationId: o, username: 'integrador', email: 'integrador@example.com', passwordHash: 'x', nickname: 'Integrador', fullName: 'Pessoa Integradora', permissions: ['SITE', 'DATA_SOURCE'] });

    api = await startServer('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET, APP_ADMIN_PASSWORD: 'bench-password-123', LOG_LEVEL: 'warn', DATA_SOURCE_ALLOWED_HOSTS: '127.0.0.1' });
    const token = await new Tokens(JWT_SECRET).access(user.id, 0, o);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (p: string, body?: unknown) => {
      const res = await fetch(`${api!.base}/api${p}`, { method: 'POST', headers: body === undefined ? { authorization: headers.authorization } : headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status >= 300) throw new Error(`POST ${p}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const createHook = async (events: string[]) => (await post('/organization-settings/webhook', { url: receiver.url, events, is_active: true })) as { id: number; secret: string };
    let siteNo = 0;
    const createSite = () => post('/site', { code: `BW-${++siteNo}`, name: `Site bench ${siteNo}`, type: 'pop' });
    const settled = async (timeoutMs: number) => {
      const t0 = performance.now();
      for (;;) {
        const [{ n }] = await run<{ n: number }>(sql`select count(*)::int as n from webhook_delivery where status = 'pendente'`);
        if (n === 0) return;
        if (performance.now() - t0 > timeoutMs) throw new Error(`${n} deliveries still pending`);
        await sleep(20);
      }
    };

    // ---- (a) throughput ----
    const hook = await createHook(['site.updated']);
    const sample = await createSite();
    const payload = { event: 'site.updated', organization_id: o, actor: { id: user.id, name: 'Pessoa Integradora' }, data: sample, changes: { name: ['Site bench 1', 'Site bench 1 (renomeado)'] } };
    const bodies: Buffer[] = [];
    for (let i = 0; i < N; i++) bodies.push(Buffer.from(JSON.stringify({ id: randomUUID(), occurred_at: new Date().toISOString(), ...payload })));
    // Baseline: the same bodies, signed, POSTed one after another from here (fetch's typing wants plain Uint8Arrays).
    const bytes = bodies.map((b) => new Uint8Array(b));
    const warm = async (k: number) => {
      for (let i = 0; i < k; i++) await fetch(receiver.url, { method: 'POST', body: bytes[i] }).then((r) => r.arrayBuffer());
    };
    await warm(20);
    const before = receiver.state.count;
    const b0 = performance.now();
    for (const [i, body] of bodies.entries()) {
      const res = await fetch(receiver.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-operacoes-signature': `sha256=${createHmac('sha256', hook.secret).update(body).digest('hex')}` },
        body: bytes[i],
      });
      await res.arrayBuffer();
    }
    const baselineMs = performance.now() - b0;
    if (receiver.state.count - before !== N) throw new Error('the baseline lost a POST');

    const [{ d0 }] = await run<{ d0: number }>(sql`select coalesce(max(id), 0)::int as d0 from webhook_delivery`);
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < N; i += 100) {
        const chunk = bodies.slice(i, i + 100).map((b) => sql`(${o}, ${hook.id}, 'site.updated', ${b.toString('utf8')}::jsonb, now() + interval '1 hour', now() + interval '1 day')`);
        await tx.execute(sql`insert into webhook_delivery (organization_id, webhook_id, event, payload, next_attempt_at, retry_until) values ${sql.join(chunk, sql`, `)}`);
      }
    });
    const received0 = receiver.state.count;
    const a0 = performance.now();
    const [{ released }] = await run<{ released: string }>(sql`update webhook_delivery set next_attempt_at = now() where id > ${d0} and status = 'pendente' returning now()::text as released`);
    await post(`/organization-settings/webhook/${hook.id}/delivery/${d0 + 1}/redeliver`);
    await settled(600_000);
    const dispatchMs = performance.now() - a0;
    const [{ delivered }] = await run<{ delivered: number }>(sql`select count(*)::int as delivered from webhook_delivery where id > ${d0} and status = 'entregue'`);
    if (delivered !== N || receiver.state.count - received0 < N) throw new Error(`delivered ${delivered}, received ${receiver.state.count - received0}`);
    const [attempts] = await run<{ p50: number; p99: number; first_ms: number; span_ms: number }>(
      sql`select percentile_cont(0.5) within group (order by last_duration_ms) as p50, percentile_cont(0.99) within group (order by last_duration_ms) as p99,
            extract(epoch from min(updated_at) - ${released}::timestamptz) * 1000 as first_ms, extract(epoch from max(updated_at) - min(updated_at)) * 1000 as span_ms
          from webhook_delivery where id > ${d0}`,
    );
    log(`(a) dispatcher ${(N / (dispatchMs / 1000)).toFixed(0)}/s, baseline ${(N / (baselineMs / 1000)).toFixed(0)}/s`);
    await run(sql`update webhook set is_active = false where id = ${hook.id}`);

    // ---- (b) a write with none vs 5 subscribed webhooks ----
    const hooks: number[] = [];
    for (let i = 0; i < HOOKS; i++) hooks.push((await createHook(['site.created', 'site.updated'])).id);
    const subscribe = (on: boolean) => run(sql`update webhook set is_active = ${on} where id in ${sql.raw(`(${hooks.join(',')})`)}`);
    const segment = async () => {
      const times: number[] = [];
      for (let i = 0; i < WRITES; i++) {
        const t0 = performance.now();
        await createSite();
        times.push(performance.now() - t0);
      }
      return times;
    };
    // Warm-up of both paths.
    await subscribe(true);
    for (let i = 0; i < 20; i++) await createSite();
    await settled(60_000);
    await subscribe(false);
    for (let i = 0; i < 20; i++) await createSite();
    const none: number[] = [];
    const five: number[] = [];
    const sentBefore = receiver.state.count;
    for (let s = 0; s < SEGMENTS; s++) {
      await subscribe(false);
      none.push(...(await segment()));
      await subscribe(true);
      five.push(...(await segment()));
      // The queue drained before the next quiet segment, so its sends do not count against it.
      await settled(120_000);
    }
    const sent = receiver.state.count - sentBefore;
    log(`(b) none p50 ${ms(quantile(none, 0.5))} ms, five p50 ${ms(quantile(five, 0.5))} ms; ${sent} deliveries sent`);

    const share = cpuShare();
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    const report = [
      `## Webhooks (${bench.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}, this process's CPU share ${share.toFixed(2)})`,
      '',
      `### (a) Dispatcher throughput: ${N} queued deliveries to a local receiver answering 200`,
      '',
      '| path | time | deliveries/s | ratio to baseline |',
      '|---|---:|---:|---:|',
      `| baseline: the same ${N} signed POSTs, one after another, from the bench | ${ms(baselineMs)} ms | ${(N / (baselineMs / 1000)).toFixed(0)} | 1.00 |`,
      `| dispatcher: released in one statement until all \`entregue\` | ${ms(dispatchMs)} ms | ${(N / (dispatchMs / 1000)).toFixed(0)} | ${ratio(N / (dispatchMs / 1000), N / (baselineMs / 1000))} |`,
      '',
      `Each send as the dispatcher timed it (\`last_duration_ms\`): p50 ${ms(Number(attempts.p50))} ms, p99 ${ms(Number(attempts.p99))} ms. ` +
        `First one delivered ${ms(Number(attempts.first_ms))} ms after the release; first to last ${ms(Number(attempts.span_ms))} ms ` +
        `(the rest of each delivery's time is its claim and its status update, one transaction per send).`,
      '',
      `### (b) \`POST /api/site\`, one at a time, ${SEGMENTS}×${WRITES} writes each`,
      '',
      '| subscribed webhooks | p50 | p99 | mean | p50 ratio | p99 ratio | mean ratio |',
      '|---|---:|---:|---:|---:|---:|---:|',
      `| none (baseline) | ${ms(quantile(none, 0.5))} ms | ${ms(quantile(none, 0.99))} ms | ${ms(mean(none))} ms | 1.00 | 1.00 | 1.00 |`,
      `| ${HOOKS} active on \`site.created\` | ${ms(quantile(five, 0.5))} ms | ${ms(quantile(five, 0.99))} ms | ${ms(mean(five))} ms | ${ratio(quantile(five, 0.5), quantile(none, 0.5))} | ${ratio(quantile(five, 0.99), quantile(none, 0.99))} | ${ratio(mean(five), mean(none))} |`,
      '',
      `With ${HOOKS} webhooks each write queues ${HOOKS} deliveries in its transaction; ${sent} were sent by the same server during the measured segments.`,
    ].join('\n');
    publishReport(report, started, log);
  } finally {
    if (api) await stopServer(api.child);
    await database.close();
    await receiver.close();
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
