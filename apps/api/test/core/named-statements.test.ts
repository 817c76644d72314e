import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/core/db';
import { freshPgDatabase } from '../helpers';

const PG_SERVER = process.env.TEST_DATABASE_URL;

/**
 * On PostgreSQL each parameterised statement text is parsed once per connection under a name
 * (core/db.ts): the server then skips parsing it again and may keep its plan. The names must not
 * change what a statement answers, must survive a failed statement and a rolled-back transaction,
 * and must not be given to a text seen once.
 */
describe.skipIf(!PG_SERVER)('named statements on PostgreSQL (runs with TEST_DATABASE_URL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function database(namedStatements?: boolean) {
    const fresh = await freshPgDatabase(PG_SERVER!, 't_named');
    cleanups.push(fresh.drop);
    // One connection: the statements it keeps are the ones `pg_prepared_statements` shows.
    const opened = await openDatabase({ databaseUrl: fresh.url, poolSize: 1, namedStatements });
    cleanups.push(() => opened.close());
    const kept = async () => (await opened.db.execute(sql`select name, statement from pg_prepared_statements`)).rows as { name: string; statement: string }[];
    return { db: opened.db, kept };
  }

  it('parses a text seen twice under a name and still answers each call with its own values', async () => {
    const { db, kept } = await database();
    const square = (n: number) => db.execute(sql`select ${n}::int * ${n}::int as named_square`);
    const answers = [];
    for (const n of [2, 3, 4, 5]) answers.push(((await square(n)).rows[0] as { named_square: number }).named_square);
    expect(answers).toEqual([4, 9, 16, 25]);
    const named = (await kept()).filter((s) => s.statement.includes('named_square'));
    expect(named).toHaveLength(1);
    expect(named[0].name).toMatch(/^s\d+$/);

    // A text run once is not named.
    await db.execute(sql`select ${1}::int as named_once`);
    expect((await kept()).some((s) => s.statement.includes('named_once'))).toBe(false);
  });

  it('keeps working after a failed call and a rolled-back transaction', async () => {
    const { db, kept } = await database();
    const half = (v: string) => db.execute(sql`select (${v}::int / 2) as named_half`);
    expect((await half('8')).rows).toEqual([{ named_half: 4 }]);
    expect((await half('10')).rows).toEqual([{ named_half: 5 }]);
    const failed = await half('não é número').catch((e: Error) => e);
    expect((failed as Error & { cause?: { code?: string } }).cause?.code).toBe('22P02'); // invalid_text_representation
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select (${'6'}::int / 2) as named_half`);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect((await half('12')).rows).toEqual([{ named_half: 6 }]);
    expect((await kept()).filter((s) => s.statement.includes('named_half'))).toHaveLength(1);
  });

  it('names at most 400 texts per pool: every connection keeps each statement it parsed', async () => {
    const { db, kept } = await database();
    // 450 texts (the number is part of the text), each run twice with a parameter.
    for (let round = 0; round < 2; round++) for (let i = 0; i < 450; i++) await db.execute(sql`select ${round}::int + ${sql.raw(String(i))} as named_many`);
    const all = await kept();
    expect(all).toHaveLength(400);
    expect(all.filter((s) => s.statement.includes('named_many')).length).toBeGreaterThan(390);
  });

  it('names nothing when turned off (DATABASE_NAMED_STATEMENTS=false, for a pooler that cannot keep them)', async () => {
    const { db, kept } = await database(false);
    for (const n of [1, 2, 3]) await db.execute(sql`select ${n}::int as named_off`);
    expect(await kept()).toEqual([]);
  });
});
