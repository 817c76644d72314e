import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { uiLogin } from './helpers';

async function seriousViolations(page: Page) {
  const r = await new AxeBuilder({ page }).exclude('.swal2-container').analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

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

test('issue 4 screens have no serious accessibility violations', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.locator('.swal2-toast').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByLabel(/^Carregando/).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
});
