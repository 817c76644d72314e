import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { createTestApp, PASSWORD, type TestApp } from '../helpers';

// Valid CNPJs for the tests (check digits computed).
function makeCnpj(base: number): string {
  const d = String(10000000 + base).padStart(8, '0').split('').map(Number).concat([0, 0, 0, 1]);
  const digit = (len: number) => {
    const w = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = w.reduce((a, x, i) => a + x * d[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  d.push(digit(12));
  d.push(digit(13));
  return d.join('');
}

describeCrud(organizationResource, {
  valid: (n) => ({ fantasy_name: `Provedor Araucária ${n}`, legal_name: `Araucária Telecom ${n} Ltda`, phone: '(41) 3000-0000' }),
  invalid: [{ fantasy_name: 'X' }, { fantasy_name: 'Provedor', cnpj: '11.222.333/0001-82' }, { fantasy_name: 'Provedor', email: 'não-é-email' }, { fantasy_name: 'Provedor', phone: 'abc' }],
  update: { body: { phone: '(41) 3333-4444', address: 'Av. Brasil, 1' }, expect: (r) => expect(r).toMatchObject({ phone: '(41) 3333-4444', address: 'Av. Brasil, 1' }) },
  oneField: { legal_name: 'Razão Social Nova' },
  search: 'ARAUCARIA',
});

describe('organizations', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  it('super admins create, list and see every organization; CNPJ is validated and unique', async () => {
    const bad = await t.call('POST', '/api/organization', admin, { fantasy_name: 'Provedor X', cnpj: '11.222.333/0001-82' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations[0]).toMatchObject({ propertyPath: 'cnpj', message: 'CNPJ inválido' });
    const ok = await t.call('POST', '/api/organization', admin, { fantasy_name: 'Provedor Águia', cnpj: '11.222.333/0001-81', email: 'contato@aguia.net' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ cnpj: '11222333000181', is_active: true, users_count: 0, units_count: 0 });
    const dup = await t.call('POST', '/api/organization', admin, { fantasy_name: 'Outro', cnpj: '11222333000181' });
    expect(dup.statusCode).toBe(409);
    const list = (await t.call('GET', '/api/organization?search=aguia', admin)).json();
    expect(list.items.map((o: { fantasy_name: string }) => o.fantasy_name)).toEqual(['Provedor Águia']);
  });

  it('an org admin sees and edits only their own organization, and cannot create or delete', async () => {
    const orgA = (await t.call('POST', '/api/organization', admin, { fantasy_name: 'Rede A', cnpj: makeCnpj(1) })).json();
    const orgB = (await t.call('POST', '/api/organization', admin, { fantasy_name: 'Rede B', cnpj: makeCnpj(2) })).json();
    const a = await t.createUser({ permissions: ['ORG'], organizationId: orgA.id });
    const list = (await t.call('GET', '/api/organization', a.token)).json();
    expect(list.items.map((o: { id: number }) => o.id)).toEqual([orgA.id]);
    expect((await t.call('GET', `/api/organization/${orgB.id}`, a.token)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/organization/${orgB.id}`, a.token, { fantasy_name: 'Tomada' })).statusCode).toBe(404);
    const edit = await t.call('PUT', `/api/organization/${orgA.id}`, a.token, { phone: '(41) 3333-4444', address: 'Av. Brasil, 1' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().phone).toBe('(41) 3333-4444');
    expect((await t.call('POST', '/api/organization', a.token, { fantasy_name: 'Nova' })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/organization/${orgA.id}`, a.token)).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/organization/${orgA.id}`, a.token, { is_active: false })).statusCode).toBe(403);
    const reader = await t.createUser({ permissions: ['ORG.INDEX'], organizationId: orgA.id });
    expect((await t.call('GET', `/api/organization/${orgA.id}`, reader.token)).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/organization/${orgA.id}`, reader.token, { phone: '(41) 1111-2222' })).statusCode).toBe(403);
    const nobody = await t.createUser({ permissions: [], organizationId: orgA.id });
    expect((await t.call('GET', '/api/organization', nobody.token)).statusCode).toBe(403);
  });

  it('deactivating an organization blocks its users at once and keeps its data', async () => {
    const org = (await t.call('POST', '/api/organization', admin, { fantasy_name: 'Rede Desligada', cnpj: makeCnpj(3) })).json();
    const member = await t.createUser({ permissions: ['USER.INDEX'], organizationId: org.id });
    expect((await t.call('GET', '/api/user', member.token)).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/organization/${org.id}`, admin, { is_active: false })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/user', member.token)).statusCode).toBe(401);
    const login = await t.call('POST', '/api/login', undefined, { username: member.username, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/Organização inativa/);
    expect((await t.call('GET', `/api/user?organizationId=${org.id}`, admin)).json().total_items).toBe(1);
    // With users it cannot be deleted, only deactivated.
    expect((await t.call('DELETE', `/api/organization/${org.id}`, admin)).statusCode).toBe(409);
    // The platform organization cannot be deactivated.
    expect((await t.call('PUT', `/api/organization/${t.platformOrganizationId}`, admin, { is_active: false })).statusCode).toBe(409);
  });
});
