/**
 * Permissions scoped to units: a warehouse keeper of Ponta Grossa reaches Ponta Grossa's stocks,
 * sections and items and nothing of Curitiba's (404, lists without them, writes refused), while an
 * organization-wide user sees both. Scopes are granted through the user API, checked there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers';
import { externalActivities } from '../../src/modules/external-activity';
import { runSlaNotices } from '../../src/modules/external-activity/activity/sla';

describe('permissions scoped to organizational units', () => {
  let t: TestApp;
  let boss: { id: number; token: string };
  let pg: number;
  let cwb: number;
  let pgStock: { id: number };
  let cwbStock: { id: number };
  let cwbSection: { id: number };
  const WAREHOUSE = ['STOCK', 'SECTION', 'PATRIMONY', 'PRODUCT'];

  beforeAll(async () => {
    t = await createTestApp();
    boss = await t.createUser({ permissions: [...WAREHOUSE, 'USER', 'ORG', 'SITE', 'NETWORK_ASSET', 'PATRIMONY_OUT_REQUEST'] });
    const unit = async (name: string, code: string) => {
      const res = await t.call('POST', '/api/unit-organizational', boss.token, { name, code });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    pg = await unit('Ponta Grossa', 'PG');
    cwb = await unit('Curitiba', 'CWB');
    const stock = async (name: string, code: string, unitId: number) => (await t.call('POST', '/api/stock', boss.token, { name, code, unit_organizational_id: unitId })).json();
    pgStock = await stock('Almoxarifado PG', 'ALM-PG', pg);
    cwbStock = await stock('Almoxarifado CWB', 'ALM-CWB', cwb);
    await t.call('POST', '/api/section', boss.token, { name: 'Prateleira PG', code: 'PG-A1', stock_id: pgStock.id });
    cwbSection = (await t.call('POST', '/api/section', boss.token, { name: 'Prateleira CWB', code: 'CWB-A1', stock_id: cwbStock.id })).json();
  });
  afterAll(() => t?.close());

  const PASSWORD = 'Senha-forte-2026!';
  /** A new user's body for the user API. */
  const userBody = (username: string, fields: Record<string, unknown>) => ({
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
    person: { nickname: username, full_name: `Pessoa ${username}` },
    ...fields,
  });

  /** A user made by the manager through the API, with these scopes, logged in. */
  async function scopedUser(permissions: string[], scopes: Record<string, number[]>) {
    const username = `pg_${Math.random().toString(36).slice(2, 8)}`;
    const res = await t.call('POST', '/api/user', boss.token, userBody(username, { permissions, permission_scopes: scopes, unit_organizational_id: pg }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().permission_scopes).toEqual(scopes);
    return { id: res.json().id as number, token: (await t.login(username, PASSWORD)).token };
  }

  it('a keeper scoped to Ponta Grossa: lists, counts and reads hold only its records; Curitiba is 404 and unchanged', async () => {
    const keeper = await scopedUser(WAREHOUSE, { STOCK: [pg], SECTION: [pg], PATRIMONY: [pg] });
    const stocks = (await t.call('GET', '/api/stock?pageSize=100', keeper.token)).json();
    expect(stocks.items.map((s: { code: string }) => s.code)).toEqual(['ALM-PG']);
    expect(stocks.total_items).toBe(1);
    expect((await t.call('GET', `/api/stock?pageSize=100&search=CWB`, keeper.token)).json().total_items).toBe(0);
    expect((await t.call('GET', `/api/stock/${pgStock.id}`, keeper.token)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/stock/${cwbStock.id}`, keeper.token)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/stock/${cwbStock.id}`, keeper.token, { name: 'Tomado' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/stock/${cwbStock.id}`, keeper.token)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/stock/${cwbStock.id}`, boss.token)).json().name).toBe('Almoxarifado CWB');
    const sections = (await t.call('GET', '/api/section?pageSize=100', keeper.token)).json();
    expect(sections.items.map((s: { code: string }) => s.code)).toEqual(['PG-A1']);
    expect((await t.call('GET', `/api/section/${cwbSection.id}`, keeper.token)).statusCode).toBe(404);
    // The organization-wide manager still sees both.
    expect((await t.call('GET', '/api/stock?pageSize=100', boss.token)).json().total_items).toBe(2);
  });

  it('reports: the inventory holds only the keeper’s unit; a report that cannot narrow to units is not offered', async () => {
    const keeper = await scopedUser(WAREHOUSE, { STOCK: [pg], SECTION: [pg], PATRIMONY: [pg] });
    const names = (await t.call('GET', '/api/report', keeper.token)).json().items.map((r: { name: string }) => r.name);
    expect(names).toContain('inventory');
    // Items by holder reads PATRIMONY, scoped here, and does not narrow to units.
    expect(names).not.toContain('patrimony-holder');
    expect((await t.call('GET', '/api/report/patrimony-holder', keeper.token)).statusCode).toBe(403);
    const wide = (await t.call('GET', '/api/report', boss.token)).json().items.map((r: { name: string }) => r.name);
    expect(wide).toEqual(expect.arrayContaining(['inventory', 'patrimony-holder']));
    // Both stocks hold a consumable: the keeper's inventory has Ponta Grossa's line only.
    const product = (await t.call('POST', '/api/product', boss.token, { code: `CAB-${Date.now()}`, name: 'Cabo drop', category: 'Cabos', tracking: 'consumivel', unit_of_measure: 'm', price: '0.62' })).json();
    const sections = (await t.call('GET', '/api/section?pageSize=100', boss.token)).json().items as { id: number; code: string }[];
    for (const code of ['PG-A1', 'CWB-A1']) {
      const entry = await t.call('POST', '/api/consumable/entry', boss.token, { product_id: product.id, section_id: sections.find((x) => x.code === code)!.id, quantity: 100 });
      expect(entry.statusCode, entry.body).toBeLessThan(300);
    }
    const mine = (await t.call('GET', '/api/report/inventory', keeper.token)).json();
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(mine.rows)).toContain('Almoxarifado PG');
    expect(JSON.stringify(mine.rows)).not.toContain('Almoxarifado CWB');
    expect(JSON.stringify((await t.call('GET', '/api/report/inventory', boss.token)).json().rows)).toContain('Almoxarifado CWB');
  });

  it('the dashboard shows no card that counts the whole organization for a scoped permission', async () => {
    const requester = await scopedUser(['PATRIMONY_OUT_REQUEST', 'PATRIMONY'], { PATRIMONY_OUT_REQUEST: [pg], PATRIMONY: [pg] });
    const wide = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST', 'PATRIMONY'] });
    const keys = async (token: string) => ((await t.call('GET', '/api/dashboard', token)).json().cards as { key: string }[]).map((c) => c.key);
    expect(await keys(wide.token)).toContain('patrimony_requests');
    expect(await keys(requester.token)).not.toContain('patrimony_requests');
  });

  it('writes that would leave the scope are refused (422 naming the field) and change nothing', async () => {
    const keeper = await scopedUser(WAREHOUSE, { STOCK: [pg], SECTION: [pg] });
    const outside = await t.call('POST', '/api/stock', keeper.token, { name: 'Novo CWB', code: 'ALM-CWB-2', unit_organizational_id: cwb });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().violations).toEqual([{ propertyPath: 'unit_organizational_id', message: 'Fora das unidades em que você tem esta permissão.' }]);
    expect((await t.call('GET', '/api/stock?search=ALM-CWB-2', boss.token)).json().total_items).toBe(0);
    const inside = await t.call('POST', '/api/stock', keeper.token, { name: 'Depósito PG', code: 'DEP-PG', unit_organizational_id: pg });
    expect(inside.statusCode, inside.body).toBe(201);
    const moved = await t.call('PUT', `/api/stock/${inside.json().id}`, keeper.token, { unit_organizational_id: cwb });
    expect(moved.statusCode).toBe(422);
    expect((await t.call('GET', `/api/stock/${inside.json().id}`, boss.token)).json().unit_organizational_id).toBe(pg);
    // A section placed in Curitiba's stock is outside too.
    const section = await t.call('POST', '/api/section', keeper.token, { name: 'Prateleira X', code: 'X-1', stock_id: cwbStock.id });
    expect(section.statusCode).toBe(422);
    expect(section.json().violations[0].propertyPath).toBe('stock_id');
  });

  it('hand-written warehouse writes (consumable entries and transfers, items in bulk) stay in the scope too', async () => {
    const keeper = await scopedUser(WAREHOUSE, { STOCK: [pg], SECTION: [pg], PATRIMONY: [pg] });
    const sections = (await t.call('GET', '/api/section?pageSize=100', boss.token)).json().items as { id: number; code: string }[];
    const pgShelf = sections.find((x) => x.code === 'PG-A1')!.id;
    const cwbShelf = sections.find((x) => x.code === 'CWB-A1')!.id;
    const cable = (await t.call('POST', '/api/product', boss.token, { code: `FIO-${Date.now()}`, name: 'Fio de espinar', category: 'Cabos', tracking: 'consumivel', unit_of_measure: 'm', price: '0.30' })).json();
    const onu = (await t.call('POST', '/api/product', boss.token, { code: `ONU-${Date.now()}`, name: 'ONU', category: 'CPE', tracking: 'patrimonio', price: '200.00' })).json();
    expect((await t.call('POST', '/api/consumable/entry', keeper.token, { product_id: cable.id, section_id: pgShelf, quantity: 50 })).statusCode).toBe(201);
    const entry = await t.call('POST', '/api/consumable/entry', keeper.token, { product_id: cable.id, section_id: cwbShelf, quantity: 50 });
    expect(entry.statusCode).toBe(422);
    expect(entry.json().violations).toEqual([{ propertyPath: 'section_id', message: 'Seção fora das unidades em que você tem esta permissão.' }]);
    const transfer = await t.call('POST', '/api/consumable/transfer', keeper.token, { product_id: cable.id, from_section_id: pgShelf, to_section_id: cwbShelf, quantity: 10, reason: 'Teste' });
    expect(transfer.statusCode).toBe(422);
    expect(transfer.json().violations[0].propertyPath).toBe('to_section_id');
    const bulk = await t.call('POST', '/api/patrimony/bulk', keeper.token, { product_id: onu.id, section_id: cwbShelf, serials: ['SCOPE-CWB-1'] });
    expect(bulk.statusCode).toBe(422);
    expect((await t.call('GET', '/api/patrimony?search=SCOPE-CWB-1', boss.token)).json().total_items).toBe(0);
    expect((await t.call('POST', '/api/patrimony/bulk', keeper.token, { product_id: onu.id, section_id: pgShelf, serials: ['SCOPE-PG-1'] })).statusCode).toBe(201);
    // Balances: the keeper's list and his stock's page hold his unit's only; Curitiba's stock page is 404.
    await t.call('POST', '/api/consumable/entry', boss.token, { product_id: cable.id, section_id: cwbShelf, quantity: 70 });
    const balances = (await t.call('GET', `/api/consumable/balances?product=${cable.id}`, keeper.token)).json();
    expect(balances.items.map((b: { quantity: unknown }) => Number(b.quantity))).toEqual([50]);
    expect((await t.call('GET', `/api/consumable/balances?product=${cable.id}`, boss.token)).json().total_items).toBe(2);
    expect((await t.call('GET', `/api/stock/${pgStock.id}/balances`, keeper.token)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/stock/${cwbStock.id}/balances`, keeper.token)).statusCode).toBe(404);
  });

  it('a read-only (.INDEX) permission follows its scope; a token carries its user’s scopes', async () => {
    const viewer = await scopedUser(['STOCK.INDEX'], { STOCK: [pg] });
    const seen = (await t.call('GET', '/api/stock?pageSize=100', viewer.token)).json();
    expect(seen.items.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['ALM-PG']));
    expect(seen.items.every((s: { unit_organizational_id: number }) => s.unit_organizational_id === pg)).toBe(true);
    expect((await t.call('GET', `/api/stock/${cwbStock.id}`, viewer.token)).statusCode).toBe(404);
    const token = await t.call('POST', '/api/me/token', viewer.token, { name: 'Leitura PG', permissions: ['STOCK.INDEX'] });
    expect(token.statusCode, token.body).toBe(201);
    const bearer = token.json().token as string;
    expect((await t.call('GET', '/api/stock?pageSize=100', bearer)).json().total_items).toBe(seen.total_items);
    expect((await t.call('GET', `/api/stock/${cwbStock.id}`, bearer)).statusCode).toBe(404);
  });

  it('the network follows the sites: a scoped engineer sees his unit’s sites and the assets on them', async () => {
    const site = async (code: string, unitId: number) => (await t.call('POST', '/api/site', boss.token, { code, name: `POP ${code}`, type: 'pop', unit_organizational_id: unitId })).json();
    const pgSite = await site('POP-PG', pg);
    const cwbSite = await site('POP-CWB', cwb);
    const asset = async (hostname: string, siteId: number) => (await t.call('POST', '/api/asset', boss.token, { hostname, role: 'roteador', vendor: 'mikrotik', site_id: siteId, status: 'ativo' })).json();
    const pgAsset = await asset('rt-pg-01', pgSite.id);
    const cwbAsset = await asset('rt-cwb-01', cwbSite.id);
    expect(pgAsset.id && cwbAsset.id, JSON.stringify([pgAsset, cwbAsset])).toBeTruthy();
    const engineer = await scopedUser(['SITE', 'NETWORK_ASSET'], { SITE: [pg], NETWORK_ASSET: [pg] });
    expect((await t.call('GET', '/api/site?pageSize=100', engineer.token)).json().items.map((s: { code: string }) => s.code)).toEqual(['POP-PG']);
    expect((await t.call('GET', `/api/site/${cwbSite.id}`, engineer.token)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/asset?pageSize=100', engineer.token)).json().items.map((a: { hostname: string }) => a.hostname)).toEqual(['rt-pg-01']);
    expect((await t.call('GET', `/api/asset/${cwbAsset.id}`, engineer.token)).statusCode).toBe(404);
    const moved = await t.call('PUT', `/api/asset/${pgAsset.id}`, engineer.token, { site_id: cwbSite.id });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().violations[0].propertyPath).toBe('site_id');
    expect((await t.call('GET', `/api/asset/${pgAsset.id}`, boss.token)).json().site_id).toBe(pgSite.id);
  });

  it('grants are checked: units of the organization, permissions the user holds, a scoped manager only inside its units', async () => {
    const bad = await t.call('POST', '/api/user', boss.token, userBody('escopo_ruim', {
      permissions: ['STOCK'],
      permission_scopes: { STOCK: [999999], SECTION: [pg] },
    }));
    expect(bad.statusCode).toBe(422);
    const catalogue = await t.call('PUT', `/api/user/${boss.id}`, boss.token, { permission_scopes: { PRODUCT: [pg] } });
    expect(catalogue.statusCode).toBe(422);
    expect(catalogue.json().violations[0].message).toBe('Esta permissão vale para toda a organização: não se restringe a unidades');
    expect(bad.json().violations).toEqual(
      expect.arrayContaining([
        { propertyPath: 'permission_scopes.STOCK', message: 'Unidade não encontrada nesta organização' },
        { propertyPath: 'permission_scopes.SECTION', message: 'O usuário não tem esta permissão' },
      ]),
    );
    // A permission taken away takes its scope with it (no stale scope to trip the next save).
    const dropped = await scopedUser(['STOCK', 'SECTION'], { STOCK: [pg], SECTION: [pg] });
    const narrowed = await t.call('PUT', `/api/user/${dropped.id}`, boss.token, { permissions: ['SECTION'] });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json().permission_scopes).toEqual({ SECTION: [pg] });
    const manager = await scopedUser(['USER', 'STOCK'], { USER: [pg], STOCK: [pg] });
    const wide = await t.call('POST', '/api/user', manager.token, userBody('amplo_demais', {
      permissions: ['STOCK'],
      unit_organizational_id: pg,
    }));
    expect(wide.statusCode).toBe(422);
    expect(wide.json().violations).toEqual([{ propertyPath: 'permission_scopes.STOCK', message: 'Você só pode conceder esta permissão nas suas unidades' }]);
    const ok = await t.call('POST', '/api/user', manager.token, userBody('so_pg', {
      permissions: ['STOCK'],
      permission_scopes: { STOCK: [pg] },
      unit_organizational_id: pg,
    }));
    expect(ok.statusCode, ok.body).toBe(201);
    // The scoped manager's user list holds only users of its units.
    const listed = (await t.call('GET', '/api/user?pageSize=100', manager.token)).json().items.map((u: { username: string }) => u.username);
    expect(listed).toContain('so_pg');
    expect(listed).not.toContain((await t.call('GET', `/api/user/${boss.id}`, boss.token)).json().username);
  });
  it('work orders and viability studies belong to their unit: lists, calendar, board and reads follow the scope', async () => {
    const lead = await t.createUser({ permissions: ['USER', 'EXTERNAL_ACTIVITY', 'ASSISTANCE_TYPE', 'SCHEDULE', 'VIABILITY'] });
    const type = await t.call('POST', '/api/external-activity/assistance-type', lead.token, { name: 'Reparo', color: '#c62828', default_duration_minutes: 120, sla_hours: 48 });
    expect(type.statusCode, type.body).toBe(201);
    const day = '2027-03-10';
    const order = async (client: string, unit: number | null, token = lead.token) =>
      t.call('POST', '/api/external-activity', token, { assistance_type_id: type.json().id, client_name: client, unit_organizational_id: unit, scheduled_start: `${day}T13:00:00Z`, scheduled_end: `${day}T15:00:00Z`, force: true });
    const pgRes = await order("Cliente PG", pg);
    expect(pgRes.statusCode, pgRes.body).toBe(201);
    const pgOrder = pgRes.json();
    const cwbOrder = (await order('Cliente CWB', cwb)).json();
    expect(pgOrder.unit_organizational).toEqual({ id: pg, name: 'Ponta Grossa' });
    const made = await t.call('POST', '/api/user', lead.token, userBody('tecnico_pg', { permissions: ['EXTERNAL_ACTIVITY', 'SCHEDULE', 'VIABILITY'], permission_scopes: { EXTERNAL_ACTIVITY: [pg], VIABILITY: [pg] }, unit_organizational_id: pg }));
    expect(made.statusCode, made.body).toBe(201);
    const tech = (await t.login('tecnico_pg', PASSWORD)).token;
    const listed = (await t.call('GET', '/api/external-activity?pageSize=100', tech)).json();
    expect(listed.items.map((a: { id: number }) => a.id)).toEqual([pgOrder.id]);
    expect(listed.total_items).toBe(1);
    expect((await t.call('GET', `/api/external-activity/${cwbOrder.id}`, tech)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/external-activity/${cwbOrder.id}/timeline`, tech)).statusCode).toBe(404);
    const calendar = (await t.call('GET', `/api/schedule/calendar?from=${day}&to=${day}`, tech)).json() as { id: number; code: string | null }[];
    expect(calendar.filter((i) => i.code).map((i) => i.id)).toEqual([pgOrder.id]);
    const board = (await t.call('GET', `/api/schedule/board?from=${day}&to=${day}`, tech)).json();
    expect(JSON.stringify(board)).not.toContain('Cliente CWB');
    expect((await t.call('GET', `/api/schedule/calendar?from=${day}&to=${day}`, lead.token)).json().filter((i: { code: string | null }) => i.code)).toHaveLength(2);
    // Opened by the scoped technician with no unit: his only unit; another unit's: refused, nothing written.
    const own = await order('Cliente novo', null, tech);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().unit_organizational_id).toBe(pg);
    const before = (await t.call('GET', '/api/external-activity?pageSize=1', lead.token)).json().total_items;
    const outside = await order('Cliente de fora', cwb, tech);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().violations).toEqual([{ propertyPath: 'unit_organizational_id', message: 'Fora das unidades em que você tem esta permissão.' }]);
    expect((await t.call('GET', '/api/external-activity?pageSize=1', lead.token)).json().total_items).toBe(before);
    // The SLA notice of a Curitiba order past due: the organization-wide manager is told, the technician scoped to Ponta Grossa is not.
    await t.app.db.update(externalActivities).set({ due_at: new Date(Date.now() - 3_600_000) }).where(eq(externalActivities.id, cwbOrder.id));
    await runSlaNotices(t.app);
    const slaTold = async (token: string) => ((await t.call('GET', '/api/user/notification?pageSize=100', token)).json().items as { title: string }[]).some((n) => n.title === `SLA estourado: atividade ${cwbOrder.code}`);
    expect(await slaTold(lead.token)).toBe(true);
    expect(await slaTold(tech)).toBe(false);
    // Viabilities: the same rule.
    const study = (client: string, unit: number, token = lead.token) =>
      t.call('POST', '/api/viability', token, { client_name: client, client_document: '11.222.333/0001-81', service_type: 'internet_dedicada', bandwidth_mbps: 100, seller_id: lead.id, unit_organizational_id: unit });
    const pgStudy = (await study('Hotel PG', pg)).json();
    const cwbStudy = (await study('Hotel CWB', cwb)).json();
    expect((await t.call('GET', '/api/viability?pageSize=100', tech)).json().items.map((v: { id: number }) => v.id)).toEqual([pgStudy.id]);
    expect((await t.call('GET', `/api/viability/${cwbStudy.id}`, tech)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/viability/${pgStudy.id}`, tech, { unit_organizational_id: cwb })).statusCode).toBe(422);
    expect((await t.call('GET', `/api/viability/${pgStudy.id}`, lead.token)).json().unit_organizational_id).toBe(pg);
  });

  it('notices go only to those who reach the record: an approver scoped to Ponta Grossa is not told of a Curitiba request', async () => {
    const product = (await t.call('POST', '/api/product', boss.token, { code: 'ONU-AV', name: 'ONU de aviso', tracking: 'patrimonio' })).json();
    const item = await t.call('POST', '/api/patrimony', boss.token, { product_id: product.id, section_id: cwbSection.id, serial: 'AVISO-01' });
    expect(item.statusCode, item.body).toBe(201);
    const approvers = await t.createUser({ permissions: ['USER', 'WAREHOUSE', 'PATRIMONY_OUT_REQUEST'] });
    const make = async (username: string, scopes: Record<string, number[]>) => {
      const res = await t.call('POST', '/api/user', approvers.token, userBody(username, { permissions: ['WAREHOUSE', 'PATRIMONY_OUT_REQUEST'], permission_scopes: scopes }));
      expect(res.statusCode, res.body).toBe(201);
      return (await t.login(username, PASSWORD)).token;
    };
    const pgApprover = await make('aprovador_pg', { PATRIMONY_OUT_REQUEST: [pg] });
    const cwbApprover = await make('aprovador_cwb', { PATRIMONY_OUT_REQUEST: [cwb] });
    const requester = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST'] });
    const asked = await t.call('POST', '/api/patrimony-solicitation', requester.token, { reason: 'Instalação em Curitiba', stock_id: cwbStock.id, items: [{ patrimony_id: item.json().id }] });
    expect(asked.statusCode, asked.body).toBe(201);
    const told = async (token: string) => ((await t.call('GET', '/api/user/notification?pageSize=100', token)).json().items as { title: string }[]).some((n) => n.title === `Solicitação de patrimônio #${asked.json().id}`);
    expect(await told(cwbApprover)).toBe(true);
    expect(await told(approvers.token)).toBe(true);
    expect(await told(pgApprover)).toBe(false);
  });
});
