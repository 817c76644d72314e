import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { uiLogin } from './helpers';

async function seriousViolations(page: Page) {
  const r = await new AxeBuilder({ page }).exclude('.swal2-container').analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

test('login has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('dashboard and users list have no serious accessibility violations', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/user');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

const PAGES: [string, string][] = [
  ['/organization', 'Organizações'],
  ['/organization/edit/2', 'Editar organização'],
  ['/organization/edit/2?tab=unidades', 'Editar organização'],
  ['/unit-organizational/edit/1?tab=membros', 'Editar unidade'],
  ['/locale?tab=cidades', 'Localidades'],
  ['/organization-settings', 'Configurações da organização'],
  ['/organization-settings/mikrotik', 'Configurações: MikroTik'],
  ['/organization-settings/data-source/create', 'Nova fonte de dados'],
  ['/revision', 'Log de revisões'],
];

test('organization, locale, settings and revision screens have no serious accessibility violations', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByLabel(/^Carregando/).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
});
