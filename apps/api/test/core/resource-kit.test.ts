/**
 * The resource kit's slots (src/core/resource-kit.ts), each by its exact answer, on the stock and
 * section resources: `unique` (409 naming the field), `refs` (422 on the field, another organization's
 * row included, nothing written), `counts` (child counts in the answer) and `guardDelete` (409 naming
 * what refers to the row, in agreement with the entity's gender).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers';
import { place, uid, WAREHOUSE_ALL } from '../warehouse/helpers';

describe('resource kit slots', () => {
  let t: TestApp;
  let boss: string;
  let unitId: number;
  let foreignUnitId: number;
  const stockCount = async () => Number((await t.app.db.execute(sql`select count(*)::int as n from stock`)).rows[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    const p = await place(t);
    boss = (await t.createUser({ permissions: WAREHOUSE_ALL })).token;
    unitId = p.unitId;
    foreignUnitId = (await place(t, await t.createOrganization('Outra Telecom'))).unitId;
  });
  afterAll(() => t?.close());

  it('unique: a duplicate code answers 409 with the field, its value and nothing written; case does not matter', async () => {
    const code = `ALM-${uid()}`;
    expect((await t.call('POST', '/api/stock', boss, { name: 'Primeiro', code, unit_organizational_id: unitId })).statusCode).toBe(201);
    const before = await stockCount();
    const dup = await t.call('POST', '/api/stock', boss, { name: 'Segundo', code: code.toLowerCase(), unit_organizational_id: unitId });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 409,
      message: `Já existe um estoque com o código "${code.toLowerCase()}".`,
      violations: [{ propertyPath: 'code', message: 'Já está em uso' }],
    });
    expect(await stockCount()).toBe(before);
  });

  it('refs: a missing or foreign reference is 422 on its field ("não encontrada nesta organização") and writes nothing', async () => {
    const before = await stockCount();
    for (const ref of [999_999, foreignUnitId]) {
      const res = await t.call('POST', '/api/stock', boss, { name: 'Sem unidade', code: `X-${uid()}`, unit_organizational_id: ref });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: 'Unidade organizacional não encontrada nesta organização.',
        violations: [{ propertyPath: 'unit_organizational_id', message: 'Unidade organizacional não encontrada' }],
      });
    }
    expect(await stockCount()).toBe(before);
  });

  it('refs and counts: the answer embeds the reference and counts its children, in the record and in the list', async () => {
    const stock = (await t.call('POST', '/api/stock', boss, { name: `Contado ${uid()}`, code: `C-${uid()}`, unit_organizational_id: unitId })).json();
    expect(stock.section_count).toBe(0);
    expect(stock.unit_organizational).toMatchObject({ id: unitId });
    for (const n of [1, 2]) expect((await t.call('POST', '/api/section', boss, { stock_id: stock.id, name: `Prateleira ${n}`, code: `P${n}-${uid()}` })).statusCode).toBe(201);
    expect((await t.call('GET', `/api/stock/${stock.id}`, boss)).json().section_count).toBe(2);
    const listed = (await t.call('GET', `/api/stock?search=${encodeURIComponent(stock.name)}`, boss)).json().items;
    expect(listed).toEqual([expect.objectContaining({ id: stock.id, section_count: 2 })]);
  });

  it('guardDelete: a referenced row answers 409 naming what refers to it (masculine and feminine), and stays', async () => {
    const name = `Guardado ${uid()}`;
    const stock = (await t.call('POST', '/api/stock', boss, { name, code: `G-${uid()}`, unit_organizational_id: unitId })).json();
    const sectionName = `Prateleira ${uid()}`;
    const section = (await t.call('POST', '/api/section', boss, { stock_id: stock.id, name: sectionName, code: `S-${uid()}` })).json();
    await t.call('POST', '/api/section', boss, { stock_id: stock.id, name: 'Outra', code: `S-${uid()}` });
    const refused = await t.call('DELETE', `/api/stock/${stock.id}`, boss);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`O estoque "${name}" não pode ser excluído: é referenciado por 2 seções. Desative-o em vez de excluí-lo.`);
    expect((await t.call('GET', `/api/stock/${stock.id}`, boss)).statusCode).toBe(200);

    const product = (await t.call('POST', '/api/product', boss, { code: `CB-${uid()}`, name: 'Cabo', tracking: 'consumivel', unit_of_measure: 'm' })).json();
    expect((await t.call('POST', '/api/consumable/entry', boss, { product_id: product.id, section_id: section.id, quantity: 5 })).statusCode).toBe(201);
    const sectionRefused = await t.call('DELETE', `/api/section/${section.id}`, boss);
    expect(sectionRefused.statusCode).toBe(409);
    expect(sectionRefused.json().message).toMatch(new RegExp(`^A seção "${sectionName}" não pode ser excluída: é referenciada por .*\\. Desative-a em vez de excluí-la\\.$`));
  });
});
