import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

/**
 * Fibre boxes in the browser: the organization's geocoder (a local server answering in Nominatim's
 * /search format, reached through the data sources' allow-list as an operator would list an internal
 * one) finds the client's address; the fibre unit is served by the demo's CTO-CWB-01 with a free port
 * (ports 1 and 2 are the demo's services, 3 the bakery's accepted proposal); the unit's map shows the
 * boxes around with their free ports; the box's page lists its ports, and the client's accept
 * reserves the next one under the viability's code.
 */

/** Near CTO-CWB-01 (Rua Marechal Deodoro, Curitiba): about 52 m from the box. */
const PLACE = { lat: '-25.4309000', lon: '-49.2699000', display_name: 'Rua Marechal Deodoro, 300, Centro, Curitiba, Paraná, 80010-010, Brasil' };

let server: Server;
let geocoderUrl = '';
const asked: URL[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    asked.push(url);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(url.searchParams.get('q')?.includes('Deodoro') ? [PLACE] : []));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  geocoderUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
});
test.afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

test('viability CTO: address search through the geocoder, a fibre unit served by a CTO with a free port, the box shows the reservation', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const token = (await apiLogin(request, 'gestor')).token;
  // The section is written whole: the demo's default template and the rest are kept.
  const current = (await (await request.get('/api/organization-settings/viability', { headers: auth(token) })).json()) as Record<string, unknown>;
  const settings = await request.put('/api/organization-settings/viability', { headers: auth(token), data: { ...current, geocoder_url: geocoderUrl } });
  expect(settings.status()).toBe(200);
  // Another box 240 m away (8 ports, all free), for the map.
  const spare = await request.post('/api/site', { headers: auth(token), data: { code: `CTO-CWB-${tag}`, name: 'CTO Praça Tiradentes', type: 'cto', splitter_ratio: '1:8', port_count: 8, latitude: -25.4330, longitude: -49.2700 } });
  expect(spare.status()).toBe(201);
  const me = (await (await request.get('/api/viability/people', { headers: auth(token) })).json()) as { id: number }[];
  const created = await request.post('/api/viability', {
    headers: auth(token),
    data: { client_name: `Café Central ${tag}`, client_document: '11444777000161', service_type: 'internet_dedicada', bandwidth_mbps: 300, seller_id: me[0].id },
  });
  expect(created.status()).toBe(201);
  const viability = (await created.json()) as { id: number; code: string };

  await uiLogin(page, 'gestor');
  await page.goto(`/viability/${viability.id}/unit/create`);
  await page.getByRole('textbox', { name: /^Nome da unidade/ }).fill('Loja Deodoro');
  // 1. The address search: the geocoder's place sets the point and the blank address.
  const search = page.getByRole('search', { name: 'Buscar endereço' });
  await search.getByRole('textbox', { name: 'Buscar endereço ou CEP' }).fill('Rua Marechal Deodoro, 300');
  await search.getByRole('textbox', { name: 'Buscar endereço ou CEP' }).press('Enter');
  const results = page.getByRole('list', { name: 'Endereços encontrados' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await results.getByRole('button', { name: /Rua Marechal Deodoro, 300, Centro, Curitiba/ }).click();
  await expect(page.getByRole('textbox', { name: /^Latitude/ })).toHaveValue('-25,4309');
  await expect(page.getByRole('textbox', { name: /^Longitude/ })).toHaveValue('-49,2699');
  await expect(page.getByRole('textbox', { name: /^Endereço/ })).toHaveValue(PLACE.display_name);
  expect(Object.fromEntries(asked.at(-1)!.searchParams)).toMatchObject({ q: 'Rua Marechal Deodoro, 300', format: 'jsonv2', countrycodes: 'br', limit: '5' });
  await page.getByRole('combobox', { name: /Modelo de unidade/ }).click();
  await page.getByRole('option', { name: 'FTTH empresarial' }).click();
  await page.getByRole('button', { name: 'Criar unidade' }).click();
  await expectToast(page, 'Unidade criada e calculada!');
  await expect(page).toHaveURL(new RegExp(`/viability/${viability.id}/unit/info/\\d+$`));

  // 2. Served by CTO-CWB-01: ports 1–2 are services, 3 the bakery's reservation, so port 4 of 16.
  await expect(page.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'viavel');
  await expect(page.getByTestId('verdict-banner')).toContainText(/Fibra própria: CTO-CWB-01, porta livre 4 de 16, \d+ m \(alcance do drop de 250 m\)\./);
  // The map: the client, the box serving it, and the other box around with its free ports.
  const map = page.getByTestId('unit-map');
  await expect(map.locator('.unit-map-site')).toHaveCount(1);
  await expect(map.locator('.unit-map-cto')).toHaveCount(1);
  await map.locator('.unit-map-cto').dispatchEvent('mouseover');
  await expect(page.locator('.leaflet-tooltip').filter({ hasText: `CTO CTO-CWB-${tag}` })).toContainText('8 de 8 portas livres');

  // 3. The client accepts on the public page: port 4 is reserved under the viability's code.
  const link = await page.locator('#proposal-link').inputValue();
  const pub = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const viewer = await pub.newPage();
  await viewer.goto(link);
  await viewer.getByRole('button', { name: 'Aceitar proposta' }).click();
  await viewer.getByRole('textbox', { name: /Seu nome/ }).fill('Paula Ribeiro');
  await viewer.getByRole('button', { name: 'Confirmar aceite' }).click();
  await viewer.locator('.swal2-confirm').click();
  await expect(viewer.getByTestId('proposal-decision')).toHaveAttribute('data-decision', 'aceita');
  await page.reload();
  await expect(page.getByTestId('unit-port')).toContainText('Porta 4 da CTO-CWB-01 reservada para este cliente.');

  // 4. The box's page lists its ports with what holds each.
  await page.getByTestId('unit-port').getByRole('link', { name: 'CTO-CWB-01' }).click();
  const ports = page.getByRole('region', { name: /^Portas da CTO/ });
  await expect(ports.getByRole('heading')).toHaveText('Portas da CTO (12 de 16 livres)');
  await expect(page.getByTestId('cto-port-1')).toContainText('SVC-0004');
  await expect(page.getByTestId('cto-port-3')).toContainText('Reservada');
  await expect(page.getByTestId('cto-port-4')).toContainText(`${viability.code} · Loja Deodoro`);
  await expect(page.getByTestId('cto-port-5')).toContainText('Livre');
  await expect(page.getByRole('combobox', { name: /^Tipo/ })).toHaveText('Caixa de atendimento (CTO)');
  await expect(page.getByRole('textbox', { name: /^Portas/ })).toHaveValue('16');
  await pub.close();
});
