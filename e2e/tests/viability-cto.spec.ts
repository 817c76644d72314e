import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, uiLogin } from './helpers';

/**
 * Fibre boxes in the browser: the organization's geocoder (a local server answering in Nominatim's
 * /search format, reached through the data sources' allow-list as an operator would list an internal
 * one) finds the client's address; the fibre unit is served by the demo's CTO-CWB-01 with a free port
 * (ports 1 and 2 are the demo's services, 3 the bakery's accepted proposal); the unit's map shows the
 * boxes around with their free ports; the box's page lists its ports, and the client's accept
 * reserves the next one under the viability's code. The network team plugs services into ports from
 * the box's page and from the service's page (pt-BR refusals, unplugging asks first); a reader sees
 * no button.
 */

/** Near CTO-CWB-01 (Rua Marechal Deodoro, Curitiba): about 52 m from the box. */
const PLACE = { lat: '-25.4309000', lon: '-49.2699000', display_name: 'Rua Marechal Deodoro, 300, Centro, Curitiba, Paraná, 80010-010, Brasil' };
/** The same street's number in another district, the geocoder's second answer. */
const OTHER = { lat: '-25.4380000', lon: '-49.2900000', display_name: 'Rua Marechal Deodoro, 300, Batel, Curitiba, Paraná, 80420-000, Brasil' };

/** A loaded shared machine takes over 10 s to reload a page at times: this journey waits up to 30 s per step. */
const expect = baseExpect.configure({ timeout: 30_000 });

let server: Server;
let geocoderUrl = '';
const asked: URL[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    asked.push(url);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(url.searchParams.get('q')?.includes('Deodoro') ? [PLACE, OTHER] : []));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  geocoderUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
});
test.afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

test('viability CTO: address search through the geocoder, a fibre unit served by a CTO with a free port, the box shows the reservation', async ({ page, request, browser }) => {
  test.setTimeout(420_000);
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
  // 1. The address search: the geocoder's places are numbered markers on a map and lines of a list;
  // a tap on a marker, or Enter on it, sets the point and the blank address (a later choice replaces it).
  const search = page.getByRole('search', { name: 'Buscar endereço' });
  await search.getByRole('textbox', { name: 'Buscar endereço ou CEP' }).fill('Rua Marechal Deodoro, 300');
  await search.getByRole('textbox', { name: 'Buscar endereço ou CEP' }).press('Enter');
  const results = page.getByRole('list', { name: 'Endereços encontrados' });
  await expect(results.getByRole('button')).toHaveCount(2);
  const places = page.getByRole('region', { name: 'Mapa dos endereços encontrados' });
  const first = places.getByRole('button', { name: /^1\. Rua Marechal Deodoro, 300, Centro/ });
  const second = places.getByRole('button', { name: /^2\. Rua Marechal Deodoro, 300, Batel/ });
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: /^Latitude/ })).toHaveValue('-25,438');
  await expect(page.getByRole('textbox', { name: /^Endereço/ })).toHaveValue(OTHER.display_name);
  await expect(results.getByRole('button', { name: /Batel/ })).toHaveAttribute('aria-pressed', 'true');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(second).toHaveAttribute('aria-pressed', 'false');
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
  const box = page.url().match(/\/site\/edit\/(\d+)/)![1];

  // 5. The network team plugs the new client's service into port 5, after reading what will happen.
  const newSvc = async (n: number) => {
    const res = await request.post('/api/svc', { headers: auth(token), data: { code: `SVC-${tag}${n}`, client_name: `Café Central ${tag} ${n}`, client_document: '11444777000161', type: 'internet_dedicada', bandwidth_mbps: 300 } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; code: string; client_name: string };
  };
  const [cafe, branch, other] = [await newSvc(1), await newSvc(2), await newSvc(3)];
  await page.getByRole('button', { name: 'Ligar um serviço à porta 5' }).click();
  let dialog = page.getByRole('dialog', { name: 'Ligar um serviço à porta 5 da CTO-CWB-01' });
  await pick(page, /^Serviço \(SVC\)/, `^${cafe.code} · `, false, cafe.code);
  await expect(dialog.getByTestId('plug-summary')).toHaveText(`O ${cafe.code} (${cafe.client_name}) passará a ocupar a porta 5 da CTO-CWB-01.`);
  await dialog.getByRole('button', { name: 'Ligar', exact: true }).click();
  await expectToast(page, `${cafe.code} ligado à porta 5 da CTO-CWB-01.`);
  await expect(page.getByTestId('cto-port-5')).toContainText(`${cafe.code} · ${cafe.client_name}`);
  await expect(ports.getByRole('heading')).toHaveText('Portas da CTO (11 de 16 livres)');
  // Port 6 taken by another client while the dialog is open: the server's refusal is shown in it, in pt-BR.
  await page.getByRole('button', { name: 'Ligar um serviço à porta 6' }).click();
  dialog = page.getByRole('dialog', { name: 'Ligar um serviço à porta 6 da CTO-CWB-01' });
  await pick(page, /^Serviço \(SVC\)/, `^${branch.code} · `, false, branch.code);
  expect((await request.put(`/api/viability/cto/${box}/port/6`, { headers: auth(token), data: { svc_id: other.id } })).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Ligar', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`A porta 6 da CTO-CWB-01 está em uso pelo ${other.code} (${other.client_name}): desligue-o antes de ligar outro serviço.`);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('cto-port-6')).toContainText(other.code);
  // Unplugging asks first.
  await page.getByRole('button', { name: `Desligar o ${cafe.code} da porta 5` }).click();
  await expect(page.locator('.swal2-popup')).toContainText(`Desligar o ${cafe.code} da porta 5?`);
  await page.locator('.swal2-confirm').click();
  await expectToast(page, 'Porta 5 da CTO-CWB-01 liberada.');
  await expect(page.getByTestId('cto-port-5')).toContainText('Livre');

  // 6. From the service's page: the box and the port are chosen; a port in use or beyond the box is refused before sending.
  await page.goto(`/svc/edit/${branch.id}`);
  const section = page.getByRole('region', { name: 'Porta na CTO' });
  await expect(page.getByTestId('svc-cto-port')).toHaveText('Não está ligado a uma CTO.');
  await section.getByRole('button', { name: 'Ligar a uma CTO' }).click();
  dialog = page.getByRole('dialog', { name: `Ligar o ${branch.code} a uma CTO` });
  await pick(page, /^CTO/, '^CTO-CWB-01 · ', false, 'CTO-CWB-01');
  const portField = dialog.getByRole('textbox', { name: /^Porta/ });
  await expect(portField).toHaveAccessibleDescription(/^De 1 a 16; livres: 5, 7, 8/);
  await portField.fill('1');
  await dialog.getByRole('button', { name: 'Ligar', exact: true }).click();
  await expect(portField).toHaveAccessibleDescription('A porta 1 da CTO-CWB-01 está em uso pelo SVC-0004 (Provedor Nuvem Sul (trânsito IPv6)).');
  await portField.fill('99');
  await portField.press('Enter');
  await expect(portField).toHaveAccessibleDescription('A CTO-CWB-01 tem 16 portas.');
  await portField.fill('');
  await dialog.getByRole('button', { name: 'Usar a primeira porta livre (5)' }).click();
  await dialog.getByRole('button', { name: 'Ligar', exact: true }).click();
  await expectToast(page, `${branch.code} ligado à porta 5 da CTO-CWB-01.`);
  await expect(page.getByTestId('svc-cto-port')).toHaveText('Porta 5 de 16 da CTO-CWB-01 (CTO Marechal Deodoro).');
  await expect(section.getByRole('button', { name: 'Desligar' })).toBeVisible();

  // 7. A reader of sites and services sees the ports and the service's box, with no button.
  const username = `ctoleitor${tag.toLowerCase()}`;
  const reader = await request.post('/api/user', {
    headers: auth(token),
    data: { username, email: `${username}@demotelecom.com.br`, password: 'senha-segura-1', person: { nickname: 'Leitor', full_name: 'Leitor de CTOs' }, permissions: ['SITE.INDEX', 'SVC.INDEX'] },
  });
  expect(reader.status(), await reader.text()).toBe(201);
  const readerContext = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const readerPage = await readerContext.newPage();
  await uiLogin(readerPage, username, 'senha-segura-1');
  await readerPage.goto(`/site/edit/${box}`);
  await expect(readerPage.getByTestId('cto-port-5')).toContainText(branch.code);
  await expect(readerPage.getByRole('region', { name: /^Portas da CTO/ }).getByRole('button')).toHaveCount(0);
  await readerPage.goto(`/svc/edit/${branch.id}`);
  await expect(readerPage.getByTestId('svc-cto-port')).toHaveText('Porta 5 de 16 da CTO-CWB-01 (CTO Marechal Deodoro).');
  await expect(readerPage.getByRole('region', { name: 'Porta na CTO' }).getByRole('button')).toHaveCount(0);
  await readerContext.close();
});

/**
 * Two clients offered the same last port: the first accept takes it; the second client, who reads
 * the figures and confirms afterwards, is shown that the proposal is being redone, with no price or
 * answer button, instead of a port that no longer exists. The seller sees why and recalculates.
 */
test('viability CTO: the client who accepts after the last port was taken sees that the proposal is being redone', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const token = (await apiLogin(request, 'gestor')).token;
  // A one-port box in a quiet part of Curitiba (Santa Felicidade), away from the demo's boxes; a point that moves with the run, so a retry's box is its own.
  const at = { latitude: -25.40 - (Date.now() % 1000) / 100_000, longitude: -49.33 };
  const box = await request.post('/api/site', { headers: auth(token), data: { code: `CTO-SF-${tag}`, name: 'CTO Santa Felicidade', type: 'cto', splitter_ratio: '1:8', port_count: 1, ...at } });
  expect(box.status(), await box.text()).toBe(201);
  const me = (await (await request.get('/api/viability/people', { headers: auth(token) })).json()) as { id: number }[];
  type Unit = { id: number; public_hash: string; calculation: { rule: string } };
  const unitFor = async (client: string, dLat: number) => {
    const v = await request.post('/api/viability', { headers: auth(token), data: { client_name: `${client} ${tag}`, client_document: '11444777000161', service_type: 'internet_dedicada', bandwidth_mbps: 300, seller_id: me[0].id } });
    expect(v.status(), await v.text()).toBe(201);
    const id = ((await v.json()) as { id: number }).id;
    const u = await request.post(`/api/viability/${id}/unit`, { headers: auth(token), data: { name: 'Loja', address: 'Via Vêneto, 1200 — Santa Felicidade, Curitiba/PR', latitude: at.latitude + dLat, longitude: at.longitude } });
    expect(u.status(), await u.text()).toBe(201);
    return { viabilityId: id, unit: (await u.json()) as Unit };
  };
  const first = await unitFor('Cantina Bellini', 0.0004);
  const second = await unitFor('Vinícola Durigan', 0.0006);
  for (const { unit } of [first, second]) expect(unit.calculation.rule).toMatch(new RegExp(`^Fibra própria: CTO-SF-${tag}, porta livre 1 de 1, `));

  // The second client reads the proposal and starts to accept it.
  const pub = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const viewer = await pub.newPage();
  await viewer.goto(`/viability/unit/viewer/${second.unit.public_hash}`);
  await expect(viewer.getByTestId('proposal-monthly')).toHaveText(/\/mês$/);
  await viewer.getByRole('button', { name: 'Aceitar proposta' }).click();
  await viewer.getByRole('textbox', { name: /Seu nome/ }).fill('Marco Durigan');
  await viewer.getByRole('button', { name: 'Confirmar aceite' }).click();
  // Meanwhile the first client accepts and takes the box's only port.
  const taken = await request.post(`/api/viability/unit/viewer/${first.unit.public_hash}/accept`, { data: { name: 'Lia Bellini' } });
  expect(taken.status(), await taken.text()).toBe(200);
  await viewer.locator('.swal2-confirm').click();
  const redoing = viewer.getByTestId('proposal-redoing');
  await expect(redoing).toContainText('Estamos refazendo a proposta');
  await expect(redoing).toContainText('A porta da caixa de atendimento prevista para este endereço acabou de ser ocupada.');
  await expect(viewer.getByTestId('proposal-monthly')).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Aceitar proposta' })).toHaveCount(0);
  await expect(viewer.getByTestId('proposal-decision')).toHaveCount(0);

  // The seller's page says why. The network team splices a second port into the box; the seller
  // recalculates, the notice ends, and the client's link shows the new proposal on port 2.
  await uiLogin(page, 'gestor');
  await page.goto(`/viability/${second.viabilityId}/unit/info/${second.unit.id}`);
  await expect(page.getByTestId('unit-redo')).toContainText(`A porta da CTO-SF-${tag} foi ocupada antes do aceite do cliente`);
  const grown = await request.put(`/api/site/${((await box.json()) as { id: number }).id}`, { headers: auth(token), data: { port_count: 2 } });
  expect(grown.status(), await grown.text()).toBe(200);
  await page.getByRole('button', { name: 'Recalcular' }).click();
  await page.locator('.swal2-confirm').click();
  await expectToast(page, 'Unidade recalculada (versão 3)!');
  await expect(page.getByTestId('unit-redo')).toHaveCount(0);
  await expect(page.getByTestId('verdict-banner')).toContainText(`CTO-SF-${tag}, porta livre 2 de 2`);
  await viewer.reload();
  await expect(viewer.getByTestId('proposal-redoing')).toHaveCount(0);
  await expect(viewer.getByTestId('proposal-monthly')).toHaveText(/\/mês$/);
  await expect(viewer.getByRole('button', { name: 'Aceitar proposta' })).toBeVisible();
  await pub.close();
});
