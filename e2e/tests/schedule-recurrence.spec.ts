import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, uiLogin } from './helpers';

/**
 * Recurring events in the browser: a weekly event made with the dialog's "Repetir" (Mondays and
 * Wednesdays, 4 times) shows each occurrence on the week and month views; one occurrence is
 * cancelled from its page ("Somente esta ocorrência") and leaves the calendar while the rest stay.
 * Then two sessions: what one creates appears on the other's open calendar within 2 s, no reload —
 * an event, and a work order's visit (which also leaves within 2 s when cancelled). Last, one
 * occurrence moved from its page.
 */
test.use({ viewport: { width: 1400, height: 950 } });

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 4, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}
async function slotPoint(page: Page, date: string, time: string) {
  const column = await page.locator(`.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const slot = await page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox();
  return { x: column!.x + column!.width / 2, y: slot!.y + slot!.height / 2 };
}
const next = (page: Page) => page.getByRole('button', { name: /próximo|next/i }).click();

test('schedule: a weekly event made with the dialog, its occurrences on the week and month, one cancelled', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const title = `Ronda semanal ${tag}`;
  const { token } = await apiLogin(request, 'gestor');

  await uiLogin(page, 'gestor');
  await page.goto('/schedule');
  await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
  // 30 to 49 weeks ahead: past the demo's 26-week meeting (and most likely a retry's week).
  const weeks = 30 + (Date.now() % 20);
  for (let i = 0; i < weeks; i++) await next(page);
  const monday = (await page.locator('.fc-timegrid-col[data-date]').nth(1).getAttribute('data-date'))!;
  const wednesday = (await page.locator('.fc-timegrid-col[data-date]').nth(3).getAttribute('data-date'))!;

  await page.locator('.fc-timegrid-slot-lane[data-time="10:00:00"]').scrollIntoViewIfNeeded();
  await drag(page, await slotPoint(page, monday, '10:00:00'), await slotPoint(page, monday, '10:30:00'));
  const dialog = page.getByRole('dialog', { name: 'Novo evento' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Título/ }).fill(title);

  // "Repetir" with the keyboard: open the select, pick "Semanalmente", tick Wednesday with Space.
  const repeat = dialog.getByRole('combobox', { name: 'Repetir' });
  await repeat.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: /Semanalmente/ }).click();
  // The start's weekday comes ticked.
  await expect(dialog.getByRole('checkbox', { name: 'segunda' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'quarta' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'quarta' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Após N ocorrências' }).check();
  // An empty count is refused on its own field.
  const count = dialog.getByRole('textbox', { name: /Número de ocorrências/ });
  await count.fill('');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe o número de ocorrências')).toBeVisible();
  await count.fill('4');
  await expect(dialog.getByText('Semanal às segundas e às quartas, 4 vezes')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Evento criado');

  // Two occurrences this week, two the next.
  const occurrences = page.locator('.fc-event', { hasText: title });
  await expect(occurrences).toHaveCount(2);
  await expect(page.locator(`.fc-timegrid-col[data-date="${wednesday}"] .fc-event`, { hasText: title })).toBeVisible();
  await next(page);
  await expect(occurrences).toHaveCount(2);
  await next(page);
  await expect(occurrences).toHaveCount(0);
  // The month view shows them too (the month of the first Monday).
  await page.getByRole('button', { name: 'Mês' }).click();
  await expect(page.locator('.fc-dayGridMonth-view')).toBeVisible();
  while (!(await page.locator(`.fc-daygrid-day[data-date="${monday}"]`).count())) await page.getByRole('button', { name: /anterior|prev/i }).click();
  await expect(page.locator(`.fc-daygrid-day[data-date="${monday}"] .fc-event`, { hasText: title })).toBeVisible();
  await expect(page.locator(`.fc-daygrid-day[data-date="${wednesday}"] .fc-event`, { hasText: title })).toBeVisible();

  // Cancel Wednesday's: its page asks about this one or the whole series.
  await page.locator(`.fc-daygrid-day[data-date="${wednesday}"] .fc-event`, { hasText: title }).click();
  await expect(page).toHaveURL(/\/schedule\/\d+\?occurrence=/);
  await expect(page.getByText('Semanal às segundas e às quartas, 4 vezes').first()).toBeVisible();
  await page.getByRole('button', { name: 'Excluir' }).click();
  const choice = page.getByRole('dialog', { name: 'Excluir evento recorrente' });
  await expect(choice.getByRole('button', { name: 'Toda a série' })).toBeVisible();
  await choice.getByRole('button', { name: 'Somente esta ocorrência' }).click();
  await expectToast(page, 'Ocorrência cancelada');
  await expect(page.getByText('1 cancelada')).toBeVisible();

  // The calendar (as the API answers it) keeps three: the cancelled Wednesday is gone.
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const items = (await (await request.get(`/api/schedule/calendar?from=${monday}&to=${new Date(Date.parse(`${monday}T12:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10)}`, { headers: auth(token) })).json()) as { id: number; start: string }[];
  const mine = items.filter((i) => i.id === id).map((i) => i.start);
  expect(mine).toHaveLength(3);
  expect(mine.some((s) => new Date(s).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }) === wednesday)).toBe(false);
  await page.goto('/schedule');
  await page.getByRole('button', { name: 'Mês' }).click();
  while (!(await page.locator(`.fc-daygrid-day[data-date="${monday}"]`).count())) await next(page);
  await expect(page.locator(`.fc-daygrid-day[data-date="${monday}"] .fc-event`, { hasText: title })).toBeVisible();
  await expect(page.locator(`.fc-daygrid-day[data-date="${wednesday}"] .fc-event`, { hasText: title })).toHaveCount(0);
});

test('schedule: an event created in one session appears on another session’s open calendar within 2 s', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const title = `Vistoria ao vivo ${tag}`;
  const watcher = await browser.newContext({ viewport: { width: 1400, height: 950 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const author = await browser.newContext({ viewport: { width: 1400, height: 950 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  try {
    const watching = await watcher.newPage();
    await uiLogin(watching, 'gestor');
    await watching.goto('/schedule');
    await expect(watching.locator('.fc-timeGridWeek-view')).toBeVisible();
    // The realtime stream of this session is open before the other one writes.
    await watching.waitForTimeout(1500);

    // The other session (its own login, its own browser context) creates an event today 08:00–09:00
    // in the operator's zone: on the watcher's current week whatever the hour.
    const writing = await author.newPage();
    await uiLogin(writing, 'gestor');
    await writing.goto('/schedule');
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const { token } = await apiLogin(request, 'gestor');
    const made = await writing.evaluate(
      async ([body, bearer]) => (await fetch('/api/schedule', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body })).status,
      [JSON.stringify({ title, starts_at: `${today}T08:00:00-03:00`, ends_at: `${today}T09:00:00-03:00`, force: true }), token] as const,
    );
    expect(made).toBe(201);
    await expect(watching.locator('.fc-event', { hasText: title })).toBeVisible({ timeout: 2000 });

    // A work order's visit: created on the same morning, then cancelled — on and off the open calendar.
    const get = async <T>(url: string) => (await (await request.get(url, { headers: auth(token) })).json()) as T;
    const [marina] = await get<{ id: number }[]>('/api/external-activity/technicians?search=Marina');
    const [type] = await get<{ id: number }[]>('/api/external-activity/type-options');
    const order = await request.post('/api/external-activity', {
      headers: auth(token),
      data: { assistance_type_id: type.id, client_name: `Cliente ao vivo ${tag}`, technician_ids: [marina.id], scheduled_start: `${today}T08:00:00-03:00`, scheduled_end: `${today}T09:00:00-03:00`, force: true },
    });
    expect(order.status(), await order.text()).toBe(201);
    const { id } = (await order.json()) as { id: number };
    const visit = watching.locator(`.fc-event[data-key="activity-${id}"]`);
    await expect(visit).toBeVisible({ timeout: 2000 });
    const cancelled = await request.post(`/api/external-activity/${id}/cancel`, { headers: auth(token), data: { reason: 'Cliente desmarcou' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await expect(visit).toHaveCount(0, { timeout: 2000 });
  } finally {
    await watcher.close();
    await author.close();
  }
});

test('schedule: one occurrence of a series moved from its page ("Somente esta ocorrência")', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const title = `Reunião de projeto ${tag}`;
  const { token } = await apiLogin(request, 'gestor');
  // Three Thursdays at 09:00, 60 to 79 weeks ahead.
  const start = new Date(Date.now() + (60 + (Date.now() % 20)) * 7 * 86_400_000);
  const day = start.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const made = await request.post('/api/schedule', {
    headers: auth(token),
    data: { title, starts_at: `${day}T09:00:00-03:00`, ends_at: `${day}T10:00:00-03:00`, recurrence: { frequency: 'weekly', weekdays: ['TH'], ends: 'count', count: 3 }, force: true },
  });
  expect(made.status()).toBe(201);
  const series = (await made.json()) as { id: number; starts_at: string };
  const second = new Date(Date.parse(series.starts_at) + 7 * 86_400_000).toISOString();
  const secondDay = new Date(second).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

  await uiLogin(page, 'gestor');
  await page.goto(`/schedule/${series.id}?occurrence=${encodeURIComponent(second)}`);
  await expect(page.getByText(/ocorrência de "Semanal às quintas, 3 vezes"/)).toBeVisible();
  await page.getByRole('button', { name: 'Editar' }).click();
  const choice = page.getByRole('dialog', { name: 'Editar evento recorrente' });
  await choice.getByRole('button', { name: 'Somente esta ocorrência' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mover esta ocorrência' });
  await expect(dialog).toBeVisible();
  // No "Repetir" for a single occurrence.
  await expect(dialog.getByRole('combobox', { name: 'Repetir' })).toHaveCount(0);
  // 15:00–16:00 instead of 09:00–10:00, typed into the hour sections.
  await dialog.getByRole('group', { name: 'Fim' }).getByRole('spinbutton', { name: 'Horas' }).click();
  await page.keyboard.type('16');
  await dialog.getByRole('group', { name: 'Início' }).getByRole('spinbutton', { name: 'Horas' }).click();
  await page.keyboard.type('15');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Ocorrência movida');
  await expect(page.getByText('Ocorrência movida de uma série')).toBeVisible();

  // The series keeps the other two; the moved one is at 15:00 that day.
  const items = (await (await request.get(`/api/schedule/calendar?from=${day}&to=${new Date(Date.parse(`${day}T12:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10)}`, { headers: auth(token) })).json()) as { id: number; title: string; start: string }[];
  const ours = items.filter((i) => i.title === title);
  expect(ours.filter((i) => i.id === series.id)).toHaveLength(2);
  const moved = ours.filter((i) => i.id !== series.id);
  expect(moved).toHaveLength(1);
  expect(new Date(moved[0].start).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' })).toBe(`${secondDay} 15:00:00`);
});
