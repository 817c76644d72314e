import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/core/db';
import { freshPgDatabase } from '../helpers';

const PG_SERVER = process.env.TEST_DATABASE_URL;

/**
 * The server's PostgreSQL pool (core/db.ts) is opened whole before the server listens and keeps its
 * idle connections: a new connection is a new backend with cold caches and none of the named statements.
 */
describe.skipIf(!PG_SERVER)('the PostgreSQL pool (runs with TEST_DATABASE_URL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function open(openAll: boolean) {
    const fresh = await freshPgDatabase(PG_SERVER!, 't_pool');
    cleanups.push(fresh.drop);
    const opened = await openDatabase({ databaseUrl: fresh.url, poolSize: 4, openAll });
    cleanups.push(() => opened.close());
    const backends = async () =>
      Number(((await opened.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`)).rows[0] as { n: number }).n);
    return { opened, backends };
  }

  it('openAll: every connection of the pool is open on return, and stays open', async () => {
    const { opened, backends } = await open(true);
    expect(opened.pool?.totalCount).toBe(4);
    expect(await backends()).toBe(4);
    // Idle connections are not closed after node-postgres's default 10 s.
    expect(opened.pool?.options.idleTimeoutMillis).toBe(0);
    await Promise.all(Array.from({ length: 8 }, () => opened.db.execute(sql`select pg_sleep(0.01)`)));
    expect(opened.pool?.totalCount).toBe(4);
  });

  it('without it, connections open as requests need them', async () => {
    const { opened, backends } = await open(false);
    // Migrations used one.
    expect(opened.pool?.totalCount).toBe(1);
    expect(await backends()).toBe(1);
  });
});
