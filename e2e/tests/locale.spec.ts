import { expect, test } from '@playwright/test';
import { expectToast, uiLogin } from './helpers';

test('locale: import a small IBGE CSV of cities with preview, progress and report; a second run duplicates nothing', async ({ page }) => {
  const tag = Date.now().toString(36);
  // Codes from 9000000 up name no IBGE municipality; the clock keeps them unique run to run.
  const base = 9_000_000 + (Date.now() % 899_990);
  const csv = [
    'codigo;nome;uf',
    `${base};Xanxerê ${tag};SC`,
    `${base + 1};São João do Triunfo ${tag};PR`,
    '',
    `${base + 2};Águas de Lindóia ${tag};SP`,
    `${base + 3};Cidade Perdida ${tag};XX`, // unknown UF
    `${base + 1};Repetida ${tag};PR`, // repeated code
    `12345;Curta ${tag};PR`, // code with 5 digits
  ].join('\r\n');

  // Cities are shared by every organization: only a super admin imports them.
  await uiLogin(page, 'admin', 'admin12345');
  await page.goto('/locale?tab=cidades');
  await expect(page.getByRole('tab', { name: 'Cidades', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar cidades (CSV do IBGE)' });
  await dialog.getByTestId('city-import-file').setInputFiles({ name: 'cidades.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf-8') });

  // Preview (dry run): nothing written yet; the first rows and each rejected row with its reason and file line.
  const summary = dialog.getByLabel('Resumo da pré-visualização');
  await expect(summary).toContainText('6Linhas lidas');
  await expect(summary).toContainText('3Novas');
  await expect(summary).toContainText('3Rejeitadas');
  const preview = dialog.getByRole('table', { name: 'Primeiras linhas aceitas' });
  await expect(preview.getByRole('row', { name: new RegExp(`São João do Triunfo ${tag}`) })).toBeVisible();
  const rejected = dialog.getByRole('table', { name: 'Linhas rejeitadas' });
  await expect(rejected.getByRole('row').filter({ hasText: 'UF desconhecida: XX' })).toContainText('6');
  await expect(rejected.getByRole('row').filter({ hasText: 'Código IBGE repetido' })).toContainText('7');
  await expect(rejected.getByRole('row').filter({ hasText: 'Código IBGE deve ter 7 dígitos' })).toContainText('8');

  await dialog.getByRole('button', { name: 'Importar 3 cidades' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Importação de cidades.csv concluída.' })).toBeVisible();
  const report = dialog.getByLabel('Relatório da importação');
  await expect(report).toContainText('3Criadas');
  await expect(report).toContainText('0Atualizadas');
  await expect(report).toContainText('3Rejeitadas');
  await expectToast(page, 'Importação concluída!');
  await dialog.getByRole('button', { name: 'Concluir' }).click();

  // Accent-insensitive search finds an imported city.
  await page.getByLabel('Pesquisar cidade').fill(`sao joao do triunfo ${tag}`);
  await expect(page.getByRole('grid', { name: 'Lista de cidades' }).getByText(`São João do Triunfo ${tag}`)).toBeVisible();

  // The same file again: everything is already there.
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  await dialog.getByTestId('city-import-file').setInputFiles({ name: 'cidades.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf-8') });
  await expect(summary).toContainText('0Novas');
  await expect(summary).toContainText('3Sem alteração');
  await dialog.getByRole('button', { name: 'Importar 3 cidades' }).click();
  await expect(report).toContainText('0Criadas');
  await expect(report).toContainText('3Sem alteração');
});

test('locale: the countries and states tabs list Brazil and its 27 states', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/locale');
  await expect(page.getByRole('grid', { name: 'Lista de países' }).getByText('Brasil')).toBeVisible();
  await page.getByRole('tab', { name: 'Estados' }).click();
  const states = page.getByRole('grid', { name: 'Lista de estados' });
  await expect(states.getByText('Amazonas')).toBeVisible();
  await expect(page.getByText(/de 27$/)).toBeVisible();
  // An organization's manager reads the shared lists but has nothing to change them with.
  await expect(page.getByRole('button', { name: 'Novo estado' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Cidades' }).click();
  await expect(page.getByRole('grid', { name: 'Lista de cidades' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nova cidade' })).toHaveCount(0);
});
