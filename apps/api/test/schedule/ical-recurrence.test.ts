import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../helpers';

/**
 * A recurring event leaves the app as RRULE + EXDATE, its moved occurrence as a VEVENT with the
 * same UID and a RECURRENCE-ID. ical.js (Thunderbird's parser) expands them: it must find the same
 * occurrences the app's calendar shows, the cancelled one absent and the moved one at its new time.
 */
function expand(body: string, summary: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  const events = cal.getAllSubcomponents('vevent').filter((v) => v.getFirstPropertyValue('summary') === summary);
  const master = events.find((v) => v.hasProperty('rrule'));
  expect(master, 'the series in the feed').toBeTruthy();
  const series = new ICAL.Event(master!);
  const moved = events.filter((v) => v.hasProperty('recurrence-id'));
  for (const v of moved) {
    expect(v.getFirstPropertyValue('uid')).toBe(series.uid);
    series.relateException(v);
  }
  const starts: string[] = [];
  const it = series.iterator();
  for (let next = it.next(); next; next = it.next()) starts.push(series.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
  return { starts: starts.sort(), moved: moved.length, exdates: master!.getAllProperties('exdate').length };
}

describe('iCalendar of a recurring event read by ical.js', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
    await seedDemo(demo.app);
  }, 120_000);
  afterAll(() => demo?.close());

  it('expands the demo feed’s weekly meeting to the occurrences of the calendar: cancelled absent, moved at its new time', async () => {
    const token = (await demo.login('tecnico', DEMO_PASSWORD)).token;
    const link = (await demo.call('POST', '/api/schedule/feed', token)).json() as { url: string };
    const feed = await demo.call('GET', new URL(link.url).pathname, undefined);
    expect(feed.statusCode).toBe(200);
    const title = 'Reunião semanal de operações';
    const read = expand(feed.body, title);
    expect(read.exdates).toBe(1);
    expect(read.moved).toBe(1);

    // The calendar in pages of 30 days over the series' 26 weeks.
    const shown = new Map<string, string>();
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    for (let d = -1; d < 200; d += 30) {
      const page = await demo.call('GET', `/api/schedule/calendar?from=${day(d)}&to=${day(d + 29)}`, token);
      expect(page.statusCode, page.body).toBe(200);
      for (const c of page.json() as { key: string; title: string; start: string }[]) if (c.title === title) shown.set(c.key, new Date(c.start).toISOString());
    }
    const calendar = [...shown.values()].sort();
    expect(calendar).toHaveLength(25);
    expect(read.starts).toEqual(calendar);
    // The moved one: 14:00 in São Paulo instead of 09:00.
    const hours = calendar.map((s) => new Date(s).toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }));
    expect(hours.filter((h) => h === '14:00')).toHaveLength(1);
    expect(hours.filter((h) => h === '09:00')).toHaveLength(24);

    // The series' own .ics carries its moved occurrence too: the same 25.
    const gestor = (await demo.login('gestor', DEMO_PASSWORD)).token;
    const list = (await demo.call('GET', `/api/schedule?search=${encodeURIComponent(title)}&pageSize=10`, gestor)).json() as { items: { id: number; recurrence: unknown }[] };
    const series = list.items.find((i) => i.recurrence)!;
    const single = await demo.call('GET', `/api/schedule/${series.id}/ics`, gestor);
    expect(single.statusCode).toBe(200);
    expect(expand(single.body, title).starts).toEqual(calendar);
  });
});
