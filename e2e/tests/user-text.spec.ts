import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

/**
 * User text is text: a name written as markup shows literally in the delete confirmation, in the
 * 409 toast that repeats it and in the project's Gantt, and no element is ever made from it.
 */
const HOSTILE = '<img src=x onerror=alert(1)> <b>negrito</b>';

/** No element came from the hostile text anywhere on the page (the app itself draws no `<b>`, and its images have a src). */
async function expectNoInjectedElements(page: Page) {
  expect(await page.locator('b').count()).toBe(0);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
}

test('a name written as HTML stays text in dialogs, toasts and the Gantt', async ({ page, request }) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const { token } = await apiLogin(request, 'gestor');

  // A site with the hostile name, held by an asset so that its delete is refused with 409 naming it.
  const site = await request.post('/api/site', { headers: auth(token), data: { code: `XSS-${tag}`, name: `${HOSTILE} ${tag}`, type: 'pop' } });
  expect(site.status()).toBe(201);
  const siteId = ((await site.json()) as { id: number }).id;
  const asset = await request.post('/api/asset', { headers: auth(token), data: { hostname: `xss-${tag.toLowerCase()}`, role: 'roteador', vendor: 'mikrotik', site_id: siteId } });
  expect(asset.status()).toBe(201);

  await uiLogin(page, 'gestor');
  await page.goto(`/site?search=XSS-${tag}`);
  const row = page.getByRole('row').filter({ hasText: `XSS-${tag}` });
  await expect(row).toContainText(HOSTILE);
  await row.getByRole('menuitem', { name: 'Excluir' }).or(row.getByRole('button', { name: 'Excluir' })).first().click();
  const popup = page.locator('.swal2-popup:not(.swal2-toast)');
  await expect(popup.locator('.swal2-title')).toContainText(`Excluir o site XSS-${tag} — ${HOSTILE} ${tag}?`);
  await expectNoInjectedElements(page);
  await popup.getByRole('button', { name: 'Excluir' }).click();
  await expectToast(page, `"${HOSTILE} ${tag}"`);
  await expectNoInjectedElements(page);

  // A project task with the hostile title, drawn by frappe-gantt.
  const projects = (await (await request.get('/api/project?pageSize=1', { headers: auth(token) })).json()) as { items: { id: number; starts_on: string | null }[] };
  const project = projects.items[0];
  const task = await request.post('/api/project/task', { headers: auth(token), data: { project_id: project.id, title: `${HOSTILE} ${tag}`, starts_on: '2026-12-01', due_on: '2026-12-05' } });
  expect(task.status(), await task.text()).toBe(201);
  await page.goto(`/project/edit/${project.id}`);
  const gantt = page.getByTestId('gantt');
  await expect(gantt.locator('.bar-label').filter({ hasText: `${HOSTILE} ${tag}` })).toHaveCount(1);
  await gantt.locator('.bar-wrapper').filter({ hasText: `${HOSTILE} ${tag}` }).locator('.bar').click();
  await expect(gantt.locator('.popup-wrapper .title')).toHaveText(`${HOSTILE} ${tag}`);
  await expectNoInjectedElements(page);
  expect(dialogs).toEqual([]);
});
