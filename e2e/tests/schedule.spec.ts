import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, expectToast, pick, uiLogin } from './helpers';

/**
 * The schedule in the browser: on the week view the manager drags over Tuesday 10:00–12:00 to create
 * an event with the technician and the fusion splicer reserved; then drags it onto a time when the
 * technician is already busy: the 409 is asked as a question — declined, the event goes back;
 * confirmed, it moves and the clash is recorded. The event's page lists the reserved item and
 * exports an .ics; the item's page shows the reservation.
 */
test.use({ viewport: { width: 1400, height: 950 }, acceptDownloads: true });

/** The centre of the 30-minute slot at `time` in the column of `date` (week/day view). */
async function slotPoint(page: Page, date: string, time: string) {
  const column = await page.locator(`.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const slot = await page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox();
  return { x: column!.x + column!.width / 2, y: slot!.y + slot!.height / 2 };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 4, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** Drags an event by its top edge so that its start lands on the slot at `time`. */
async function dragEventTo(page: Page, title: string, date: string, time: string) {
  const event = page.locator('.fc-event', { hasText: title });
  await expect(event).toBeVisible();
  await page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`).scrollIntoViewIfNeeded();
  const box = (await event.boundingBox())!;
  const column = (await page.locator(`.fc-timegrid-col[data-date="${date}"]`).boundingBox())!;
  const slot = (await page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox())!;
  await drag(page, { x: box.x + box.width / 2, y: box.y + 6 }, { x: column.x + column.width / 2, y: slot.y + 6 });
}

test('schedule: create an event with a reserved item by dragging, meet a clash when moving it, read it back', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const title = `Fusão CE-${tag}`;
  const { token } = await apiLogin(request, 'gestor');
  const people = (await (await request.get('/api/schedule/people?search=Luiz', { headers: auth(token) })).json()) as { id: number }[];
  const luiz = people[0].id;

  await uiLogin(page, 'gestor');
  await page.goto('/schedule');
  await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
  // pt-BR, Sunday first.
  await expect(page.locator('.fc-col-header-cell').first()).toContainText(/dom/i);
  // A week 5 to 30 weeks ahead: nothing of the demo there (nor, most likely, of a retry).
  const weeks = 5 + (Date.now() % 26);
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: /próximo|next/i }).click();
  const tuesday = (await page.locator('.fc-timegrid-col[data-date]').nth(2).getAttribute('data-date'))!;

  // The technician is busy on Tuesday 14:00–15:00 (made through the API; `force` for a retry on the same week).
  const busy = await request.post('/api/schedule', {
    headers: auth(token),
    data: { title: `Reunião com cliente ${tag}`, starts_at: `${tuesday}T14:00:00-03:00`, ends_at: `${tuesday}T15:00:00-03:00`, participant_ids: [luiz], force: true },
  });
  expect(busy.status()).toBe(201);

  // Drag over Tuesday 10:00 → 11:30 (the last slot ends at 12:00); 10:00 to 15:00 in view first.
  await page.locator('.fc-timegrid-slot-lane[data-time="15:00:00"]').scrollIntoViewIfNeeded();
  await page.locator('.fc-timegrid-slot-lane[data-time="10:00:00"]').scrollIntoViewIfNeeded();
  await drag(page, await slotPoint(page, tuesday, '10:00:00'), await slotPoint(page, tuesday, '11:30:00'));
  const dialog = page.getByRole('dialog', { name: 'Novo evento' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Título/ }).fill(title);
  await pick(page, /Participantes/, 'Luiz', true);
  await pick(page, /Itens reservados/, 'Fusionadora', true);
  await expect(dialog.getByRole('button', { name: /Fusionadora/ })).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Local/ }).fill('Caixa de emenda CE-PG-07');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Evento criado');
  const created = page.locator('.fc-event', { hasText: title });
  await expect(created).toBeVisible();

  const list = (await (await request.get(`/api/schedule?search=${encodeURIComponent(title)}`, { headers: auth(token) })).json()) as { items: { id: number; starts_at: string; ends_at: string; reservations: { tag: string; patrimony_id: number }[]; participant_ids: number[] }[] };
  const event = list.items[0];
  expect(new Date(event.starts_at).toISOString()).toBe(new Date(`${tuesday}T10:00:00-03:00`).toISOString());
  expect(new Date(event.ends_at).toISOString()).toBe(new Date(`${tuesday}T12:00:00-03:00`).toISOString());
  expect(event.participant_ids).toEqual([luiz]);
  expect(event.reservations).toHaveLength(1);

  // Move it onto 14:00, when Luiz is busy: the clash is asked; "Cancelar" puts it back.
  const question = page.locator('.swal2-popup:not(.swal2-toast)');
  await dragEventTo(page, title, tuesday, '14:00:00');
  await expect(question).toContainText('Conflito de agenda');
  await expect(question).toContainText(`Reunião com cliente ${tag}`);
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toHaveCount(0);
  await expect
    .poll(async () => new Date(((await (await request.get(`/api/schedule/${event.id}`, { headers: auth(token) })).json()) as { starts_at: string }).starts_at).toISOString())
    .toBe(new Date(`${tuesday}T10:00:00-03:00`).toISOString());
  await expect(page.locator('.fc-event', { hasText: title })).toBeVisible();

  // Again, and keep it: it moves and the clash is kept on the event.
  await dragEventTo(page, title, tuesday, '14:00:00');
  await expect(question).toContainText('Conflito de agenda');
  await question.getByRole('button', { name: 'Manter assim mesmo' }).click();
  await expectToast(page, 'Evento movido');
  const moved = (await (await request.get(`/api/schedule/${event.id}`, { headers: auth(token) })).json()) as { starts_at: string; clash_note: string };
  expect(new Date(moved.starts_at).toISOString()).toBe(new Date(`${tuesday}T14:00:00-03:00`).toISOString());
  expect(moved.clash_note).toContain(`Reunião com cliente ${tag}`);

  // The event's page: participants, the reserved item, the clash kept, the .ics.
  // (The clashing meeting is drawn over part of it.)
  await page.locator('.fc-event', { hasText: title }).dispatchEvent('click');
  await expect(page).toHaveURL(new RegExp(`/schedule/${event.id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // (Other specs may have renamed the technician: the name is read back from the API.)
  const participants = (await (await request.get(`/api/schedule/${event.id}`, { headers: auth(token) })).json()).participants as { name: string }[];
  await expect(page.getByRole('region', { name: 'Participantes (1)' })).toContainText(participants[0].name);
  await expect(page.getByText('Mantido apesar de conflito de agenda')).toBeVisible();
  const itemTag = event.reservations[0].tag;
  await expect(page.getByRole('link', { name: itemTag })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar .ics' }).click();
  expect((await download).suggestedFilename()).toBe(`evento-${event.id}.ics`);

  // The item's page shows the reservation.
  await page.getByRole('link', { name: itemTag }).click();
  await page.getByRole('tab', { name: 'Reservas' }).click();
  await expect(page.getByTestId('upcoming-reservations')).toContainText(title);
});
