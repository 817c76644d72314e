import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../helpers';
import { activityBody, makeType } from '../external-activity/helpers';

/**
 * What leaves the app as iCalendar, read by a parser nobody here wrote (ical.js, the one in
 * Thunderbird): every timed event must name its zone (UTC `Z` or a TZID with its VTIMEZONE) and
 * start at the instant the app shows; floating local time is read in whatever zone the phone is in.
 */
type Parsed = { uid: string; summary: string; start: ICAL.Time; end: ICAL.Time };

function read(body: string): Parsed[] {
  const cal = new ICAL.Component(ICAL.parse(body));
  // A TZID is only meaningful with its VTIMEZONE in the same file.
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { uid: e.uid, summary: e.summary, start: e.startDate, end: e.endDate };
  });
}

/** The instant of a timed DTSTART/DTEND; fails on floating time, which has none. */
function instant(t: ICAL.Time): string {
  expect(t.isDate).toBe(false);
  expect(t.zone?.tzid, `zone of ${t.toString()}`).not.toBe('floating');
  return t.toJSDate().toISOString();
}

const at = (iso: string) => new Date(iso).toISOString();

describe('iCalendar read by ical.js', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the .ics and the feed put events and work orders at the instants the app shows; all-day events are dates', async () => {
    const tech = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'SCHEDULE.INDEX'] });
    const planner = await t.createUser({ permissions: ['SCHEDULE', 'EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH'] });
    // 09:00 in São Paulo is 12:00 UTC.
    const meeting = await t.call('POST', '/api/schedule', planner.token, { title: 'Reunião de operações', starts_at: '2027-03-02T09:00:00-03:00', ends_at: '2027-03-02T10:00:00-03:00', participant_ids: [tech.id] });
    expect(meeting.statusCode, meeting.body).toBe(201);
    const holiday = await t.call('POST', '/api/schedule', planner.token, { title: 'Plantão', starts_at: '2027-03-03', ends_at: '2027-03-04', all_day: true, participant_ids: [tech.id] });
    expect(holiday.statusCode, holiday.body).toBe(201);
    const type = await makeType(t);
    // Months ahead, past the order's SLA deadline: kept with `force`.
    const order = await t.call('POST', '/api/external-activity', planner.token, activityBody(type.id, [tech.id], { scheduled_start: '2027-03-02T14:00:00-03:00', scheduled_end: '2027-03-02T17:00:00-03:00', force: true }));
    expect(order.statusCode, order.body).toBe(201);

    const single = read((await t.call('GET', `/api/schedule/${meeting.json().id}/ics`, planner.token)).body);
    expect(single.map((e) => [e.summary, instant(e.start), instant(e.end)])).toEqual([['Reunião de operações', '2027-03-02T12:00:00.000Z', '2027-03-02T13:00:00.000Z']]);

    const link = (await t.call('POST', '/api/schedule/feed', tech.token)).json() as { url: string };
    const feed = read((await t.call('GET', new URL(link.url).pathname, undefined)).body);
    const byUid = new Map(feed.map((e) => [e.uid, e]));
    const timed = byUid.get(`schedule-event-${meeting.json().id}@operacoes`)!;
    expect([instant(timed.start), instant(timed.end)]).toEqual([at(meeting.json().starts_at), at(meeting.json().ends_at)]);
    const visit = byUid.get(`external-activity-${order.json().id}@operacoes`)!;
    expect([instant(visit.start), instant(visit.end)]).toEqual(['2027-03-02T17:00:00.000Z', '2027-03-02T20:00:00.000Z']);
    // Two days inclusive: DTEND is the day after the last (RFC 5545 §3.6.1).
    const allDay = byUid.get(`schedule-event-${holiday.json().id}@operacoes`)!;
    expect([allDay.start.isDate, allDay.start.toString(), allDay.end.toString()]).toEqual([true, '2027-03-03', '2027-03-05']);
  });

  it('every event of the demo feed starts where the schedule shows it', { timeout: 120_000 }, async () => {
    const demo = await createTestApp();
    try {
      await seedDemo(demo.app);
      const token = (await demo.login('tecnico', DEMO_PASSWORD)).token;
      const link = (await demo.call('POST', '/api/schedule/feed', token)).json() as { url: string };
      const feed = read((await demo.call('GET', new URL(link.url).pathname, undefined)).body);
      expect(feed.length).toBeGreaterThan(0);
      // The feed's window (30 days back, 180 ahead) in calendar pages of 30 days.
      const shownStart = new Map<string, string>();
      for (let d = -30; d < 180; d += 30) {
        const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
        const page = await demo.call('GET', `/api/schedule/calendar?from=${day(d)}&to=${day(d + 29)}`, token);
        expect(page.statusCode, page.body).toBe(200);
        for (const c of page.json() as { key: string; start: string }[]) shownStart.set(c.key, c.start);
      }
      let compared = 0;
      for (const e of feed) {
        const key = e.uid.replace(/^schedule-event-(\d+)@operacoes$/, 'event-$1').replace(/^external-activity-(\d+)@operacoes$/, 'activity-$1');
        const start = shownStart.get(key);
        if (start === undefined) continue;
        compared++;
        if (e.start.isDate) expect(e.start.toString(), e.summary).toBe(start.slice(0, 10));
        else expect(instant(e.start), e.summary).toBe(at(start));
      }
      expect(compared).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  });
});
