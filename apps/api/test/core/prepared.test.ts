import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRead } from '../../src/core/prepared';
import { organizations } from '../../src/core/schema/organization';
import { createTestApp, type TestApp } from '../helpers';

/** A read with the column types, long text that need a parser (timestamps, jsonb, numeric, arrays, null) and array and text parameters. */
const build = (db: TestApp['app']['db']) =>
  db
    .select({
      id: organizations.id,
      name: organizations.fantasy_name,
      settings: organizations.settings,
      created: organizations.created_at,
      active: organizations.is_active,
      cnpj: organizations.cnpj,
      amount: sql<string>`12.50::numeric`,
      tags: sql<string[]>`array['x', ${sql.placeholder('word')}]::text[]`,
      stamp: sql<string>`'2026-11-28 09:00:00-03'::timestamptz`,
      // 200 KB of multi-byte text per row: the answer arrives from the database in several pieces.
      long: sql<string>`repeat('ação ', 40000)`,
    })
    .from(organizations)
    .where(sql`${organizations.id} = any(${sql.placeholder('ids')}) and ${organizations.fantasy_name} <> ${sql.placeholder('word')}`)
    .orderBy(organizations.id);

describe('prepared reads', () => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp();
    ids = [await t.createOrganization('Prep Norte'), await t.createOrganization('Prep Sul')];
    await t.app.db.update(organizations).set({ settings: { a: [1, 'dois'], b: null }, cnpj: '11222333000181' }).where(eq(organizations.id, ids[0]));
  });
  afterAll(() => t.close());

  it('answer the same rows, with the same types, as drizzle running the same statement', async () => {
    const read = preparedRead<Record<string, unknown>>(t.app.db, build, 'prepared_test', build);
    const values = { ids, word: 'ç"; select 1' };
    const ours = await read.execute(values);
    const drizzles = await build(t.app.db).execute(values);
    expect(ours).toEqual(drizzles);
    expect(ours).toHaveLength(2);
    expect(ours[0]).toMatchObject({ name: 'Prep Norte', settings: { a: [1, 'dois'], b: null }, cnpj: '11222333000181', active: true, tags: ['x', 'ç"; select 1'] });
    expect(ours[0].created).toBeInstanceOf(Date);
    expect(ours[1].cnpj).toBeNull();
    expect(ours[1].long).toBe('ação '.repeat(40000));
    // Run again: the second run of a named statement reads what changed since.
    await t.app.db.update(organizations).set({ fantasy_name: 'Prep Sul 2' }).where(eq(organizations.id, ids[1]));
    expect((await read.execute(values)).map((r) => r.name)).toEqual(['Prep Norte', 'Prep Sul 2']);
    if (!process.env.TEST_DATABASE_URL) {
      // PGlite has one session: the statement was parsed once, under a name, and is kept there.
      const kept = await t.app.db.execute(sql`select name from pg_prepared_statements where statement like '%repeat(''ação '', 40000)%'`);
      expect(kept.rows).toHaveLength(1);
    }
  });

  it('a failing run (a bad parameter) answers the database error and leaves the statement usable', async () => {
    const read = preparedRead<Record<string, unknown>>(t.app.db, build, 'prepared_test', build);
    // The code the API's error mapping reads (22P02: bad text representation → 422).
    await expect(read.execute({ ids: ['não é número'], word: 'x' })).rejects.toMatchObject({ code: '22P02', message: expect.stringContaining('integer') });
    expect(await read.execute({ ids: [ids[0]], word: 'x' })).toHaveLength(1);
  });

  it('waits for another caller’s open transaction instead of reading inside it', async () => {
    const read = preparedRead<Record<string, unknown>>(t.app.db, build, 'prepared_test', build);
    let release!: () => void;
    let started!: () => void;
    const inTransaction = new Promise<void>((r) => (started = r));
    const transaction = t.app.db.transaction(async (tx) => {
      await tx.update(organizations).set({ fantasy_name: 'Prep Norte (rascunho)' }).where(eq(organizations.id, ids[0]));
      started();
      await new Promise<void>((r) => (release = r));
      tx.rollback();
    });
    await inTransaction;
    const reading = read.execute({ ids: [ids[0]], word: 'x' });
    setTimeout(() => release(), 50);
    await expect(transaction).rejects.toThrow();
    // Either database: the read never sees the rolled-back name.
    expect((await reading).map((r) => r.name)).toEqual(['Prep Norte']);
  });
});
