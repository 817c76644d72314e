import ExcelJS from 'exceljs';
import { expect, test, type Browser } from '@playwright/test';
import { uiLogin } from './helpers';

/**
 * Reports: the manager opens /report, picks the movements report from its module's group,
 * filters the write-offs (the filter lands in the URL), sees the preview with its total and the chart,
 * and downloads the XLSX, which exceljs opens: the demo's write-off of 50 straps is a row with real
 * numbers and dates. On a 375 px phone the shared URL opens the same report and preview.
 */

async function as(browser: Browser, username: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport, acceptDownloads: true });
  const page = await context.newPage();
  await uiLogin(page, username);
  return page;
}

test('reports: the movements report filtered, previewed and downloaded as XLSX; the shared URL on a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await as(browser, 'gestor');
  await page.goto('/report');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Relatórios' });
  await expect(list.getByText('Almoxarifado', { exact: true })).toBeVisible();
  await list.getByRole('link', { name: /Movimentações por período/ }).click();
  await expect(page).toHaveURL(/\/report\?name=movements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Movimentações por período' })).toBeVisible();
  await expect(page.getByText(/^\d+ linhas no total$/)).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Movimentações por mês' })).toBeVisible();

  // Filter: the write-offs only; the URL keeps it.
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Baixa', exact: true }).click();
  await expect(page).toHaveURL(/status=baixa/);
  // The grid draws the columns in view (Motivo is far right): the type and the product are.
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('gridcell', { name: 'Baixa', exact: true }).first()).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Entrada', exact: true })).toHaveCount(0);
  const totalText = await page.getByText(/^\d+ linhas? no total$/).textContent();
  const total = Number(totalText!.match(/^\d+/)![0]);
  expect(total).toBeGreaterThanOrEqual(1);

  // The XLSX, opened with exceljs.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'XLSX' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^movimentações-por-período-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.read(await download.createReadStream());
  const ws = wb.worksheets[0];
  expect(ws.name).toBe('Movimentações por período');
  expect(ws.rowCount).toBe(total + 1);
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  const col = (label: string) => header.indexOf(label) + 1;
  const rows = Array.from({ length: ws.rowCount - 1 }, (_, i) => ws.getRow(i + 2));
  const strap = rows.find((r) => r.getCell(col('Motivo')).value === 'Lote ressecado, descartado');
  expect(strap, 'the demo write-off row').toBeDefined();
  expect(strap!.getCell(col('Tipo')).value).toBe('Baixa');
  expect(strap!.getCell(col('Quantidade')).value).toBe(50);
  // People by full name, the nickname in parentheses.
  expect(strap!.getCell(col('Usuário')).value).toBe('João Batista Souza (João)');
  expect(strap!.getCell(col('Data')).value).toBeInstanceOf(Date);

  // The same URL on a phone.
  const phone = await as(browser, 'gestor', { width: 375, height: 800 });
  await phone.goto('/report?name=movements&status=baixa');
  await expect(phone.getByRole('heading', { level: 1, name: 'Movimentações por período' })).toBeVisible();
  await expect(phone.getByText(totalText!.trim(), { exact: true })).toBeVisible();
  await expect(phone.getByRole('combobox', { name: 'Tipo' })).toHaveText('Baixa');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
