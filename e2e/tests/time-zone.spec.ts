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
