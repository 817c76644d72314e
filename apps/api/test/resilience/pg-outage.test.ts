import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { canRunOwnPostgres, ownPostgres } from './own-postgres';
import { Subscriber } from '../realtime-helpers';
import { ADMIN_PASSWORD, call, hubUrl, login, type ServerProcess, sleep, startServer } from './server-process';
import { brokenInvariants, checkAcksOverApi, newAcks, runWorkload, setupPlace } from './workload';

const PG_PORT = 5440;

/**
 * PostgreSQL stopped (fast shutdown) for a few seconds under a steady stream of requests, then
 * started again, with our servers left running: requests during the outage get a quick 503 with
 * a pt-BR message (never a 500, never a hang), the pool recovers by itself, nothing answered 2xx
 * is lost, and the realtime hub's LISTEN connection comes back (an event written through one
 * process reaches a subscriber of the other).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !canRunOwnPostgres())('PostgreSQL restarted under load (runs with TEST_DATABASE_URL: needs PostgreSQL binaries)', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let postgres: ReturnType<typeof ownPostgres> | undefined;
  afterAll(async () => {
    for (const s of servers) await s.stop();
    postgres?.destroy();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('answers 503 during the outage and recovers without a restart of the API', async () => {
    dirs.push(mkdtempSync(path.join(tmpdir(), 'operacoes-outage-a-')), mkdtempSync(path.join(tmpdir(), 'operacoes-outage-b-')));
    postgres = ownPostgres(PG_PORT);
    postgres.start();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE operacoes');
    await admin.end();
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/operacoes');
    const a = await startServer({ port: 3231, dataDir: dirs[0], databaseUrl });
    servers.push(a);
    const b = await startServer({ port: 3232, dataDir: dirs[1], databaseUrl });
    servers.push(b);

    const place = await setupPlace(a.url, (await login(a.url, 'admin', ADMIN_PASSWORD)).token);
    const tech = await login(b.url, place.techUsername, place.techPassword);
    // The real EventSource client (reconnects with Last-Event-ID), as the web app uses.
    const sub = new Subscriber(hubUrl(b.url, `/users/${tech.user.id}`, tech.mercure_token));
    await sub.open(10_000);

    // A steady reader besides the writers: each answer's status and time.
    const adminToken = (await login(a.url, 'admin', ADMIN_PASSWORD)).token;
    const reads: { status: number; ms: number; at: number; body?: Record<string, unknown> }[] = [];
    let stop = false;
    const reader = (async () => {
      while (!stop) {
        const t0 = Date.now();
        try {
          const res = await call(a.url, 'GET', '/api/product?pageSize=5', adminToken, undefined, 10_000);
          reads.push({ status: res.status, ms: Date.now() - t0, at: t0, body: res.status === 200 ? undefined : res.body });
          if (res.status === 503) expect(res.headers.get('retry-after')).toBeTruthy();
        } catch {
          reads.push({ status: 0, ms: Date.now() - t0, at: t0 });
        }
        await sleep(25);
      }
    })();
    const acks = newAcks();
    const work = runWorkload({ baseUrl: a.url, dataDir: dirs[0], place, acks, lanes: 3, stop: () => stop, keepGoing: true });

    await sleep(1500);
    const down = Date.now();
    postgres.stop();
    await sleep(3000);
    postgres.start();
    const up = Date.now();
    let recovered = 0;
    while (!recovered && Date.now() - up < 20_000) {
      await sleep(50);
      recovered = reads.find((r) => r.at >= up && r.status === 200)?.at ?? 0;
    }
    await sleep(1500);
    stop = true;
    await Promise.all([reader, work]);

    const during = reads.filter((r) => r.at >= down && r.at < up);
    const unavailable = reads.filter((r) => r.status === 503);
    const report = {
      outageMs: up - down,
      reads: reads.length,
      readsDuringOutage: during.length,
      read503: unavailable.length,
      write503: acks.unavailable,
      recoveryMs: recovered ? recovered - up : 'never',
      slowestAnswerMs: Math.max(...reads.map((r) => r.ms)),
      writesSent: acks.sent,
      acknowledged: { products: acks.products.size, items: acks.items.size, outRequests: acks.outRequests.size, shipments: acks.shipments.size },
    };
    console.log('PostgreSQL outage:', JSON.stringify(report));

    // Never a 500, never a hang or a dropped connection: only 200 or the 503 in pt-BR.
    expect(reads.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    expect(acks.unexpected).toEqual([]);
    expect(acks.unanswered).toBe(0);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const r of unavailable) expect(r.body).toEqual({ code: 503, message: 'Banco de dados indisponível no momento. Tente novamente em instantes.' });
    expect(report.slowestAnswerMs).toBeLessThan(6000);
    // The pool recovered by itself within a few seconds of the restart.
    expect(recovered).toBeGreaterThan(0);
    expect(recovered - up).toBeLessThan(5000);

    // Nothing answered 2xx is lost; no workflow half-done.
    expect(await checkAcksOverApi(a.url, acks)).toEqual([]);
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    expect(await brokenInvariants((q) => c.query(q))).toEqual([]);
    await c.end();

    // Process B's LISTEN connection is back: a request made through A notifies the subscriber on B.
    const created = await call(a.url, 'POST', '/api/patrimony-solicitation', (await login(a.url, place.techUsername, place.techPassword)).token, {
      reason: 'Depois da queda do banco',
      items: [{ patrimony_id: (await call(a.url, 'POST', '/api/patrimony', adminToken, { product_id: place.patrimonyProductId, section_id: place.sectionA, serial: 'SN-POS-QUEDA' })).body.id }],
    });
    expect(created.status).toBe(201);
    expect((await call(a.url, 'POST', `/api/patrimony-solicitation/${created.body.id}/approve`, adminToken, {})).status).toBe(200);
    await sub.next((m) => JSON.stringify(m.data).includes(`#${created.body.id}`), 10_000);
    sub.close();
    // B's own pool is back too.
    expect((await call(b.url, 'GET', '/api/product?pageSize=1', adminToken)).status).toBe(200);
  }, 300_000);
});
