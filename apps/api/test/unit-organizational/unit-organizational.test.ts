import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOrganizationalResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { createTestApp, type TestApp } from '../helpers';

describeCrud(unitOrganizationalResource, {
  valid: (n) => ({ name: `Regional São José ${n}`, code: `RSJ${n}`, address: 'Rua XV, 100' }),
  invalid: [{ name: '', code: 'X' }, { name: 'Ok', code: 'com espaço' }, { name: 'Ok', code: 'OK', zip_code: '123' }],
  update: { body: { name: 'Regional Renomeada' }, expect: (r) => expect(r.name).toBe('Regional Renomeada') },
  search: 'sao jose',
  foreign: async (t, other) => {
    const holder = await t.createUser({ permissions: ['ORG'], organizationId: other });
    const parent = (await t.call('POST', '/api/unit-organizational', holder.token, { name: 'Matriz alheia', code: 'ALHEIA' })).json();
    return { name: 'Filial', code: 'FILIAL-ALHEIA', parent_id: parent.id };
  },
});

describe('units', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('units: code unique in the organization, parent in the same organization, members listed, delete refused with members', async () => {
    const boss = await t.createUser({ permissions: ['ORG', 'USER'] });
    const hq = (await t.call('POST', '/api/unit-organizational', boss.token, { name: 'Matriz', code: 'MTZ' })).json();
    expect((await t.call('POST', '/api/unit-organizational', boss.token, { name: 'Matriz 2', code: 'MTZ' })).statusCode).toBe(409);
    const other = await t.createOrganization();
    const foreigner = await t.createUser({ permissions: ['ORG'], organizationId: other });
    expect((await t.call('POST', '/api/unit-organizational', foreigner.token, { name: 'Matriz', code: 'MTZ' })).statusCode).toBe(201);
    const foreignUnit = (await t.call('POST', '/api/unit-organizational', foreigner.token, { name: 'Filial', code: 'FIL' })).json();
    const branch = await t.call('POST', '/api/unit-organizational', boss.token, { name: 'Filial', code: 'FIL', parent_id: foreignUnit.id });
    expect(branch.statusCode).toBe(422);
    const child = (await t.call('POST', '/api/unit-organizational', boss.token, { name: 'Filial', code: 'FIL', parent_id: hq.id })).json();
    expect(child.parent_id).toBe(hq.id);
    const member = await t.createUser();
    await t.call('PUT', `/api/user/${member.id}/insert/unit/${child.id}`, boss.token);
    const members = (await t.call('GET', `/api/user?unitId=${child.id}`, boss.token)).json();
    expect(members.items.map((u: { id: number }) => u.id)).toEqual([member.id]);
    expect((await t.call('GET', `/api/unit-organizational/${child.id}`, boss.token)).json().members_count).toBe(1);
    const del = await t.call('DELETE', `/api/unit-organizational/${child.id}`, boss.token);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/usuário/);
  });
});
