import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';

/** Logs in through the login form and waits for the welcome toast. */
export async function uiLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toast(page)).toContainText('Bem-vindo de volta!');
}

/** The sweetalert2 toast. */
export const toast = (page: Page) => page.locator('.swal2-toast');

/** Logs in through the API; returns the login answer. */
export async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const r = await request.post('/api/login', { data: { username, password } });
  expect(r.status()).toBe(200);
  return (await r.json()) as { token: string; user: { id: number } };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The hrefs of the side-menu entries. */
export async function menuPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.locator('[data-menu-path]').first()).toBeAttached();
  return nav.locator('[data-menu-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-path') ?? ''));
}
