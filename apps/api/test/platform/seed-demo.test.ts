import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATRIMONY_STATUSES } from '@operacoes/contract';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../helpers';

/** `npm start` (`--demo`) opens on a living demo, not on empty lists; seeding again adds nothing. */
describe('demo data', () => {
  let t: TestApp;
  let gestor: string;
  let seedMs = 0;
  const get = async (url: string) => {
    const res = await t.call('GET', url, gestor);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const total = async (url: string) => (await get(url)).total_items as number;
  const counts = async () => {
    const tables = ['organization', 'user', 'stock', 'section', 'product', 'patrimony', 'consumable_balance', 'movement', 'patrimony_solicitation', 'shipment_solicitation', 'shipment', 'notification', 'revision'];
    const out: Record<string, number> = {};
    for (const table of tables) out[table] = Number((await t.app.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))).rows[0].n);
    return out;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const started = performance.now();
    await seedDemo(t.app);
    seedMs = performance.now() - started;
    gestor = (await t.login('gestor', DEMO_PASSWORD)).token;
  });
  afterAll(() => t.close());

  it('stocks with sections and a dozen telecom products, some consumables below their minimum', async () => {
    // Curitiba's, São Paulo's and Ponta Grossa's (the branch with its own keeper).
    expect(await total('/api/stock')).toBe(3);
    expect(await total('/api/section?pageSize=100')).toBeGreaterThanOrEqual(5);
    expect(await total('/api/product?pageSize=100')).toBeGreaterThanOrEqual(12);
    const low = (await get('/api/product?belowMinimum=true&pageSize=100')).items as { code: string; tracking: string; below_minimum: boolean }[];
    expect(low.map((p) => p.code)).toEqual(expect.arrayContaining(['DROP-1F', 'CON-SCAPC']));
    expect(low.every((p) => p.below_minimum)).toBe(true);
    expect(await total('/api/consumable/balances?positive=true')).toBeGreaterThanOrEqual(5);
  });

  it('the Ponta Grossa keeper (almoxarife.pg) reaches only his unit’s stock and items; the manager sees all', async () => {
    const pg = (await t.login('almoxarife.pg', DEMO_PASSWORD)).token;
    const stocks = await t.call('GET', '/api/stock?pageSize=100', pg);
    expect(stocks.json().items.map((s: { code: string }) => s.code)).toEqual(['EST-PGO']);
    const items = (await t.call('GET', '/api/patrimony?pageSize=100', pg)).json();
    expect(items.total_items).toBe(3);
    expect(items.items.every((i: { serial: string }) => i.serial.startsWith('48575443PG'))).toBe(true);
    expect(await total('/api/patrimony?pageSize=100')).toBeGreaterThan(items.total_items);
    const me = (await t.call('GET', '/api/user?search=almoxarife.pg', gestor)).json().items[0];
    expect(Object.keys(me.permission_scopes).sort()).toEqual(['PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'SECTION', 'STOCK']);
    // The demo's requests are Curitiba's and São Paulo's people's: none is his.
    expect((await t.call('GET', '/api/patrimony-solicitation', pg)).json().total_items).toBe(0);
    expect(await total('/api/patrimony-solicitation')).toBeGreaterThan(0);
  });

  it('about fifty patrimony items, some in every status; items in use have a holder', async () => {
    expect(await total('/api/patrimony')).toBeGreaterThanOrEqual(45);
    for (const status of PATRIMONY_STATUSES) expect(await total(`/api/patrimony?status=${status}`), status).toBeGreaterThan(0);
    const inUse = (await get('/api/patrimony?status=em_uso&pageSize=100')).items as { holder: { username: string } | null; serial: string | null }[];
    expect(inUse.every((i) => i.holder !== null && i.serial)).toBe(true);
    expect(new Set(inUse.map((i) => i.holder!.username))).toEqual(new Set(['tecnico', 'gestor']));
  });

  it("the schedule's splicing job really reserves a fusion splicer", async () => {
    const events = (await get('/api/schedule?search=Fus%C3%A3o%20de%20fibra&pageSize=10')).items as { title: string; reservations: { tag: string; product: string }[] }[];
    const job = events.find((e) => e.title.startsWith('Fusão de fibra'));
    expect(job?.reservations).toEqual([expect.objectContaining({ product: expect.stringContaining('Fusionadora') })]);
  });

  it('out-requests waiting, approved, delivered, refused and returned; movements for every item', async () => {
    for (const status of ['pendente', 'aprovada', 'entregue', 'recusada', 'devolvida', 'cancelada']) {
      expect(await total(`/api/patrimony-solicitation?status=${status}`), status).toBeGreaterThan(0);
    }
    expect(await total('/api/movements')).toBeGreaterThan(60);
    // Each item's history starts with its entry
    const items = (await get('/api/patrimony?pageSize=100')).items as { id: number }[];
    const noEntry = await t.app.db.execute(sql`select p.id from patrimony p where not exists (select 1 from movement m where m.patrimony_id = p.id and m.type = 'entrada')`);
    expect(noEntry.rows).toEqual([]);
    expect((await get(`/api/movements?item=${items[0].id}`)).total_items).toBeGreaterThan(0);
  });

  it('shipment requests and a shipment in transit whose receiving link answers', async () => {
    for (const status of ['pendente', 'aprovada', 'recusada']) expect(await total(`/api/shipment-solicitation?status=${status}`), status).toBeGreaterThan(0);
    for (const status of ['preparando', 'enviado', 'recebido']) expect(await total(`/api/shipment?status=${status}`), status).toBeGreaterThan(0);
    const { rows } = await t.app.db.execute(sql`select receiving_hash from shipment where status = 'enviado'`);
    const link = await t.call('GET', `/api/receiving/${rows[0].receiving_hash}`);
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({ status: 'aguardando', organization: 'Demo Telecom' });
    expect(link.json().items.length).toBeGreaterThan(0);
  });

  it('the hub shows the data to the demo users', async () => {
    const summary = await get('/api/warehouse/summary');
    expect(summary.patrimony_total).toBeGreaterThanOrEqual(45);
    expect(summary.products_below_minimum).toBeGreaterThanOrEqual(2);
    const tecnico = (await t.login('tecnico', DEMO_PASSWORD)).token;
    expect((await t.call('GET', '/api/my-patrimony', tecnico)).json().total_items).toBeGreaterThan(0);
  });

  it('seeding again adds nothing', async () => {
    const before = await counts();
    await seedDemo(t.app);
    expect(await counts()).toEqual(before);
    console.log(`demo seed: ${Math.round(seedMs)} ms; rows ${JSON.stringify(before)}`);
  });
});
