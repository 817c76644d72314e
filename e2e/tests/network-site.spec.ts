import { expect, test, type Page } from '@playwright/test';
import { expectToast, uiLogin } from './helpers';

/**
 * Sites and assets in the browser: the manager (gestor) opens the site map with no tile
 * network (the markers, the scale and a pt-BR notice still show), creates a site by clicking the
 * map, finds it on the map and opens it from its marker, then creates a network asset on it with
 * three interfaces typed in the inline table, and sees the asset on the site's page. Then the map
 * and the asset form on a 360 px phone.
 */

/** No tile server here (and none wanted in tests): every tile request fails at once. */
async function noTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org|\{s\}|\/\d+\/\d+\/\d+\.png/, (route) => route.abort());
}

test('sites and assets: map without tiles → create a site on the map → open it from its marker → asset with three interfaces', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const code = `POP-E2E-${tag}`;
  const hostname = `rt-e2e-${tag.toLowerCase()}`;
  await noTiles(page);
  await uiLogin(page, 'gestor');

  // --- The map: demo sites as markers on a blank layer, with a scale and the notice -----------
  await page.goto('/site?view=map');
  await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
  const map = page.getByRole('region', { name: 'Mapa de sites' });
  await expect(map).toBeVisible();
  await expect(map.locator('path.site-marker').first()).toBeVisible();
  expect(await map.locator('path.site-marker').count()).toBeGreaterThanOrEqual(5);
  await expect(map.locator('.leaflet-control-scale')).toBeVisible();
  await expect(page.getByText('Não foi possível carregar as imagens do mapa')).toBeVisible();

  // --- A click on an empty point of the map: "Novo site aqui" --------------------------------
  const box = (await map.boundingBox())!;
  await expect(async () => {
    // Away from the markers (the demo's are in the south): the top left area of the view.
    await page.mouse.click(box.x + box.width * 0.12, box.y + box.height * 0.2);
    await expect(page.getByRole('link', { name: 'Novo site aqui' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Novo site aqui' }).click();
  await expect(page).toHaveURL(/\/site\/create\?lat=-?[\d.]+&lng=-?[\d.]+/);
  await expect(page.getByLabel('Latitude')).not.toHaveValue('');
  await expect(page.getByLabel('Longitude')).not.toHaveValue('');
  // pt-BR validation on the fields first.
  await page.getByRole('button', { name: 'Criar site' }).click();
  await expect(page.getByText('Informe o nome')).toBeVisible();
  await page.getByLabel('Código').fill(code);
  await page.getByLabel('Nome').fill(`POP E2E ${tag}`);
  await page.getByRole('button', { name: 'Criar site' }).click();
  await expectToast(page, 'Site criado!');
  await expect(page).toHaveURL(/\/site\/edit\/\d+$/);
  const siteUrl = page.url();

  // --- Found on the map by its code; its marker opens it ---------------------------------------
  await page.goto('/site?view=map');
  await page.getByLabel('Pesquisar código, nome ou cidade').fill(code);
  await expect(page.getByText('1 site(s) no mapa.')).toBeVisible();
  const marker = page.locator('path.site-marker');
  await expect(marker).toHaveCount(1);
  // The map fits its bounds with an animation: click once the marker has settled inside the view
  // (CI once clicked mid-animation: "Element is outside of the viewport").
  await expect(marker).toBeInViewport();
  await marker.click({ force: true });
  await expect(page).toHaveURL(siteUrl);
  await expect(page.getByRole('heading', { name: 'Editar site', level: 1 })).toBeVisible();
  await expect(page.getByText('Nenhum ativo de rede neste site.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Circuitos de operadora' })).toBeVisible();

  // --- An asset on the site, with three interfaces typed in the inline table ------------------
  await page.getByRole('link', { name: 'Novo ativo aqui' }).click();
  await expect(page).toHaveURL(/\/asset\/create\?site=\d+$/);
  await page.getByLabel('Hostname').fill(hostname);
  await page.getByLabel('Modelo').fill('CCR2004-16G-2S+');
  await page.getByLabel('IP de gerência').fill('10.250.0.1');
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue(new RegExp(code));
  const names = ['ether1', 'ether2', 'sfp-sfpplus1'];
  for (const [i, name] of names.entries()) {
    await page.getByRole('button', { name: 'Adicionar interface' }).click();
    const row = page.getByRole('listitem', { name: `Interface ${i + 1}` });
    // The new row's name has the cursor: type straight away.
    await expect(row.getByLabel('Nome')).toBeFocused();
    await page.keyboard.type(name);
  }
  await page.getByRole('listitem', { name: 'Interface 3' }).getByLabel('MAC').fill('4c-5e-0c-aa-bb-cc');
  await page.getByRole('button', { name: 'Remover interface 2' }).click();
  await page.getByRole('button', { name: 'Adicionar interface' }).click();
  await page.keyboard.type('wlan1');
  await page.getByRole('button', { name: 'Criar ativo de rede' }).click();
  await expectToast(page, 'Ativo de rede criado!');
  await expect(page).toHaveURL(/\/asset\/edit\/\d+$/);
  await expect(page.getByRole('region', { name: 'Interfaces (3)' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Interface 2' }).getByLabel('MAC')).toHaveValue('4C:5E:0C:AA:BB:CC');
  await expect(page.getByRole('listitem', { name: 'Interface 3' }).getByLabel('Nome')).toHaveValue('wlan1');
  // An edit keeps the interfaces (their ids travel with the rows): rename one and save.
  const assetUrl = page.url();
  await page.getByRole('listitem', { name: 'Interface 1' }).getByLabel('Nome').fill('ether1-uplink');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Ativo de rede atualizado!');
  await page.goto(assetUrl);
  await expect(page.getByRole('listitem', { name: 'Interface 1' }).getByLabel('Nome')).toHaveValue('ether1-uplink');
  await expect(page.getByRole('region', { name: 'Interfaces (3)' })).toBeVisible();

  // The site's page lists it.
  await page.goto(siteUrl);
  await expect(page.getByRole('link', { name: hostname })).toBeVisible();

  // The list exports what it shows.
  await page.goto('/asset');
  await page.getByLabel('Pesquisar hostname, IP, série ou modelo').fill(hostname);
  await expect(page.getByRole('gridcell', { name: hostname })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^ativos-de-rede-.*\.csv$/);
});

test('sites and assets on a 360 px phone: the map and the asset form fit the screen', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await noTiles(page);
  await uiLogin(page, 'gestor');
  await page.goto('/site?view=map');
  const map = page.getByRole('region', { name: 'Mapa de sites' });
  await expect(map.locator('path.site-marker').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.goto('/asset/create');
  await page.getByRole('button', { name: 'Adicionar interface' }).click();
  await expect(page.getByRole('listitem', { name: 'Interface 1' }).getByLabel('Nome')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});

test('site and asset screens have no serious accessibility violations', async ({ page }) => {
  // Six full axe scans take ~50 s on a quiet machine: the default minute fails on a busy one.
  test.slow();
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await noTiles(page);
  await uiLogin(page, 'gestor');
  await page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  const pages: [string, string][] = [
    ['/site', 'Sites'],
    ['/site?view=map', 'Sites'],
    ['/site/edit/1', 'Editar site'],
    ['/asset', 'Ativos de rede'],
    ['/asset/edit/1', 'Editar ativo de rede'],
    ['/asset/create', 'Novo ativo de rede'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByLabel(/^Carregando/).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    if (path.includes('map')) await expect(page.locator('path.site-marker').first()).toBeVisible();
    const r = await new AxeBuilder({ page }).exclude('.swal2-container').analyze();
    const violations = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    expect({ path, violations }).toEqual({ path, violations: [] });
  }
});
