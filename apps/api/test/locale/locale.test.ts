import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityResource, countryResource, stateResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { createTestApp, type TestApp } from '../helpers';

/**
 * ISO 3166-1 keeps XA–XZ and QM–QZ for private use: no seeded (or real) country will ever hold one,
 * so test countries never collide with shipped data; the counter keeps them unique in the file.
 */
const PRIVATE_ISO_CODES = [...[...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => `X${c}`), ...[...'MNOPQRSTUVWXYZ'].map((c) => `Q${c}`)];
let isoCodesDrawn = 0;
const privateIsoCode = () => {
  if (isoCodesDrawn === PRIVATE_ISO_CODES.length) throw new Error('Códigos ISO de uso privado esgotados neste arquivo de teste');
  return PRIVATE_ISO_CODES[isoCodesDrawn++];
};

describeCrud(countryResource, {
  valid: (n) => ({ name: `País ${n}`, iso_code: privateIsoCode() }),
  invalid: [{ name: 'Xx', iso_code: 'BRA' }, { name: '', iso_code: 'AR' }],
  update: { body: { name: 'Renomeado' }, expect: (r) => expect(r.name).toBe('Renomeado') },
});

/** One private-use country per app for the state suite (its UFs never collide with Brazil's). */
const testCountries = new WeakMap<TestApp, Promise<number>>();
const testCountry = (t: TestApp) => {
  if (!testCountries.has(t)) {
    testCountries.set(t, (async () => (await t.call('POST', '/api/country', await t.adminToken(), { name: 'País dos Estados', iso_code: privateIsoCode() })).json().id as number)());
  }
  return testCountries.get(t)!;
};
/** Two letters from a counter: a UF unique in the file by construction. */
let ufsDrawn = 0;
const nextUf = () => {
  const n = ufsDrawn++;
  return String.fromCharCode(65 + Math.floor(n / 26) % 26, 65 + (n % 26));
};
/** Paraná (shipped) holds the suite's cities; codes from 9700000 name no IBGE municipality. */
const parana = async (t: TestApp) => (await t.call('GET', '/api/state?search=parana', await t.adminToken())).json().items[0].id as number;
let cityCodes = 0;

describeCrud(stateResource, {
  valid: async (n, t) => ({ country_id: await testCountry(t), name: `Estado do Teste ${n}`, uf: nextUf() }),
  invalid: [
    { country_id: 1, name: 'X', uf: 'PR' },
    { country_id: 1, name: 'Estado', uf: 'PRR' },
    { name: 'Sem país', uf: 'SP' },
    { country_id: 1, name: 'Estado', uf: 'PR', ibge_code: 100 },
  ],
  update: { body: { name: 'Estado Renomeado' }, expect: (r) => expect(r.name).toBe('Estado Renomeado') },
  search: 'ESTADO do teste',
});

describeCrud(cityResource, {
  valid: async (n, t) => ({ state_id: await parana(t), name: `Vila São Tomé ${n}`, ibge_code: 9_700_000 + ++cityCodes }),
  invalid: [{ state_id: 1, name: 'X' }, { name: 'Sem estado' }, { state_id: 1, name: 'Cidade', ibge_code: 12 }, { state_id: 'PR', name: 'Cidade' }],
  update: { body: { name: 'Vila Renomeada' }, expect: (r) => expect(r.name).toBe('Vila Renomeada') },
  search: 'sao tome',
});

describe('locale', () => {
  let t: TestApp;
  /** Countries, states and cities are written by super admins only. */
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.adminToken();
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
    // Codes from 9000000 up name no IBGE municipality (no UF code starts with 9): the shipped list never collides.
    const city = await t.call('POST', '/api/city', editor, { state_id: sp.id, name: 'São José do Teste', ibge_code: 9549904 });
    expect(city.statusCode).toBe(201);
    expect(city.json().uf).toBe('SP');
    const found = (await t.call('GET', '/api/city?search=SAO%20JOSE%20DO%20TESTE', editor)).json();
    expect(found.items.map((c: { name: string }) => c.name)).toContain('São José do Teste');
    expect((await t.call('GET', '/api/city?uf=pr&search=sao%20jose%20do%20teste', editor)).json().total_items).toBe(0);
    expect((await t.call('POST', '/api/city', editor, { state_id: sp.id, name: 'X', ibge_code: 12 })).statusCode).toBe(422);
    expect((await t.call('DELETE', `/api/state/${sp.id}`, editor)).statusCode).toBe(409);
    const reader = await t.createUser({ permissions: [] });
    expect((await t.call('GET', '/api/city?search=sao', reader.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/city', reader.token, { state_id: sp.id, name: 'Outra' })).statusCode).toBe(403);
  });

  it("an organization's CITY/STATE/COUNTRY holder reads the shared rows but cannot change them (403)", async () => {
    const holder = (await t.createUser({ permissions: ['CITY', 'STATE', 'COUNTRY'] })).token;
    const other = await t.createOrganization();
    const foreignOrgAdmin = (await t.createUser({ permissions: ['ORG', 'CITY', 'STATE', 'COUNTRY'], organizationId: other })).token;
    const br = (await t.call('GET', '/api/country?search=brasil', holder)).json().items[0];
    const pr = (await t.call('GET', `/api/state?country_id=${br.id}&search=parana`, holder)).json().items[0];
    const city = (await t.call('POST', '/api/city', editor, { state_id: pr.id, name: 'Cidade Compartilhada', ibge_code: 9400001 })).json();
    for (const token of [holder, foreignOrgAdmin]) {
      expect((await t.call('GET', `/api/city/${city.id}`, token)).statusCode).toBe(200);
      const writes = [
        await t.call('PUT', `/api/country/${br.id}`, token, { name: 'Renomeado' }),
        await t.call('DELETE', `/api/country/${br.id}`, token),
        await t.call('POST', '/api/country', token, { name: 'Novo País', iso_code: privateIsoCode() }),
        await t.call('PUT', `/api/state/${pr.id}`, token, { name: 'Renomeado' }),
        await t.call('POST', '/api/state', token, { country_id: br.id, name: 'Novo Estado', uf: 'XX' }),
        await t.call('PUT', `/api/city/${city.id}`, token, { name: 'Renomeada' }),
        await t.call('DELETE', `/api/city/${city.id}`, token),
        await t.call('POST', '/api/city', token, { state_id: pr.id, name: 'Outra' }),
        await t.call('POST', '/api/city/import', token, { csv: '9400002;Importada;PR' }),
      ];
      for (const res of writes) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe('Você não tem permissão para esta ação.');
      }
    }
    expect((await t.call('GET', `/api/country/${br.id}`, holder)).json().name).toBe('Brasil');
    expect((await t.call('GET', `/api/state/${pr.id}`, holder)).json().name).toBe('Paraná');
    expect((await t.call('GET', `/api/city/${city.id}`, holder)).json().name).toBe('Cidade Compartilhada');
    expect((await t.call('PUT', `/api/city/${city.id}`, editor, { name: 'Renomeada pelo super admin' })).statusCode).toBe(200);
  });

  it('imports an IBGE CSV: preview, accepted and rejected rows with reasons, twice without duplicates', async () => {
    const csv = [
      'codigo;nome;uf',
      '9106902;Curitiba Teste;PR',
      '9113700;Londrina Teste;pr',
      '"9550308";"São Paulo Teste";"SP"',
      '123;Curta;SP',
      '9115200;Maringá Teste;XX',
      '9106902;Curitiba de novo;PR',
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
    expect((await t.call('GET', '/api/city?search=londrina%20teste', editor)).json().total_items).toBe(0);
    const run = (await t.call('POST', '/api/city/import', editor, { csv })).json();
    expect(run).toMatchObject({ created: 3, updated: 0 });
    const again = (await t.call('POST', '/api/city/import', editor, { csv })).json();
    expect(again).toMatchObject({ created: 0, updated: 0, accepted: 3 });
    const renamed = (await t.call('POST', '/api/city/import', editor, { csv: '9113700,Londrina Teste (PR),PR' })).json();
    expect(renamed).toMatchObject({ created: 0, updated: 1 });
    const all = (await t.call('GET', '/api/city?search=londrina%20teste', editor)).json();
    expect(all.items.map((c: { name: string }) => c.name)).toEqual(['Londrina Teste (PR)']);
  });

  it('imports 5,570 rows in one call', async () => {
    const ufs = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'];
    const lines = Array.from({ length: 5570 }, (_, i) => `${9100000 + i};Município ${i};${ufs[i % 27]}`);
    const res = await t.call('POST', '/api/city/import', editor, { csv: lines.join('\n') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 5570, created: 5570, rejected: [] });
    expect((await t.call('POST', '/api/city/import', editor, { csv: lines.join('\n') })).json().created).toBe(0);
  });
});
