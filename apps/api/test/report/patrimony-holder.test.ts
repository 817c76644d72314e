import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/core/schema';
import { patrimonyHolderReport as def } from '../../src/modules/report/reports/patrimony-holder';
import type { TestApp } from '../helpers';
import { expectHttpAccess, itCoversEveryRowOnce, objects, reportSuite, run, scopeOf, warehouseStart } from './definition-helpers';

/**
 * Ana (unit Norte) holds P-01 and P-03, Bruno (unit Sul) holds P-02; stock "Almox" (unit Norte)
 * has P-04 and P-05 in S1 and P-06 (in maintenance) in S2; P-07 was written off.
 */
async function dataset(t: TestApp, organizationId: number) {
  const { call, north, south } = await warehouseStart(t, organizationId);
  const ana = await t.createUser({ organizationId, nickname: 'Ana', fullName: 'Ana Paula Reis' });
  const bruno = await t.createUser({ organizationId, nickname: 'Bruno', fullName: 'Bruno Teixeira' });
  await t.app.db.update(users).set({ unit_organizational_id: north }).where(eq(users.id, ana.id));
  await t.app.db.update(users).set({ unit_organizational_id: south }).where(eq(users.id, bruno.id));
  const stock = await call('POST', '/api/stock', { name: 'Almox', code: 'AL', unit_organizational_id: north });
  const s1 = await call('POST', '/api/section', { stock_id: stock.id, name: 'S1', code: 'S1' });
  const s2 = await call('POST', '/api/section', { stock_id: stock.id, name: 'S2', code: 'S2' });
  const onu = await call('POST', '/api/product', { code: 'ONU', name: 'ONU', tracking: 'patrimonio' });
  const item = (tag: string, place: Record<string, unknown>) => call('POST', '/api/patrimony', { product_id: onu.id, tag, serial: `SN-${tag}`, ...place });
  await item('P-01', { holder_user_id: ana.id, acquisition_value: '1500,00' });
  await item('P-02', { holder_user_id: bruno.id });
  await item('P-03', { holder_user_id: ana.id });
  await item('P-04', { section_id: s1.id });
  await item('P-05', { section_id: s1.id });
  await item('P-06', { section_id: s2.id, status: 'manutencao' });
  const gone = await item('P-07', { section_id: s2.id });
  await call('DELETE', `/api/patrimony/${gone.id}`);
  await t.app.db.execute(sql`update patrimony set holder_confirmed_at = '2026-03-10T12:00:00Z' where organization_id = ${organizationId} and tag = 'P-01'`);
  return { north, south, stock: stock.id, ana: ana.id, bruno: bruno.id };
}

describe('report: patrimony by holder', () => {
  const s = reportSuite('Responsáveis', dataset);

  it('groups the items by holder (users, then sections) with each holder’s count', async () => {
    const { rows, count } = await run(def, scopeOf(s.t, s.orgA));
    expect(count).toBe(6);
    const found = objects(def, rows);
    expect(found.map((r) => [r.holder_kind, r.holder, r.holder_items, r.tag])).toEqual([
      ['Usuário', 'Ana Paula Reis (Ana)', 2, 'P-01'],
      ['Usuário', 'Ana Paula Reis (Ana)', 2, 'P-03'],
      ['Usuário', 'Bruno Teixeira (Bruno)', 1, 'P-02'],
      ['Seção', 'Almox / S1', 2, 'P-04'],
      ['Seção', 'Almox / S1', 2, 'P-05'],
      ['Seção', 'Almox / S2', 1, 'P-06'],
    ]);
    expect(found[0]).toMatchObject({ serial: 'SN-P-01', code: 'ONU', product: 'ONU', status: 'Em uso', condition: 'Novo', value: 1500, confirmed_at: '2026-03-10T12:00:00.000Z' });
    expect(found[5]).toMatchObject({ status: 'Em manutenção', value: null, confirmed_at: null });
  });

  itCoversEveryRowOnce(s, def);

  it('filters by user, stock, unit and status (written-off items only on request)', async () => {
    const tags = async (q: Parameters<typeof run>[2]) => objects(def, (await run(def, scopeOf(s.t, s.orgA), q)).rows).map((r) => r.tag);
    expect(await tags({ user: s.a.ana })).toEqual(['P-01', 'P-03']);
    expect(await tags({ stock: s.a.stock })).toEqual(['P-04', 'P-05', 'P-06']);
    expect(await tags({ unit: s.a.north })).toEqual(['P-01', 'P-03', 'P-04', 'P-05', 'P-06']);
    expect(await tags({ unit: s.a.south })).toEqual(['P-02']);
    expect(await tags({ status: 'manutencao' })).toEqual(['P-06']);
    const gone = await run(def, scopeOf(s.t, s.orgA), { status: 'baixado' });
    expect(gone.count).toBe(1);
    expect(objects(def, gone.rows)[0]).toMatchObject({ holder_kind: 'Sem responsável', holder: null, holder_items: 1, tag: 'P-07', status: 'Baixado' });
  });

  it("never shows another organization's rows; a super admin sees every organization", async () => {
    expect((await run(def, scopeOf(s.t, s.orgB), { user: s.a.ana })).count).toBe(0);
    const all = await run(def, scopeOf(s.t, null));
    expect(all.count).toBe(12);
    // Each organization's Ana is a holder of her own two items.
    expect(objects(def, all.rows).filter((r) => r.holder === 'Ana Paula Reis (Ana)').map((r) => r.holder_items)).toEqual([2, 2, 2, 2]);
  });

  it('answers over HTTP: 403 without PATRIMONY, 200 with PATRIMONY.INDEX and the same total', async () => {
    const preview = await expectHttpAccess(s.t, def, s.orgA, `?user=${s.a.ana}`);
    expect(preview.total_rows).toBe(2);
    expect(preview.rows.map((r) => r[3])).toEqual(['P-01', 'P-03']);
  });
});
