import { expect, test } from '@playwright/test';
import { auth, toast, uiLogin } from './helpers';

test('a revoked token: "Sua sessão expirou!", then /login after about 3.2 s', async ({ page, request }) => {
  await uiLogin(page, 'gestor');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  // Revoke every token of the user with the same token, from outside the page.
  const r = await request.post('/api/logout', { headers: auth(token!) });
  expect([200, 204]).toContain(r.status());

  await page.goto('/user');
  // The moment it is drawn matters here (the redirect is timed from it): watch the screen itself.
  await expect(toast(page)).toContainText('Sua sessão expirou!');
  const shownAt = Date.now();
  // Still on the page right after the toast…
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/user$/);
  // …then on /login about 3.2 s later, with storage cleared and the path remembered.
  await page.waitForURL(/\/login$/, { timeout: 10_000 });
  const elapsed = Date.now() - shownAt;
  expect(elapsed).toBeGreaterThan(2500);
  expect(elapsed).toBeLessThan(6000);
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), last: localStorage.getItem('lastAccessedRoute') }));
  expect(stored.token).toBeNull();
  expect(stored.last).toBe('/user');
});

test('an expired stamp logs the user out on start', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.evaluate(() => localStorage.setItem('tokenExpiration', String(Date.now() - 1000)));
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
