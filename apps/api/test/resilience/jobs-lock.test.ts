import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../src/core/db';
import { periodicJob } from '../../src/core/jobs';
import { freshPgDatabase } from '../helpers';

const PG_SERVER = process.env.TEST_DATABASE_URL;

/**
 * A periodic job's advisory lock is a session's: it must be released on the connection that took
 * it. A job whose work uses other pool connections used to unlock on one of them, leaving the lock
 * held by an idle connection: every process then skipped the job forever.
 */
describe.skipIf(!PG_SERVER)('periodic jobs on PostgreSQL (runs with TEST_DATABASE_URL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('release their advisory lock after a run that used other connections of the pool', async () => {
    const db = await freshPgDatabase(PG_SERVER!, 't_jobs');
    cleanups.push(db.drop);
    const database = await openDatabase({ databaseUrl: db.url, poolSize: 5 });
    cleanups.push(() => database.close());
    const app = Fastify();
    app.decorate('db', database.db);
    app.decorate('database', database);
    let runs = 0;
    let ran!: () => void;
    const done = new Promise<void>((r) => (ran = r));
    periodicJob(app, {
      name: 'test job',
      lockKey: 9_173,
      everyMs: 3_600_000,
      firstAfterMs: 0,
      // Two statements at once: the pool's connections are released in another order than taken.
      run: async () => {
        await Promise.all([database.db.execute(sql`select 1`), database.db.execute(sql`select pg_sleep(0.1)`)]);
        runs++;
        ran();
      },
    });
    await app.ready();
    cleanups.push(() => app.close());
    await done;
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(1);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const held = (await c.query(`select l.pid from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and l.classid = 9173 and d.datname = current_database()`)).rows;
    await c.end();
    expect(held).toEqual([]);
  });
});
