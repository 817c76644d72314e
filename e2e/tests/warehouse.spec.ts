import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectToast, pick, uiLogin } from './helpers';

/**
 * The warehouse in the browser: the warehouse keeper (almoxarife) creates a stock, a
 * section, a product and five patrimony items in bulk; the technician (tecnico) requests one;
 * the manager (gestor) approves it; the keeper delivers it; the technician sees it in
 * /my-patrimony and confirms receipt; the keeper sees the movements of the item.
 */

const swal = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');

async function as(browser: Browser, username: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport });
  const page = await context.newPage();
  await uiLogin(page, username);
  return page;
}

test('warehouse: stock → section → product → 5 items in bulk → request → approve → deliver → my patrimony → movements', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const stockName = `Almoxarifado Norte ${tag}`;
  const sectionName = `Prateleira ${tag}`;
  const productName = `ONU GPON ${tag}`;
  const serials = [1, 2, 3, 4, 5].map((n) => `SN${tag}${n}`);

  // --- The warehouse keeper: stock, section, product, five items -----------------------------
  const keeper = await as(browser, 'almoxarife');
  await keeper.goto('/stock');
  await expect(keeper.getByRole('heading', { name: 'Estoques', level: 1 })).toBeVisible();
  await keeper.getByRole('link', { name: 'Novo estoque' }).click();
  await expect(keeper).toHaveURL(/\/stock\/create$/);
  // Validation in pt-BR on the fields.
  await keeper.getByRole('button', { name: 'Criar estoque' }).click();
  await expect(keeper.getByText('Informe o nome')).toBeVisible();
  await keeper.getByLabel('Nome').fill(stockName);
  await keeper.getByLabel('Código').fill(`ALN${tag}`);
  await keeper.getByRole('combobox', { name: 'Unidade organizacional' }).click();
  // The demo may hold more units (seeded data): take the first match.
  await keeper.getByRole('option', { name: /Almoxarifado Central/ }).first().click();
  await keeper.getByRole('button', { name: 'Criar estoque' }).click();
  await expectToast(keeper, 'Estoque criado!');
  await expect(keeper).toHaveURL(/\/stock\/info\/\d+$/);
  await expect(keeper.getByRole('heading', { name: `Estoque ${stockName}` })).toBeVisible();

  await keeper.getByRole('link', { name: 'Nova seção' }).click();
  await expect(keeper).toHaveURL(/\/section\/create\?stock=\d+$/);
  await expect(keeper.getByRole('combobox', { name: 'Estoque' })).toContainText(stockName);
  await keeper.getByLabel('Nome').fill(sectionName);
  await keeper.getByLabel('Código').fill('A-01');
  await keeper.getByRole('button', { name: 'Criar seção' }).click();
  await expectToast(keeper, 'Seção criada!');
  await expect(keeper).toHaveURL(/\/section\/info\/\d+$/);

  await keeper.goto('/product/create');
  await keeper.getByLabel('Código').fill(`ONU${tag}`);
  await keeper.getByLabel('Nome').fill(productName);
  await keeper.getByRole('combobox', { name: 'Controle' }).click();
  await keeper.getByRole('option', { name: /Patrimônio/ }).click();
  await keeper.getByLabel('Preço (R$)').fill('1299,90');
  await keeper.getByRole('button', { name: 'Criar produto' }).click();
  await expectToast(keeper, 'Produto criado!');
  await expect(keeper).toHaveURL(/\/product$/);

  await keeper.goto('/patrimony/create');
  await keeper.getByRole('button', { name: 'Vários itens (em lote)' }).click();
  await pick(keeper, 'Produto', productName);
  await pick(keeper, /Seção onde os itens ficam/, sectionName);
  await keeper.getByLabel('Números de série (um por linha)').fill(serials.join('\n'));
  await expect(keeper.getByText('5 números de série')).toBeVisible();
  // What the user waits for: the answer of the bulk creation, then its toast (recorded, so a
  // check that comes late under load still sees it) and the five rows in the list.
  const bulk = keeper.waitForResponse((r) => r.url().includes('/api/patrimony/bulk') && r.request().method() === 'POST', { timeout: 60_000 });
  await keeper.getByRole('button', { name: 'Criar itens' }).click();
  expect((await bulk).status()).toBe(201);
  await expectToast(keeper, '5 itens criados!');
  await expect(keeper).toHaveURL(/\/patrimony$/);
  await keeper.getByLabel('Pesquisar patrimônio, série ou produto').fill(productName);
  const grid = keeper.getByRole('grid', { name: 'Lista de patrimônio' });
  for (const s of serials) await expect(grid.getByText(s)).toBeVisible();

  // --- The technician asks for one item ------------------------------------------------------
  const tech = await as(browser, 'tecnico');
  await tech.goto('/patrimony-solicitation');
  await tech.getByRole('button', { name: 'Nova solicitação' }).click();
  const dialog = tech.getByRole('dialog', { name: 'Nova solicitação de patrimônio' });
  await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(dialog.getByText('Informe ao menos um item')).toBeVisible();
  await pick(tech, 'Adicionar item de patrimônio disponível', serials[0], true);
  await expect(dialog.getByRole('list', { name: 'Itens da solicitação' }).getByRole('listitem')).toHaveCount(1);
  await dialog.getByLabel('Motivo').fill('Instalação de cliente corporativo');
  await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expectToast(tech, /Solicitação #\d+ enviada para aprovação!/);
  const details = tech.getByRole('dialog', { name: /Solicitação #\d+/ });
  await expect(details).toContainText('Aguardando');
  const requestId = Number(/#(\d+)/.exec((await details.getByRole('heading').first().textContent()) ?? '')![1]);
  expect(requestId).toBeGreaterThan(0);
  // The technician cannot approve their own request.
  await expect(details.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Cancelar' })).toBeVisible();

  // --- The manager approves --------------------------------------------------------------------
  const manager = await as(browser, 'gestor');
  await manager.goto(`/patrimony-solicitation?id=${requestId}`);
  const mDetails = manager.getByRole('dialog', { name: `Solicitação #${requestId}` });
  await expect(mDetails).toContainText(serials[0]);
  await mDetails.getByRole('button', { name: 'Aprovar' }).click();
  await expect(swal(manager)).toContainText(`Aprovar a solicitação #${requestId}?`);
  await swal(manager).getByRole('button', { name: 'Aprovar' }).click();
  await expectToast(manager, 'Solicitação aprovada!');
  await expect(mDetails).toContainText('Aprovada');

  // --- The keeper delivers -----------------------------------------------------------------------
  await keeper.goto(`/patrimony-solicitation?id=${requestId}`);
  const kDetails = keeper.getByRole('dialog', { name: `Solicitação #${requestId}` });
  await kDetails.getByRole('button', { name: 'Entregar' }).click();
  await swal(keeper).getByRole('button', { name: 'Entregar' }).click();
  await expectToast(keeper, 'Itens entregues ao solicitante!');
  await expect(kDetails).toContainText('Entregue');

  // --- The technician sees it and confirms receipt (on a 360 px phone) ---------------------------
  const phone = await as(browser, 'tecnico', { width: 360, height: 740 });
  await phone.goto('/my-patrimony');
  const mine = phone.getByRole('grid', { name: 'Itens sob minha responsabilidade' });
  const row = mine.getByRole('row').filter({ hasText: productName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Aguardando confirmação');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await row.getByRole('menuitem', { name: 'Confirmar recebimento' }).or(row.getByRole('button', { name: 'Confirmar recebimento' })).click();
  await swal(phone).getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expectToast(phone, 'Recebimento confirmado!');
  await expect(row).toContainText('Confirmado em');
  const itemId = Number(/edit\/(\d+)/.exec((await row.getByRole('link').first().getAttribute('href')) ?? '')![1]);

  // --- The movements of the item -------------------------------------------------------------------
  await keeper.keyboard.press('Escape');
  await keeper.goto(`/movements?item=${itemId}`);
  const moves = keeper.getByRole('grid', { name: 'Lista de movimentações' });
  // Newest first: the entry (bulk creation), the reservation (request) and the delivery (saída).
  await expect(moves.locator('[data-status="saida"]')).toHaveText('Saída');
  await expect(moves.locator('[data-status="reserva"]')).toHaveText('Reserva');
  await expect(moves.locator('[data-status="entrada"]')).toHaveText('Entrada');
  // The holder is the technician, by his current nickname (the account spec may have changed it on this server).
  const nickname = await phone.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { person?: { nickname?: string } }).person?.nickname ?? '');
  expect(nickname).not.toBe('');
  await expect(moves.getByRole('row').filter({ has: keeper.locator('[data-status="saida"]') })).toContainText(`${nickname} · Em uso`);
  // The hub counts it with people.
  await keeper.goto('/warehouse');
  await expect(keeper.getByRole('heading', { name: 'Almoxarifado', level: 1 })).toBeVisible();
  await expect(keeper.getByRole('main').getByRole('link', { name: /^Patrimônio/ })).toContainText('com pessoas');
});
