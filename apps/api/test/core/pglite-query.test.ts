import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fasterQueries } from '../../src/core/pglite-query';

/**
 * The faster `query` against PGlite's own: two instances with the same rows, the same statements;
 * what PGlite's own parser answers is the reference.
 */
describe('PGlite queries in one call, each text parsed once', () => {
  let ours: PGlite;
  let theirs: PGlite;
  const setup = `create table t (id int primary key, name text, at timestamptz, amount numeric, tags text[], meta jsonb, ok boolean);
    insert into t values (1, 'ação', '2026-11-28 09:00-03', 1.50, '{a,"b c"}', '{"x":[1,"dois"]}', true), (2, null, null, null, null, null, false);`;
  beforeAll(async () => {
    [ours, theirs] = await Promise.all([PGlite.create(), PGlite.create()]);
    fasterQueries(ours);
    await ours.exec(setup);
    await theirs.exec(setup);
  });
  afterAll(async () => {
    await ours.close();
    await theirs.close();
  });

  const statements: [string, unknown[], object?][] = [
    ['select * from t order by id', []],
    ['select id, name, at, tags, meta from t where id = any($1) order by id', [[1, 2]], { rowMode: 'array' }],
    ['select $1::jsonb as j, $2::timestamptz as w, $3::text[] as a, $4::int as n', [{ k: ['v'] }, new Date('2026-11-28T12:00:00Z'), ['x', 'y"z'], null]],
    ['update t set ok = not ok where id > $1', [0]],
    ['insert into t (id, name) values (3, $1), (4, $1) returning id, name', ['novo']],
    ['delete from t where id >= 3', []],
    ['create table if not exists u (id int)', []],
  ];

  it('answers the same rows, fields, counts and command as PGlite’s own query', async () => {
    for (const [text, params, options] of statements) {
      const a = await ours.query(text, params, options);
      const b = await theirs.query(text, params, options);
      expect({ text, ...a }).toEqual({ text, ...b });
    }
  });

  it('a statement that fails (at parse or at execution) throws the database’s error and the next one runs', async () => {
    const syntax = await ours.query('selec 1').catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    const bad = await ours.query('select $1::int as n', ['um']).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: '22P02', message: expect.stringContaining('integer') });
    const dup = await ours.query('insert into t (id) values (1)').catch((e: unknown) => e);
    expect(dup).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't' });
    expect((await ours.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('transactions: their statements go through the same path, a rollback undoes them, a failed one leaves the database usable', async () => {
    await ours.transaction(async (tx) => {
      await tx.query('update t set name = $1 where id = 2', ['dentro']);
      expect((await tx.query('select name from t where id = 2')).rows).toEqual([{ name: 'dentro' }]);
      await tx.rollback();
    });
    expect((await ours.query('select name from t where id = 2')).rows).toEqual([{ name: null }]);
    await expect(
      ours.transaction(async (tx) => {
        await tx.query('update t set name = $1 where id = 2', ['perdido']);
        await tx.query('insert into t (id) values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await ours.query('select name from t where id = 2')).rows).toEqual([{ name: null }]);
    // A query outside waits for a transaction that is open instead of running inside it.
    let release!: () => void;
    const open = ours.transaction(async (tx) => {
      await tx.query(`update t set name = 'rascunho' where id = 2`);
      await new Promise<void>((r) => (release = r));
      await tx.rollback();
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = ours.query('select name from t where id = 2');
    release();
    await open;
    expect((await outside).rows).toEqual([{ name: null }]);
  });

  it('keeps each text parsed once under a name, at most 500 of them, and parses again a statement whose table changed', async () => {
    await ours.query('create table w (id int)');
    await ours.query('insert into w values (1)');
    expect((await ours.query('select * from w')).rows).toEqual([{ id: 1 }]);
    await ours.query('alter table w add column note text');
    expect((await ours.query('select * from w')).rows).toEqual([{ id: 1, note: null }]);
    for (let i = 0; i < 520; i++) await ours.query(`select ${i} as n`);
    const kept = await ours.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(kept.rows[0].n).toBeLessThanOrEqual(500);
    expect(kept.rows[0].n).toBeGreaterThan(400);
    // A text that was closed long ago is parsed again.
    expect((await ours.query('select * from w')).rows).toEqual([{ id: 1, note: null }]);
  });
});
