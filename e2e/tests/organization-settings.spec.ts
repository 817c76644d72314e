import { expect, test } from '@playwright/test';
import { expectToast, uiLogin } from './helpers';

test('organization settings: change the warehouse settings and see the revision entry', async ({ page }) => {
  const prefix = `A${Date.now().toString(36).slice(-4).toUpperCase()}-`;
  await uiLogin(page, 'gestor');
  await page.goto('/organization-settings');
  await expect(page.getByRole('heading', { name: 'Configurações da organização' })).toBeVisible();
  await page.getByRole('list', { name: 'Seções de configuração' }).getByRole('link', { name: /Almoxarifado/ }).click();
  await expect(page).toHaveURL(/\/organization-settings\/warehouse$/);
  await expect(page.getByRole('heading', { name: 'Configurações: Almoxarifado' })).toBeVisible();

  const prefixField = page.getByRole('textbox', { name: 'Prefixo do número de patrimônio' });
  const before = await prefixField.inputValue();
  // The contract's validation, in pt-BR, on the field.
  await prefixField.fill('pat 1');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Use letras maiúsculas, números e hífen')).toBeVisible();

  await prefixField.fill(prefix);
  await page.getByRole('textbox', { name: 'Dígitos do número de patrimônio' }).fill('8');
  await expect(page.getByText(`${prefix}00000123`)).toBeVisible();
  const alerts = page.getByRole('switch', { name: 'Alertas de estoque baixo' }).or(page.getByRole('checkbox', { name: 'Alertas de estoque baixo' }));
  const alertsWere = await alerts.isChecked();
  await alerts.click();
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expectToast(page, 'Configurações salvas!');

  // Reloaded from the server.
  await page.reload();
  await expect(prefixField).toHaveValue(prefix);

  // The revision log: entity in pt-BR, labelled fields, old → new.
  await page.goto('/revision');
  await expect(page.getByRole('heading', { name: 'Log de revisões' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Entidade' }).click();
  await page.getByRole('option', { name: 'Configurações da organização' }).click();
  await expect(page).toHaveURL(/entity=organization_settings/);
  const entry = page.getByRole('article').first();
  await expect(entry).toContainText('Alteração');
  await expect(entry).toContainText('Configurações da organização');
  await expect(entry).toContainText('por gestor');
  const prefixRow = entry.locator('div').filter({ has: page.getByText('Almoxarifado › Prefixo do número de patrimônio', { exact: true }) }).last();
  await expect(prefixRow.locator('[data-part="before"]')).toHaveText(before);
  await expect(prefixRow.locator('[data-part="after"]')).toHaveText(prefix);
  await expect(entry).toContainText('Almoxarifado › Dígitos do número de patrimônio');
  await expect(entry).toContainText(`Almoxarifado › Alertas de estoque baixo${alertsWere ? 'Sim' : 'Não'}`);

  // The action filter keeps it; "Criação" does not.
  await page.getByRole('combobox', { name: 'Ação' }).click();
  await page.getByRole('option', { name: 'Criação' }).click();
  await expect(page.getByText('Nenhuma revisão encontrada para os filtros escolhidos.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page).toHaveURL(/\/revision$/);

  // The settings page has the same entry in its "Histórico" tab.
  await page.goto('/organization-settings/warehouse?tab=historico');
  await expect(page.getByRole('article').first()).toContainText(prefix);
});

test('organization settings: a user without ORG sees the sections read-only', async ({ page }) => {
  await uiLogin(page, 'tecnico');
  await page.goto('/organization-settings/warehouse');
  await expect(page.getByText('Somente administradores da organização podem alterar estas configurações.')).toBeVisible();
  await expect(page.getByRole('textbox').first()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar configurações' })).toHaveCount(0);

  // The MikroTik section (SNMP community) is not for every member: an inline refusal, never asked for.
  const asked: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/organization-settings/mikrotik')) asked.push(r.url()); });
  await page.goto('/organization-settings/mikrotik');
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Comunidade SNMP' })).toHaveCount(0);
  expect(asked).toEqual([]);
});
