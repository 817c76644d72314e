import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { users } from '../../src/core/schema';
import { scheduleEvents } from '../../src/modules/schedule/schema';
import { createTestApp, type TestApp } from '../helpers';

/**
 * An event belongs to its unit's zone when the unit has one, else its organization's: its all-day
 * days and its repetition read the same to anyone, whatever zone the writer or the reader is in. And
 * a series leaves the app on its own clock (TZID + VTIMEZONE), so a phone's calendar expands "monthly
 * on the 31st at 22:00" on the days the app does, not on UTC's (where 22:00 is already the 1st).
 */
type User = Awaited<ReturnType<TestApp['createUser']>>;

function occurrencesRead(body: string, summary: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const master = cal.getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('summary') === summary && v.hasProperty('rrule'));
  expect(master, 'the series in the file').toBeTruthy();
  const series = new ICAL.Event(master!);
  expect(series.startDate.zone?.tzid).not.toBe('floating');
  const starts: string[] = [];
  const it = series.iterator();
  for (let next = it.next(); next; next = it.next()) starts.push(next.toJSDate().toISOString());
  return starts;
}

describe('schedule events in their own zone', () => {
  let t: TestApp;
  let cuiaba: number;
  let planner: User; // organization's clock (São Paulo), no unit
  let farAway: User; // a member of the Cuiabá unit: reads on Cuiabá's clock

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser({ permissions: ['ORG', 'UNIT_ORGANIZATIONAL'] });
    const unit = await t.call('POST', '/api/unit-organizational', admin.token, { name: 'Filial Cuiabá', code: 'CGB', time_zone: 'America/Cuiaba' });
    expect(unit.statusCode, unit.body).toBe(201);
    cuiaba = unit.json().id;
    planner = await t.createUser({ permissions: ['SCHEDULE'] });
    farAway = await t.createUser({ permissions: ['SCHEDULE'] });
    await t.app.db.update(users).set({ unit_organizational_id: cuiaba }).where(eq(users.id, farAway.id));
    expect((await t.call('GET', '/api/me', farAway.token)).json()).toMatchObject({ time_zone: 'America/Cuiaba' });
  });
  afterAll(() => t.close());

  it('an all-day event of the Cuiabá unit is the same days for a writer in São Paulo and a reader in Cuiabá', async () => {
    const res = await t.call('POST', '/api/schedule', planner.token, { title: 'Inventário da filial', starts_at: '2027-04-12', ends_at: '2027-04-13', all_day: true, unit_organizational_id: cuiaba });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ starts_at: '2027-04-12', ends_at: '2027-04-13', time_zone: 'America/Cuiaba' });
    // Stored from Cuiabá's midnight (UTC−4), not São Paulo's.
    const id = res.json().id as number;
    const [row] = await t.app.db.select({ starts_at: scheduleEvents.starts_at }).from(scheduleEvents).where(eq(scheduleEvents.id, id));
    expect(row.starts_at.toISOString()).toBe('2027-04-12T04:00:00.000Z');
    for (const viewer of [planner, farAway]) {
      expect((await t.call('GET', `/api/schedule/${id}`, viewer.token)).json()).toMatchObject({ starts_at: '2027-04-12', ends_at: '2027-04-13' });
      const items = (await t.call('GET', '/api/schedule/calendar?from=2027-04-10&to=2027-04-15', viewer.token)).json() as { id: number; start: string; end: string }[];
      expect(items.find((i) => i.id === id)).toMatchObject({ start: '2027-04-12', end: '2027-04-14' });
    }
    // Written by the reader in Cuiabá, an organization-wide all-day event is on São Paulo's days.
    const wide = await t.call('POST', '/api/schedule', farAway.token, { title: 'Feriado da matriz', starts_at: '2027-04-21', ends_at: '2027-04-21', all_day: true });
    expect(wide.json()).toMatchObject({ starts_at: '2027-04-21', ends_at: '2027-04-21', time_zone: 'America/Sao_Paulo' });
    expect((await t.call('GET', `/api/schedule/${wide.json().id}`, planner.token)).json()).toMatchObject({ starts_at: '2027-04-21' });

    // Moved to the organization (no unit), it keeps its days: its midnights become São Paulo's.
    const moved = await t.call('PUT', `/api/schedule/${id}`, farAway.token, { unit_organizational_id: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ starts_at: '2027-04-12', ends_at: '2027-04-13', time_zone: 'America/Sao_Paulo' });
  });

  it('a weekly series of the Cuiabá unit repeats on Cuiabá\'s Mondays, even where that is Tuesday in São Paulo', async () => {
    // Monday 23:30 in Cuiabá is Tuesday 00:30 in São Paulo and 03:30 UTC.
    const res = await t.call('POST', '/api/schedule', planner.token, {
      title: 'Janela de manutenção CGB',
      starts_at: '2027-05-04T03:30:00Z',
      ends_at: '2027-05-04T04:30:00Z',
      unit_organizational_id: cuiaba,
      recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO'], ends: 'count', count: 3 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const expected = ['2027-05-04T03:30:00.000Z', '2027-05-11T03:30:00.000Z', '2027-05-18T03:30:00.000Z'];
    for (const viewer of [planner, farAway]) {
      const items = (await t.call('GET', '/api/schedule/calendar?from=2027-05-01&to=2027-05-31', viewer.token)).json() as { id: number; start: string }[];
      expect(items.filter((i) => i.id === res.json().id).map((i) => i.start)).toEqual(expected);
    }
    // A phone reads the same three instants from the .ics.
    const ics = (await t.call('GET', `/api/schedule/${res.json().id}/ics`, farAway.token)).body;
    expect(ics).toContain('DTSTART;TZID=America/Cuiaba:20270503T233000');
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(occurrencesRead(ics, 'Janela de manutenção CGB')).toEqual(expected);
  });

  it('a monthly series at 22:00 on the 31st reaches a phone on the 31sts, not on the 1sts of UTC', async () => {
    // 31/01/2027 22:00 in São Paulo is 01/02 01:00 UTC; the months with a 31st follow (RFC 5545 skips the others).
    const res = await t.call('POST', '/api/schedule', planner.token, {
      title: 'Fechamento do mês',
      starts_at: '2027-02-01T01:00:00Z',
      ends_at: '2027-02-01T02:00:00Z',
      recurrence: { frequency: 'monthly', interval: 1, weekdays: [], ends: 'count', count: 4 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const shown = (await t.call('GET', '/api/schedule/calendar?from=2027-01-25&to=2027-05-01', planner.token)).json() as { id: number; start: string }[];
    const app = shown.filter((i) => i.id === res.json().id).map((i) => i.start);
    const more = (await t.call('GET', '/api/schedule/calendar?from=2027-05-01&to=2027-08-05', planner.token)).json() as { id: number; start: string }[];
    app.push(...more.filter((i) => i.id === res.json().id).map((i) => i.start));
    // 31/01, 31/03, 31/05, 31/07 at 22:00 in São Paulo.
    expect(app).toEqual(['2027-02-01T01:00:00.000Z', '2027-04-01T01:00:00.000Z', '2027-06-01T01:00:00.000Z', '2027-08-01T01:00:00.000Z']);
    const link = (await t.call('POST', '/api/schedule/feed', planner.token)).json() as { url: string };
    await t.call('PUT', `/api/schedule/${res.json().id}`, planner.token, { participant_ids: [planner.id] });
    const feed = (await t.call('GET', new URL(link.url).pathname, undefined)).body;
    expect(occurrencesRead(feed, 'Fechamento do mês')).toEqual(app);
  });
});
