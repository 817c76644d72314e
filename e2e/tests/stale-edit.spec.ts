import { expect, test, type Browser } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

/**
 * Stale edits and history: two people edit the same stock in two browsers; the second
 * save does not silently win (the "Registro alterado" dialog), "Sobrescrever" then saves, and
 * "Recarregar" shows the current record. Then an edit is reverted from the revision log.
 */

async function as(browser: Browser, username: string, viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport });
  const page = await context.newPage();
  await uiLogin(page, username);
  return page;
}

const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

test('two tabs edit the same stock: the second save gets the dialog, then Sobrescrever and Recarregar work', async ({ browser, request }) => {
  const { token } = await apiLogin(request, 'gestor');
  const units = await (await request.get('/api/unit-organizational?pageSize=1', { headers: auth(token) })).json();
  const k = tag();
  const made = await request.post('/api/stock', { headers: auth(token), data: { name: `Estoque Concorrido ${k}`, code: `CC-${k}`, unit_organizational_id: units.items[0].id } });
  expect(made.status()).toBe(201);
  const stock = await made.json();
  const read = async () => (await (await request.get(`/api/stock/${stock.id}`, { headers: auth(token) })).json()) as { name: string };

  // Marina (gestor) on a desktop, João (almoxarife) on a 375 px phone: both open the same stock.
  const marina = await as(browser, 'gestor');
  const joao = await as(browser, 'almoxarife', { width: 375, height: 740 });
  for (const p of [marina, joao]) {
    await p.goto(`/stock/edit/${stock.id}`);
    await expect(p.getByLabel('Nome')).toHaveValue(`Estoque Concorrido ${k}`);
  }

  await marina.getByLabel('Nome').fill(`Estoque da Marina ${k}`);
  await marina.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(marina, 'Estoque atualizado!');
  expect((await read()).name).toBe(`Estoque da Marina ${k}`);

  // João saves the version he loaded: refused, told who changed it; nothing of his is written.
  await joao.getByLabel('Nome').fill(`Estoque do João ${k}`);
  await joao.getByRole('button', { name: 'Salvar alterações' }).click();
  const dialog = joao.getByRole('dialog', { name: 'Registro alterado' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Este registro foi alterado por Marina enquanto você editava.');
  // At 375 px the three choices fit inside the screen.
  for (const name of ['Recarregar', 'Sobrescrever', 'Cancelar']) {
    const box = await dialog.getByRole('button', { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, name).toBe(true);
  }
  expect((await read()).name).toBe(`Estoque da Marina ${k}`);

  // Keyboard: Esc cancels and keeps his edits; saving again asks again; Sobrescrever writes his version.
  await joao.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(joao.getByLabel('Nome')).toHaveValue(`Estoque do João ${k}`);
  await joao.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sobrescrever' }).click();
  await expectToast(joao, 'Estoque atualizado!');
  await expect.poll(async () => (await read()).name).toBe(`Estoque do João ${k}`);

  // Now Marina is the stale one: Recarregar shows João's version and drops her edit.
  await marina.goto(`/stock/edit/${stock.id}`);
  await expect(marina.getByLabel('Nome')).toHaveValue(`Estoque do João ${k}`);
  const phone = await request.put(`/api/stock/${stock.id}`, { headers: auth(token), data: { address: `Rua Mudada ${k}` } });
  expect(phone.status()).toBe(200);
  await marina.getByLabel('Nome').fill(`Outra ideia da Marina ${k}`);
  await marina.getByRole('button', { name: 'Salvar alterações' }).click();
  const again = marina.getByRole('dialog', { name: 'Registro alterado' });
  await expect(again).toContainText('Este registro foi alterado por Marina enquanto você editava.');
  await again.getByRole('button', { name: 'Recarregar' }).click();
  await expectToast(marina, 'Registro recarregado: as suas alterações foram descartadas.');
  await expect(marina.getByLabel('Nome')).toHaveValue(`Estoque do João ${k}`);
  await expect(marina.getByLabel('Endereço')).toHaveValue(`Rua Mudada ${k}`);
  expect((await read()).name).toBe(`Estoque do João ${k}`);
  // After the reload her next save goes through (the form holds the current version).
  await marina.getByLabel('Nome').fill(`Estoque final ${k}`);
  await marina.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(marina, 'Estoque atualizado!');
  expect((await read()).name).toBe(`Estoque final ${k}`);
});

test('revision log: Reverter puts an edit back (confirmation names the fields), and a stale revert is refused with its message', async ({ browser, request }) => {
  const { token } = await apiLogin(request, 'gestor');
  const units = await (await request.get('/api/unit-organizational?pageSize=1', { headers: auth(token) })).json();
  const k = tag();
  const stock = await (await request.post('/api/stock', { headers: auth(token), data: { name: `Estoque Revertido ${k}`, code: `RV-${k}`, unit_organizational_id: units.items[0].id, address: 'Rua A, 1', description: 'Estoque de teste' } })).json();
  const page = await as(browser, 'gestor');
  await page.goto(`/stock/edit/${stock.id}`);
  await page.getByLabel('Nome').fill(`Nome errado ${k}`);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Estoque atualizado!');

  await page.goto(`/revision?entity=stock&entityId=${stock.id}`);
  const entries = page.getByRole('article');
  await expect(entries).toHaveCount(2);
  const edit = entries.filter({ hasText: 'Alteração' });
  await edit.getByRole('button', { name: /Reverter/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Reverter alteração?' });
  await expect(confirm).toContainText('Volta ao valor anterior: Nome.');
  await confirm.getByRole('button', { name: 'Reverter' }).click();
  await expectToast(page, 'Alteração revertida!');
  // The list refreshes with the revert's own revision on top; the stock has its old name.
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText(`Estoque Revertido ${k}`);
  const now = await (await request.get(`/api/stock/${stock.id}`, { headers: auth(token) })).json();
  expect(now.name).toBe(`Estoque Revertido ${k}`);

  // The older edit is no longer the latest: its revert is refused, the message shown, nothing written.
  await entries.nth(1).getByRole('button', { name: /Reverter/ }).click();
  await page.getByRole('dialog', { name: 'Reverter alteração?' }).getByRole('button', { name: 'Reverter' }).click();
  const refusal = page.getByRole('dialog', { name: 'Não foi possível reverter' });
  await expect(refusal).toContainText('O registro foi alterado depois desta revisão; reverta a alteração mais recente primeiro.');
  await refusal.getByRole('button', { name: 'Fechar' }).click();
  await expect(entries).toHaveCount(3);
});
