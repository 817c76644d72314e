import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IBGE_MIGRATION } from '../../src/db/ibge-migration';
import { ibgeMigrationSql, readIbge } from '../../src/modules/locale/ibge';
import { createTestApp, type TestApp } from '../helpers';

/** A fresh install has every IBGE municipality (migration 0011), on new and existing databases. */
describe('IBGE municipalities shipped as data', () => {
  let t: TestApp;
  let token: string;
  const ibge = readIbge();
  const migration = readFileSync(IBGE_MIGRATION, 'utf8');
  const applyAgain = async () => {
    for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
  };
  const count = async (table: string) => Number((await t.app.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))).rows[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: [] })).token;
  });
  afterAll(() => t.close());

  it('a fresh database finds São Paulo (SP, 3550308) in the city picker, with every municipality of the list', async () => {
    const res = await t.call('GET', '/api/city?search=sao%20paulo&uf=SP', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toContainEqual(expect.objectContaining({ name: 'São Paulo', uf: 'SP', ibge_code: 3550308 }));
    // The list holds 5,571 rows: Boa Esperança do Norte (MT, 5101837) was installed in 2025 after the 5,570.
    expect(ibge.cities.length).toBe(5571);
    expect((await t.call('GET', '/api/city?pageSize=1', token)).json().total_items).toBe(ibge.cities.length);
    expect((await t.call('GET', '/api/state?pageSize=100', token)).json().total_items).toBe(27);
    const [row] = (await t.app.db.execute(sql`select latitude, longitude, search_text from city where ibge_code = 3550308`)).rows;
    expect(row).toMatchObject({ latitude: -23.5329, longitude: -46.6395, search_text: 'sao paulo' });
  });

  it('the checked-in migration is the one generated from reference/ibge (no hand edits, no drift)', () => {
    expect(migration).toBe(ibgeMigrationSql(ibge));
  });

  it('applied again to an existing database it adds nothing; a city typed by hand gets its IBGE code instead of a duplicate', async () => {
    const before = { cities: await count('city'), states: await count('state'), countries: await count('country') };
    await applyAgain();
    expect({ cities: await count('city'), states: await count('state'), countries: await count('country') }).toEqual(before);

    // An existing install: Xique-Xique (BA) typed by hand without a code, then the migration runs.
    await t.app.db.execute(sql`delete from city where ibge_code = 2933604`);
    await t.app.db.execute(sql`insert into city (state_id, name, search_text) select id, 'Xique-Xique', 'xique-xique' from state where uf = 'BA'`);
    await applyAgain();
    const rows = (await t.app.db.execute(sql`select ibge_code, latitude from city where search_text = 'xique-xique'`)).rows;
    expect(rows).toEqual([{ ibge_code: 2933604, latitude: -10.823 }]);
    expect(await count('city')).toBe(before.cities);
  });
});
