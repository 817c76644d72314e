import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiLogin, auth, uiLogin } from './helpers';

/**
 * Network pages that mean what they say: a read-only LMC user sees the last generated scripts
 * without the "Gerar scripts" button; the segment pages say "Acesso negado" to a user without
 * LMC; the site page lists the LMCs and segments that use it; the topology names the union's
 * mode in Portuguese and the union list shows the active path's capacity.
 */

const PASSWORD = 'senha-segura-1';

/** Serious or critical accessibility violations on the page as it is. */
async function a11y(page: Page) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const r = await new AxeBuilder({ page }).exclude('.swal2-container').analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

async function as(browser: Browser, username: string, password?: string) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await uiLogin(page, username, password);
  return page;
}

/** A user of the demo organization with just these permissions, made by the manager. */
async function person(request: APIRequestContext, token: string, prefix: string, permissions: string[]) {
  const username = `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const res = await request.post('/api/user', {
    headers: auth(token),
    data: { username, email: `${username}@demotelecom.com.br`, password: PASSWORD, person: { nickname: prefix, full_name: `Pessoa ${prefix}` }, permissions },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

async function lmcByCode(request: APIRequestContext, token: string, code: string): Promise<{ id: number; code: string }> {
  const list = await (await request.get(`/api/lmc?search=${code}`, { headers: auth(token) })).json();
  return list.items.find((l: { code: string }) => l.code === code);
}

test('a read-only LMC user sees the last generated scripts, without the button to generate', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const me = await apiLogin(request, 'gestor');
  const lmc = await lmcByCode(request, me.token, 'LMC-CWB-PGO-01');
  const generated = await request.post(`/api/lmc/${lmc.id}/script`, { headers: auth(me.token) });
  expect(generated.status()).toBe(200);
  const devices = (await generated.json()).devices as { hostname: string }[];
  expect(devices.length).toBeGreaterThan(0);

  const reader = await as(browser, await person(request, me.token, 'leitor.lmc', ['LMC.INDEX']), PASSWORD);
  await reader.goto(`/lmc/generate-script/${lmc.id}`);
  await expect(reader.getByRole('heading', { name: 'Gerar script MikroTik' })).toBeVisible();
  await expect(reader.getByRole('tab', { name: new RegExp(devices[0].hostname) })).toBeVisible();
  await expect(reader.getByText('Últimos scripts gerados (somente leitura).')).toBeVisible();
  await expect(reader.getByText(/Gerado em .* por gestor\./).first()).toBeVisible();
  await expect(reader.locator('code.language-routeros')).toContainText('/interface');
  await expect(reader.getByRole('button', { name: 'Gerar scripts' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Copiar' })).toBeVisible();
  expect(await a11y(reader)).toEqual([]);

  // The manager still generates.
  const manager = await as(browser, 'gestor');
  await manager.goto(`/lmc/generate-script/${lmc.id}`);
  await expect(manager.getByRole('button', { name: 'Gerar scripts' })).toBeVisible();
});

test('the segment pages say "Acesso negado" to a user without LMC', async ({ browser, request }) => {
  const me = await apiLogin(request, 'gestor');
  const lmc = await lmcByCode(request, me.token, 'LMC-CWB-PGO-01');
  const page = await as(browser, await person(request, me.token, 'so.site', ['SITE']), PASSWORD);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(lmc|lmx)/.test(r.url())) calls.push(r.url());
  });
  for (const path of [`/lmx/create/${lmc.id}`, `/lmx/edit/1`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByTestId('forbidden')).toHaveText('Você não tem permissão para acessar esta página.');
  }
  expect(calls).toEqual([]);
});

test('the site page lists the LMCs and segments that use it, with links', async ({ browser, request }) => {
  const me = await apiLogin(request, 'gestor');
  const sites = await (await request.get('/api/site?search=POP-CWB-01', { headers: auth(me.token) })).json();
  const site = sites.items.find((s: { code: string }) => s.code === 'POP-CWB-01');
  const page = await as(browser, 'gestor');
  await page.goto(`/site/edit/${site.id}`);
  const section = page.getByTestId('site-paths');
  const lmcs = section.getByRole('list', { name: 'LMCs que usam o site' });
  await expect(lmcs.getByRole('link', { name: /^LMC-CWB-PGO-01 · / })).toBeVisible();
  await expect(lmcs.getByRole('link', { name: /^LMC-CWB-PGO-02 · / })).toBeVisible();
  await expect(section.getByRole('list', { name: 'Segmentos LMX que usam o site' }).getByRole('link', { name: /LMC-CWB-PGO-01 · segmento 1: rt-borda-cwb-01 → radio-pgo-01/ })).toBeVisible();
  expect(await a11y(page)).toEqual([]);
  await lmcs.getByRole('link', { name: /^LMC-CWB-PGO-02 · / }).click();
  await expect(page).toHaveURL(/\/lmc\/edit\/\d+$/);

  // A site user who may read LMCs sees the section; one who may not, does not (and no error).
  const plain = await as(browser, await person(request, me.token, 'site.sem.lmc', ['SITE.INDEX']), PASSWORD);
  await plain.goto(`/site/edit/${site.id}`);
  await expect(plain.getByText('POP-CWB-01').first()).toBeVisible();
  await expect(plain.getByTestId('site-paths')).toHaveCount(0);
});

test('the topology names the union mode in Portuguese; the union list shows the active path capacity', async ({ browser, request }) => {
  const me = await apiLogin(request, 'gestor');
  const lmc = await lmcByCode(request, me.token, 'LMC-CWB-PGO-01');
  const page = await as(browser, 'gestor');
  await page.goto(`/lmc/topology/${lmc.id}`);
  await expect(page.getByText(/UN-CWB-PGO \(Ativo\/reserva\)/)).toBeVisible();
  await expect(page.getByText('active-backup')).toHaveCount(0);
  await page.goto('/union');
  const row = page.getByRole('row', { name: /UN-CWB-PGO/ });
  // The radio is the active path; its narrowest segment carries 900 Mbps (it declares 1 000).
  await expect(row).toContainText('900 Mbps');
  // Its page says which member is active and what each carries.
  await row.getByRole('link', { name: 'UN-CWB-PGO' }).click();
  await expect(page.getByText('Capacidade ativa (gargalo do caminho ativo): 900 Mbps')).toBeVisible();
  await expect(page.getByText(/LMC LMC-CWB-PGO-01 · 900 Mbps \(gargalo; declarada 1\.000 Mbps\)/)).toBeVisible();
  expect(await a11y(page)).toEqual([]);
});

test('the discount letter is offered only for a carrier with a breach in the month', async ({ browser }) => {
  const page = await as(browser, 'gestor');
  await page.goto('/circuit?tab=sla');
  // Oi's demo circuit had no unavailability: nothing to ask for.
  await page.getByRole('combobox', { name: 'Operadora' }).click();
  await page.getByRole('option', { name: 'Oi', exact: true }).click();
  const table = page.getByRole('table', { name: /SLA das operadoras/ });
  await expect(table).toContainText('OI-JOI-L2L-7781');
  await expect(table).toContainText('Sem violação de SLA no mês');
  await expect(table.getByRole('button', { name: 'Carta de pedido de desconto' })).toHaveCount(0);
});

test('an interface name with a comma is refused on its field', async ({ browser }) => {
  const page = await as(browser, 'gestor');
  await page.goto('/asset/create');
  await page.getByLabel('Hostname').fill(`rt-virgula-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Adicionar interface' }).click();
  const row = page.getByRole('listitem', { name: 'Interface 1' });
  await row.getByLabel('Nome').fill('ether4,ether1');
  await page.getByRole('button', { name: 'Criar ativo de rede' }).click();
  await expect(row.getByText('O nome da interface não pode ter vírgula: o RouterOS usa a vírgula para separar interfaces numa lista.')).toBeVisible();
  await expect(page).toHaveURL(/\/asset\/create$/);
  await row.getByLabel('Nome').fill('ether4');
  await page.getByRole('button', { name: 'Criar ativo de rede' }).click();
  await expect(page).toHaveURL(/\/asset\/edit\/\d+$/);
});
