import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, uiLogin } from './helpers';

/**
 * Dispatch sees the technician's day, at 1366 px: "Agendar" on an order whose technician is busy then
 * asks "Conflito de agenda … Agendar assim mesmo?", one past its SLA asks "Além do prazo do SLA …",
 * and confirming schedules it; "Reagendar" to a busy time asks the same; on the board (/schedule?view=tecnicos) the manager drags an unassigned
 * order onto Luiz's afternoon: it becomes his and scheduled. The technician's own day on a 360 px
 * phone lists his orders.
 */
test.use({ viewport: { width: 1366, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

/** `YYYY-MM-DD` of the São Paulo day `n` days from today (Brazil keeps no summer time). */
const spDay = (n: number) => new Date(Date.now() + n * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
const iso = (day: string, hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00-03:00`;

type Setup = { token: string; luiz: number; install: number; repair: number };
async function setup(request: APIRequestContext): Promise<Setup> {
  const { token } = await apiLogin(request, 'gestor');
  const people = (await (await request.get('/api/external-activity/technicians?search=Luiz', { headers: auth(token) })).json()) as { id: number }[];
  const types = (await (await request.get('/api/external-activity/type-options', { headers: auth(token) })).json()) as { id: number; name: string }[];
  return { token, luiz: people[0].id, install: types.find((t) => t.name.startsWith('Instalação'))!.id, repair: types.find((t) => t.name.startsWith('Reparo'))!.id };
}
async function createOrder(request: APIRequestContext, s: Setup, body: Record<string, unknown>) {
  const res = await request.post('/api/external-activity', { headers: auth(s.token), data: { assistance_type_id: s.install, technician_ids: [s.luiz], ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; code: string };
}
async function scheduleOnPage(page: Page, id: number, local: string) {
  await page.goto(`/external-activity/manage/${id}`);
  await page.getByRole('button', { name: 'Agendar' }).click();
  await page.getByLabel('Início').fill(local);
  await page.getByRole('dialog').getByRole('button', { name: 'Agendar' }).click();
}

test('Agendar asks about a busy technician and about the SLA deadline, and schedules when confirmed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await setup(request);
  const day = spDay(2);
  const busy = await createOrder(request, s, { client_name: 'Cliente ocupado E2E', scheduled_start: iso(day, 10), scheduled_end: iso(day, 12), force: true });
  expect((await request.post(`/api/external-activity/${busy.id}/schedule`, { headers: auth(s.token), data: { force: true } })).status()).toBe(200);
  const order = await createOrder(request, s, { client_name: 'Cliente do conflito E2E' });

  await uiLogin(page, 'gestor');
  await scheduleOnPage(page, order.id, `${day}T11:00`);
  const question = page.locator('.swal2-popup');
  await expect(question).toContainText('Conflito de agenda');
  await expect(question).toContainText(busy.code);
  await expect(question).toContainText('Agendar assim mesmo?');
  await question.getByRole('button', { name: 'Agendar assim mesmo' }).click();
  await expectToast(page, 'Agendar: feito!');
  await expect(page.getByText(/Agendada: /)).toContainText(`${day.slice(8, 10)}/${day.slice(5, 7)}`);

  // A repair (8-hour SLA) two days ahead ends past its deadline.
  const late = await createOrder(request, s, { assistance_type_id: s.repair, client_name: 'Cliente do SLA E2E' });
  await scheduleOnPage(page, late.id, `${day}T20:00`);
  await expect(question).toContainText('Além do prazo do SLA');
  await expect(question).toContainText(/Além do prazo do SLA \(\d{2}\/\d{2}\/\d{4}/);
  await expect(question).toContainText('Agendar assim mesmo?');
  await question.getByRole('button', { name: 'Agendar assim mesmo' }).click();
  await expectToast(page, 'Agendar: feito!');
  const saved = (await (await request.get(`/api/external-activity/${late.id}`, { headers: auth(s.token) })).json()) as { status: string };
  expect(saved.status).toBe('agendada');
});

test('Reagendar to a busy time asks the same question', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await setup(request);
  const day = spDay(3);
  const busy = await createOrder(request, s, { client_name: 'Cliente da tarde E2E', scheduled_start: iso(day, 14), scheduled_end: iso(day, 16), force: true });
  expect((await request.post(`/api/external-activity/${busy.id}/schedule`, { headers: auth(s.token), data: { force: true } })).status()).toBe(200);
  const running = await createOrder(request, s, { client_name: 'Cliente em execução E2E', scheduled_start: iso(day, 8), scheduled_end: iso(day, 9), force: true });
  expect((await request.post(`/api/external-activity/${running.id}/schedule`, { headers: auth(s.token), data: { force: true } })).status()).toBe(200);
  const { token: tech } = await apiLogin(request, 'tecnico');
  for (const verb of ['depart', 'start']) expect((await request.post(`/api/external-activity/${running.id}/${verb}`, { headers: auth(tech), data: {} })).status()).toBe(200);

  await uiLogin(page, 'gestor');
  await page.goto(`/external-activity/manage/${running.id}`);
  await page.getByRole('button', { name: 'Reagendar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Motivo').fill('Cliente pediu a tarde');
  await dialog.getByLabel('Novo início (opcional)').fill(`${day}T15:00`);
  await dialog.getByRole('button', { name: 'Reagendar' }).click();
  const question = page.locator('.swal2-popup');
  await expect(question).toContainText('Conflito de agenda');
  await expect(question).toContainText(busy.code);
  await expect(question).toContainText('Reagendar assim mesmo?');
  await question.getByRole('button', { name: 'Reagendar assim mesmo' }).click();
  await expectToast(page, 'Reagendar: feito!');
  const saved = (await (await request.get(`/api/external-activity/${running.id}`, { headers: auth(s.token) })).json()) as { status: string; scheduled_start: string };
  expect(saved.status).toBe('agendada');
  expect(new Date(saved.scheduled_start).toISOString()).toBe(new Date(iso(day, 15)).toISOString());
});

test("assigning Luiz in the order's form at a time he is busy asks before saving", async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await setup(request);
  // Within the installation's 72-hour SLA, whatever the hour the test runs.
  const day = spDay(2);
  const busy = await createOrder(request, s, { client_name: 'Cliente da tarde E2E', scheduled_start: iso(day, 16), scheduled_end: iso(day, 18), force: true });
  const order = await createOrder(request, s, { client_name: 'Cliente sem técnico E2E', technician_ids: [], scheduled_start: iso(day, 17), scheduled_end: iso(day, 19) });

  await uiLogin(page, 'gestor');
  await page.goto(`/external-activity/edit/${order.id}`);
  await pick(page, /Técnicos/, 'Luiz', true);
  await expect(page.getByRole('button', { name: /Luiz/ })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  const question = page.locator('.swal2-popup');
  await expect(question).toContainText('Conflito de agenda');
  await expect(question).toContainText(busy.code);
  await expect(question).toContainText('Salvar assim mesmo?');
  await question.getByRole('button', { name: 'Salvar assim mesmo' }).click();
  await expectToast(page, /atualizada!/);
  const saved = (await (await request.get(`/api/external-activity/${order.id}`, { headers: auth(s.token) })).json()) as { technician_ids: number[] };
  expect(saved.technician_ids).toEqual([s.luiz]);
});

test('the board: dragging an unassigned order onto Luiz at 15:00 assigns and schedules it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await setup(request);
  const client = `Cliente do quadro ${Date.now().toString(36)}`;
  const order = await createOrder(request, s, { client_name: client, technician_ids: [] });
  const tomorrow = spDay(1);

  await uiLogin(page, 'gestor');
  await page.goto('/schedule');
  await page.getByRole('link', { name: 'Técnicos', exact: true }).click();
  await expect(page).toHaveURL(/view=tecnicos/);
  await page.getByRole('button', { name: 'Próximo dia' }).click();
  const card = page.getByTestId(`board-order-${order.id}`);
  await expect(card).toBeVisible();
  const strip = page.getByTestId(`board-strip-${s.luiz}-${tomorrow}`);
  const box = (await strip.boundingBox())!;
  // 15:00 on the 06:00–22:00 strip, a little inside the half hour.
  await card.dragTo(strip, { targetPosition: { x: ((15 - 6 + 0.1) / 16) * box.width, y: box.height / 2 } });
  await expectToast(page, new RegExp(`${order.code} agendada para .*Luiz.* às 15:00`));
  await expect(page.getByTestId(`board-item-activity-${order.id}`)).toBeVisible();
  await expect(card).toHaveCount(0);
  const saved = (await (await request.get(`/api/external-activity/${order.id}`, { headers: auth(s.token) })).json()) as { status: string; technician_ids: number[]; scheduled_start: string };
  expect(saved.status).toBe('agendada');
  expect(saved.technician_ids).toEqual([s.luiz]);
  expect(new Date(saved.scheduled_start).toISOString()).toBe(new Date(iso(tomorrow, 15)).toISOString());
});

test("the technician's own day on a 360 px phone lists his orders; the board there is read-only", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await uiLogin(page, 'tecnico');
  await page.goto('/schedule');
  const calendar = page.getByTestId('schedule-calendar');
  // The list view of the week: the demo's orders of today for him.
  await expect(calendar.getByText(/Clínica Vida Plena/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/schedule?view=tecnicos');
  await expect(page.getByTestId('technician-board')).toBeVisible();
  await expect(page.locator('[draggable="true"]')).toHaveCount(0);
  await context.close();
});
