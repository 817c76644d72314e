import { expect, test } from '@playwright/test';
import { apiLogin, auth, uiLogin } from './helpers';

// A manager travelling in Lisbon (UTC+0) sees the operator's times, not the laptop's.
test.use({ timezoneId: 'Europe/Lisbon' });

const hourInSaoPaulo = (iso: string) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

test("the project dashboard's calendar shows a visit at the operator's hour", async ({ page, request }) => {
  const { token } = await apiLogin(request, 'gestor');
  const projects = (await (await request.get('/api/project?pageSize=50', { headers: auth(token) })).json()) as { items: { id: number; name: string }[] };
  let found: { project: number; start: string; code: string } | undefined;
  for (const p of projects.items) {
    const linked = (await (await request.get(`/api/project/${p.id}/activity`, { headers: auth(token) })).json()) as { code: string; scheduled_start: string | null }[];
    const visit = linked.find((a) => a.scheduled_start);
    if (visit) {
      found = { project: p.id, start: visit.scheduled_start!, code: visit.code };
      break;
    }
  }
  expect(found, 'a demo project with a scheduled visit').toBeTruthy();
  await uiLogin(page, 'gestor');
  await page.goto(`/project/dashboard/${found!.project}`);
  const event = page.locator('.fc-event', { hasText: found!.code }).first();
  await expect(event).toBeVisible();
  // FullCalendar's pt-BR day grid writes a whole hour as "14".
  await expect(event.locator('.fc-event-time')).toHaveText(new RegExp(`^${hourInSaoPaulo(found!.start)}(:00|h)?$`));
});

test("an organization in Manaus: a manager's browser in Lisbon shows the schedule at the operator's hour, labelled with the zone", async ({ page, request }) => {
  const tag = Date.now().toString(36).slice(-5);
  const admin = await apiLogin(request, 'admin', 'admin12345');
  const org = await request.post('/api/organization', { headers: auth(admin.token), data: { fantasy_name: `Fibra Amazonas ${tag}`, time_zone: 'America/Manaus' } });
  expect(org.status(), await org.text()).toBe(201);
  expect(await org.json()).toMatchObject({ time_zone: 'America/Manaus' });
  const username = `tzmao${tag}`;
  const user = await request.post('/api/user', {
    headers: auth(admin.token),
    data: { username, email: `${username}@fibra-amazonas.com.br`, password: 'senha-segura-1', person: { nickname: 'Gestora Manaus', full_name: `Gestora ${username}` }, permissions: ['SCHEDULE'], organization_id: (await org.json()).id },
  });
  expect(user.status(), await user.text()).toBe(201);
  const { token } = await apiLogin(request, username, 'senha-segura-1');
  // Today in Manaus (UTC−4, no daylight saving), 09:00–10:00 on the operator's clock: 13:00Z.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Manaus' }).format(new Date());
  const title = `Vistoria do POP ${tag}`;
  const event = await request.post('/api/schedule', { headers: auth(token), data: { title, starts_at: `${today}T09:00:00-04:00`, ends_at: `${today}T10:00:00-04:00` } });
  expect(event.status(), await event.text()).toBe(201);
  expect(new Date((await event.json()).starts_at).toISOString()).toBe(`${today}T13:00:00.000Z`);

  await uiLogin(page, username, 'senha-segura-1');
  await page.goto('/schedule');
  // The week view: the visit sits at 09:00 (Lisbon's clock would say 13:00), and the page says whose hours these are.
  const shown = page.locator('.fc-event', { hasText: title }).first();
  await expect(shown).toBeVisible();
  await expect(shown.locator('.fc-event-time')).toHaveText(/^09:00/);
  await expect(page.getByTestId('schedule-zone')).toHaveText('Horário de Manaus (America/Manaus, UTC−4)');
  // The event's page writes the same hour.
  await page.goto(`/schedule/${(await event.json()).id}`);
  await expect(page.getByText(/09:00/).first()).toBeVisible();
});
