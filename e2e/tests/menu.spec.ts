import { expect, test } from '@playwright/test';
import { menuPaths, uiLogin } from './helpers';

// SPEC §6's ungated routes, and the wiki (reading it needs only a login, DESIGN §3)
const ALWAYS = ['/', '/warehouse', '/report', '/organization-settings', '/wiki', '/faq'];

test('a user with only STOCK.INDEX sees only the stock entries (stocks and the technicians\' vans) among the gated modules', async ({ page }) => {
  await uiLogin(page, 'estoque');
  const paths = await menuPaths(page);
  expect(paths.filter((p) => !ALWAYS.includes(p))).toEqual(['/stock', '/van']);
  expect(paths).toEqual(expect.arrayContaining(ALWAYS));
});

test('the manager sees the users module; the FAQ entry opens the FAQ page', async ({ page }) => {
  await uiLogin(page, 'gestor');
  const paths = await menuPaths(page);
  expect(paths).toEqual(expect.arrayContaining(['/user', '/stock', '/lmc', '/revision']));
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /^Perguntas frequentes/ }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();
});

test('on a 360 px phone the menu is a temporary drawer opened by the sandwich', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await uiLogin(page, 'gestor');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Usuários' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(nav).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
