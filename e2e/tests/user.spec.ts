import { expect, test } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

test('users screens: create, edit and deactivate a user', async ({ page }) => {
  const username = `tec${Date.now().toString(36)}`;
  await uiLogin(page, 'gestor');
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo usuário' }).click();
  await expect(page).toHaveURL(/\/user\/create$/);

  // Client-side validation in pt-BR.
  await page.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(page.getByText('Informe o nome completo')).toBeVisible();

  await page.getByLabel('Nome completo').fill('Paulo Henrique Teixeira');
  await page.getByLabel('Apelido').fill('Paulo');
  await page.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await page.getByLabel('E-mail').fill(`${username}@demotelecom.com.br`);
  await page.getByLabel(/^Senha\s*\*?$/).fill('senha-segura-1');
  await page.getByRole('checkbox', { name: 'Estoques: consultar' }).check();
  await page.getByRole('checkbox', { name: 'Atividades externas: gerenciar', exact: true }).check();
  await page.getByRole('button', { name: 'Criar usuário' }).click();
  await expectToast(page, 'Usuário criado!');
  await expect(page).toHaveURL(/\/user$/);

  await page.getByLabel('Pesquisar usuário, nome ou e-mail').fill(username);
  const row = page.getByRole('row').filter({ hasText: username });
  // Wait for the searched list (header + one row): clicking while the grid refetches hits a stale row.
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toBeVisible();
  await row.getByRole('menuitem', { name: 'Editar' }).or(row.getByRole('button', { name: 'Editar' })).first().click();
  await expect(page).toHaveURL(/\/user\/edit\/\d+$/);
  await expect(page.getByRole('checkbox', { name: 'Estoques: consultar' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Atividades externas: gerenciar', exact: true })).toBeChecked();
  await page.getByLabel('Apelido').fill('Paulinho');
  await page.getByRole('checkbox', { name: 'Produtos: consultar' }).check();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Usuário atualizado!');
  await expect(page).toHaveURL(/\/user$/);

  await page.getByLabel('Pesquisar usuário, nome ou e-mail').fill(username);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toBeVisible();
  await row.getByRole('menuitem', { name: 'Desativar' }).or(row.getByRole('button', { name: 'Desativar' })).first().click();
  await expect(page.getByRole('dialog')).toContainText(`Desativar o usuário ${username}?`);
  await page.getByRole('button', { name: 'Desativar' }).last().click();
  await expectToast(page, /Usuário (desativado|removido)!/);
});

test('server errors: a conflict toasts "<status>: <message>", 422 violations land on their fields', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/user/create');
  await page.getByLabel('Nome completo').fill('Outro Gestor');
  await page.getByLabel('Apelido').fill('Outro');
  await page.getByRole('textbox', { name: 'Usuário', exact: true }).fill('gestor'); // already taken
  await page.getByLabel('E-mail').fill(`dup${Date.now()}@demotelecom.com.br`);
  await page.getByLabel(/^Senha\s*\*?$/).fill('senha-segura-1');
  await page.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(page.locator('.swal2-toast .swal2-title')).toHaveText(/^(409|422): .+/);
  await expect(page).toHaveURL(/\/user\/create$/);

  // The API's 422 shape, answered for this one call, is mapped onto the fields.
  await page.route('**/api/user', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 422,
            message: 'Dados inválidos',
            violations: [
              { propertyPath: 'person.nickname', message: 'Apelido já usado nesta unidade' },
              { propertyPath: 'email', message: 'Domínio de e-mail não permitido' },
            ],
          }),
        })
      : route.continue(),
  );
  await page.getByRole('textbox', { name: 'Usuário', exact: true }).fill(`novo${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(page.locator('.swal2-toast .swal2-title')).toHaveText('422: Dados inválidos');
  await expect(page.getByText('Apelido já usado nesta unidade')).toBeVisible();
  await expect(page.getByText('Domínio de e-mail não permitido')).toBeVisible();
  await expect(page.getByLabel('Apelido')).toHaveAttribute('aria-invalid', 'true');
});

test('a super admin creates a user in another organization, with one of its units', async ({ page, request }) => {
  const username = `demo${Date.now().toString(36)}`;
  await uiLogin(page, 'admin', 'admin12345');
  await page.goto('/user/create');
  const organization = page.getByRole('combobox', { name: /^Organização/ });
  await expect(organization).toBeVisible();
  await organization.click();
  await page.getByRole('option', { name: 'Demo Telecom' }).click();
  await page.getByLabel('Nome completo').fill('Renata Moraes');
  await page.getByLabel('Apelido').fill('Renata');
  await page.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await page.getByLabel('E-mail').fill(`${username}@demotelecom.com.br`);
  // A weak password is refused by the server, on its field, in pt-BR.
  await page.getByLabel(/^Senha\s*\*?$/).fill('12345678');
  await page.getByRole('combobox', { name: 'Unidade principal' }).click();
  // Only the chosen organization's units are offered.
  await expect(page.getByRole('option', { name: 'Matriz Curitiba' })).toBeVisible();
  // "Nenhuma" + exactly Demo Telecom's units (other specs may have added some to it).
  const admin0 = await apiLogin(request, 'admin', 'admin12345');
  const orgs = await (await request.get('/api/organization?search=Demo%20Telecom', { headers: auth(admin0.token) })).json();
  const demoUnits = await (
    await request.get(`/api/unit-organizational?pageSize=100&organization_id=${orgs.items[0].id}`, { headers: auth(admin0.token) })
  ).json();
  const demoUnitNames = (demoUnits.items as { name: string; organization_id: number }[]).filter((u) => u.organization_id === orgs.items[0].id).map((u) => u.name);
  await expect(page.getByRole('option')).toHaveCount(1 + demoUnitNames.length);
  await page.getByRole('option', { name: 'Regional São Paulo' }).click();
  await page.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(page.getByText(/^Senha muito fraca: /).first()).toBeVisible();
  await page.getByLabel(/^Senha\s*\*?$/).fill('renata-na-regional-7');
  await page.getByRole('button', { name: 'Criar usuário' }).click();
  await expectToast(page, 'Usuário criado!');

  const admin = await apiLogin(request, 'admin', 'admin12345');
  const list = await (await request.get(`/api/user?search=${username}`, { headers: auth(admin.token) })).json();
  expect(list.items).toHaveLength(1);
  expect(list.items[0]).toMatchObject({ organization: { fantasy_name: 'Demo Telecom' }, unit_organizational: { name: 'Regional São Paulo' } });
});

test('others create users in their own organization: no organization field', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/user/create');
  await expect(page.getByLabel('Nome completo')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Organização/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Unidade principal' }).click();
  await expect(page.getByRole('option', { name: 'Matriz Curitiba' })).toBeVisible();
});
