import { expect, test } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

test('my account: profile and picture with preview', async ({ page, request }) => {
  await uiLogin(page, 'tecnico');
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'Minha conta' })).toBeVisible();
  await page.getByLabel('Apelido').fill('Técnico Zé');
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expectToast(page, 'Perfil atualizado!');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!).person.nickname)).toBe('Técnico Zé');

  // 1×1 PNG
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.locator('input[type=file][aria-label="Escolher foto"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Foto de Técnico Zé' })).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Enviar foto' }).click();
  await expectToast(page, 'Foto atualizada!');
  const img = page.getByRole('img', { name: 'Foto de Técnico Zé' });
  await expect(img).toHaveAttribute('src', /\/api\/files\//);
  // The picture loads through the session's HttpOnly cookie (an <img> sends no token); without a login it is refused.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
  const src = (await img.getAttribute('src'))!;
  expect((await page.request.get(src)).status()).toBe(200);
  expect((await request.get(src)).status()).toBe(401);
});

test('my account: password change (a weak one is refused)', async ({ page, request }) => {
  // A user of its own: the demo password cannot be set back through the API (too weak).
  const username = `senha${Date.now().toString(36)}`;
  const first = 'primeira-senha-do-teste-1';
  const gestor = await apiLogin(request, 'gestor');
  const created = await request.post('/api/user', {
    headers: auth(gestor.token),
    data: { username, email: `${username}@demotelecom.com.br`, password: first, person: { nickname: 'Sônia', full_name: 'Sônia Braga' } },
  });
  expect(created.status()).toBe(201);
  await uiLogin(page, username, first);
  await page.goto('/my-account');
  await page.getByLabel(/^Senha atual/).fill(first);
  await page.getByLabel(/^Nova senha/).fill('12345678');
  await page.getByLabel(/^Confirme a nova senha/).fill('12345678');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText(/^Senha muito fraca: /).first()).toBeVisible();

  await page.getByLabel(/^Nova senha/).fill('nova-senha-123');
  await page.getByLabel(/^Confirme a nova senha/).fill('nova-senha-123');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expectToast(page, 'Senha alterada!');
  // The page keeps working with the fresh token.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sônia');
  await expect(page).toHaveURL(/\/$/);
  const r = await request.post('/api/login', { data: { username, password: 'nova-senha-123' } });
  expect(r.status()).toBe(200);
});

test('settings: table layout and page size are applied to lists and saved', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/settings');
  await page.getByLabel('Registros por página').click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await page.getByLabel('Layout das tabelas').click();
  await page.getByRole('option', { name: 'Compacto' }).click();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => [localStorage.getItem('pageSize'), localStorage.getItem('tableLayout')])).toEqual([
    '5',
    'compact',
  ]);
  await page.goto('/user');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Linhas por página/ })).toContainText('5');
  // restore
  await page.goto('/settings');
  await page.getByLabel('Registros por página').click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await page.getByLabel('Layout das tabelas').click();
  await page.getByRole('option', { name: 'Padrão' }).click();
  await page.waitForTimeout(500);
});

test('release notes: the super admin publishes one; users see "what\'s new" once', async ({ page, request }) => {
  // gestor has seen the current notes in this browser
  await uiLogin(page, 'gestor');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();

  await uiLogin(page, 'admin', 'admin12345');
  await page.goto('/release-notes');
  await page.getByRole('button', { name: 'Nova nota' }).click();
  const version = `9.${Date.now() % 100000}.0`;
  await page.getByLabel(/^Versão/).fill(version);
  await page.getByLabel(/^Título/).fill('Painel de circuitos');
  const editor = page.frameLocator('iframe.tox-edit-area__iframe');
  await editor.locator('body').click();
  await editor.locator('body').pressSequentially('Agora com disponibilidade mensal.');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expectToast(page, 'Nota de versão publicada!');
  await expect(page.getByRole('heading', { name: `${version} · Painel de circuitos` })).toBeVisible();
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();

  await uiLogin(page, 'gestor');
  await expect(page.getByRole('dialog', { name: `Novidades da versão ${version}` })).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('Agora com disponibilidade mensal.');
  await page.getByRole('button', { name: 'Entendi' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // clean up through the API
  const admin = await apiLogin(request, 'admin', 'admin12345');
  const list = await (await request.get('/api/release-note?page=1&pageSize=99999', { headers: auth(admin.token) })).json();
  const note = list.items.find((n: { version: string }) => n.version === version);
  if (note) await request.delete(`/api/release-note/${note.id}`, { headers: auth(admin.token) });
});
