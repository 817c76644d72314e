import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

/**
 * Viability in the browser: the manager creates a unit template with two catalogue products (one
 * per metre), a viability with two units — one next to an active site of the demo, one far from
 * every site — and reads both verdicts; the near unit's public link opens without login (a fresh
 * context, phone width) and the client accepts (the viability is then `concluida`); the far unit's
 * link lands on the "cannot" page, with no price.
 */

type Site = { id: number; code: string; status: string; latitude: number | null; longitude: number | null };

/** Great-circle distance in metres. */
function distance(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLng = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** A coordinate as typed by a person: decimal comma. */
const typed = (v: number) => v.toFixed(6).replace('.', ',');

/** Searches an async picker inside `scope` and clicks the option (retrying a slow or redrawn list). */
async function pickIn(page: Page, scope: Locator, label: RegExp, search: string, option: RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await expect(async () => {
    await box.fill('');
    await box.fill(search);
    await page.getByRole('option').filter({ hasText: option }).first().click({ timeout: 5000 });
    await expect(box).toHaveValue(option, { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
}

async function addUnit(page: Page, viabilityId: number, unit: { name: string; address: string; lat: number; lng: number; template: string }) {
  await page.goto(`/viability/${viabilityId}/unit`);
  await page.getByRole('link', { name: 'Nova unidade' }).click();
  await expect(page).toHaveURL(new RegExp(`/viability/${viabilityId}/unit/create$`));
  await page.getByRole('textbox', { name: /^Nome da unidade/ }).fill(unit.name);
  await page.getByRole('textbox', { name: /^Endereço/ }).fill(unit.address);
  await page.getByRole('textbox', { name: /^Latitude/ }).fill(typed(unit.lat));
  await page.getByRole('textbox', { name: /^Longitude/ }).fill(typed(unit.lng));
  await page.getByRole('combobox', { name: /Modelo de unidade/ }).click();
  await page.getByRole('option', { name: unit.template }).click();
  await page.getByRole('button', { name: 'Criar unidade' }).click();
  await expectToast(page, 'Unidade criada e calculada!');
  await expect(page).toHaveURL(new RegExp(`/viability/${viabilityId}/unit/info/\\d+$`));
  return Number(page.url().split('/').pop());
}

test('viability: a template with two products, a near and a far unit, the public proposal accepted and the "cannot" page', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  const templateName = `Fibra E2E ${tag}`;
  const client = `Padaria Aurora ${tag}`;
  const token = (await apiLogin(request, 'gestor')).token;

  // The demo's active sites and the settings: a point 0.001° (≈111 m) north of one, and one far from all of them.
  const settings = (await (await request.get('/api/organization-settings/viability', { headers: auth(token) })).json()) as { max_distance_m: number; route_factor: number };
  const sites = ((await (await request.get('/api/site?pageSize=100', { headers: auth(token) })).json()) as { items: Site[] }).items.filter(
    (s) => s.status === 'ativo' && s.latitude !== null && s.longitude !== null,
  );
  expect(sites.length).toBeGreaterThan(0);
  const base = sites[0];
  const near: [number, number] = [base.latitude! + 0.001, base.longitude!];
  expect(111 * settings.route_factor).toBeLessThan(settings.max_distance_m);
  const nearest = (p: [number, number]) => Math.min(...sites.map((s) => distance(p, [s.latitude!, s.longitude!])));
  const candidates: [number, number][] = [
    [base.latitude! + 1, base.longitude!],
    [base.latitude! - 1, base.longitude! - 1],
    [-9.97, -67.81],
    [-3.1, -60.02],
    [-15.6, -56.1],
  ];
  const far = candidates.find((p) => nearest(p) > 6 * settings.max_distance_m * settings.route_factor);
  expect(far, 'a point far from every active site').toBeTruthy();

  await uiLogin(page, 'gestor');

  // 1. The template, through the form: drop cable per metre and two connectors.
  await page.goto('/viability/unit/template');
  await page.getByRole('link', { name: 'Novo modelo de unidade' }).click();
  await expect(page).toHaveURL(/\/viability\/unit\/template\/create$/);
  await page.getByRole('textbox', { name: /^Nome/ }).fill(templateName);
  await page.getByRole('button', { name: 'Adicionar material' }).click();
  const first = page.getByRole('listitem', { name: 'Material 1' });
  await pickIn(page, first, /Produto/, 'Cabo drop', /DROP-1F/);
  await expect(first.getByText(/Preço atual: R\$\s?0,62/)).toBeVisible();
  await first.getByRole('switch', { name: /por metro/ }).check();
  await first.getByRole('textbox', { name: /Quantidade por metro/ }).fill('1,1');
  await page.getByRole('button', { name: 'Adicionar material' }).click();
  const second = page.getByRole('listitem', { name: 'Material 2' });
  await pickIn(page, second, /Produto/, 'Conector SC', /CON-SCAPC/);
  await second.getByRole('textbox', { name: /^Quantidade/ }).fill('2');
  await page.getByRole('textbox', { name: /^Mão de obra \(R\$\)/ }).fill('150,00');
  await page.getByRole('textbox', { name: /^Mão de obra por metro/ }).fill('1,5');
  await page.getByRole('button', { name: 'Criar modelo de unidade' }).click();
  await expectToast(page, 'Modelo de unidade criado!');
  await expect(page).toHaveURL(/\/viability\/unit\/template$/);
  const templates = (await (await request.get(`/api/viability/unit/template?search=${encodeURIComponent(templateName)}`, { headers: auth(token) })).json()) as {
    items: { name: string; labour_cost: string; labour_per_meter: string; items: { product: { code: string }; quantity: number; per_meter: boolean }[] }[];
  };
  const saved = templates.items.find((t) => t.name === templateName)!;
  expect(saved).toMatchObject({ labour_cost: '150.00', labour_per_meter: '1.50' });
  expect(saved.items.map((i) => [i.product.code, i.quantity, i.per_meter])).toEqual([
    ['DROP-1F', 1.1, true],
    ['CON-SCAPC', 2, false],
  ]);

  // 2. The viability, in the dialog (every error at once first).
  await page.goto('/viability');
  await page.getByRole('button', { name: 'Nova viabilidade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova viabilidade' });
  await dialog.getByRole('button', { name: 'Criar viabilidade' }).click();
  await expect(dialog.getByText('Informe o nome do cliente')).toBeVisible();
  await expect(dialog.getByText('CPF/CNPJ inválido')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Cliente/ }).fill(client);
  await dialog.getByRole('textbox', { name: /^CPF\/CNPJ/ }).fill('11222333000181');
  await expect(dialog.getByRole('textbox', { name: /^CPF\/CNPJ/ })).toHaveValue('11.222.333/0001-81');
  await dialog.getByRole('textbox', { name: /^Telefone/ }).fill('41998765432');
  await dialog.getByRole('combobox', { name: /^Serviço/ }).click();
  await page.getByRole('option', { name: 'Internet dedicada' }).click();
  await dialog.getByRole('textbox', { name: /^Banda/ }).fill('500');
  await dialog.getByRole('button', { name: 'Criar viabilidade' }).click();
  await expectToast(page, 'Viabilidade criada!');
  await expect(page).toHaveURL(/\/viability\/\d+\/unit$/);
  const viabilityId = Number(page.url().split('/').at(-2));
  await expect(page.getByTestId('units-empty')).toBeVisible();
  await expect(page.getByText('11.222.333/0001-81')).toBeVisible();

  // 3. Two units: their verdicts on the info page and in the list.
  const nearId = await addUnit(page, viabilityId, { name: 'Matriz', address: 'Rua das Flores, 100', lat: near[0], lng: near[1], template: templateName });
  await expect(page.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'viavel');
  await expect(page.getByTestId('verdict-banner')).toContainText('Viável');
  await expect(page.getByRole('table', { name: 'Materiais' })).toContainText('DROP-1F');
  await expect(page.getByRole('table', { name: 'Materiais' })).toContainText('CON-SCAPC');
  await expect(page.getByTestId('unit-map').locator('path.unit-map-site')).toHaveCount(1);
  const nearLink = await page.locator('#proposal-link').inputValue();
  expect(nearLink).toMatch(/\/viability\/unit\/viewer\/[A-Za-z0-9_-]{43}$/);
  const price = (await page.locator('[data-cost="Preço de instalação"]').textContent())!.trim();

  const farId = await addUnit(page, viabilityId, { name: 'Filial distante', address: 'Estrada sem rede, km 80', lat: far![0], lng: far![1], template: templateName });
  await expect(page.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'inviavel');
  await expect(page.getByTestId('verdict-banner')).toContainText('Inviável');
  const farLink = await page.locator('#proposal-link').inputValue();

  await page.goto(`/viability/${viabilityId}/unit`);
  const units = page.getByRole('table', { name: 'Unidades' });
  await expect(units.locator(`[data-unit-id="${nearId}"] [data-status="viavel"]`)).toBeVisible();
  await expect(units.locator(`[data-unit-id="${farId}"] [data-status="inviavel"]`)).toBeVisible();

  // 4. The near unit's proposal, without login, on a phone: accept.
  const pub = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const viewer = await pub.newPage();
  await viewer.goto(nearLink);
  await expect(viewer.getByRole('heading', { name: `Proposta para ${client}` })).toBeVisible();
  await expect(viewer.getByTestId('proposal-price')).toHaveText(price);
  await expect(viewer.getByTestId('proposal-valid-until')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(viewer.getByRole('link', { name: 'Baixar proposta (PDF)' })).toBeVisible();
  // The operator's brand, not the internal tool's: its name heads the page and the tab.
  await expect(viewer.getByTestId('proposal-organization')).toContainText('Demo Telecom');
  await expect(viewer.getByText('Operações', { exact: true })).toHaveCount(0);
  await expect(viewer).toHaveTitle(/· Demo Telecom$/);
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await viewer.getByRole('button', { name: 'Aceitar proposta' }).click();
  await viewer.getByRole('button', { name: 'Confirmar aceite' }).click();
  await expect(viewer.getByText('Informe seu nome completo')).toBeVisible();
  await viewer.getByRole('textbox', { name: /Seu nome completo/ }).fill('Joana Aurora da Silva');
  await viewer.getByRole('button', { name: 'Confirmar aceite' }).click();
  await viewer.locator('.swal2-confirm').click();
  await expect(viewer.getByTestId('proposal-decision')).toHaveAttribute('data-decision', 'aceita');
  await expect(viewer.getByTestId('proposal-decision')).toContainText('Joana Aurora da Silva');
  await viewer.reload();
  await expect(viewer.getByTestId('proposal-decision')).toContainText('Aceita pelo cliente');
  await expect(viewer.getByRole('button', { name: 'Aceitar proposta' })).toHaveCount(0);
  await expect
    .poll(async () => ((await (await request.get(`/api/viability/${viabilityId}`, { headers: auth(token) })).json()) as { status: string }).status)
    .toBe('concluida');

  // 5. The far unit's link lands on the "cannot" page: the organization, the polite message, no price.
  await viewer.goto(farLink);
  await expect(viewer).toHaveURL(/\/viability\/unit\/viewer\/cannot\/[A-Za-z0-9_-]{43}$/);
  await expect(viewer.getByTestId('proposal-cannot')).toContainText('Infelizmente ainda não conseguimos atender este endereço');
  await expect(viewer.getByTestId('proposal-organization')).not.toBeEmpty();
  await expect(viewer.getByText(/R\$/)).toHaveCount(0);

  // 6. An unknown link: its own plain message.
  await viewer.goto('/viability/unit/viewer/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(viewer.getByTestId('proposal-problem')).toContainText('Link de proposta inválido');
  await pub.close();

  // Back in the app: the decision shows on the unit's page.
  await page.goto(`/viability/${viabilityId}/unit/info/${nearId}`);
  await expect(page.getByTestId('unit-decision')).toContainText('Joana Aurora da Silva');
  // "Aprovar" opens the installation form in a dialog: an empty submit names the missing fields, "Cancelar" closes it.
  await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
  const approve = page.getByRole('dialog', { name: 'Aprovar e abrir a instalação' });
  await expect(approve.getByRole('form', { name: 'Aprovar unidade' })).toBeVisible();
  await approve.getByRole('button', { name: 'Aprovar e criar atividade' }).click();
  await expect(approve.getByText(/Informe|Selecione|Escolha/).first()).toBeVisible();
  await approve.getByRole('button', { name: 'Cancelar' }).click();
  await expect(approve).toHaveCount(0);
});

test('viability: a reader (.INDEX) reads studies, units and templates without any action', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const gestor = auth((await apiLogin(request, 'gestor')).token);
  const username = `leitorvia${tag}`;
  const password = 'leitura-viabilidade-2026';
  const created = await request.post('/api/user', {
    headers: gestor,
    data: { username, email: `${username}@demotelecom.com.br`, password, person: { nickname: 'Leitor', full_name: 'Leitor de Viabilidade' }, permissions: ['VIABILITY.INDEX', 'VIABILITY_TEMPLATE_PRODUCT.INDEX'] },
  });
  expect(created.status()).toBe(201);
  const products = (await (await request.get('/api/viability/unit/template/product-options?search=conector', { headers: gestor })).json()) as { id: number }[];
  const template = (await (await request.post('/api/viability/unit/template', { headers: gestor, data: { name: `Leitura ${tag}`, medium: 'radio', items: [{ product_id: products[0].id, quantity: 2 }] } })).json()) as { id: number };
  const me = (await (await request.get('/api/viability/people', { headers: gestor })).json()) as { id: number }[];
  const viability = (await (await request.post('/api/viability', { headers: gestor, data: { client_name: `Cliente leitura ${tag}`, client_document: '11444777000161', service_type: 'internet_dedicada', bandwidth_mbps: 100, seller_id: me[0].id } })).json()) as { id: number };
  const unit = (await (await request.post(`/api/viability/${viability.id}/unit`, { headers: gestor, data: { name: 'Sede', address: 'Rua A, 1', latitude: -25.43, longitude: -49.27, template_id: template.id } })).json()) as { id: number };

  await uiLogin(page, username, password);
  await page.goto('/viability');
  await expect(page.getByRole('grid', { name: 'Lista de viabilidades' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova viabilidade' })).toHaveCount(0);
  await page.goto(`/viability/${viability.id}/unit`);
  await expect(page.getByRole('link', { name: 'Sede' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nova unidade' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Editar viabilidade' })).toHaveCount(0);
  await page.goto(`/viability/${viability.id}/unit/info/${unit.id}`);
  await expect(page.getByTestId('verdict-banner')).toBeVisible();
  for (const name of ['Editar', 'Recalcular', 'Aprovar', 'Gerar novo link', 'Revogar']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Editar', exact: true })).toHaveCount(0);
  await page.goto(`/viability/unit/template/edit/${template.id}`);
  await expect(page.getByText('Você pode consultar este modelo de unidade, mas não alterá-lo.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Nome/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Adicionar material' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toHaveCount(0);
});
