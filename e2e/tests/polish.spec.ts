import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, lastMailTo, linkIn, uiLogin } from './helpers';

/**
 * Texts and small defects in the browser: revision log values by their labels, the
 * grid's pt-BR texts, the patrimony grid's checkbox column, the calendar's weekday row, the
 * receiving page's counter and the toasts' hidden buttons.
 */

// Pages load slowly on a busy CI machine: generous time, no sleeps.
test.describe.configure({ timeout: 180_000 });

let counter = 0;
/** Unique per run and per call (time-based, never random). */
const uniqueTag = () => `${Date.now().toString(36).toUpperCase().slice(-6)}${(counter++).toString(36).toUpperCase()}`;

type Setup = { tag: string; unitId: number; productName: string; shelfId: number; destSectionId: number; originStockId: number; itemIds: number[]; itemTags: string[] };

/** A unit, a stock with a section holding two items of a new product, and a destination section (API, as gestor). */
async function warehouse(request: APIRequestContext, token: string): Promise<Setup> {
  const tag = uniqueTag();
  const ok = async (url: string, data: unknown) => {
    const r = await request.post(url, { data, headers: auth(token) });
    expect(r.status(), `${url}: ${await r.text()}`).toBe(201);
    return (await r.json()) as { id: number; tag?: string };
  };
  const unit = await ok('/api/unit-organizational', { name: `Regional Polimento ${tag}`, code: `POL${tag}` });
  const origin = await ok('/api/stock', { name: `Estoque Polimento ${tag}`, code: `EPO${tag}`, unit_organizational_id: unit.id });
  const shelf = await ok('/api/section', { stock_id: origin.id, name: 'Prateleira A', code: 'A' });
  const dest = await ok('/api/stock', { name: `Destino Polimento ${tag}`, code: `DPO${tag}`, unit_organizational_id: unit.id });
  const destSection = await ok('/api/section', { stock_id: dest.id, name: `Recebimento ${tag}`, code: 'REC' });
  const productName = `Switch Polimento ${tag}`;
  const product = await ok('/api/product', { code: `SWP${tag}`, name: productName, tracking: 'patrimonio' });
  const items = [];
  for (const serial of [`SPA${tag}`, `SPB${tag}`]) items.push(await ok('/api/patrimony', { product_id: product.id, section_id: shelf.id, serial }));
  return { tag, unitId: unit.id, productName, shelfId: shelf.id, destSectionId: destSection.id, originStockId: origin.id, itemIds: items.map((i) => i.id), itemTags: items.map((i) => i.tag ?? '') };
}

test('revision log: settings values by their labels; the calendar weekday row reads "dom seg ter qua qui sex sáb"', async ({ page, request }) => {
  const me = await apiLogin(request, 'gestor');
  const current = (await (await request.get('/api/me', { headers: auth(me.token) })).json()) as { settings: Record<string, unknown> };
  // Light and compact, then back to dark and standard ("standart"): the last revision has both.
  for (const change of [{ theme: 0, layout: 'compact' }, { theme: 1, layout: 'standart' }]) {
    const r = await request.put('/api/me', { data: { settings: { ...current.settings, ...change } }, headers: auth(me.token) });
    expect(r.status(), await r.text()).toBe(200);
  }

  await uiLogin(page, 'gestor');
  await page.goto(`/revision?entity=user&entityId=${me.user.id}`);
  const last = page.getByRole('article').first();
  await expect(last).toContainText('Escuro', { timeout: 30_000 });
  await expect(last).toContainText('Claro');
  await expect(last).toContainText('Padrão');
  await expect(last).toContainText('Compacto');
  await expect(last).not.toContainText('standart');
  await expect(last).not.toContainText(/Tema: \d/);

  // The date filter's calendar.
  await page.getByRole('group', { name: 'De' }).getByRole('button', { name: 'Escolha uma data' }).click();
  const weekdays = page.locator('.MuiDayCalendar-weekDayLabel');
  await expect(weekdays).toHaveText(['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb']);
});

async function checkboxCellFits(page: Page) {
  const grid = page.getByRole('grid', { name: 'Lista de patrimônio' });
  const cell = grid.locator('.MuiDataGrid-row [data-field="__check__"]').first();
  await expect(cell.getByRole('checkbox')).toBeVisible();
  // Nothing overflows the cell (an overflowing checkbox is drawn as "…").
  const { scroll, client } = await cell.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('patrimony grid: the checkbox column shows its checkboxes at 1280 and 360 px; grid texts are pt-BR', async ({ browser, request }) => {
  const manager = await apiLogin(request, 'gestor');
  const w = await warehouse(request, manager.token);

  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
    const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    await uiLogin(page, 'gestor');
    await page.goto('/patrimony');
    await page.getByLabel('Pesquisar patrimônio, série ou produto').fill(w.productName);
    const grid = page.getByRole('grid', { name: 'Lista de patrimônio' });
    // The search has answered: only this run's two items are listed.
    await expect(grid.locator('.MuiDataGrid-row')).toHaveCount(2, { timeout: 30_000 });
    for (const tag of w.itemTags) await expect(grid.getByRole('row').filter({ hasText: tag })).toBeVisible();
    await expect(grid.getByRole('progressbar')).toHaveCount(0);
    await checkboxCellFits(page);

    // Ticking a row counts it for the labels.
    await grid.getByRole('row').filter({ hasText: w.itemTags[0] }).getByRole('checkbox').check();
    await expect(page.getByText('1 selecionado(s)')).toBeVisible();

    if (viewport.width === 1280) {
      // The column menu: "Gerenciar colunas", not the European "Gerir colunas".
      const header = grid.getByRole('columnheader').filter({ hasText: 'Produto' }).first();
      await header.hover();
      await header.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Gerenciar colunas' })).toBeVisible();
      await expect(menu).not.toContainText('Gerir');
      await menu.getByRole('menuitem', { name: 'Gerenciar colunas' }).click();
      const panel = page.locator('.MuiDataGrid-panel');
      await expect(panel).toContainText('Mostrar/ocultar todas');
      await expect(panel).not.toContainText(/Gerir|Ecrã|ficheiro|Deselecionar/);
    }
    await context.close();
  }
});

test('receiving page: the "Marque a situação" counter follows the items still unmarked', async ({ browser, request, baseURL }) => {
  const manager = await apiLogin(request, 'gestor');
  const w = await warehouse(request, manager.token);
  const email = `polimento-${w.tag.toLowerCase()}@demotelecom.com.br`;
  const post = async (url: string, data?: unknown) => {
    const r = await request.post(url, { data, headers: auth(manager.token) });
    expect(r.status(), `${url}: ${await r.text()}`).toBeLessThan(300);
    return (await r.json()) as { id: number; shipment_id?: number };
  };
  const s = await post('/api/shipment-solicitation', {
    origin_stock_id: w.originStockId,
    destination_type: 'unidade',
    destination_unit_id: w.unitId,
    destination_section_id: w.destSectionId,
    recipient_name: 'Conceição Araújo',
    recipient_email: email,
    justification: 'Reposição da regional',
    items: w.itemIds.map((patrimony_id) => ({ patrimony_id })),
  });
  const approved = await post(`/api/shipment-solicitation/${s.id}/approve`);
  await post(`/api/shipment/${approved.shipment_id}/dispatch`);
  const link = new URL(linkIn(await lastMailTo(email), '/receiving/'));

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const r = await context.newPage();
  await r.goto(link.pathname);
  await expect(r.getByRole('heading', { name: 'Confirme o recebimento' })).toBeVisible({ timeout: 30_000 });
  const items = r.getByRole('list', { name: 'Itens do envio' }).getByRole('listitem');
  await expect(items).toHaveCount(2);

  await r.getByRole('button', { name: 'Confirmar recebimento' }).click();
  const counter = r.getByTestId('receiving-items-status');
  await expect(counter).toHaveText('Marque a situação de 2 itens.');
  await items.nth(0).getByRole('button', { name: 'Recebido' }).click();
  await expect(counter).toHaveText('Marque a situação de 1 item.');
  await items.nth(1).getByRole('button', { name: 'Danificado' }).click();
  await expect(counter).toHaveText('Todos os 2 itens marcados.');
  await expect(r.getByText(/Marque a situação de/)).toHaveCount(0);
  await context.close();
});

test('toasts hold no hidden English buttons ("OK", "No", "Cancel")', async ({ page }) => {
  await uiLogin(page, 'gestor');
  await page.goto('/patrimony');
  const labels = page.getByRole('button', { name: 'Etiquetas (PDF)' });
  await expect(labels).toBeVisible({ timeout: 30_000 });
  // With nothing selected the button shows an info toast. Click and read the toast's whole DOM as
  // soon as it is drawn (the dialog library loads on demand; the toast lasts only 3 s).
  const texts = await labels.evaluate(
    (button) =>
      new Promise<string[] | null>((resolve) => {
        const read = () => {
          const root = document.querySelector('.swal2-container');
          if (!root?.textContent?.includes('Selecione')) return false;
          resolve([...root.querySelectorAll('*')].map((el) => (el.textContent ?? '').trim()));
          return true;
        };
        const watch = new MutationObserver(() => read() && watch.disconnect());
        watch.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => (watch.disconnect(), resolve(null)), 10_000);
        (button as HTMLButtonElement).click();
      }),
  );
  expect(texts).not.toBeNull();
  expect(texts!.some((t) => t.startsWith('Selecione os itens das etiquetas'))).toBe(true);
  expect(texts!.filter((t) => ['OK', 'No', 'Cancel'].includes(t))).toEqual([]);
  await expectToast(page, 'Selecione os itens das etiquetas');
});
