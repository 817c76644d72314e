import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, uiLogin } from './helpers';

/**
 * The technician's own stock on a phone (390×844): the warehouse loads Luiz's van (a movement), the
 * technician sees it on "Meu patrimônio", and on an order in execution installs one of the van's ONUs
 * (tapped among the items they carry, its MAC typed) and takes drop cable from the van first.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Van = { id: number; name: string; balances: { product: { name: string }; quantity: number }[]; items: { id: number; tag: string; product: { name: string } }[] };
const myVan = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/api/van?mine=true', { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Van[] }).items[0];
};
const qty = (van: Van, product: string) => van.balances.find((b) => b.product.name === product)?.quantity ?? 0;

test('the warehouse loads the van and the technician uses it on an order', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const tecnico = await apiLogin(request, 'tecnico');
  const before = await myVan(request, tecnico.token);
  expect(before.name).toBe('Van do Luiz');

  // The warehouse keeper loads 10 connectors into the van.
  const keeper = await browser.newContext();
  const wh = await keeper.newPage();
  await uiLogin(wh, 'almoxarife');
  await wh.goto('/van');
  const card = wh.getByTestId('van').filter({ hasText: 'Van do Luiz' });
  await expect(card).toContainText('Cabo drop 1 fibra');
  await card.getByRole('button', { name: 'Carregar van' }).click();
  const dialog = wh.getByRole('dialog', { name: 'Carregar Van do Luiz' });
  await pick(wh, /De onde sai/, 'Bobinas e consumíveis');
  await dialog.getByText('Conector SC/APC de campo').locator('..').getByRole('textbox').fill('10');
  await dialog.getByRole('button', { name: 'Transferir para a van' }).click();
  await expectToast(wh, 'Van do Luiz carregada.');
  const loaded = await myVan(request, tecnico.token);
  expect(qty(loaded, 'Conector SC/APC de campo')).toBe(qty(before, 'Conector SC/APC de campo') + 10);
  await keeper.close();

  // An order of Luiz in execution.
  const gestor = (await apiLogin(request, 'gestor')).token;
  const [type] = (await (await request.get(`/api/external-activity/type-options?search=${encodeURIComponent('internet dedicada')}`, { headers: auth(gestor) })).json()) as { id: number }[];
  const created = await request.post('/api/external-activity', {
    headers: auth(gestor),
    data: { assistance_type_id: type.id, client_name: `Cliente van ${Date.now().toString(36)}`, technician_ids: [tecnico.user.id], scheduled_start: new Date(Date.now() + 30 * 60_000).toISOString(), force: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: number; code: string };
  expect((await request.post(`/api/external-activity/${order.id}/schedule`, { headers: auth(gestor), data: { force: true } })).status()).toBe(200);
  for (const verb of ['depart', 'start']) expect((await request.post(`/api/external-activity/${order.id}/${verb}`, { headers: auth(tecnico.token), data: {} })).status()).toBe(200);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await uiLogin(page, 'tecnico');
  await page.goto('/my-patrimony');
  await expect(page.getByTestId('my-van')).toContainText('Minha van — Van do Luiz', { timeout: 30_000 });
  await expect(page.getByTestId('my-van')).toContainText('Conector SC/APC de campo');

  await page.goto(`/external-activity/manage/${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Atividade ${order.code}`);
  const onu = loaded.items.find((i) => i.product.name.includes('ONU'))!;
  // One of the van's ONUs, tapped among what Luiz carries; its MAC typed from the label.
  await page.getByRole('group', { name: 'Itens com você' }).getByRole('button', { name: new RegExp(`${onu.tag} .*\\(na van\\)`) }).click();
  await expect(page.getByLabel('Etiqueta do item')).toHaveValue(onu.tag);
  await page.getByLabel('MAC (opcional)').fill('zz:24');
  await expect(page.getByText('MAC inválido (ex.: 4C:5E:0C:12:34:56)')).toBeVisible();
  await page.getByLabel('MAC (opcional)').fill('e0247fa1b2c3');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expectToast(page, `Item ${onu.tag} instalado no cliente.`);
  await expect(page.getByRole('list', { name: 'Materiais utilizados' })).toContainText('MAC E0:24:7F:A1:B2:C3');

  // Drop cable: the van's comes first.
  await page.getByRole('button', { name: 'Consumível' }).click();
  await pick(page, /Consumível e seção/, 'Cabo drop 1 fibra — minha van', false, 'Cabo drop 1 fibra');
  await page.getByLabel(/^Quantidade/).fill('15');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expectToast(page, /15 m de Cabo drop 1 fibra registrados/);

  const after = await myVan(request, tecnico.token);
  expect(qty(after, 'Cabo drop 1 fibra')).toBe(qty(loaded, 'Cabo drop 1 fibra') - 15);
  expect(after.items.map((i) => i.id)).not.toContain(onu.id);
  const item = (await (await request.get(`/api/patrimony/${onu.id}`, { headers: auth(gestor) })).json()) as { status: string; mac: string };
  expect(item).toMatchObject({ status: 'em_uso', mac: 'E0:24:7F:A1:B2:C3' });
  await phone.close();
});
