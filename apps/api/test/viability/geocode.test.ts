import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, violationsByField } from '../helpers';
import { geocoderQuery, readNominatim } from '../../src/modules/viability/geocode';

/** What a Nominatim /search answers with format=jsonv2 (coordinates as strings). */
const PLACES = [
  { place_id: 1, lat: '-25.4302000', lon: '-49.2690000', display_name: 'Rua Marechal Deodoro, 235, Centro, Curitiba, Paraná, 80010-010, Brasil', category: 'building', type: 'yes' },
  { place_id: 2, lat: '-25.4290', lon: '-49.2700', display_name: 'Rua Marechal Deodoro, Centro, Curitiba, Paraná, Brasil', category: 'highway', type: 'residential' },
  { place_id: 3, lat: 'nada', lon: '-49.27', display_name: 'Sem coordenadas' },
];

/**
 * Address search through the organization's geocoder: a local server that speaks Nominatim's
 * /search format, reached through the data sources' outbound rules (127.0.0.1 allowed for this
 * test, as an operator would list an internal geocoder); a private address not allowed is refused.
 */
describe('viability: address search through a geocoder', () => {
  let t: TestApp;
  let strict: TestApp;
  let server: Server;
  let base = '';
  const seen: URL[] = [];
  let answer: (url: URL) => { status: number; body: string } = () => ({ status: 200, body: JSON.stringify(PLACES) });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push(url);
      const a = answer(url);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
    t = await createTestApp({ dataSourceAllowedHosts: ['127.0.0.1'] });
    strict = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await strict?.close();
    await new Promise((r) => server?.close(r));
  });

  const setUp = async (app: TestApp, url: string) => {
    const organizationId = await app.createOrganization();
    const admin = await app.createUser({ permissions: ['ORG'], organizationId });
    const seller = await app.createUser({ permissions: ['VIABILITY'], organizationId });
    const put = await app.call('PUT', '/api/organization-settings/viability', admin.token, { geocoder_url: url });
    expect(put.statusCode, put.body).toBe(200);
    return { seller, admin, organizationId };
  };
  const search = (app: TestApp, token: string, q: string) => app.call('GET', `/api/viability/geocode?q=${encodeURIComponent(q)}`, token);

  it("asks the geocoder in Nominatim's format and answers its places (coordinates as numbers), an address or a CEP", async () => {
    const { seller } = await setUp(t, `${base}?key=abc`);
    const res = await search(t, seller.token, 'Rua Marechal Deodoro, 235');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      configured: true,
      items: [
        { latitude: -25.4302, longitude: -49.269, label: PLACES[0].display_name },
        { latitude: -25.429, longitude: -49.27, label: PLACES[1].display_name },
      ],
    });
    const asked = seen.at(-1)!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ key: 'abc', q: 'Rua Marechal Deodoro, 235', format: 'jsonv2', countrycodes: 'br', limit: '5' });
    await search(t, seller.token, '80010010');
    expect(seen.at(-1)!.searchParams.get('q')).toBe('80010-010, Brasil');
  });

  it('without a geocoder: no search (the city list and a tap on the map); bad input and a bad answer are pt-BR errors, never a 500', async () => {
    const organizationId = await t.createOrganization();
    const seller = await t.createUser({ permissions: ['VIABILITY'], organizationId });
    expect((await search(t, seller.token, 'Rua XV')).json()).toEqual({ configured: false, items: [] });
    const short = await search(t, seller.token, 'ab');
    expect(short.statusCode).toBe(422);
    expect(violationsByField(short.json())).toEqual({ q: 'Digite ao menos 3 caracteres' });

    const { seller: other } = await setUp(t, base);
    answer = () => ({ status: 200, body: '<html>erro</html>' });
    const notJson = await search(t, other.token, 'Rua XV');
    expect(notJson.statusCode).toBe(502);
    expect(notJson.json().message).toBe('A busca de endereços não respondeu como esperado (a resposta não é JSON). Marque o ponto no mapa.');
    answer = () => ({ status: 503, body: '[]' });
    expect((await search(t, other.token, 'Rua XV')).json().message).toBe('A busca de endereços não respondeu como esperado (HTTP 503). Marque o ponto no mapa.');
    answer = () => ({ status: 200, body: JSON.stringify(PLACES) });
    // Only VIABILITY searches; a reader of sites does not.
    const network = await t.createUser({ permissions: ['SITE'], organizationId });
    expect((await search(t, network.token, 'Rua XV')).statusCode).toBe(403);
  });

  it("refuses a geocoder on the server's own or a private network, in pt-BR, without asking it", async () => {
    const before = seen.length;
    for (const url of [base, 'http://192.168.10.5/search', 'http://[::1]:8080/search']) {
      const { seller } = await setUp(strict, url);
      const res = await search(strict, seller.token, 'Rua Marechal Deodoro');
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({
        message: 'Endereço do geocodificador não permitido: ele aponta para um endereço interno. Corrija a URL em Configurações › Viabilidade.',
        violations: [{ propertyPath: 'geocoder_url', message: 'Endereço não permitido' }],
      });
    }
    expect(seen.length).toBe(before);
    // The settings take an http(s) URL or nothing.
    const organizationId = await strict.createOrganization();
    const admin = await strict.createUser({ permissions: ['ORG'], organizationId });
    const bad = await strict.call('PUT', '/api/organization-settings/viability', admin.token, { geocoder_url: 'ftp://geo.example/search' });
    expect(bad.statusCode).toBe(422);
    expect(violationsByField(bad.json())).toEqual({ geocoder_url: 'Informe uma URL http(s) (ou deixe em branco)' });
  });

  it('reads only well-formed places', () => {
    expect(readNominatim([{ lat: '91', lon: '0', display_name: 'x' }, { lat: '-1', lon: '2', display_name: '' }, null, { lat: '-1.5', lon: '2.5', display_name: 'ok' }])).toEqual([{ latitude: -1.5, longitude: 2.5, label: 'ok' }]);
    expect(geocoderQuery(' 80010-010 ')).toBe('80010-010, Brasil');
    expect(geocoderQuery('Rua XV, 100')).toBe('Rua XV, 100');
  });
});
