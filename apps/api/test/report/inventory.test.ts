import { describe, expect, it } from 'vitest';
import { inventoryReport as def } from '../../src/modules/report/reports/inventory';
import type { TestApp } from '../helpers';
import { expectHttpAccess, itCoversEveryRowOnce, objects, reportSuite, run, scopeOf, warehouseStart } from './definition-helpers';

/**
 * Two stocks in two units: "Almox Norte" (sections A1, B1) and "Almox Sul" (C1). Cabo drop
 * (consumable, R$ 2,50/m): 100 m in A1 and 40 m in C1; Conector (consumable, no price): 10 in A1;
 * ONU (patrimony, R$ 350,00): 3 items in A1, 1 in B1, one held by a user and one written off
 * (neither present in a section).
 */
async function dataset(t: TestApp, organizationId: number) {
  const { boss, call, north, south } = await warehouseStart(t, organizationId, { units: ['Unidade Norte', 'Unidade Sul'] });
  const sNorth = await call('POST', '/api/stock', { name: 'Almox Norte', code: 'AN', unit_organizational_id: north });
  const sSouth = await call('POST', '/api/stock', { name: 'Almox Sul', code: 'AS', unit_organizational_id: south });
  const a1 = await call('POST', '/api/section', { stock_id: sNorth.id, name: 'A1', code: 'A1' });
  const b1 = await call('POST', '/api/section', { stock_id: sNorth.id, name: 'B1', code: 'B1' });
  const c1 = await call('POST', '/api/section', { stock_id: sSouth.id, name: 'C1', code: 'C1' });
  const cable = await call('POST', '/api/product', { code: 'CAB', name: 'Cabo drop', tracking: 'consumivel', unit_of_measure: 'm', price: '2,50' });
  const connector = await call('POST', '/api/product', { code: 'CON', name: 'Conector', tracking: 'consumivel' });
  const onu = await call('POST', '/api/product', { code: 'ONU', name: 'ONU', tracking: 'patrimonio', price: '350,00' });
  await call('POST', '/api/consumable/entry', { product_id: cable.id, section_id: a1.id, quantity: 100 });
  await call('POST', '/api/consumable/entry', { product_id: cable.id, section_id: c1.id, quantity: 40 });
  await call('POST', '/api/consumable/entry', { product_id: connector.id, section_id: a1.id, quantity: 10 });
  for (let i = 0; i < 3; i++) await call('POST', '/api/patrimony', { product_id: onu.id, section_id: a1.id });
  await call('POST', '/api/patrimony', { product_id: onu.id, section_id: b1.id });
  await call('POST', '/api/patrimony', { product_id: onu.id, holder_user_id: boss.id });
  const gone = await call('POST', '/api/patrimony', { product_id: onu.id, section_id: b1.id });
  await call('DELETE', `/api/patrimony/${gone.id}`);
  return { north, south, stockNorth: sNorth.id, stockSouth: sSouth.id };
}

describe('report: inventory', () => {
  const s = reportSuite('Inventário', dataset);

  it('lists each section and product with its quantity, price and value, in stock, section and product order', async () => {
    const { rows, count } = await run(def, scopeOf(s.t, s.orgA));
    expect(count).toBe(5);
    expect(objects(def, rows)).toEqual([
      { stock: 'Almox Norte', section: 'A1', code: 'CAB', product: 'Cabo drop', kind: 'Consumível', unit: 'm', quantity: 100, price: 2.5, value: 250 },
      { stock: 'Almox Norte', section: 'A1', code: 'CON', product: 'Conector', kind: 'Consumível', unit: 'un', quantity: 10, price: null, value: null },
      { stock: 'Almox Norte', section: 'A1', code: 'ONU', product: 'ONU', kind: 'Patrimônio', unit: 'un', quantity: 3, price: 350, value: 1050 },
      { stock: 'Almox Norte', section: 'B1', code: 'ONU', product: 'ONU', kind: 'Patrimônio', unit: 'un', quantity: 1, price: 350, value: 350 },
      { stock: 'Almox Sul', section: 'C1', code: 'CAB', product: 'Cabo drop', kind: 'Consumível', unit: 'm', quantity: 40, price: 2.5, value: 100 },
    ]);
  });

  itCoversEveryRowOnce(s, def);

  it('filters by stock and by unit', async () => {
    const south = await run(def, scopeOf(s.t, s.orgA), { stock: s.a.stockSouth });
    expect(south.count).toBe(1);
    expect(objects(def, south.rows).map((r) => [r.section, r.product, r.quantity])).toEqual([['C1', 'Cabo drop', 40]]);
    const north = await run(def, scopeOf(s.t, s.orgA), { unit: s.a.north });
    expect(north.count).toBe(4);
    expect(north.rows.every((r) => r[0] === 'Almox Norte')).toBe(true);
    expect((await run(def, scopeOf(s.t, s.orgA), { unit: s.a.north, stock: s.a.stockSouth })).count).toBe(0);
  });

  it("never shows another organization's rows; a super admin sees every organization", async () => {
    // Organization B has the same dataset: its stock ids never match A's filter, and A's report has only A's rows.
    expect((await run(def, scopeOf(s.t, s.orgB), { stock: s.a.stockSouth })).count).toBe(0);
    const all = await run(def, scopeOf(s.t, null));
    expect(all.count).toBe(10);
    expect(all.rows.filter((r) => r[1] === 'A1')).toHaveLength(6);
  });

  it('answers over HTTP: 403 without STOCK, 200 with STOCK.INDEX and the same total', async () => {
    const preview = await expectHttpAccess(s.t, def, s.orgA);
    expect(preview.total_rows).toBe(5);
    expect(preview.rows[0].slice(0, 4)).toEqual(['Almox Norte', 'A1', 'CAB', 'Cabo drop']);
  });
});
