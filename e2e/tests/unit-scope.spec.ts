import { expect, test } from '@playwright/test';
import { uiLogin } from './helpers';

/**
 * Permissions scoped to a unit: the Ponta Grossa keeper (almoxarife.pg) sees only Ponta Grossa's
 * stock and items; the manager sees every stock, and reads where each permission of a user
 * reaches, on the user list and on the user's page.
 */
test('the Ponta Grossa keeper sees only his unit’s stock and items', async ({ page }) => {
  await uiLogin(page, 'almoxarife.pg');
  await page.goto('/stock');
  await expect(page.getByRole('row', { name: /EST-PGO/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /ALM-CWB/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /EST-SP/ })).toHaveCount(0);
  await page.goto('/patrimony');
  await expect(page.getByRole('row', { name: /48575443PG01/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /48575443A1001/ })).toHaveCount(0);
  // The demo's out-requests are Curitiba's and São Paulo's: none is his to see.
  await page.goto('/patrimony-solicitation');
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
});

test('the manager sees every stock and where each user’s permissions reach', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/stock');
  await expect(page.getByRole('row', { name: /ALM-CWB/ })).toBeVisible();
  // Searched, not looked for on the first page: other specs add stocks that sort before it.
  await page.goto('/stock?search=EST-PGO');
  await expect(page.getByRole('row', { name: /EST-PGO/ })).toBeVisible();

  await page.goto('/user?search=almoxarife.pg');
  const row = page.getByRole('row', { name: /almoxarife\.pg/ });
  await expect(row).toContainText('Regional Ponta Grossa');
  await page.goto('/user?search=gestor');
  await expect(page.getByRole('row', { name: /gestor/ }).first()).toContainText('Toda a organização');

  await page.goto('/user?search=almoxarife.pg');
  await page.getByRole('row', { name: /almoxarife\.pg/ }).getByRole('button', { name: 'Editar' }).click();
  const scopes = page.getByRole('region', { name: 'Onde as permissões valem' });
  await expect(scopes.getByRole('combobox', { name: 'Estoques' })).toBeVisible();
  await expect(scopes.getByText('Regional Ponta Grossa').first()).toBeVisible();
  // The product catalogue is the organization's: not offered for a scope.
  await expect(scopes.getByRole('combobox', { name: 'Produtos' })).toHaveCount(0);
});

test('the Ponta Grossa technician sees only his unit’s work orders', async ({ page }) => {
  await uiLogin(page, 'tecnico.pg');
  await page.goto('/external-activity');
  await expect(page.getByText('Cooperativa Agrícola Campos Gerais').first()).toBeVisible();
  await expect(page.getByText('Padaria Pão Dourado')).toHaveCount(0);
  await expect(page.getByText('Clínica Vida Plena')).toHaveCount(0);
});

test('the manager sees every unit’s work orders and picks a new order’s unit', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/external-activity');
  await expect(page.getByText('Padaria Pão Dourado').first()).toBeVisible();
  await page.goto('/external-activity/create');
  await page.getByRole('combobox', { name: 'Unidade organizacional' }).click();
  await expect(page.getByRole('option', { name: /Regional Ponta Grossa/ })).toBeVisible();
});
