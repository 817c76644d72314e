import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, lastMailTo, linkIn, uiLogin } from './helpers';

/**
 * The whole logistics flow: the manager asks for a shipment in the UI, approves it,
 * fills the transport data and dispatches it; the recipient opens the e-mailed link on a phone,
 * in a fresh browser context without login, marks one item received and one missing, and
 * confirms; the receipt shows (and stays on a second visit); the manager sees the shipment
 * "Recebido com divergência".
 */

type Setup = { tag: string; unitName: string; originStock: string; destSection: string; serials: string[]; cable: string };

/** A unit, an origin stock with a section and two routers, and a destination stock with a section (warehouse API, as gestor). */
async function warehouse(request: APIRequestContext, token: string): Promise<Setup> {
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const ok = async (url: string, data: unknown) => {
    const r = await request.post(url, { data, headers: auth(token) });
    expect(r.status(), `${url}: ${await r.text()}`).toBe(201);
    return (await r.json()) as { id: number };
  };
  const unitName = `Regional Litoral ${tag}`;
  const unit = await ok('/api/unit-organizational', { name: unitName, code: `LIT${tag}` });
  const originStock = `Almoxarifado Central ${tag}`;
  const origin = await ok('/api/stock', { name: originStock, code: `ALC${tag}`, unit_organizational_id: unit.id });
  const shelf = await ok('/api/section', { stock_id: origin.id, name: 'Prateleira A', code: 'A' });
  const dest = await ok('/api/stock', { name: `Estoque Litoral ${tag}`, code: `ELT${tag}`, unit_organizational_id: unit.id });
  const destSection = `Recebimento ${tag}`;
  await ok('/api/section', { stock_id: dest.id, name: destSection, code: 'REC' });
  const product = await ok('/api/product', { code: `RB${tag}`, name: `Roteador RB4011 ${tag}`, tracking: 'patrimonio' });
  const serials = [`SNA${tag}`, `SNB${tag}`];
  for (const serial of serials) await ok('/api/patrimony', { product_id: product.id, section_id: shelf.id, serial });
  const cable = `Cabo drop 1FO ${tag}`;
  const drop = await ok('/api/product', { code: `CB${tag}`, name: cable, tracking: 'consumivel', unit_of_measure: 'm' });
  await ok('/api/consumable/entry', { product_id: drop.id, section_id: shelf.id, quantity: 50, invoice_number: `NF${tag}` });
  return { tag, unitName, originStock, destSection, serials, cable };
}

/** Serious or critical axe violations (the sweetalert layer excluded, as in a11y.spec); `include` limits it to this module's part. */
async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).exclude('.swal2-container');
  const r = await (include ? builder.include(include) : builder).analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

const swal = (page: Page) => page.locator('.swal2-popup:not(.swal2-toast)');

test('logistics: request → approve → dispatch → public receiving (one missing) → "Recebido com divergência"', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(120_000); // the whole flow, in two browser contexts
  const manager = await apiLogin(request, 'gestor');
  const w = await warehouse(request, manager.token);
  const recipientEmail = `recebedor-${w.tag.toLowerCase()}@demotelecom.com.br`;

  // --- The request, in the UI -------------------------------------------------------------
  await uiLogin(page, 'gestor');
  await page.goto('/shipment-solicitation');
  await expect(page.getByRole('heading', { name: 'Solicitações de envio' })).toBeVisible();
  await page.getByRole('link', { name: 'Nova solicitação' }).click();
  await expect(page).toHaveURL(/\/shipment-solicitation\/create$/);

  // Client-side validation first, in pt-BR on the fields.
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByText('Escolha o estoque de origem', { exact: true })).toBeVisible();
  await expect(page.getByText('Informe o nome do destinatário')).toBeVisible();
  await expect(page.getByText('Inclua ao menos um item')).toBeVisible();
  await expect(page.getByText('Informe a justificativa')).toBeVisible();

  await page.getByRole('combobox', { name: 'Estoque de origem' }).click();
  await page.getByRole('option', { name: new RegExp(w.originStock) }).click();
  await page.getByRole('combobox', { name: 'Unidade de destino' }).click();
  await page.getByRole('option', { name: new RegExp(w.unitName) }).click();
  await page.getByLabel('Nome do destinatário').fill('Conceição Araújo');
  await page.getByLabel('E-mail do destinatário').fill(recipientEmail);

  // Two patrimony items, picked by serial among the available ones of the origin stock.
  const addPatrimony = page.getByRole('combobox', { name: 'Adicionar item de patrimônio' });
  for (const serial of w.serials) {
    await addPatrimony.fill(serial);
    await page.getByRole('option', { name: new RegExp(serial) }).click();
  }
  // A consumable quantity from the stock's balance: more than the balance is refused on the line.
  await page.getByRole('combobox', { name: 'Adicionar consumível' }).fill(w.cable);
  await page.getByRole('option', { name: new RegExp(w.cable) }).click();
  const lines = page.getByRole('list', { name: 'Itens da solicitação' }).getByRole('listitem');
  await expect(lines).toHaveCount(3);
  const cableLine = lines.filter({ hasText: w.cable });
  await cableLine.getByLabel('Quantidade').fill('60');
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(cableLine.getByText('Saldo disponível na seção: 50 m')).toBeVisible();
  // Patrimony must arrive somewhere traceable: a section or a holder, said together with the other errors.
  const sectionPicker = page.getByRole('combobox', { name: /Seção de destino/ });
  await expect(sectionPicker).toHaveAccessibleDescription(/informe a seção de destino ou o usuário destinatário/);
  await sectionPicker.fill(w.destSection);
  await page.getByRole('option', { name: new RegExp(w.destSection) }).click();
  await expect(sectionPicker).not.toHaveAccessibleDescription(/informe a seção de destino/);
  await cableLine.getByLabel('Quantidade').fill('12.5');
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.getByLabel('Por que enviar estes itens?').fill('Ativação de dois clientes corporativos no litoral');
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expectToast(page, /Solicitação #\d+ criada!/);
  await expect(page).toHaveURL(/\/shipment-solicitation\/edit\/\d+$/);
  await expect(page.getByText('Aguardando aprovação').first()).toBeVisible();

  // --- Approve: a shipment is created and opened ------------------------------------------
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(swal(page)).toContainText('Um envio será criado');
  await swal(page).getByRole('button', { name: 'Aprovar' }).click();
  // (the toast may give way to the realtime notification of the approval: the URL tells)
  await expect(page).toHaveURL(/\/shipment\/edit\/\d+$/);
  const shipmentUrl = page.url();
  const shipmentId = Number(/edit\/(\d+)/.exec(shipmentUrl)![1]);
  await expect(page.getByRole('heading', { level: 1, name: `Envio #${shipmentId}`, exact: true })).toBeVisible();
  await expect(page.getByText('Preparando').first()).toBeVisible();

  // Transport data: the carrier comes from the organization's logistic settings.
  await page.getByRole('combobox', { name: 'Transportadora' }).click();
  await page.getByRole('option', { name: 'Correios' }).click();
  await page.getByLabel('Código de rastreio').fill(`BR${w.tag}123`);
  await page.getByLabel('Volumes').fill('2');
  await page.getByRole('button', { name: 'Salvar transporte' }).click();
  await expectToast(page, 'Envio atualizado!');

  // --- Dispatch: the recipient gets the receiving link by e-mail --------------------------
  await page.getByRole('button', { name: 'Despachar' }).click();
  await expect(swal(page)).toContainText(recipientEmail);
  await swal(page).getByRole('button', { name: 'Despachar' }).click();
  await expectToast(page, 'Envio despachado!');
  await expect(page.getByText('Enviado', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Aguardando o destinatário confirmar o recebimento/)).toBeVisible();

  // The packing list (PDF, fetched with the token) opens in a new tab.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Romaneio (PDF)' }).click();
  const pdfTab = await popup;
  await expect.poll(() => pdfTab.url()).toMatch(/^blob:/);
  await pdfTab.close();

  // The history tab lists the shipment's revisions (created on approval, then updated).
  await page.getByRole('tab', { name: 'Histórico' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Envio' }).click();

  const mail = await lastMailTo(recipientEmail);
  const link = new URL(linkIn(mail, '/receiving/'));
  const receivingPath = link.pathname;

  // --- The recipient, on a phone, without login -------------------------------------------
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    acceptDownloads: true,
  });
  const r = await phone.newPage();
  await r.goto(receivingPath);
  await expect(r.getByRole('heading', { name: 'Confirme o recebimento' })).toBeVisible();
  await expect(r).toHaveURL(new RegExp(`${receivingPath}$`)); // no login asked
  await expect(r.getByText(`Envio #${shipmentId} para Conceição Araújo`)).toBeVisible();
  // Nothing wider than the phone.
  expect(await r.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const items = r.getByRole('list', { name: 'Itens do envio' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  expect(await seriousViolations(r)).toEqual([]);

  // Confirming with nothing marked: every item and the name are asked for.
  await r.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(r.getByText('Marque a situação deste item')).toHaveCount(3);
  await expect(r.getByText('Informe seu nome completo')).toBeVisible();

  const first = items.filter({ hasText: w.serials[0] });
  const second = items.filter({ hasText: w.serials[1] });
  await first.getByRole('button', { name: 'Recebido' }).click();
  await second.getByRole('button', { name: 'Faltando' }).click();
  await second.getByLabel('Comentário do item').fill('Caixa 2 não chegou');
  await items.filter({ hasText: w.cable }).getByRole('button', { name: 'Recebido' }).click();
  await r.getByLabel('Seu nome completo').fill('Conceição Araújo');

  // A signature drawn with the finger (touch pointer events on the canvas).
  const pad = r.getByRole('img', { name: /Assinatura/ });
  const box = (await pad.boundingBox())!;
  await pad.dispatchEvent('pointerdown', { pointerType: 'touch', pointerId: 1, clientX: box.x + 30, clientY: box.y + 100, button: 0, isPrimary: true });
  for (let i = 1; i <= 8; i++)
    await pad.dispatchEvent('pointermove', { pointerType: 'touch', pointerId: 1, clientX: box.x + 30 + i * 25, clientY: box.y + 100 - (i % 2) * 30, isPrimary: true });
  await pad.dispatchEvent('pointerup', { pointerType: 'touch', pointerId: 1, clientX: box.x + 230, clientY: box.y + 90, isPrimary: true });
  await expect(pad).toHaveAttribute('data-empty', 'false');

  await r.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(swal(r)).toContainText('2 recebidos, 1 faltando');
  await swal(r).getByRole('button', { name: 'Confirmar' }).click();

  // The receipt, with its PDF.
  await expect(r.getByRole('heading', { name: 'Recebimento confirmado' })).toBeVisible();
  await expect(r.getByText('Recebido com divergência: há itens faltando ou danificados.')).toBeVisible();
  await expect(r.getByText('Caixa 2 não chegou')).toBeVisible();
  await expect(r.getByText('Registrada')).toBeVisible();
  const download = r.waitForEvent('download');
  await r.getByRole('link', { name: 'Baixar comprovante (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(`comprovante-envio-${shipmentId}.pdf`);
  expect(await r.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A second visit shows the receipt, read-only.
  await r.reload();
  await expect(r.getByRole('heading', { name: 'Recebimento confirmado' })).toBeVisible();
  await expect(r.getByRole('button', { name: 'Confirmar recebimento' })).toHaveCount(0);
  await expect(r.getByRole('link', { name: 'Baixar comprovante (PDF)' })).toBeVisible();
  expect(await seriousViolations(r)).toEqual([]);

  // An unknown link: a clear page, no data.
  await r.goto('/receiving/' + 'x'.repeat(43));
  await expect(r.getByRole('heading', { name: 'Link de recebimento inválido' })).toBeVisible();
  await expect(r.getByText('Link de recebimento inválido ou cancelado.')).toBeVisible();
  await expect(r).toHaveURL(/\/receiving\//);
  await phone.close();

  // --- Back to the manager ----------------------------------------------------------------
  await page.reload();
  await expect(page.getByText('Recebido com divergência').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirmação de recebimento' })).toContainText('Conceição Araújo');
  const shipped = page.getByRole('list', { name: 'Itens do envio' });
  await expect(shipped.getByRole('listitem').filter({ hasText: w.serials[1] })).toContainText('Faltando');
  await expect(shipped.getByRole('listitem').filter({ hasText: w.serials[1] })).toContainText('Caixa 2 não chegou');
  await expect(shipped.getByRole('listitem').filter({ hasText: w.serials[0] })).toContainText('Recebido');
  await expect(shipped.getByRole('listitem').filter({ hasText: w.cable })).toContainText('12,5 m');

  await page.goto('/shipment');
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'Recebido com divergência' }).click();
  await expect(page.getByRole('grid', { name: 'Lista de envios' }).getByRole('gridcell', { name: `#${shipmentId}`, exact: true })).toBeVisible();
});

test('logistics: refusing asks for a reason; cancelling confirms first; an unavailable item shows the 409 message', async ({ page, request }) => {
  const manager = await apiLogin(request, 'gestor');
  const w = await warehouse(request, manager.token);
  const stocks = await (await request.get('/api/stock', { params: { search: w.originStock }, headers: auth(manager.token) })).json();
  const stockId = stocks.items[0].id as number;
  const items = await (await request.get('/api/patrimony', { params: { stock: stockId }, headers: auth(manager.token) })).json();
  const sections = await (await request.get('/api/section', { params: { search: w.destSection }, headers: auth(manager.token) })).json();
  const body = {
    origin_stock_id: stockId,
    destination_type: 'endereco',
    destination_address: 'Rua das Palmeiras, 100',
    destination_section_id: sections.items[0].id as number,
    recipient_name: 'Cliente Litoral',
    recipient_email: 'cliente@example.com',
    justification: 'Instalação',
    items: [{ patrimony_id: items.items[0].id }],
  };
  const a = await (await request.post('/api/shipment-solicitation', { data: body, headers: auth(manager.token) })).json();
  const b = await (await request.post('/api/shipment-solicitation', { data: body, headers: auth(manager.token) })).json();

  await uiLogin(page, 'gestor');
  await page.goto(`/shipment-solicitation/edit/${a.id}`);
  await page.getByRole('button', { name: 'Recusar' }).click();
  const dialog = page.getByRole('dialog', { name: `Recusar a solicitação #${a.id}?` });
  await dialog.getByRole('button', { name: 'Recusar' }).click();
  await expect(dialog.getByText('Informe o motivo (ao menos 3 caracteres)')).toBeVisible();
  await dialog.getByLabel(/Motivo da recusa/).fill('Sem transportadora para o litoral nesta semana');
  await dialog.getByRole('button', { name: 'Recusar' }).click();
  await expect(page.getByText(/Motivo: Sem transportadora para o litoral/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  // A pending request can still be edited (the full body is saved again).
  await page.goto(`/shipment-solicitation/edit/${b.id}`);
  await page.getByLabel('Por que enviar estes itens?').fill('Instalação do cliente do litoral, sala 3');
  // Steps act on the saved request: unsaved edits must be saved first.
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expectToast(page, 'Salve as alterações antes de continuar.');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Solicitação atualizada!');
  await page.reload();
  await expect(page.getByLabel('Por que enviar estes itens?')).toHaveValue('Instalação do cliente do litoral, sala 3');
  await expect(page.getByRole('list', { name: 'Itens da solicitação' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Cancelar solicitação' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancelar a solicitação #${b.id}?` });
  await cancel.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.locator('.MuiDialog-root')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancelar solicitação' }).click();
  await cancel.getByLabel(/Motivo do cancelamento/).fill('Cliente desistiu');
  await cancel.getByRole('button', { name: 'Cancelar solicitação' }).click();
  await expect(page.getByText('Solicitação cancelada. Motivo: Cliente desistiu')).toBeVisible();

  // An illegal transition through the API answers 409 with a pt-BR message.
  const again = await request.post(`/api/shipment-solicitation/${b.id}/approve`, { headers: auth(manager.token) });
  expect(again.status()).toBe(409);

  // Two requests for the same item: once one is approved, approving the other shows the 409 message.
  const c = await (await request.post('/api/shipment-solicitation', { data: body, headers: auth(manager.token) })).json();
  const d = await (await request.post('/api/shipment-solicitation', { data: body, headers: auth(manager.token) })).json();
  expect((await request.post(`/api/shipment-solicitation/${c.id}/approve`, { headers: auth(manager.token) })).status()).toBe(200);
  await page.goto(`/shipment-solicitation/edit/${d.id}`);
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await swal(page).getByRole('button', { name: 'Aprovar' }).click();
  await expectToast(page, /409: O item .+ não está mais disponível no estoque de origem/);
  await expect(page).toHaveURL(new RegExp(`/shipment-solicitation/edit/${d.id}$`));
});
