import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, uiLogin } from './helpers';

/**
 * Operator circuits in the browser: the manager (gestor) creates a circuit between two
 * demo sites, opens an unavailability period — a second browser shows the circuit "fora do ar"
 * live on a 360 px phone, without reload — closes it (the second browser sees it back "no ar"), reads the SLA tab
 * and downloads the carrier's discount letter (a PDF).
 */

async function as(browser: Browser, username: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport, acceptDownloads: true });
  const page = await context.newPage();
  await uiLogin(page, username);
  return page;
}

/** Serious or critical accessibility violations on the page (axe). */
async function seriousViolations(page: Page) {
  const r = await new AxeBuilder({ page }).exclude('.swal2-container').analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`) }));
}

/** The state chip of the circuit's row in the list. */
const stateOf = (page: Page, designation: string) => page.getByRole('row').filter({ hasText: designation }).locator('[data-status="down"], [data-status="up"]');

test('circuits: create between two sites, open an unavailability (live "fora do ar" elsewhere), close it, SLA tab and the carrier letter', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const carrier = `Operadora E2E ${tag}`;
  const designation = `E2E-${tag}`;

  const noc = await as(browser, 'gestor');
  await noc.goto('/circuit/create');
  await noc.getByRole('combobox', { name: /Operadora/ }).fill(carrier);
  await noc.getByLabel('Designação').fill(designation);
  await noc.getByRole('combobox', { name: /^Tipo/ }).click();
  await noc.getByRole('option', { name: 'MPLS' }).click();
  await noc.getByLabel('Banda (Mbps)').fill('500');
  await pick(noc, /Ponta A/, 'POP-CWB-01');
  await pick(noc, /Ponta B/, 'DC-CWB');
  await noc.getByLabel('Custo mensal (R$)').fill('1500,00');
  await noc.getByRole('button', { name: 'Criar circuito' }).click();
  await expectToast(noc, 'Circuito criado!');
  await expect(noc).toHaveURL(/\/circuit\/edit\/\d+$/);
  const circuitId = Number(noc.url().split('/').pop());

  // A past outage of 6 hours this month (through the API) makes the month's SLA breached.
  const me = await apiLogin(request, 'gestor');
  const past = await request.post(`/api/circuit/${circuitId}/unavailability`, {
    headers: auth(me.token),
    data: { started_at: new Date(Date.now() - 7 * 3600_000).toISOString(), ended_at: new Date(Date.now() - 3600_000).toISOString(), cause: 'Rompimento de fibra', responsibility: 'operadora', protocol: `PRT-${tag}` },
  });
  expect(past.status()).toBe(201);

  // Another browser, on a 360 px phone, watches the list.
  const watcher = await as(browser, 'gestor', { width: 360, height: 740 });
  await watcher.goto('/circuit');
  await watcher.getByLabel('Pesquisar operadora ou designação').fill(designation);
  await expect(stateOf(watcher, designation)).toHaveText('no ar');
  // Usable on the phone: the page does not scroll sideways (the grid scrolls inside itself).
  expect(await watcher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await watcher.waitForTimeout(1500); // the realtime stream is connected

  // Open an unavailability period now (no end).
  await noc.goto(`/circuit/${circuitId}/unavailability/create`);
  await noc.getByLabel('Causa').fill('Circuito sem sinal óptico');
  await noc.getByLabel('Protocolo da operadora').fill(`OPEN-${tag}`);
  await noc.getByRole('button', { name: 'Criar indisponibilidade' }).click();
  await expectToast(noc, 'Indisponibilidade registrada!');
  await expect(noc).toHaveURL(new RegExp(`/circuit/${circuitId}/unavailability/$`));

  // Live in the other browser, without reload.
  await expect(stateOf(watcher, designation)).toHaveText('fora do ar', { timeout: 20_000 });

  // Close it from the periods list.
  await noc.getByRole('row').filter({ hasText: `OPEN-${tag}` }).getByRole('menuitem', { name: 'Encerrar agora' }).or(noc.getByRole('row').filter({ hasText: `OPEN-${tag}` }).getByRole('button', { name: 'Encerrar agora' })).first().click();
  await expectToast(noc, 'Indisponibilidade encerrada!');
  await expect(stateOf(watcher, designation)).toHaveText('no ar', { timeout: 20_000 });

  // The SLA tab: the circuit breached, with its credit; the letter is a PDF.
  await noc.goto('/circuit?tab=sla');
  await noc.getByRole('combobox', { name: 'Operadora' }).click();
  await noc.getByRole('option', { name: carrier }).click();
  const table = noc.getByRole('table', { name: /SLA das operadoras/ });
  await expect(table.getByRole('row').filter({ hasText: designation })).toContainText('SLA violado');
  await expect(table).toContainText(`Total ${carrier}`);
  const [download] = await Promise.all([noc.waitForEvent('download'), noc.getByRole('button', { name: 'Carta de pedido de desconto' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pedido-de-desconto-.*\.pdf$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // No serious accessibility violations on the circuit screens and the dashboard card.
  for (const [path, heading] of [
    ['/circuit?tab=sla', 'Circuitos de operadora'],
    ['/circuit', 'Circuitos de operadora'],
    [`/circuit/edit/${circuitId}`, 'Editar circuito'],
    [`/circuit/${circuitId}/unavailability/`, 'Indisponibilidades do circuito'],
    [`/circuit/${circuitId}/unavailability/create`, 'Nova indisponibilidade'],
    ['/', /Bom dia|Boa tarde|Boa noite/],
  ] as const) {
    await noc.goto(path);
    await expect(noc.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await noc.getByLabel(/^Carregando/).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    await noc.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    expect({ path, violations: await seriousViolations(noc) }).toEqual({ path, violations: [] });
  }
  await expect(noc.getByRole('region', { name: 'Circuitos de operadora' })).toContainText('fora do ar agora');

  // The SLA tab, the form and the periods on the phone: nothing scrolls the page sideways.
  for (const [path, heading] of [
    ['/circuit?tab=sla', 'Circuitos de operadora'],
    ['/circuit/create', 'Novo circuito'],
    [`/circuit/${circuitId}/unavailability/`, 'Indisponibilidades do circuito'],
  ] as const) {
    await watcher.goto(path);
    await expect(watcher.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await watcher.getByLabel(/^Carregando/).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    expect({ path, width: await watcher.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: 360 });
  }
});
