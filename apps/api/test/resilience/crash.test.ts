import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { ADMIN_PASSWORD, hubUrl, login, nodeBin, openSse, type ServerProcess, sleep, startServer } from './server-process';
import { freshPgDatabase } from '../helpers';
import { brokenInvariants, checkAcksOverApi, newAcks, runWorkload, setupPlace } from './workload';

const PG_SERVER = process.env.TEST_DATABASE_URL;
const PORT = 3230;

/**
 * The server is killed (SIGKILL, or SIGTERM for the clean path) while three clients send a
 * stream of creates and workflow steps, then started again on the same data: it must start,
 * keep every write it answered 2xx, and leave no workflow half-done. Embedded PGlite when
 * TEST_DATABASE_URL is unset, a fresh PostgreSQL database otherwise.
 */
describe(`crash and restart on ${PG_SERVER ? 'PostgreSQL' : 'PGlite'}`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'operacoes-crash-'));
  let server: ServerProcess | undefined;
  let drop = async () => {};
  afterAll(async () => {
    await server?.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Invariants read straight from the database while no server runs (PGlite has one owner at a time). */
  async function invariantsAtRest(databaseUrl?: string) {
    if (databaseUrl) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        return await brokenInvariants((q) => c.query(q));
      } finally {
        await c.end();
      }
    }
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm, unaccent } });
    try {
      return await brokenInvariants((q) => db.query(q));
    } finally {
      await db.close();
    }
  }

  it('keeps every acknowledged write and every workflow whole, over kill -9, SIGTERM and kill -9 again', async () => {
    let databaseUrl: string | undefined;
    if (PG_SERVER) {
      const fresh = await freshPgDatabase(PG_SERVER);
      databaseUrl = fresh.url;
      drop = fresh.drop;
    }
    server = await startServer({ port: PORT, dataDir, databaseUrl });
    const place = await setupPlace(server.url, (await login(server.url, 'admin', ADMIN_PASSWORD)).token);
    const acks = newAcks();
    const report: string[] = [];

    if (!databaseUrl) {
      // A second process on the same embedded database is refused (both would write its files).
      const second = spawnSync(nodeBin, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(__dirname, '../..'),
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(PORT + 1), HOST: '127.0.0.1' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status, second.stderr).toBe(1);
      expect(second.stderr).toMatch(/já está em uso pelo processo \d+: só um processo do Operações pode abri-lo/);
    }

    for (const [round, signal] of (['SIGKILL', 'SIGTERM', 'SIGKILL'] as const).entries()) {
      let stop = false;
      const sentBefore = acks.sent;
      const lostBefore = acks.unanswered;
      const work = runWorkload({ baseUrl: server.url, dataDir, place, acks, lanes: 3, stop: () => stop });
      // Stop once every lane could finish a round (however slow the machine), at a random moment after.
      const completedBefore = acks.completed;
      for (let waited = 0; acks.completed - completedBefore < 3 && waited < 30_000; waited += 50) await sleep(50);
      await sleep(Math.random() * 1000);
      // An open event stream must not hold a clean shutdown (it used to, until the process was killed).
      const admin = signal === 'SIGTERM' ? await login(server.url, 'admin', ADMIN_PASSWORD) : undefined;
      const stream = admin ? await openSse(hubUrl(server.url, `/users/${admin.user.id}`, admin.mercure_token)) : undefined;
      const code = await server.stop(signal);
      stream?.close();
      stop = true;
      await work;
      // A clean shutdown finishes the requests in flight and exits 0.
      if (signal === 'SIGTERM') expect(code, server.output().slice(-2000)).toBe(0);

      expect(await invariantsAtRest(databaseUrl), `round ${round + 1} (${signal}): invariants`).toEqual([]);
      const started = Date.now();
      server = await startServer({ port: PORT, dataDir, databaseUrl });
      const restartMs = Date.now() - started;
      expect(await checkAcksOverApi(server.url, acks), `round ${round + 1} (${signal}): acknowledged writes`).toEqual([]);
      report.push(
        `round ${round + 1} ${signal}: ${acks.sent - sentBefore} requests sent (${acks.unanswered - lostBefore} cut off by the stop); acknowledged so far ${acks.products.size} products, ${acks.items.size} items, ` +
          `${acks.outRequests.size} out-requests, ${acks.shipments.size} shipments — all found; restart ${restartMs} ms`,
      );
    }
    expect(acks.unexpected).toEqual([]);
    // The workload really ran through the workflows (not only the first create of each round).
    expect([...acks.outRequests.values()].filter((s) => s === 2).length).toBeGreaterThan(0);
    expect([...acks.shipments.values()].filter((s) => s === 2).length).toBeGreaterThan(0);
    console.log(report.join('\n'));
  }, 300_000);
});
