import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, uiLogin } from './helpers';

/**
 * Paths in the browser: the manager (gestor) creates an SVC and an LMC, enters its first
 * segment in the form (the next two, one over a new operator circuit, through the API), sees the
 * path on the LMC's page and its topology; another context opens an unavailability on the circuit
 * and the edge turns red live; then the MikroTik scripts are generated and one is downloaded.
 */

async function as(browser: Browser, username: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport, acceptDownloads: true });
  const page = await context.newPage();
  await uiLogin(page, username);
  return page;
}

type Asset = { id: number; hostname: string; interfaces: { id: number; name: string }[] };
async function demoAsset(request: APIRequestContext, token: string, hostname: string): Promise<Asset> {
  const list = await (await request.get(`/api/asset?search=${hostname}`, { headers: auth(token) })).json();
  return list.items.find((a: Asset) => a.hostname === hostname);
}
const itf = (a: Asset, name: string) => a.interfaces.find((i) => i.name === name)!.id;

test('paths: SVC, LMC with three segments over two assets and a circuit, live topology, MikroTik scripts', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const vlan = 1000 + (Date.now() % 2000);
  const me = await apiLogin(request, 'gestor');
  const [cwb, pgo] = [await demoAsset(request, me.token, 'rt-borda-cwb-01'), await demoAsset(request, me.token, 'rt-pgo-01')];

  const page = await as(browser, 'gestor');
  // An LMC between the Curitiba POP and the Ponta Grossa tower.
  await page.goto('/lmc/create');
  await page.getByLabel('Código').fill(`LMC-E2E-${tag}`);
  await page.getByRole('textbox', { name: /^Nome/ }).fill('Curitiba ⇄ Ponta Grossa (teste)');
  await pick(page, /Ponta A/, 'POP-CWB-01');
  await pick(page, /Ponta B/, 'TR-PGO-01');
  await page.getByLabel('Capacidade (Mbps)').fill('1000');
  await page.getByRole('button', { name: 'Criar LMC' }).click();
  await expectToast(page, 'LMC criada!');
  await expect(page).toHaveURL(/\/lmc\/edit\/\d+$/);
  const lmcId = Number(page.url().split('/').pop());
  await expect(page.getByText('Esta LMC ainda não tem segmentos')).toBeVisible();

  // The first segment through the form: the interface list follows the picked asset; the subnet shows its two addresses.
  await page.getByRole('link', { name: 'Adicionar segmento' }).click();
  await expect(page).toHaveURL(new RegExp(`/lmx/create/${lmcId}$`));
  await pick(page, /Ativo de origem/, 'rt-borda-cwb-01');
  await page.getByRole('combobox', { name: /Interface de origem/ }).click();
  await page.getByRole('option', { name: /^ether4/ }).click();
  await pick(page, /Ativo de destino/, 'rt-pgo-01');
  await page.getByRole('combobox', { name: /Interface de destino/ }).click();
  await page.getByRole('option', { name: /^ether3/ }).click();
  await page.getByLabel('VLAN').fill(String(vlan));
  await page.getByLabel('Capacidade (Mbps)').fill('1000');
  await page.getByLabel('Sub-rede ponto a ponto').fill('10.254.77.0/30');
  await expect(page.getByText('Origem: 10.254.77.1 · Destino: 10.254.77.2')).toBeVisible();
  await page.getByRole('button', { name: 'Criar segmento' }).click();
  await expectToast(page, /Segmento LMX criado!/);
  await expect(page).toHaveURL(new RegExp(`/lmc/edit/${lmcId}$`));

  // Two more through the API: back over radio, then forward over a new operator circuit.
  const circuit = await (
    await request.post('/api/circuit', {
      headers: auth(me.token),
      data: { carrier: 'Ligga', designation: `LIG-E2E-${tag}`, type: 'l2l', bandwidth_mbps: 300, site_a_id: (await (await request.get('/api/site?search=POP-CWB-01', { headers: auth(me.token) })).json()).items[0].id, site_b_id: (await (await request.get('/api/site?search=TR-PGO-01', { headers: auth(me.token) })).json()).items[0].id, monthly_cost: '990', sla_percent: 99 },
    })
  ).json();
  const seg = (body: Record<string, unknown>) => request.post('/api/lmx', { headers: auth(me.token), data: { lmc_id: lmcId, vlan_id: vlan, ...body } });
  expect((await seg({ from_asset_id: pgo.id, from_interface_id: itf(pgo, 'ether4'), to_asset_id: cwb.id, to_interface_id: itf(cwb, 'ether1'), medium: 'radio', capacity_mbps: 500 })).status()).toBe(201);
  const leased = await seg({ from_asset_id: cwb.id, from_interface_id: itf(cwb, 'sfp-sfpplus1'), to_asset_id: pgo.id, to_interface_id: itf(pgo, 'ether5'), medium: 'circuito_operadora', circuit_id: circuit.id, capacity_mbps: 300 });
  expect(leased.status()).toBe(201);
  const leasedId = (await leased.json()).id as number;

  // An SVC on it, through the form (CNPJ mask, block and gateway).
  await page.goto('/svc/create');
  await page.getByLabel('Código').fill(`SVC-E2E-${tag}`);
  await page.getByRole('textbox', { name: /^Cliente/ }).fill('Laticínios Campos Gerais');
  await page.getByLabel('CPF/CNPJ do cliente').fill('11444777000161');
  await page.getByRole('combobox', { name: /^Tipo/ }).click();
  await page.getByRole('option', { name: 'Internet dedicada' }).click();
  await page.getByLabel('Banda (Mbps)').fill('400');
  await page.getByLabel('Bloco IP').fill('10.0.0.5/30');
  await page.getByRole('button', { name: 'Criar SVC' }).click();
  await expect(page.getByText('O bloco 10.0.0.5/30 não é o início da rede: use 10.0.0.4/30')).toBeVisible();
  await page.getByLabel('Bloco IP').fill(`100.${80 + (Date.now() % 40)}.${Date.now() % 250}.0/29`);
  await pick(page, /^LMC/, `LMC-E2E-${tag}`);
  await page.getByRole('button', { name: 'Criar SVC' }).click();
  await expectToast(page, 'SVC criado!');

  // The LMC's page: three segments in order, the SVC over the bottleneck (300 Mbps) warned.
  await page.goto(`/lmc/edit/${lmcId}`);
  await expect(page.getByRole('group', { name: /^Segmento \d$/ })).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Segmento 3' })).toContainText(`LIG-E2E-${tag}`);
  await expect(page.getByText('A banda dos SVCs (400 Mbps) excede a menor capacidade dos segmentos (300 Mbps).')).toBeVisible();

  // The topology; another context opens an unavailability on the circuit: the edge turns red without reload.
  await page.getByRole('link', { name: 'Topologia' }).click();
  await expect(page).toHaveURL(new RegExp(`/lmc/topology/${lmcId}$`));
  const edge = page.getByTestId(`edge-lmx-${leasedId}`);
  await expect(edge).toHaveAttribute('data-down', 'false', { timeout: 20_000 });
  await expect(page.getByTestId(`node-asset-${cwb.id}`)).toBeVisible();
  await page.waitForTimeout(1500); // the realtime stream is connected
  const other = await request.post(`/api/circuit/${circuit.id}/unavailability`, { headers: auth(me.token), data: { started_at: new Date(Date.now() - 60_000).toISOString(), cause: 'Rompimento de fibra (teste)', responsibility: 'operadora' } });
  expect(other.status()).toBe(201);
  await expect(edge).toHaveAttribute('data-down', 'true', { timeout: 20_000 });
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar PNG' }).click()]);
  expect(png.suggestedFilename()).toBe(`LMC-E2E-${tag}-topologia.png`);
  expect(readFileSync(await png.path()).subarray(1, 4).toString()).toBe('PNG');

  // The MikroTik scripts: one per MikroTik device, downloadable.
  await page.goto(`/lmc/generate-script/${lmcId}`);
  await page.getByRole('button', { name: 'Gerar scripts' }).click();
  await expect(page.getByRole('tab', { name: /rt-borda-cwb-01/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /rt-pgo-01/ })).toBeVisible();
  const [rsc] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar .rsc' }).first().click()]);
  expect(rsc.suggestedFilename()).toMatch(/^rt-(borda-cwb|pgo)-01\.rsc$/);
  const script = readFileSync(await rsc.path(), 'utf8');
  expect(script).toContain('/system identity');
  expect(script).toMatch(new RegExp(`vlan-ids?=${vlan}`));
});
