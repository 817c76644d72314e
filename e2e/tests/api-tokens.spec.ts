import { expect, test } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

/**
 * "Tokens de API" in Minha conta: a new token starts with read-only permissions among the user's, its secret is shown once and works against the API within them; revoked on
 * the page, it answers 401. A user manager sees and revokes another user's tokens on the user's page.
 */
test('a person creates an API token, uses it within its permissions, and revokes it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await uiLogin(page, 'tecnico');
  await page.goto('/my-account');
  const section = page.getByRole('table', { name: 'Tokens de API' });

  await page.getByRole('button', { name: 'Novo token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo token de API' });
  await dialog.getByLabel('Nome').fill('ERP de sites E2E');
  // Read-only forms are chosen; only what the technician holds is offered.
  await expect(dialog.getByRole('checkbox', { name: 'Atividades externas: consultar' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Atividades externas: gerenciar' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Sites: consultar' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Criar token' }).click();
  const secret = page.getByRole('dialog', { name: /Token “ERP de sites E2E” criado/ });
  const token = await secret.getByLabel('Token de API').inputValue();
  expect(token).toMatch(/^opr_/);
  await secret.getByRole('button', { name: 'Já copiei' }).click();
  await expect(section.getByRole('row', { name: /ERP de sites E2E/ })).toContainText(token.slice(0, 12));

  expect((await request.get('/api/external-activity', { headers: auth(token) })).status()).toBe(200);
  expect((await request.post('/api/external-activity', { headers: auth(token), data: {} })).status()).toBe(403);

  await section.getByRole('row', { name: /ERP de sites E2E/ }).getByRole('button', { name: 'Revogar' }).click();
  await page.getByRole('button', { name: 'Revogar', exact: true }).last().click();
  await expectToast(page, 'Token revogado');
  await expect(section.getByRole('row', { name: /ERP de sites E2E/ })).toHaveCount(0);
  const refused = await request.get('/api/external-activity', { headers: auth(token) });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toMatch(/Token de API inválido, expirado ou revogado/);
});

test('a user manager revokes another user\'s token from the user\'s page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tech = await apiLogin(request, 'tecnico');
  const created = await request.post('/api/me/token', { headers: auth(tech.token), data: { name: 'Planilha do técnico E2E', permissions: ['EXTERNAL_ACTIVITY.INDEX'] } });
  expect(created.status(), await created.text()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const me = (await (await request.get('/api/me', { headers: auth(tech.token) })).json()) as { id: number };

  await uiLogin(page, 'gestor');
  await page.goto(`/user/edit/${me.id}`);
  const row = page.getByRole('table', { name: 'Tokens de API' }).getByRole('row', { name: /Planilha do técnico E2E/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Revogar' }).click();
  await page.getByRole('button', { name: 'Revogar', exact: true }).last().click();
  await expectToast(page, 'Token revogado');
  expect((await request.get('/api/external-activity', { headers: auth(token) })).status()).toBe(401);
});
