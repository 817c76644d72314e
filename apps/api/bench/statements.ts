/**
 * `npx tsx bench/statements.ts`: the statements each request of the load run's mix sends to
 * PostgreSQL (`--show` prints them). The real server (`src/main.ts --demo`) on a fresh database of
 * BENCH_PG_URL's server, with a probe (bench/statements-probe.mjs) that logs node-postgres's
 * statements; each read is sent once to warm up, then three times counted, alone, with a pause after
 * each so the work it leaves for after the answer (realtime, e-mail) is counted too, and the fewest
 * kept (a background job, the dashboard's figures or the webhook outbox, may add its own to a
 * window). A workflow step is counted once: check a surprising figure with `--show`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, sleep, startServer, stopServer } from './harness';
import { call, chainStep, prepareTraffic, scheduleEvent } from './load-traffic';

const SHOW = process.argv.includes('--show');
const db = await benchDatabase(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'statements');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'operacoes-statements-'));
const log = path.join(dataDir, 'statements.log');
writeFileSync(log, '');
const server = await startServer(
  'src/main.ts',
  { DATABASE_URL: db.url, DATA_DIR: dataDir, STATEMENTS_LOG: log, JWT_SECRET: 'statements-bench-secret-0123456789abcdef', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_PER_IP: '100000' },
  { nodeArgs: ['--import', './bench/statements-probe.mjs'], args: ['--demo'] },
);
try {
  const base = server.base;
  const t = await prepareTraffic(base, { chains: 1 });
  const tok = (p: keyof typeof t.sessions) => t.sessions[p].token;
  const lines = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const rows: [string, number][] = [];
  /** The fewest statements of three counted calls (a background job may add its own to a window); a write is counted once. */
  async function counted(label: string, send: () => Promise<unknown>, repeat = true) {
    let fewest: string[] | undefined;
    if (repeat) await send(); // warm-up
    for (let i = 0; i < (repeat ? 3 : 1); i++) {
      await sleep(300);
      const before = lines().length;
      await send();
      await sleep(600);
      const sent = lines().slice(before);
      if (!fewest || sent.length < fewest.length) fewest = sent;
    }
    rows.push([label, fewest!.length]);
    if (SHOW) console.log(`${label}: ${fewest!.length}\n${fewest!.map((s) => `    ${s}`).join('\n')}`);
  }
  const id = (p: string) => t.ids.get(p)![0];
  await counted('GET /api/site?search&sort', () => call(undefined, base, '', 'GET', '/api/site?page=1&pageSize=20&search=pop&sort=name', tok('gestor')));
  await counted('GET /api/patrimony?search&sort', () => call(undefined, base, '', 'GET', '/api/patrimony?page=1&pageSize=20&search=onu&sort=-id', tok('almoxarife')));
  await counted('GET /api/patrimony/:id', () => call(undefined, base, '', 'GET', `/api/patrimony/${id('/api/patrimony')}`, tok('almoxarife')));
  await counted('GET /api/project/:id', () => call(undefined, base, '', 'GET', `/api/project/${id('/api/project')}`, tok('gestor')));
  await counted('GET /api/wiki/search?q', () => call(undefined, base, '', 'GET', '/api/wiki/search?q=fibra&page=1&pageSize=10', tok('tecnico')));
  await counted('GET /api/dashboard', () => call(undefined, base, '', 'GET', '/api/dashboard', tok('gestor')));
  await counted('GET /api/user/notification', () => call(undefined, base, '', 'GET', '/api/user/notification?page=1&pageSize=20', tok('tecnico')));
  const chain = t.chains[0];
  for (const step of ['ask', 'approve', 'deliver', 'return']) {
    await counted(step === 'ask' ? 'POST /api/patrimony-solicitation' : `POST /api/patrimony-solicitation/:id/${step}`, () => chainStep(undefined, base, t.sessions, chain), false);
  }
  let slot = 10_000; // hours after the load run's own events
  await counted('POST /api/schedule', () => call(undefined, base, '', 'POST', '/api/schedule', tok('gestor'), scheduleEvent(slot++, t.sessions)));
  console.log(['| request | statements |', '|---|---:|', ...rows.map(([r, n]) => `| \`${r}\` | ${n} |`)].join('\n'));
} finally {
  await stopServer(server.child);
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
