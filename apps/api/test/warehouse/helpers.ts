import { expect } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { searchText } from '../../src/core/list';
import { unitsOrganizational } from '../../src/modules/unit-organizational/schema';
import { consumableBalances } from '../../src/modules/warehouse/consumable/schema';
import { movements } from '../../src/modules/warehouse/movement/schema';
import { patrimonies } from '../../src/modules/warehouse/patrimony/schema';
import { perOrganization, type TestApp } from '../helpers';

let uids = 0;
/** A suffix unique in the test file by construction (a counter, never random), 'q' keeps it from matching numbered tags in searches. */
export const uid = () => `q${(++uids).toString(36).padStart(5, '0')}`;
export const WAREHOUSE_ALL = ['WAREHOUSE', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'PATRIMONY_HISTORY'];

export type Place = { unitId: number; stockId: number; sectionId: number; section2Id: number; patrimonyProductId: number; consumableProductId: number; bossToken: string };

/**
 * A unit, a stock with two sections, a patrimony product and a consumable product in an
 * organization, made through the API by a user holding every warehouse permission (cached per app).
 */
export const place = perOrganization(async (t, organizationId): Promise<Place> => {
  const k = uid();
  const [unit] = await t.app.db
    .insert(unitsOrganizational)
    .values({ organization_id: organizationId, name: `Unidade ${k}`, code: `U${k}`, search_text: searchText(`Unidade ${k}`) })
    .returning();
  const boss = await t.createUser({ permissions: WAREHOUSE_ALL, organizationId });
  const ok = async (method: string, url: string, body: unknown) => {
    const res = await t.call(method, url, boss.token, body);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const stock = await ok('POST', '/api/stock', { name: `Estoque ${k}`, code: `E${k}`, unit_organizational_id: unit.id });
  const section = await ok('POST', '/api/section', { stock_id: stock.id, name: `Seção A ${k}`, code: `A${k}` });
  const section2 = await ok('POST', '/api/section', { stock_id: stock.id, name: `Seção B ${k}`, code: `B${k}` });
  const pp = await ok('POST', '/api/product', { code: `ONU${k}`, name: `ONU Huawei ${k}`, tracking: 'patrimonio', minimum_quantity: 2 });
  const cp = await ok('POST', '/api/product', { code: `CAB${k}`, name: `Cabo drop ${k}`, tracking: 'consumivel', unit_of_measure: 'm', minimum_quantity: 100 });
  return { unitId: unit.id, stockId: stock.id, sectionId: section.id, section2Id: section2.id, patrimonyProductId: pp.id, consumableProductId: cp.id, bossToken: boss.token };
});

/**
 * The warehouse invariant: every item's current place, holder and status equal the replay of its
 * movements, and every balance equals the quantities into its section minus those out of it.
 */
export async function expectStateEqualsReplay(t: TestApp) {
  const items = await t.app.db.select().from(patrimonies);
  const moves = await t.app.db.select().from(movements).orderBy(asc(movements.id));
  const replay = new Map<number, { status: string | null; section: number | null; stock: number | null; holder: number | null; count: number }>();
  for (const m of moves) {
    if (!m.patrimony_id) continue;
    const prev = replay.get(m.patrimony_id);
    if (prev) {
      // Each movement starts where the previous one ended.
      expect({ status: m.from_status, section: m.from_section_id, stock: m.from_stock_id, holder: m.from_holder_id }, `movement ${m.id}`).toEqual({
        status: prev.status,
        section: prev.section,
        stock: prev.stock,
        holder: prev.holder,
      });
    } else {
      expect(m.from_status, `first movement ${m.id} of item ${m.patrimony_id}`).toBeNull();
    }
    replay.set(m.patrimony_id, { status: m.to_status, section: m.to_section_id, stock: m.to_stock_id, holder: m.to_holder_id, count: (prev?.count ?? 0) + 1 });
  }
  for (const item of items) {
    const r = replay.get(item.id);
    expect(r, `item ${item.tag} has movements`).toBeDefined();
    expect({ status: item.status, section: item.section_id, stock: item.stock_id, holder: item.holder_user_id }, `item ${item.tag}`).toEqual({
      status: r!.status,
      section: r!.section,
      stock: r!.stock,
      holder: r!.holder,
    });
  }
  const sums = (await t.app.db.execute(sql`
    select section_id, product_id, sum(q)::numeric(14,3)::text as q from (
      select to_section_id as section_id, product_id, quantity as q from movement where patrimony_id is null and to_section_id is not null
      union all
      select from_section_id, product_id, -quantity from movement where patrimony_id is null and from_section_id is not null
    ) x group by section_id, product_id`)).rows as { section_id: number; product_id: number; q: string }[];
  const balances = await t.app.db.select().from(consumableBalances);
  const byKey = new Map(sums.map((s) => [`${s.section_id}:${s.product_id}`, Number(s.q)]));
  for (const b of balances) {
    expect(Number(b.quantity), `balance of product ${b.product_id} in section ${b.section_id}`).toBe(byKey.get(`${b.section_id}:${b.product_id}`) ?? 0);
    expect(Number(b.quantity)).toBeGreaterThanOrEqual(0);
  }
  for (const [key, q] of byKey) {
    if (q !== 0) expect(balances.some((b) => `${b.section_id}:${b.product_id}` === key), `balance row for ${key}`).toBe(true);
  }
  return { items: items.length, movements: moves.length };
}

export const itemById = async (t: TestApp, id: number) => (await t.app.db.select().from(patrimonies).where(eq(patrimonies.id, id)))[0];

/** A new available item in the place's first section (through the API). */
export async function newItem(t: TestApp, p: Place, extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/patrimony', p.bossToken, { product_id: p.patrimonyProductId, section_id: p.sectionId, serial: `SN${uid()}`, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; tag: string; status: string; section_id: number | null; holder_user_id: number | null };
}
