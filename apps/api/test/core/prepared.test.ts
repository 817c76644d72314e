import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRead, rawStatement, sqlStatement } from '../../src/core/prepared';
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

  it('inside a transaction run on its connection (they see its uncommitted rows), built once for the pool and every transaction', async () => {
    let builds = 0;
    const counted = (db: TestApp['app']['db']) => {
      builds++;
      return build(db);
    };
    const key = {};
    const values = { ids: [ids[0]], word: 'x' };
    const read = (db: Parameters<typeof counted>[0]) => preparedRead<Record<string, unknown>>(db, key, 'prepared_tx_test', counted).execute(values);
    expect((await read(t.app.db)).map((r) => r.name)).toEqual(['Prep Norte']);
    const seen = await t.app.db
      .transaction(async (tx) => {
        await tx.update(organizations).set({ fantasy_name: 'Prep Norte (na transação)' }).where(eq(organizations.id, ids[0]));
        const first = (await read(tx as never)).map((r) => r.name);
        const second = (await read(tx as never)).map((r) => r.name);
        tx.rollback();
        return [first, second];
      })
      .catch((err: unknown) => err);
    expect((seen as { message: string }).message).toMatch(/rollback/i);
    // The reads in the transaction ran (no error) and, after the rollback, the pool reads the old name.
    expect((await read(t.app.db)).map((r) => r.name)).toEqual(['Prep Norte']);
    expect(builds).toBe(1);
    const inside = await t.app.db.transaction(async (tx) => {
      await tx.update(organizations).set({ fantasy_name: 'Prep Norte (na transação)' }).where(eq(organizations.id, ids[0]));
      return (await read(tx as never)).map((r) => r.name);
    });
    expect(inside).toEqual(['Prep Norte (na transação)']);
    expect(builds).toBe(1);
    await t.app.db.update(organizations).set({ fantasy_name: 'Prep Norte' }).where(eq(organizations.id, ids[0]));
  });

  it('raw statements answer rows as db.execute does, on the pool and inside a transaction, and sqlStatement fills every placeholder', async () => {
    const text = `select id, fantasy_name as name, created_at, settings from organization where id = any($1::int[]) order by id`;
    const raw = rawStatement<Record<string, unknown>>('prepared_raw_test', text);
    const drizzles = (await t.app.db.execute(sql`select id, fantasy_name as name, created_at, settings from organization where id = any(${`{${ids.join(',')}}`}::int[]) order by id`)).rows;
    const ours = await raw(t.app.db, [ids]);
    expect(ours).toEqual(drizzles);
    expect(ours.map((r) => r.name)).toEqual(['Prep Norte', 'Prep Sul 2']);
    expect(ours[0].settings).toEqual({ a: [1, 'dois'], b: null });
    const inside = await t.app.db.transaction(async (tx) => {
      await tx.update(organizations).set({ fantasy_name: 'Prep Sul (na transação)' }).where(eq(organizations.id, ids[1]));
      return (await raw(tx as never, [[ids[1]]])).map((r) => r.name);
    });
    expect(inside).toEqual(['Prep Sul (na transação)']);
    // The same placeholder twice, a constant and a value that is not SQL.
    const statement = sqlStatement<{ same: boolean; word: string; constant: string }>(
      'prepared_sql_test',
      sql`select ${sql.placeholder('word')}::text = ${sql.placeholder('word')}::text as same, ${sql.placeholder('word')}::text as word, ${'constante'}::text as constant`,
    );
    expect(await statement(t.app.db, { word: `o'; drop table organization; --` })).toEqual([{ same: true, word: `o'; drop table organization; --`, constant: 'constante' }]);
    await expect(raw(t.app.db, [['x']])).rejects.toMatchObject({ code: '22P02' });
    expect(await raw(t.app.db, [[ids[0]]])).toHaveLength(1);
  });
});
