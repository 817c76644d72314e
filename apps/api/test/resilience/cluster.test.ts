import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ADMIN_PASSWORD, freshCall, hubUrl, login, nodeBin, openSse, type ServerProcess, startServer } from './server-process';
import { freshPgDatabase } from '../helpers';
import { setupPlace } from './workload';

const PG_SERVER = process.env.TEST_DATABASE_URL;
const PORT = 3234;

describe('WORKERS on the embedded database', () => {
  it('refuses WORKERS > 1 with PGlite, with a clear message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'operacoes-workers-'));
    const run = spawnSync(nodeBin, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { PATH: process.env.PATH, WORKERS: '2', DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(PORT + 1), HOST: '127.0.0.1' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    rmSync(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('WORKERS > 1 exige PostgreSQL (DATABASE_URL)');
  });
});

/**
 * WORKERS=2: two processes behind one port on one PostgreSQL database. A session works whichever
 * worker answers, a subscriber of one worker hears of a write handled by the other, and two
 * approvals of one request in parallel (on different workers) let exactly one win.
 */
describe.skipIf(!PG_SERVER)('two API processes on one PostgreSQL behind one port (WORKERS=2; runs with TEST_DATABASE_URL)', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  let drop = async () => {};
  afterAll(async () => {
    await server?.stop();
    await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('shares sessions, realtime and workflows across the workers, and stops cleanly on SIGTERM', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'operacoes-cluster-'));
    const db = await freshPgDatabase(PG_SERVER!);
    drop = db.drop;
    server = await startServer({ port: PORT, dataDir, databaseUrl: db.url, env: { WORKERS: '2', LOG_LEVEL: 'info' } });
    const started = Date.now();
    const base = server.url;

    // Sessions: one login, then requests on new connections, answered by both workers.
    const admin = await login(base, 'admin', ADMIN_PASSWORD);
    const pids = new Set<string>();
    // /api/health answered as soon as the first worker listened; wait for the second one.
    for (let waited = 0; pids.size < 2 && waited < 60_000; waited += 200) {
      pids.add((await freshCall(base, 'GET', '/api/health')).pid);
      if (pids.size < 2) await new Promise((r) => setTimeout(r, 200));
    }
    for (let i = 0; i < 12; i++) {
      const res = await freshCall(base, 'GET', '/api/me', admin.token);
      expect(res.status).toBe(200);
      pids.add(res.pid);
    }
    expect(pids.size).toBe(2);
    expect(pids.has(String(server.pid))).toBe(false);

    // Realtime: the technician's stream is held by one worker; an approval answered by the other notifies them.
    const place = await setupPlace(base, admin.token);
    const tech = await login(base, place.techUsername, place.techPassword);
    const sub = await openSse(hubUrl(base, `/users/${tech.user.id}`, tech.mercure_token));
    expect(sub.status).toBe(200);
    const subPid = sub.headers.get('x-worker-pid');
    expect([...pids]).toContain(subPid);
    const newRequest = async () => {
      const item = await freshCall(base, 'POST', '/api/patrimony', admin.token, { product_id: place.patrimonyProductId, section_id: place.sectionA, serial: `SN${Math.random()}` });
      expect(item.status).toBe(201);
      const req = await freshCall(base, 'POST', '/api/patrimony-solicitation', tech.token, { reason: 'Cluster', items: [{ patrimony_id: item.body.id }] });
      expect(req.status).toBe(201);
      return req.body.id as number;
    };
    let crossed = false;
    for (let i = 0; i < 10 && !crossed; i++) {
      const id = await newRequest();
      const approved = await freshCall(base, 'POST', `/api/patrimony-solicitation/${id}/approve`, admin.token, {});
      expect(approved.status).toBe(200);
      if (approved.pid === subPid) continue;
      crossed = true;
      await sub.next((m) => m.data.includes(`#${id}`), 5000);
    }
    expect(crossed).toBe(true);
    sub.close();

    // A workflow race: two approvals of one request at the same time, on both workers: exactly one wins.
    let racedAcrossWorkers = 0;
    for (let i = 0; i < 6; i++) {
      const id = await newRequest();
      const both = await Promise.all([0, 1].map(() => freshCall(base, 'POST', `/api/patrimony-solicitation/${id}/approve`, admin.token, {})));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      if (both[0].pid !== both[1].pid) racedAcrossWorkers++;
    }
    expect(racedAcrossWorkers).toBeGreaterThan(0);

    // The periodic jobs (first runs 5–11 s after start) take their advisory lock in one worker at a
    // time and release it: no idle session keeps one (a pooled unlock used to miss it).
    for (let waited = Date.now() - started; waited < 13_000; waited = Date.now() - started) await new Promise((r) => setTimeout(r, 500));
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const held = (await c.query(`select a.state from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and a.datname = current_database()`)).rows;
    await c.end();
    expect(held.filter((r: { state: string }) => r.state === 'idle')).toEqual([]);

    // SIGTERM to the primary: the workers finish and exit, then the primary, with code 0.
    const code = await server.stop('SIGTERM', 15_000);
    expect(code, server.output().slice(-2000)).toBe(0);
    for (const pid of pids) expect(() => process.kill(Number(pid), 0)).toThrow();
  }, 300_000);
});
