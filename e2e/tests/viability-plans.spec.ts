import { expect, test } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

/**
 * Plans and rules per medium in the browser: the manager adds a plan on the viability settings
 * page; the demo bakery's proposal shows its plan's monthly fee; a radio unit 2,2 km north of the
 * Ponta Grossa tower (which has a 5 GHz radio) is viable with the rule named, and its public page
 * shows the monthly fee, the installation fee, the term, the contract total and "sujeito a visada"
 * until the survey confirms the line of sight.
 */

/** A coordinate as typed by a person: decimal comma. */
const typed = (v: number) => v.toFixed(6).replace('.', ',');

test('viability plans: a plan on the settings page, the monthly fee on the public proposal, a radio unit 2,2 km from the tower viable', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const token = (await apiLogin(request, 'gestor')).token;
  await uiLogin(page, 'gestor');

  // 1. A new plan, in the settings page's "Planos" tab.
  await page.goto('/organization-settings/viability');
  await page.getByRole('tab', { name: 'Planos' }).click();
  const panel = page.getByTestId('plans-panel');
  await expect(panel.getByRole('table', { name: 'Planos' })).toContainText('Internet dedicada 300 Mbps');
  await expect(panel.getByRole('table', { name: 'Planos' })).toContainText('R$ 1.890,00/mês');
  await panel.getByRole('button', { name: 'Novo plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo plano' });
  await dialog.getByRole('button', { name: 'Criar plano' }).click();
  await expect(dialog.getByText('Informe o nome do plano')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Nome do plano/ }).fill(`Rádio empresarial 200 Mbps ${tag}`);
  await dialog.getByRole('combobox', { name: /^Meio/ }).click();
  await page.getByRole('option', { name: 'Rádio' }).click();
  await dialog.getByRole('textbox', { name: /^Velocidade/ }).fill('200');
  await dialog.getByRole('textbox', { name: /^Mensalidade/ }).fill('1.590,50');
  await dialog.getByRole('textbox', { name: /^Taxa de instalação/ }).fill('1200');
  await dialog.getByRole('textbox', { name: /^Prazo do contrato/ }).fill('24');
  await dialog.getByRole('button', { name: 'Criar plano' }).click();
  await expectToast(page, 'Plano criado!');
  await expect(panel.getByRole('table', { name: 'Planos' })).toContainText(`Rádio empresarial 200 Mbps ${tag}`);
  await expect(panel.getByRole('table', { name: 'Planos' })).toContainText('R$ 1.590,50/mês');

  // 2. The demo bakery's proposal carries its plan's real prices.
  const studies = (await (await request.get('/api/viability?search=Padaria%20Pao%20Quente', { headers: auth(token) })).json()) as { items: { id: number }[] };
  const [shop] = (await (await request.get(`/api/viability/${studies.items[0].id}/unit`, { headers: auth(token) })).json()) as { public_hash: string }[];
  const pub = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const viewer = await pub.newPage();
  await viewer.goto(`/viability/unit/viewer/${shop.public_hash}`);
  await expect(viewer.getByTestId('proposal-plan')).toHaveText('Internet dedicada 300 Mbps');
  await expect(viewer.getByTestId('proposal-monthly')).toHaveText('R$ 1.890,00/mês');
  await expect(viewer.getByTestId('proposal-price')).toHaveText('R$ 990,00');
  await expect(viewer.getByTestId('proposal-term')).toHaveText('24 meses');
  await expect(viewer.getByTestId('proposal-contract-total')).toHaveText('R$ 46.350,00');

  // 3. A radio unit 2,2 km north of TR-PGO-01, through the unit form, with the new plan.
  const me = (await (await request.get('/api/viability/people', { headers: auth(token) })).json()) as { id: number }[];
  const created = await request.post('/api/viability', {
    headers: auth(token),
    data: { client_name: `Fazenda Santa Rita ${tag}`, client_document: '11444777000161', service_type: 'internet_dedicada', bandwidth_mbps: 200, seller_id: me[0].id },
  });
  expect(created.status()).toBe(201);
  const viabilityId = ((await created.json()) as { id: number }).id;
  await page.goto(`/viability/${viabilityId}/unit/create`);
  await page.getByRole('textbox', { name: /^Nome da unidade/ }).fill('Sede da fazenda');
  await page.getByRole('textbox', { name: /^Endereço/ }).fill('Estrada do Guaragi, km 3 — Ponta Grossa/PR');
  await page.getByRole('textbox', { name: /^Latitude/ }).fill(typed(-25.0718));
  await page.getByRole('textbox', { name: /^Longitude/ }).fill(typed(-50.1066));
  await page.getByRole('combobox', { name: /Modelo de unidade/ }).click();
  await page.getByRole('option', { name: 'Rádio PTP 5 GHz' }).click();
  await page.getByRole('combobox', { name: /^Plano/ }).click();
  await page.getByRole('option', { name: new RegExp(`Rádio empresarial 200 Mbps ${tag}`) }).click();
  // A custom fee without its reason is refused on the spot.
  await page.getByRole('textbox', { name: /^Mensalidade personalizada/ }).fill('1.490,00');
  await page.getByRole('button', { name: 'Criar unidade' }).click();
  await expect(page.getByText(/Informe o motivo da mensalidade personalizada/).first()).toBeVisible();
  await page.getByRole('textbox', { name: /^Mensalidade personalizada/ }).fill('');
  await page.getByRole('button', { name: 'Criar unidade' }).click();
  await expectToast(page, 'Unidade criada e calculada!');
  await expect(page).toHaveURL(new RegExp(`/viability/${viabilityId}/unit/info/\\d+$`));
  await expect(page.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'viavel');
  await expect(page.getByTestId('verdict-banner')).toContainText('Rádio: 2,2 km da Torre TR-PGO-01, dentro do alcance de 15 km.');
  await expect(page.getByText('Sujeito a visada (vistoria pendente)')).toBeVisible();
  await expect(page.locator('[data-cost="Mensalidade"]')).toHaveText('R$ 1.590,50');
  // The seller's side of the figures: the build's cost, the margin, the monthly cost and the payback
  // (the plan's R$ 1.200,00 installation covers the radio and its labour: paid back on installation).
  await expect(page.locator('[data-cost="Custo de construção"]')).toHaveText(/^R\$\s\d/);
  await expect(page.locator('[data-cost="Margem"]')).toHaveText(/^\d+(,\d+)?%$/);
  await expect(page.locator('[data-cost="Custo mensal"]')).toHaveText('R$ 0,00');
  await expect(page.locator('[data-cost="Retorno da construção"]')).toHaveText('na instalação');
  await expect(page.getByTestId('payback-warning')).toHaveCount(0);
  const link = await page.locator('#proposal-link').inputValue();

  // 4. Its public page: monthly fee, installation, term, total, and "sujeito a visada".
  await viewer.goto(link);
  await expect(viewer.getByTestId('proposal-medium')).toHaveText('Rádio · sujeito a visada');
  await expect(viewer.getByTestId('proposal-monthly')).toHaveText('R$ 1.590,50/mês');
  await expect(viewer.getByTestId('proposal-price')).toHaveText('R$ 1.200,00');
  await expect(viewer.getByTestId('proposal-term')).toHaveText('24 meses');
  await expect(viewer.getByTestId('proposal-contract-total')).toHaveText('R$ 39.372,00'); // 1.200 + 24 × 1.590,50
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // 5. The site survey confirms the line of sight: the proposal stops saying "sujeito a visada".
  await page.getByRole('button', { name: 'Confirmar visada' }).click();
  await page.locator('.swal2-confirm').click();
  await expectToast(page, 'Visada confirmada!');
  await expect(page.getByText(/^Confirmada na vistoria/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar visada' })).toHaveCount(0);
  await viewer.reload();
  await expect(viewer.getByTestId('proposal-medium')).toHaveText('Rádio');

  // 6. Sold on a six-month plan with no installation fee, the build is not paid back within the term: the unit page warns.
  const short = await request.post('/api/viability/plan', {
    headers: auth(token),
    data: { name: `Rádio 6 meses ${tag}`, medium: 'radio', bandwidth_mbps: 50, monthly_fee: '100.00', installation_fee: '0.00', contract_months: 6 },
  });
  expect(short.status(), await short.text()).toBe(201);
  const unitId = page.url().match(/\/unit\/info\/(\d+)$/)![1];
  const changed = await request.put(`/api/viability/unit/${unitId}`, { headers: auth(token), data: { plan_id: ((await short.json()) as { id: number }).id } });
  expect(changed.status(), await changed.text()).toBe(200);
  const payback = ((await changed.json()) as { calculation: { payback_months: number } }).calculation.payback_months;
  expect(payback).toBeGreaterThan(6);
  await page.reload();
  await expect(page.locator('[data-cost="Retorno da construção"]')).toHaveText(`${payback} meses`);
  await expect(page.getByTestId('payback-warning')).toHaveText(`O contrato de 6 meses não paga a construção: o retorno leva ${payback} meses.`);
  await pub.close();
});
