import { expect, test } from '@playwright/test';
import { expectToast, lastMailTo, linkIn, uiLogin } from './helpers';

test('register → confirmation e-mail → /confirmed → login; forgot password → reset → login', async ({ page }) => {
  const id = Date.now().toString(36);
  const email = `admin.${id}@provedor-teste.com.br`;
  const username = `adm.${id}`;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel(/^Nome fantasia/).fill(`Provedor ${id}`);
  await page.getByLabel(/^Nome completo/).fill('Ana Paula Ribeiro');
  await page.getByLabel(/^Apelido/).fill('Ana');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await page.getByLabel(/^Senha/).fill('cadastro-123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible();
  const answer = await page.getByRole('alert').innerText();

  const confirmation = linkIn(await lastMailTo(email), '/api/');
  await page.goto(confirmation.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/confirmed$/);
  await expect(page.getByRole('heading', { name: 'Cadastro confirmado' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await uiLogin(page, username, 'cadastro-123');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();

  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('alert')).toContainText('link');
  const reset = linkIn(await lastMailTo(email, 20_000, '/forgot-password/reset/'), '/forgot-password/reset/');
  await page.goto(reset.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('Nova senha', { exact: true }).fill('redefinida-123');
  await page.getByLabel('Confirme a nova senha').fill('redefinida-123');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expectToast(page, 'Senha alterada!');
  await expect(page).toHaveURL(/\/login$/);
  await uiLogin(page, username, 'redefinida-123');

  // Registering again with the taken e-mail answers exactly as a new account (no enumeration);
  // the owner is told by e-mail, with no confirmation link.
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await page.goto('/register');
  await page.getByLabel(/^Nome fantasia/).fill(`Outro provedor ${id}`);
  await page.getByLabel(/^Nome completo/).fill('Alguém Tentando');
  await page.getByLabel(/^Apelido/).fill('Alguém');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole('textbox', { name: 'Usuário', exact: true }).fill(`outro.${id}`);
  await page.getByLabel(/^Senha/).fill('cadastro-repetido-9');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(answer);
  await expect.poll(async () => /Tentativa[ _]de[ _]cadastro/.test(await lastMailTo(email))).toBe(true);
  const notice = await lastMailTo(email);
  expect(notice).toContain(username);
  expect(notice).not.toContain('/api/register/confirm/');
});
