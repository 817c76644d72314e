import { expect, test } from '@playwright/test';
import { auth, toast, uiLogin } from './helpers';

test('a revoked token: "Sua sessão expirou!", then /login after about 3.2 s', async ({ page, request }) => {
  // The delay is measured with the page's own clock (when the toast is drawn, when /login is reached), not
  // with this runner's polling, which a loaded machine makes late by a second or more.
  const marks: Record<string, number> = {};
  await page.exposeFunction('__sessionMark', (name: string, at: number) => {
    marks[name] ??= at;
  });
  await page.addInitScript(() => {
    const sent = new Set<string>();
    const mark = (name: string) => {
      if (sent.has(name)) return;
      sent.add(name);
      void (window as unknown as { __sessionMark: (n: string, t: number) => Promise<void> }).__sessionMark(name, Date.now());
    };
    const watch = () => {
      if (document.querySelector('.swal2-container')?.textContent?.includes('Sua sessão expirou!')) mark('toast');
      if (location.pathname === '/login') mark('login');
    };
    new MutationObserver(watch).observe(document, { childList: true, subtree: true, characterData: true });
    setInterval(watch, 20);
  });
  await uiLogin(page, 'gestor');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  // Revoke every token of the user with the same token, from outside the page.
  const r = await request.post('/api/logout', { headers: auth(token!) });
  expect([200, 204]).toContain(r.status());

  await page.goto('/user');
  delete marks.login; // the login page of uiLogin
  await expect(toast(page)).toContainText('Sua sessão expirou!');
  // …then on /login about 3.2 s after the toast, with storage cleared and the path remembered.
  await page.waitForURL(/\/login$/, { timeout: 15_000 });
  await expect.poll(() => marks.login, { timeout: 5_000 }).toBeDefined();
  expect(marks.toast).toBeDefined();
  const elapsed = marks.login - marks.toast;
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
