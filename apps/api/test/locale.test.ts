import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrud } from './crud-suite';
import { createTestApp, type TestApp } from './helpers';

describeCrud('countries', {
  path: '/api/country',
  entity: 'country',
  permission: 'COUNTRY',
  tenancy: false,
  openRead: true,
  valid: (n) => ({ name: `País ${n}`, iso_code: String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + Math.floor(Math.random() * 26)) }),
  invalid: [{ name: 'Xx', iso_code: 'BRA' }, { name: '', iso_code: 'AR' }],
  update: { body: { name: 'Renomeado' }, expect: (r) => expect(r.name).toBe('Renomeado') },
});

describe('locale', () => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = (await t.createUser({ permissions: ['CITY', 'STATE', 'COUNTRY'] })).token;
  });
  afterAll(() => t.close());

  it('ships Brazil and its 27 states', async () => {
    const countries = (await t.call('GET', '/api/country?search=brasil', editor)).json();
    expect(countries.items[0]).toMatchObject({ name: 'Brasil', iso_code: 'BR' });
    const states = (await t.call('GET', `/api/state?country_id=${countries.items[0].id}&pageSize=100`, editor)).json();
    expect(states.total_items).toBe(27);
    expect(states.items.map((s: { uf: string }) => s.uf)).toContain('SP');
  });

  it('cities: create by hand, accent-insensitive autocomplete, filter by UF; a used state cannot be deleted', async () => {
    const sp = (await t.call('GET', '/api/state?search=sao%20paulo', editor)).json().items[0];
    const city = await t.call('POST', '/api/city', editor, { state_id: sp.id, name: 'São José dos Campos', ibge_code: 3549904 });
    expect(city.statusCode).toBe(201);
    expect(city.json().uf).toBe('SP');
    const found = (await t.call('GET', '/api/city?search=SAO%20JOSE', editor)).json();
    expect(found.items.map((c: { name: string }) => c.name)).toContain('São José dos Campos');
    expect((await t.call('GET', '/api/city?uf=pr&search=sao%20jose', editor)).json().total_items).toBe(0);
    expect((await t.call('POST', '/api/city', editor, { state_id: sp.id, name: 'X', ibge_code: 12 })).statusCode).toBe(422);
    expect((await t.call('DELETE', `/api/state/${sp.id}`, editor)).statusCode).toBe(409);
    const reader = await t.createUser({ permissions: [] });
    expect((await t.call('GET', '/api/city?search=sao', reader.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/city', reader.token, { state_id: sp.id, name: 'Outra' })).statusCode).toBe(403);
  });

  it('imports an IBGE CSV: preview, accepted and rejected rows with reasons, twice without duplicates', async () => {
    const csv = [
      'codigo;nome;uf',
      '4106902;Curitiba;PR',
      '4113700;Londrina;pr',
      '"3550308";"São Paulo";"SP"',
      '123;Curta;SP',
      '4115200;Maringá;XX',
      '4106902;Curitiba de novo;PR',
      'linha quebrada',
    ].join('\n');
    const preview = await t.call('POST', '/api/city/import', editor, { csv, dry_run: true });
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({ total: 8, accepted: 3, created: 3, updated: 0 });
    expect(p.rejected.map((r: { line: number }) => r.line)).toEqual([5, 6, 7, 8]);
    expect(p.rejected[0].reason).toMatch(/7 dígitos/);
    expect(p.rejected[1].reason).toMatch(/UF desconhecida/);
    expect(p.rejected[2].reason).toMatch(/repetido/);
    expect((await t.call('GET', '/api/city?search=londrina', editor)).json().total_items).toBe(0);
    const run = (await t.call('POST', '/api/city/import', editor, { csv })).json();
    expect(run).toMatchObject({ created: 3, updated: 0 });
    const again = (await t.call('POST', '/api/city/import', editor, { csv })).json();
    expect(again).toMatchObject({ created: 0, updated: 0, accepted: 3 });
    const renamed = (await t.call('POST', '/api/city/import', editor, { csv: '4113700,Londrina (PR),PR' })).json();
    expect(renamed).toMatchObject({ created: 0, updated: 1 });
    const all = (await t.call('GET', '/api/city?search=londrina', editor)).json();
    expect(all.items.map((c: { name: string }) => c.name)).toEqual(['Londrina (PR)']);
  });

  it('imports 5,570 rows in one call', async () => {
    const ufs = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'];
    const lines = Array.from({ length: 5570 }, (_, i) => `${5000000 + i};Município ${i};${ufs[i % 27]}`);
    const res = await t.call('POST', '/api/city/import', editor, { csv: lines.join('\n') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 5570, created: 5570, rejected: [] });
    expect((await t.call('POST', '/api/city/import', editor, { csv: lines.join('\n') })).json().created).toBe(0);
  });
});
