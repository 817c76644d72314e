import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../helpers';
import { makeSite } from './helpers';

type Run = { status: string; created: number; updated: number; rejected: number; log: { row: number; reason: string }[] };

/** Data sources (organization settings) importing into sites and network assets: upsert by code / hostname, with the run log. */
describe('data-source import into sites and assets', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let token: string;
  let siteFeed: unknown[] = [];
  let assetFeed: unknown[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url === '/sites' ? { data: siteFeed } : assetFeed));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    t = await createTestApp({ dataSourceAllowedHosts: ['127.0.0.1'] });
    token = (await t.createUser({ permissions: ['DATA_SOURCE', 'SITE', 'NETWORK_ASSET'] })).token;
  });
  afterAll(async () => {
    await t?.close();
    server?.close();
  });

  const source = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/organization-settings/data-source', token, body);
    expect(res.statusCode, res.body).toBe(201);
    return json<{ id: number }>(res).id;
  };
  const run = async (id: number) => {
    const res = await t.call('POST', `/api/organization-settings/data-source/${id}/run`, token);
    expect(res.statusCode, res.body).toBe(200);
    return json<Run>(res);
  };

  it('upserts sites by code, maps fields, and logs refused rows with reasons', async () => {
    const id = await source({
      name: 'Inventário NetBox',
      url: `${base}/sites`,
      target: 'site',
      items_path: 'data',
      key_field: 'slug',
      mapping: { code: 'slug', name: 'nome', type: 'tipo', latitude: 'lat', longitude: 'lng', city_ibge_code: 'ibge' },
    });
    siteFeed = [
      { slug: 'POP-CWB-01', nome: 'POP Curitiba Centro', tipo: 'pop', lat: '-25,4284', lng: '-49,2733', ibge: 4106902 },
      { slug: 'TR-JOI-02', nome: 'Torre Joinville', tipo: 'torre' },
      { slug: 'X-ERR', nome: 'Tipo errado', tipo: 'galpao' },
      { slug: 'X-LAT', nome: 'Só latitude', tipo: 'pop', lat: -25 },
      { slug: 'X-CITY', nome: 'Cidade inexistente', tipo: 'pop', ibge: 1 },
    ];
    const first = await run(id);
    expect(first).toMatchObject({ status: 'success', created: 2, updated: 0, rejected: 3 });
    expect(first.log.map((l) => l.row)).toEqual([3, 4, 5]);
    // Reasons name the fields as a person reads them, never the API's keys.
    expect(first.log[0].reason).toMatch(/^Tipo: /);
    expect(first.log[1].reason).toMatch(/^Longitude: /);
    expect(first.log[2].reason).toMatch(/^Código IBGE da cidade: cidade 1 não encontrada/);
    for (const l of first.log) expect(l.reason).not.toMatch(/\b(type|longitude|city_ibge_code|registro):/);
    const list = json<{ items: { code: string; latitude: number | null; city: { name: string; uf: string } | null }[] }>(await t.call('GET', '/api/site?search=POP-CWB-01', token));
    expect(list.items).toEqual([expect.objectContaining({ code: 'POP-CWB-01', latitude: -25.4284, city: { id: expect.any(Number), name: 'Curitiba', uf: 'PR' } })]);

    siteFeed = [{ slug: 'pop-cwb-01', nome: 'POP Curitiba Batel', tipo: 'pop', lat: -25.44, lng: -49.29 }];
    const second = await run(id);
    expect(second).toMatchObject({ created: 0, updated: 1, rejected: 0 });
    expect(json<{ items: { name: string }[] }>(await t.call('GET', '/api/site?search=POP-CWB-01', token)).items).toEqual([expect.objectContaining({ name: 'POP Curitiba Batel' })]);
  });

  it('upserts assets by hostname with their site by code and interfaces by name (ids kept)', async () => {
    const site = await makeSite(t);
    const id = await source({ name: 'Inventário de ativos', url: `${base}/assets`, target: 'network_asset', key_field: 'host', mapping: { hostname: 'host', role: 'funcao', vendor: 'marca', management_ip: 'ip', site_code: 'site', routeros_version: 'ros', interfaces: 'ifaces' } });
    assetFeed = [
      { host: 'rt-import-01', funcao: 'roteador', marca: 'MikroTik', ip: '10.99.0.1', site: site.code, ros: '7.x', ifaces: [{ name: 'ether1' }, { name: 'ether2' }] },
      { host: 'sw-import-02', funcao: 'switch', marca: 'huawei', ip: '10.99.0.2' },
      { host: 'rt-import-03', funcao: 'roteador', marca: 'cisco', ros: '7.x' },
      { host: 'rt-import-04', funcao: 'roteador', marca: 'mikrotik', ip: '10.99.0.1' },
      { host: 'rt-import-05', funcao: 'roteador', marca: 'mikrotik', site: 'NAO-EXISTE' },
    ];
    const first = await run(id);
    expect(first).toMatchObject({ created: 2, updated: 0, rejected: 3 });
    expect(first.log.map((l) => l.row)).toEqual([3, 4, 5]);
    expect(first.log[0].reason).toContain('RouterOS');
    expect(first.log[1].reason).toContain('IP de gerência');
    expect(first.log[2].reason).toContain('NAO-EXISTE');
    const found = json<{ items: { id: number; site_id: number; interfaces: { id: number; name: string }[] }[] }>(await t.call('GET', '/api/asset?search=rt-import-01', token)).items[0];
    expect(found.site_id).toBe(site.id);
    const ether2 = found.interfaces.find((i) => i.name === 'ether2')!;

    assetFeed = [{ host: 'RT-IMPORT-01', funcao: 'roteador', marca: 'mikrotik', ip: '10.99.0.1', site: site.code, ifaces: [{ name: 'ether2' }, { name: 'sfp1', type: 'sfp' }] }];
    const second = await run(id);
    expect(second).toMatchObject({ created: 0, updated: 1, rejected: 0 });
    const again = json<{ interfaces: { id: number; name: string }[] }>(await t.call('GET', `/api/asset/${found.id}`, token));
    expect(again.interfaces.map((i) => i.name)).toEqual(['ether2', 'sfp1']);
    expect(again.interfaces[0].id).toBe(ether2.id);
  });

  it("imports into the source's organization only", async () => {
    const other = await t.createOrganization();
    const stranger = await t.createUser({ permissions: ['SITE'], organizationId: other });
    const list = json<{ items: unknown[] }>(await t.call('GET', '/api/site?search=POP-CWB-01', stranger.token));
    expect(list.items).toEqual([]);
  });
});
