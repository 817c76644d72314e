import { expect, test } from '@playwright/test';
import { expectToast, uiLogin } from './helpers';

test('an empty login shows both missing fields at once, sends nothing, and an error goes as its field is typed', async ({ page }) => {
  const logins: string[] = [];
  page.on('request', (r) => void (r.url().endsWith('/api/login') && logins.push(r.url())));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe o usuário')).toBeVisible();
  await expect(page.getByText('Informe a senha')).toBeVisible();
  await expect(page.getByLabel('Usuário')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Usuário')).toBeFocused();
  await page.getByLabel('Usuário').fill('   ');
  await expect(page.getByText('Informe o usuário')).toBeVisible(); // blanks are not a name
  await page.getByLabel('Usuário').fill('gestor');
  await expect(page.getByText('Informe o usuário')).toHaveCount(0);
  await expect(page.getByText('Informe a senha')).toBeVisible();
  expect(logins).toEqual([]);
});

test('wrong credentials show "Usuário ou senha inválidos!"', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Usuário').fill('gestor');
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expectToast(page, 'Usuário ou senha inválidos!');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('right credentials: "Bem-vindo de volta!", session stored, dashboard', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    exp: Number(localStorage.getItem('tokenExpiration')),
    user: JSON.parse(localStorage.getItem('userData') ?? 'null'),
    tiny: localStorage.getItem('tinymce_key'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.user.username).toBe('gestor');
  expect(stored.tiny).toBeTruthy();
  const minutes = (stored.exp - Date.now()) / 60_000;
  expect(minutes).toBeGreaterThan(748);
  expect(minutes).toBeLessThanOrEqual(750);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Marina');
});

test('a deep link while logged out goes to /login, then back to it after login', async ({ page }) => {
  await page.goto('/user/create');
  await expect(page).toHaveURL(/\/login$/);
  await uiLogin(page, 'gestor');
  await expect(page).toHaveURL(/\/user\/create$/);
  await expect(page.getByRole('heading', { name: 'Novo usuário' })).toBeVisible();
});

test('logout clears the session and remembers the page', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await uiLogin(page, 'gestor');
  await expect(page).toHaveURL(/\/settings$/);
});

test('public pages render without login', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
  await page.goto('/confirmed');
  await expect(page.getByRole('heading', { name: 'Cadastro confirmado' })).toBeVisible();
  await page.goto('/cannot-confirm/abc');
  await expect(page.getByRole('heading', { name: 'Não foi possível confirmar' })).toBeVisible();
  await page.goto('/receiving/abc');
  await expect(page.getByRole('heading', { name: 'Recebimento de envio' })).toBeVisible();
  await page.goto('/forgot-password/reset/nao-existe');
  await page.getByLabel('Nova senha', { exact: true }).fill('outrasenha1');
  await page.getByLabel('Confirme a nova senha').fill('outrasenha1');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Solicitar um novo link' })).toBeVisible();
});

test('the routes behind the login arrive with the first page that needs them: an unknown path says so once logged in, and sends to /login when not', async ({ page }) => {
  await page.goto('/nao-existe/de-jeito-nenhum');
  await expect(page).toHaveURL(/\/login$/);
  await uiLogin(page, 'gestor');
  await page.goto('/nao-existe/de-jeito-nenhum');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByText('O endereço acessado não existe.')).toBeVisible();
  // A page behind the login, opened directly, and a move from it inside the app.
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).or(page.getByRole('link', { name: 'Operações' })).first().click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});
