import { expect, test } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

/** A valid CNPJ from 12 random digits (check digits computed). */
function randomCnpj(): string {
  const d = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10));
  d[0] = 1 + (d[0] % 9);
  const check = (len: number) => {
    const w = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = w.reduce((a, x, i) => a + x * d[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  d.push(check(12));
  d.push(check(13));
  return d.join('');
}

test('organizations: a super admin creates an organization and a unit with its city, then adds a member', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const orgName = `Fibra Sul ${tag}`;
  const admin = await apiLogin(request, 'admin', 'admin12345');
  // A city to pick in the address (accent-insensitive search below).
  const states = await (await request.get('/api/state', { params: { search: 'Parana', pageSize: 5 }, headers: auth(admin.token) })).json();
  const pr = states.items.find((s: { uf: string }) => s.uf === 'PR');
  const cityName = `São José dos Pinhais ${tag}`;
  expect((await request.post('/api/city', { data: { state_id: pr.id, name: cityName }, headers: auth(admin.token) })).status()).toBe(201);

  await uiLogin(page, 'admin', 'admin12345');
  await page.goto('/organization');
  await expect(page.getByRole('heading', { name: 'Organizações' })).toBeVisible();
  await page.getByRole('link', { name: 'Nova organização' }).click();
  await expect(page).toHaveURL(/\/organization\/create$/);
  await expect(page.getByRole('heading', { name: 'Nova organização' })).toBeVisible();

  // Client-side validation in pt-BR, on the fields.
  await page.getByLabel('CNPJ').fill('11.111.111/1111-11');
  await page.getByRole('button', { name: 'Criar organização' }).click();
  await expect(page.getByText('Informe o nome fantasia')).toBeVisible();
  await expect(page.getByText('CNPJ inválido')).toBeVisible();

  await page.getByLabel('Nome fantasia').fill(orgName);
  await page.getByLabel('Razão social').fill(`Fibra Sul Telecomunicações ${tag} Ltda`);
  await page.getByLabel('CNPJ').fill(randomCnpj());
  await page.getByLabel('E-mail').fill(`contato-${tag}@fibrasul.com.br`);
  await page.getByLabel('Telefone').fill('(41) 3333-4444');
  await page.getByLabel('CEP').fill('83005-000');
  await page.getByRole('combobox', { name: 'Cidade' }).fill(`sao jose dos pinhais ${tag}`);
  await page.getByRole('option', { name: new RegExp(cityName) }).click();
  await page.getByRole('button', { name: 'Criar organização' }).click();
  await expectToast(page, 'Organização criada!');
  await expect(page).toHaveURL(/\/organization\/edit\/\d+\?tab=unidades$/);
  const orgId = Number(/edit\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByText('Esta organização ainda não tem unidades.')).toBeVisible();

  // The city was saved with the organization.
  await page.getByRole('tab', { name: 'Dados' }).click();
  await expect(page.getByRole('combobox', { name: 'Cidade' })).toHaveValue(`${cityName} – PR`);
  await page.getByRole('tab', { name: /Unidades/ }).click();

  // A user of the new organization, to become a member.
  const username = `op${tag}`;
  const created = await request.post('/api/user', {
    headers: auth(admin.token),
    data: {
      username,
      email: `${username}@fibrasul.com.br`,
      password: 'senha-segura-1',
      person: { nickname: 'Rafa', full_name: 'Rafaela Moreira' },
      organization_id: orgId,
    },
  });
  expect(created.status()).toBe(201);

  await page.getByRole('link', { name: 'Nova unidade' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${orgId}/unit-organizational/create$`));
  await expect(page.getByRole('heading', { name: 'Nova unidade' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('NOC Curitiba');
  await page.getByLabel('Código').fill('noc cwb'); // invalid: has a space
  await page.getByRole('button', { name: 'Criar unidade' }).click();
  await expect(page.getByText('Use letras, números, ponto, hífen ou sublinhado')).toBeVisible();
  await page.getByLabel('Código').fill('NOC-CWB');
  await page.getByRole('button', { name: 'Criar unidade' }).click();
  await expectToast(page, 'Unidade criada!');
  await expect(page).toHaveURL(/\/unit-organizational\/edit\/\d+\?tab=membros$/);
  await expect(page.getByText('Nenhum membro nesta unidade.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Adicionar membro' }).fill(username);
  await page.getByRole('option', { name: new RegExp(username) }).click();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expectToast(page, `${username} adicionado à unidade!`);
  const members = page.getByRole('list', { name: 'Membros da unidade NOC Curitiba' });
  await expect(members.getByText('Rafaela Moreira')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Membros (1)' })).toBeVisible();

  // The organization's page lists the unit with its member.
  await page.getByRole('link', { name: orgName }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/edit/${orgId}\\?tab=unidades$`));
  await page.getByRole('button', { name: /NOC Curitiba/ }).click();
  await expect(page.getByRole('list', { name: 'Membros da unidade NOC Curitiba' }).getByText('Rafaela Moreira')).toBeVisible();

  // A unit with members cannot be deleted: the API's 409 message is shown.
  await page.getByRole('button', { name: 'Excluir a unidade NOC Curitiba' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expectToast(page, '409: A unidade possui 1 usuário(s) vinculado(s) e não pode ser excluída.');

  // The history tab shows the creation.
  await page.getByRole('tab', { name: 'Histórico' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Criação' }).first()).toContainText(orgName);
});

test('organizations: an org admin sees only their own organization and cannot create one', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/organization');
  const grid = page.getByRole('grid', { name: 'Lista de organizações' });
  await expect(grid.getByText('Demo Telecom', { exact: true })).toBeVisible();
  await expect(page.getByText(/^1.1 de 1$/)).toBeVisible(); // only their own organization
  await expect(page.getByRole('link', { name: 'Nova organização' })).toHaveCount(0);
});
