import { expect, test } from '@playwright/test';
import { uiLogin } from './helpers';

const bg = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('theme toggle: dark by default, light after toggling, kept across reload', async ({ page }) => {
  await uiLogin(page, 'tecnico');
  await expect(page.getByRole('button', { name: 'Usar tema claro' })).toBeVisible();
  const dark = await bg(page);
  await page.getByRole('button', { name: 'Usar tema claro' }).click();
  await expect(page.getByRole('button', { name: 'Usar tema escuro' })).toBeVisible();
  const light = await bg(page);
  expect(light).not.toBe(dark);
  expect(await page.evaluate(() => localStorage.getItem('darkTheme'))).toBe('false');
  await page.waitForTimeout(500); // the PUT /api/me settings call
  await page.reload();
  await expect(page.getByRole('button', { name: 'Usar tema escuro' })).toBeVisible();
  expect(await bg(page)).toBe(light);
  // Saved on the server too: a new login brings the light theme back.
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await uiLogin(page, 'tecnico');
  await expect(page.getByRole('button', { name: 'Usar tema escuro' })).toBeVisible();
  await page.getByRole('button', { name: 'Usar tema escuro' }).click();
  await expect(page.getByRole('button', { name: 'Usar tema claro' })).toBeVisible();
});
