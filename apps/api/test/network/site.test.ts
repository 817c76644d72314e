import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { createTestApp, json, type TestApp } from '../helpers';
import { cityId, makeSite, uid, unitOf } from './helpers';

describeCrud(siteResource, {
  valid: async (n, t) => ({
    code: `POP-${n}-${uid()}`,
    name: `POP Conceição ${n}`,
    type: 'pop',
    city_id: await cityId(t, 'Curitiba', 'PR'),
    unit_organizational_id: await unitOf(t),
    latitude: -25.4284,
    longitude: -49.2733,
    address: 'Rua XV de Novembro, 100',
  }),
  invalid: [
    { code: '', name: 'Sem código', type: 'pop' },
    { code: 'S1', name: 'Tipo errado', type: 'galpao' },
    { code: 'S2', name: 'Latitude fora', type: 'pop', latitude: -91, longitude: 10 },
    { code: 'S3', name: 'Longitude fora', type: 'pop', latitude: 10, longitude: 181 },
    { code: 'S4', name: 'Só latitude', type: 'pop', latitude: -25.4 },
    { code: 'S5', name: 'Cidade inexistente', type: 'pop', city_id: 99_999_999 },
  ],
  update: { body: { name: 'POP Batel', status: 'em_implantacao' }, expect: (r) => expect(r).toMatchObject({ name: 'POP Batel', status: 'em_implantacao' }) },
  search: 'pop CONCEICAO',
  foreign: async (t, other) => ({ code: `ALH-${uid()}`, name: 'Site alheio', type: 'torre', unit_organizational_id: await unitOf(t, other) }),
});

describe('site: own rules', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['SITE', 'NETWORK_ASSET'] })).token;
  });
  afterAll(() => t?.close());

  it('refuses a duplicate code (any case) with 409 naming the field', async () => {
    const code = `TORRE-${uid()}`;
    expect((await t.call('POST', '/api/site', token, { code, name: 'Torre 1', type: 'torre' })).statusCode).toBe(201);
    const res = await t.call('POST', '/api/site', token, { code: code.toLowerCase(), name: 'Torre 2', type: 'torre' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 409, violations: [{ propertyPath: 'code' }] });
    expect(json(res).message).toContain(code.toLowerCase());
  });

  it('accepts the same code in another organization', async () => {
    const other = await t.createOrganization();
    const code = `DC-${uid()}`;
    await makeSite(t, t.platformOrganizationId, { code });
    await makeSite(t, other, { code });
  });

  it('answers every violation at once', async () => {
    const res = await t.call('POST', '/api/site', token, { code: 'com espaço', name: '', type: 'x', latitude: 100 });
    expect(res.statusCode).toBe(422);
    const paths = json<{ violations: { propertyPath: string }[] }>(res).violations.map((v) => v.propertyPath);
    expect(paths).toEqual(expect.arrayContaining(['code', 'name', 'type', 'latitude']));
  });

  it('keeps coordinates in pairs on update', async () => {
    const site = await makeSite(t, t.platformOrganizationId, { latitude: -23.55, longitude: -46.63 });
    const res = await t.call('PUT', `/api/site/${site.id}`, token, { longitude: null });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ violations: [{ propertyPath: 'longitude' }] });
    const both = await t.call('PUT', `/api/site/${site.id}`, token, { latitude: null, longitude: null });
    expect(both.statusCode).toBe(200);
    expect(json(both)).toMatchObject({ latitude: null, longitude: null });
  });

  it('shows the city with its UF and finds the site by the city name', async () => {
    const code = `ARM-${uid()}`;
    const created = await t.call('POST', '/api/site', token, { code, name: 'Armário Centro', type: 'armario', city_id: await cityId(t, 'Florianópolis', 'SC') });
    expect(json(created)).toMatchObject({ city: { name: 'Florianópolis', uf: 'SC' }, asset_count: 0 });
    const found = json<{ items: { code: string }[] }>(await t.call('GET', `/api/site?search=florianopolis ${code}`, token));
    expect(found.items.map((s) => s.code)).toEqual([code]);
  });

  it('filters by type and status, and lists the map markers', async () => {
    const code = `CLI-${uid()}`;
    await t.call('POST', '/api/site', token, { code, name: 'Cliente Mapa', type: 'cliente', status: 'desativado', latitude: -27.59, longitude: -48.55 });
    const list = json<{ items: { code: string }[] }>(await t.call('GET', '/api/site?type=cliente&status=desativado&pageSize=100', token));
    expect(list.items.map((s) => s.code)).toContain(code);
    const none = json<{ items: { code: string }[] }>(await t.call('GET', '/api/site?type=pop&status=desativado&pageSize=100', token));
    expect(none.items.map((s) => s.code)).not.toContain(code);
    const map = json<{ items: { code: string; latitude: number }[]; truncated: boolean }>(await t.call('GET', `/api/site/map?search=${code}`, token));
    expect(map).toMatchObject({ items: [{ code, latitude: -27.59, longitude: -48.55 }], truncated: false });
  });

  it('keeps the map to the organization', async () => {
    const other = await t.createOrganization();
    const theirs = await makeSite(t, other, { latitude: -3.1, longitude: -60.0 });
    const map = json<{ items: { id: number }[] }>(await t.call('GET', `/api/site/map?search=${theirs.code}`, token));
    expect(map.items).toEqual([]);
    const outsider = await t.createUser({ permissions: [] });
    expect((await t.call('GET', '/api/site/map', outsider.token)).statusCode).toBe(403);
    const reader = await t.createUser({ permissions: ['SITE.INDEX'] });
    expect((await t.call('GET', '/api/site/map', reader.token)).statusCode).toBe(200);
  });

  it('refuses to delete a site an asset stands on, naming it', async () => {
    const site = await makeSite(t);
    const asset = await t.call('POST', '/api/asset', token, { hostname: `rt-${uid()}`, role: 'roteador', vendor: 'mikrotik', site_id: site.id });
    expect(asset.statusCode, asset.body).toBe(201);
    const res = await t.call('DELETE', `/api/site/${site.id}`, token);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toContain('1 ativo de rede');
    expect(json(await t.call('GET', `/api/site/${site.id}`, token))).toMatchObject({ asset_count: 1 });
    expect((await t.call('DELETE', `/api/asset/${json(asset).id}`, token)).statusCode).toBe(204);
    expect((await t.call('DELETE', `/api/site/${site.id}`, token)).statusCode).toBe(204);
  });
});
