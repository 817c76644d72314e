import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { newItem, place, WAREHOUSE_ALL } from '../warehouse/helpers';

// Malformed requests found by fuzzing answer 4xx `{code, message}`, never a 5xx; super admin
// paths of the warehouse; 404 messages agree in gender with their entity.

const expect4xx = (res: { statusCode: number; body: string; json: () => { code: number; message: string } }, status?: number) => {
  if (status) expect(res.statusCode, res.body).toBe(status);
  else {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  }
  expect(res.json().code).toBe(res.statusCode);
  expect(res.json().message).toBeTypeOf('string');
};

describe('bad input answers 4xx, never 5xx', () => {
  let t: TestApp;
  let boss: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    boss = (await t.createUser({ permissions: [...WAREHOUSE_ALL, 'ORG', 'LOG', 'ASSET_SHIPMENT'] })).token;
    admin = await t.adminToken();
  });
  afterAll(() => t?.close());

  it('refuses a NUL character in login, bodies, queries and record keys (422 pt-BR)', async () => {
    for (const body of [
      { username: 'adm\u0000in', password: 'x' },
      { username: 'admin', password: 'admin-test-pass\u0000' },
    ]) {
      const res = await t.call('POST', '/api/login', undefined, body);
      expectIs422(res);
      expect(res.json().message).toContain('caractere inválido');
    }
    expectIs422(await t.call('PUT', '/api/me', boss, { person: { nickname: 'Zé\u0000' } }));
    // A lone UTF-16 surrogate would be stored as U+FFFD, not as sent (found by the fuzzer).
    const surrogate = await t.call('POST', '/api/login', undefined, { username: 'adm\ud800', password: 'x' });
    expectIs422(surrogate);
    expect(surrogate.json().message).toContain('Unicode incompleto');
    expectIs422(await t.call('POST', '/api/organization-settings/data-source', admin, { name: 'Fonte', url: 'https://example.com', key_field: 'id', headers: { 'X-A\u0000': 'v' } }));
    expectIs422(await t.call('GET', '/api/patrimony?search=%00', boss));
    expectIs422(await t.call('GET', '/api/movements?search=abc%00', boss));
  });

  it('refuses sort=__proto__, -__proto__ and constructor on custom list routes (422)', async () => {
    for (const path of ['/api/patrimony', '/api/movements', '/api/consumable/balances', '/api/patrimony-solicitation', '/api/stock', '/api/revision', '/api/my-patrimony']) {
      expect((await t.call('GET', `${path}?sort=-id`, admin)).statusCode).toBe(200);
      for (const sort of ['__proto__', '-__proto__', 'constructor', '-constructor']) {
        expectIs422(await t.call('GET', `${path}?sort=${sort}`, admin));
      }
    }
  });

  it('refuses dates out of range and year 0 in filters and fields (422)', async () => {
    for (const path of ['/api/revision', '/api/movements', '/api/patrimony-solicitation']) {
      for (const date of ['0000-01-01', '9999-12-31', '1899-12-31']) {
        expectIs422(await t.call('GET', `${path}?from=${date}`, admin));
        expectIs422(await t.call('GET', `${path}?to=${date}`, admin));
      }
      expect((await t.call('GET', `${path}?from=2024-01-01&to=2024-12-31T23:59:59-03:00`, admin)).statusCode).toBe(200);
    }
    const p = await place(t);
    const bad = await t.call('POST', '/api/patrimony', boss, { product_id: p.patrimonyProductId, section_id: p.sectionId, acquisition_date: '0000-01-01' });
    expectIs422(bad);
    expect(bad.json().violations[0].propertyPath).toBe('acquisition_date');
    const solicitation = await t.call('POST', '/api/shipment-solicitation', boss, {
      origin_stock_id: p.stockId,
      destination_type: 'endereco',
      destination_address: 'Rua A, 1',
      recipient_name: 'Fulano',
      recipient_email: 'f@example.com',
      justification: 'Envio de teste',
      wanted_date: '0000-06-01',
      items: [{ product_id: p.consumableProductId, section_id: p.sectionId, quantity: 1 }],
    });
    expectIs422(solicitation);
  });

  it('answers 4xx to multipart without a boundary or with a wrong one, on every upload route', async () => {
    const p = await place(t);
    const [org] = (await t.call('GET', '/api/organization?pageSize=1', admin)).json().items;
    const body = '--right\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxxxx\r\n--right--\r\n';
    for (const url of ['/api/me/picture', `/api/organization/${org.id}/logo`, `/api/product/${p.patrimonyProductId}/photo`]) {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=wrong', 'multipart/form-data; boundary=']) {
        const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${admin}`, 'content-type': contentType } });
        expect4xx(res);
      }
    }
  });

  it('PUT /api/me with an empty person keeps the names (200, no 500)', async () => {
    const me = await t.createUser({ nickname: 'Mantido' });
    const res = await t.call('PUT', '/api/me', me.token, { person: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().person.nickname).toBe('Mantido');
  });
});

describe('super admin paths of the warehouse', () => {
  let t: TestApp;
  let admin: string;
  let otherOrg: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    otherOrg = await t.createOrganization('Provedor Sul');
    const p = await place(t, otherOrg);
    await newItem(t, p);
    await newItem(t, p);
  });
  afterAll(() => t?.close());

  it("GET /api/patrimony as a super admin lists every organization's items (200)", async () => {
    const res = await t.call('GET', '/api/patrimony', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total_items).toBeGreaterThanOrEqual(2);
    expect(res.json().items.every((i: { organization_id: number }) => i.organization_id === otherOrg)).toBe(true);
    const paged = await t.call('GET', '/api/patrimony?page=5&pageSize=1', admin);
    expect(paged.statusCode, paged.body).toBe(200);
    expect(paged.json().total_items).toBe(res.json().total_items);
    expect((await t.call('GET', '/api/patrimony?search=onu', admin)).statusCode).toBe(200);
  });

  it("the warehouse hub summary counts every organization's rows for a super admin, as the lists do", async () => {
    const res = await t.call('GET', '/api/warehouse/summary', admin);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    const listed = async (path: string) => (await t.call('GET', `${path}?pageSize=1`, admin)).json().total_items as number;
    expect(s.patrimony_total).toBe(await listed('/api/patrimony'));
    expect(s.patrimony_total).toBeGreaterThanOrEqual(2);
    expect(s.stocks).toBe(await listed('/api/stock'));
    expect(s.sections).toBeGreaterThanOrEqual(2);
    expect(s.products).toBe(await listed('/api/product'));
  });
});

describe('404 messages agree with the gender of their entity', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t?.close());

  it.each([
    ['/api/organization-settings/data-source/999999', 'Fonte de dados não encontrada.'],
    ['/api/patrimony/999999', 'Patrimônio não encontrado.'],
    ['/api/section/999999', 'Seção não encontrada.'],
    ['/api/stock/999999', 'Estoque não encontrado.'],
    ['/api/organization/999999', 'Organização não encontrada.'],
    ['/api/shipment-solicitation/999999', 'Solicitação de envio não encontrada.'],
    ['/api/city/999999', 'Cidade não encontrada.'],
  ])('%s → %s', async (url, message) => {
    const res = await t.call('GET', url, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message });
  });

  it('a reference to a missing row names it with the right gender (422)', async () => {
    const res = await t.call('POST', '/api/section', admin, { stock_id: 999999, name: 'Prateleira', code: 'P1' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Estoque não encontrado nesta organização.');
    const p = await place(t);
    const sol = await t.call('POST', '/api/patrimony-solicitation', admin, { reason: 'Motivo válido', destination_type: 'unidade', destination_unit_id: 999999, items: [{ product_id: p.consumableProductId, quantity: 1 }] });
    expect(sol.json().message).toBe('Unidade organizacional não encontrada nesta organização.');
  });
});

function expectIs422(res: { statusCode: number; body: string; json: () => { code: number; message: string; violations?: unknown[] } }) {
  expect4xx(res, 422);
  expect(res.json().violations?.length).toBeGreaterThan(0);
}

describe('PUT keeps every field it does not carry', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t?.close());

  const put = async (url: string, body: unknown) => {
    const res = await t.call('PUT', url, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("reactivating a user ({is_active: true}) keeps their permissions and super_admin", async () => {
    const u = await t.createUser({ permissions: ['STOCK', 'PRODUCT.INDEX'] });
    await put(`/api/user/${u.id}`, { super_admin: true, is_active: false });
    const after = await put(`/api/user/${u.id}`, { is_active: true });
    expect(after).toMatchObject({ is_active: true, super_admin: 1 });
    expect([...after.permissions].sort()).toEqual(['PRODUCT.INDEX', 'STOCK']);
  });

  it("an organization's legal name and address survive a PUT of its phone", async () => {
    const org = (await t.call('POST', '/api/organization', admin, { fantasy_name: 'Provedor Leste', legal_name: 'Provedor Leste Ltda', address: 'Rua das Flores, 10', is_active: false })).json();
    const after = await put(`/api/organization/${org.id}`, { phone: '(41) 3333-4444' });
    expect(after).toMatchObject({ legal_name: 'Provedor Leste Ltda', address: 'Rua das Flores, 10', is_active: false, phone: '(41) 3333-4444' });
  });

  it("a data source's method, headers, mapping, schedule and timeout survive a PUT of its name", async () => {
    const body = { name: 'Inventário', url: 'https://example.com/api', method: 'POST', headers: { 'X-Api': 'k' }, key_field: 'id', mapping: { name: 'nome' }, schedule: 'daily', timeout_ms: 3000, items_path: 'data.items', is_active: false };
    const created = await t.call('POST', '/api/organization-settings/data-source', admin, body);
    expect(created.statusCode, created.body).toBe(201);
    const after = await put(`/api/organization-settings/data-source/${created.json().id}`, { name: 'Inventário novo' });
    const { name: _n, ...kept } = body;
    expect(after).toMatchObject({ ...kept, name: 'Inventário novo' });
  });
});
