import { expect, test } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

test('a notification sent by another user appears live in the bell, with toast and desktop notification', async ({
  page,
  request,
}) => {
  // Record desktop notifications instead of showing them.
  await page.addInitScript(() => {
    const calls: { title: string; body?: string }[] = [];
    (window as unknown as { __desktop: typeof calls }).__desktop = calls;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, opts?: { body?: string }) {
        calls.push({ title, body: opts?.body });
      }
    }
    (window as unknown as { Notification: unknown }).Notification = FakeNotification;
  });
  await uiLogin(page, 'almoxarife');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  // Wait until the EventSource is connected before publishing.
  await page.waitForTimeout(1500);
  const me = await apiLogin(request, 'almoxarife');
  // The unread count before, from the API (other specs on this server may have notified this user,
  // and the badge may not have loaded yet).
  const unread = await request.get('/api/user/notification?page=1&pageSize=1', { headers: auth(me.token) });
  const before = Number((await unread.json()).unread_count);
  if (before > 0) await expect(page.getByTestId('notification-badge')).toContainText(String(before));
  const sender = await apiLogin(request, 'gestor');
  const title = `Inventário ${Date.now()}`;
  const r = await request.post('/api/notification', {
    headers: auth(sender.token),
    data: { title, message: 'Conferir a seção B amanhã às 8h.', user_ids: [me.user.id] },
  });
  expect(r.status()).toBeLessThan(300);

  await expectToast(page, title);
  await expect(page.getByTestId('notification-badge')).toContainText(String(before + 1));
  const desktop = await page.evaluate(() => (window as unknown as { __desktop: { title: string }[] }).__desktop);
  expect(desktop.map((d) => d.title)).toContain(title);

  await bell.click();
  const list = page.getByTestId('notification-list');
  await expect(list.getByText(title)).toBeVisible();
  await list.getByText(title).click();
  await expect(page.getByTestId('notification-badge')).toContainText(String(before));
});
