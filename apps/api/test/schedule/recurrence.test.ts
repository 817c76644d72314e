import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, violationsByField } from '../helpers';
import { activityBody, makeTechnician, makeType } from '../external-activity/helpers';
import { newItem, place, type Place } from '../warehouse/helpers';

type User = Awaited<ReturnType<TestApp['createUser']>>;
type Event = { id: number; starts_at: string; ends_at: string; recurrence: unknown; recurrence_label: string | null; exdates: string[]; exceptions: { id: number; recurrence_id: string }[]; series_id: number | null; patrimony_ids: number[] };
type Item = { key: string; id: number; start: string; end: string; occurrence?: string | null; editable: boolean; title: string };

/** `h:m` São Paulo time on day `d` after Monday 2027-03-01. */
const at = (d: number, h: number, m = 0) => new Date(Date.parse('2027-03-01T00:00:00-03:00') + d * 86_400_000 + h * 3_600_000 + m * 60_000).toISOString();

describe('schedule: recurring events', () => {
  let t: TestApp;
  let p: Place;
  let planner: User, reader: User, outsider: User, marina: User, ana: User;

  beforeAll(async () => {
    t = await createTestApp();
    p = await place(t);
    planner = await t.createUser({ permissions: ['SCHEDULE', 'EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH', 'PATRIMONY'] });
    reader = await t.createUser({ permissions: ['SCHEDULE.INDEX'] });
    marina = await t.createUser({ permissions: ['SCHEDULE'], nickname: 'Marina' });
    ana = await t.createUser({ permissions: ['SCHEDULE'], nickname: 'Ana' });
    outsider = await t.createUser({ permissions: ['SCHEDULE'], organizationId: await t.createOrganization('Outra Telecom') });
  });
  afterAll(() => t?.close());

  const create = (body: Record<string, unknown>, who = planner) => t.call('POST', '/api/schedule', who.token, { title: 'Série', ...body });
  const made = async (body: Record<string, unknown>, who = planner) => {
    const res = await create(body, who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Event;
  };
  const calendar = async (from: string, to: string, who = planner) => {
    const res = await t.call('GET', `/api/schedule/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, who.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Item[];
  };
  const startsOf = async (id: number, from: string, to: string) => (await calendar(from, to)).filter((i) => i.id === id).map((i) => i.start);

  it('daily with a count: that many occurrences, each with the first one’s time and length', async () => {
    const e = await made({ starts_at: at(0, 7), ends_at: at(0, 7, 30), recurrence: { frequency: 'daily', ends: 'count', count: 3 } });
    expect(e.recurrence_label).toBe('Diária, 3 vezes');
    expect(await startsOf(e.id, at(-1, 0), at(10, 0))).toEqual([at(0, 7), at(1, 7), at(2, 7)]);
    const items = (await calendar(at(0, 0), at(3, 0))).filter((i) => i.id === e.id);
    expect(items.map((i) => i.end)).toEqual([at(0, 7, 30), at(1, 7, 30), at(2, 7, 30)]);
    // Each occurrence is its own key and names its original start; a series is not dragged.
    expect(new Set(items.map((i) => i.key)).size).toBe(3);
    expect(items.every((i) => i.occurrence === i.start && !i.editable)).toBe(true);
    // The records list names the series while any occurrence is in its period.
    const listed = (await t.call('GET', `/api/schedule?from=${encodeURIComponent(at(2, 0))}&to=${encodeURIComponent(at(2, 23))}&pageSize=100`, planner.token)).json() as { items: { id: number }[] };
    expect(listed.items.map((i) => i.id)).toContain(e.id);
  });

  it('weekly on chosen weekdays until a date (inclusive), starting on the first matching day', async () => {
    // Typed from Tuesday 2027-03-02: the first occurrence is Wednesday the 3rd.
    const e = await made({ starts_at: at(1, 20), ends_at: at(1, 21), recurrence: { frequency: 'weekly', weekdays: ['MO', 'WE'], ends: 'until', until: '2027-03-15' } });
    expect(e.starts_at).toBe(at(2, 20));
    expect(e.recurrence_label).toBe('Semanal às segundas e às quartas até 15/03/2027');
    expect(await startsOf(e.id, at(0, 0), at(30, 0))).toEqual([at(2, 20), at(7, 20), at(9, 20), at(14, 20)]);
  });

  it('monthly on the first start’s day, and every other week', async () => {
    const monthly = await made({ starts_at: '2027-01-15T10:00:00-03:00', ends_at: '2027-01-15T11:00:00-03:00', recurrence: { frequency: 'monthly', ends: 'count', count: 3 } });
    expect(monthly.recurrence_label).toBe('Mensal, 3 vezes');
    expect(await startsOf(monthly.id, '2027-01-01', '2027-03-31')).toEqual(['2027-01-15T13:00:00.000Z', '2027-02-15T13:00:00.000Z', '2027-03-15T13:00:00.000Z']);
    const fortnight = await made({ starts_at: at(0, 6), ends_at: at(0, 6, 15), recurrence: { frequency: 'weekly', interval: 2, weekdays: ['MO'], ends: 'count', count: 3 } });
    expect(fortnight.recurrence_label).toBe('A cada 2 semanas às segundas, 3 vezes');
    expect(await startsOf(fortnight.id, at(0, 0), at(40, 0))).toEqual([at(0, 6), at(14, 6), at(28, 6)]);
  });

  it('an all-day series keeps its days', async () => {
    const e = await made({ starts_at: '2027-03-06', ends_at: '2027-03-06', all_day: true, recurrence: { frequency: 'weekly', weekdays: ['SA'], ends: 'count', count: 2 } });
    const items = (await calendar('2027-03-01', '2027-03-20')).filter((i) => i.id === e.id);
    expect(items.map((i) => [i.start, i.end])).toEqual([
      ['2027-03-06', '2027-03-07'],
      ['2027-03-13', '2027-03-14'],
    ]);
  });

  it('cancels one occurrence and moves another; the page lists both exceptions', async () => {
    const e = await made({ starts_at: at(0, 8), ends_at: at(0, 9), participant_ids: [ana.id], recurrence: { frequency: 'weekly', weekdays: ['MO'], ends: 'count', count: 4 } });
    const cancelled = await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, planner.token, { occurrence: at(7, 8) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().exdates).toEqual([at(7, 8)]);
    const moved = await create({ starts_at: at(15, 14), ends_at: at(15, 15), participant_ids: [ana.id], series_id: e.id, recurrence_id: at(14, 8) });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().series_id).toBe(e.id);
    expect(await startsOf(e.id, at(0, 0), at(30, 0))).toEqual([at(0, 8), at(21, 8)]);
    expect(await startsOf(moved.json().id, at(0, 0), at(30, 0))).toEqual([at(15, 14)]);
    const page = (await t.call('GET', `/api/schedule/${e.id}`, planner.token)).json() as Event;
    expect(page.exceptions.map((x) => x.recurrence_id)).toEqual([at(14, 8)]);
    // The same occurrence cannot be moved or cancelled twice; an occurrence that never was is refused.
    expect((await create({ starts_at: at(16, 14), ends_at: at(16, 15), series_id: e.id, recurrence_id: at(14, 8) })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, planner.token, { occurrence: at(7, 8) })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, planner.token, { occurrence: at(8, 8) })).statusCode).toBe(422);
    // Cancelling the moved one removes it, and the series does not show it back.
    expect((await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, planner.token, { occurrence: at(14, 8) })).statusCode).toBe(200);
    expect(await startsOf(moved.json().id, at(0, 0), at(30, 0))).toEqual([]);
    expect(await startsOf(e.id, at(0, 0), at(30, 0))).toEqual([at(0, 8), at(21, 8)]);
  });

  it('a series clashes with a one-off on any of its occurrences, and a one-off with a series', async () => {
    // Tuesdays are days 29, 36, 43, 50 and 57 after Monday 2027-03-01.
    await made({ title: 'Plantão avulso', starts_at: at(43, 9, 30), ends_at: at(43, 10, 30), participant_ids: [marina.id] });
    const series = await create({ title: 'Reunião semanal', starts_at: at(29, 9), ends_at: at(29, 10), participant_ids: [marina.id], recurrence: { frequency: 'weekly', weekdays: ['TU'], ends: 'count', count: 5 } });
    expect(series.statusCode).toBe(409);
    expect(series.json().message).toContain('Plantão avulso');
    const forced = await made({ title: 'Reunião semanal', starts_at: at(29, 9), ends_at: at(29, 10), participant_ids: [marina.id], recurrence: { frequency: 'weekly', weekdays: ['TU'], ends: 'count', count: 5 }, force: true });
    // Saving it again with the same rule (as the form does) and a new title is no new clash.
    const renamed = await t.call('PUT', `/api/schedule/${forced.id}`, planner.token, { title: 'Reunião semanal', recurrence: { frequency: 'weekly', weekdays: ['TU'], ends: 'count', count: 5 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The reverse: a one-off on the fourth Tuesday meets the series.
    const oneOff = await create({ title: 'Vistoria', starts_at: at(50, 9, 15), ends_at: at(50, 9, 45), participant_ids: [marina.id] });
    expect(oneOff.statusCode).toBe(409);
    expect(oneOff.json().message).toContain('Reunião semanal');
    // Between occurrences (a Wednesday) is free, and so is a cancelled occurrence.
    await made({ title: 'Livre', starts_at: at(51, 9), ends_at: at(51, 10), participant_ids: [marina.id] });
    expect((await t.call('POST', `/api/schedule/${forced.id}/cancel-occurrence`, planner.token, { occurrence: at(57, 9) })).statusCode).toBe(200);
    await made({ title: 'No lugar da cancelada', starts_at: at(57, 9), ends_at: at(57, 10), participant_ids: [marina.id] });
    // Two series meet on a shared occurrence.
    const other = await create({ title: 'Outra série', starts_at: at(36, 9), ends_at: at(36, 10), participant_ids: [marina.id], recurrence: { frequency: 'daily', ends: 'count', count: 3 } });
    expect(other.statusCode).toBe(409);
  });

  it('a work order’s visit meets a series occurrence', async () => {
    const tech = await makeTechnician(t);
    await made({ title: 'Ronda diária', starts_at: at(70, 8), ends_at: at(70, 9), participant_ids: [tech.id], recurrence: { frequency: 'daily', ends: 'count', count: 5 } });
    const type = await makeType(t);
    const order = await t.call('POST', '/api/external-activity', planner.token, activityBody(type.id, [tech.id], { scheduled_start: at(69, 14), scheduled_end: at(69, 15), force: true }));
    expect(order.statusCode, order.body).toBe(201);
    const move = await t.call('POST', `/api/schedule/activity/${order.json().id}/move`, planner.token, { scheduled_start: at(73, 8, 30), scheduled_end: at(73, 10) });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toContain('Ronda diária');
  });

  it('holds a reserved item on every occurrence and frees it between them and when cancelled', async () => {
    const item = await newItem(t, p);
    // Mondays: days 91, 98, 105 and 112.
    const e = await made({ title: 'Fusões semanais', starts_at: at(91, 13), ends_at: at(91, 17), patrimony_ids: [item.id], recurrence: { frequency: 'weekly', weekdays: ['MO'], ends: 'count', count: 4 } });
    expect(e.patrimony_ids).toEqual([item.id]);
    const taken = await create({ title: 'Outro uso', starts_at: at(105, 14), ends_at: at(105, 15), patrimony_ids: [item.id] });
    expect(taken.statusCode).toBe(409);
    expect(violationsByField(taken.json()).patrimony_ids).toContain('Fusões semanais');
    await made({ title: 'Entre as fusões', starts_at: at(106, 14), ends_at: at(106, 15), patrimony_ids: [item.id] });
    const reservations = (await t.call('GET', `/api/schedule/reservation?patrimony=${item.id}`, planner.token)).json() as { event_id: number; starts_at: string }[];
    expect(reservations.filter((r) => r.event_id === e.id).map((r) => r.starts_at)).toEqual([at(91, 13), at(98, 13), at(105, 13), at(112, 13)]);
    // A series over a one-off's reservation (day 106) is refused too.
    expect((await create({ title: 'Série tardia', starts_at: at(106, 14, 30), ends_at: at(106, 14, 45), patrimony_ids: [item.id], recurrence: { frequency: 'weekly', weekdays: ['TU'], ends: 'count', count: 3 } })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, planner.token, { occurrence: at(105, 13) })).statusCode).toBe(200);
    await made({ title: 'No dia cancelado', starts_at: at(105, 14), ends_at: at(105, 15), patrimony_ids: [item.id] });
  });

  it('bounds a series: beyond 2 years or 366 occurrences is a pt-BR 422 on the rule', async () => {
    const long = await create({ starts_at: at(0, 5), ends_at: at(0, 6), recurrence: { frequency: 'monthly', ends: 'until', until: '2029-12-31' } });
    expect(long.statusCode).toBe(422);
    expect(violationsByField(long.json()).recurrence).toMatch(/no máximo até 2 anos/);
    const many = await create({ starts_at: at(0, 5), ends_at: at(0, 6), recurrence: { frequency: 'daily', ends: 'count', count: 400 } });
    expect(many.statusCode).toBe(422);
    expect(violationsByField(many.json())['recurrence.count']).toBe('No máximo 366 ocorrências');
    const daily = await create({ starts_at: at(0, 5), ends_at: at(0, 6), recurrence: { frequency: 'daily', ends: 'until', until: '2028-06-01' } });
    expect(daily.statusCode).toBe(422);
  });

  it('bad input is a pt-BR 422 on its field, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ recurrence: { frequency: 'yearly', ends: 'count', count: 2 } }, 'recurrence.frequency'],
      [{ recurrence: { frequency: 'weekly', ends: 'count', count: 2 } }, 'recurrence.weekdays'],
      [{ recurrence: { frequency: 'weekly', weekdays: ['XX'], ends: 'count', count: 2 } }, 'recurrence.weekdays.0'],
      [{ recurrence: { frequency: 'daily', ends: 'until' } }, 'recurrence.until'],
      [{ recurrence: { frequency: 'daily', ends: 'count' } }, 'recurrence.count'],
      [{ recurrence: { frequency: 'daily', ends: 'count', count: 0 } }, 'recurrence.count'],
      [{ recurrence: { frequency: 'daily', ends: 'until', until: '2026-01-01' } }, 'recurrence.until'],
      [{ recurrence: 'toda segunda' }, 'recurrence'],
      [{ ends_at: at(1, 6), recurrence: { frequency: 'daily', ends: 'count', count: 3 } }, 'ends_at'],
      [{ series_id: 99_999_999, recurrence_id: at(0, 5) }, 'series_id'],
      [{ recurrence_id: at(0, 5) }, 'recurrence_id'],
    ];
    for (const [body, field] of cases) {
      const res = await create({ starts_at: at(0, 5), ends_at: at(0, 6), ...body });
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(422);
      expect(Object.keys(violationsByField(res.json())), JSON.stringify(body)).toContain(field);
    }
    const e = await made({ starts_at: at(200, 5), ends_at: at(200, 6) });
    const notSeries = await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, planner.token, { occurrence: at(200, 5) });
    expect(notSeries.statusCode).toBe(422);
    expect((await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, planner.token, { occurrence: 'segunda' })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, planner.token, null)).statusCode).toBe(422);
  });

  it('edits the whole series (rule and time), and back to a one-off', async () => {
    const e = await made({ starts_at: at(120, 7), ends_at: at(120, 8), recurrence: { frequency: 'daily', ends: 'count', count: 3 } });
    const put = await t.call('PUT', `/api/schedule/${e.id}`, planner.token, { starts_at: at(120, 10), ends_at: at(120, 11), recurrence: { frequency: 'weekly', weekdays: ['MO', 'FR'], ends: 'count', count: 3 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await startsOf(e.id, at(115, 0), at(140, 0))).toEqual([at(123, 10), at(126, 10), at(130, 10)]);
    const once = await t.call('PUT', `/api/schedule/${e.id}`, planner.token, { recurrence: null });
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json().recurrence).toBeNull();
    expect(await startsOf(e.id, at(115, 0), at(140, 0))).toEqual([at(123, 10)]);
  });

  it('tells the organization’s open calendars (realtime) when an event, an occurrence or a work order’s visit changes', async () => {
    const seen: { topic: string; data: unknown }[] = [];
    const hub = t.app.realtime;
    const publish = hub.publish.bind(hub);
    hub.publish = async (messages) => {
      seen.push(...messages);
      return publish(messages);
    };
    try {
      const schedule = () => seen.filter((m) => (m.data as { type?: string }).type === 'schedule').map((m) => m.topic);
      const e = await made({ starts_at: at(160, 7), ends_at: at(160, 8), recurrence: { frequency: 'daily', ends: 'count', count: 3 } });
      const topic = schedule()[0];
      expect(topic).toMatch(/^\/organizations\/\d+$/);
      await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, planner.token, { occurrence: at(161, 7) });
      await t.call('PUT', `/api/schedule/${e.id}`, planner.token, { title: 'Renomeada' });
      expect((await t.call('DELETE', `/api/schedule/${e.id}`, planner.token)).statusCode).toBe(204);
      expect(schedule()).toEqual([topic, topic, topic, topic]);
      const tech = await makeTechnician(t);
      const type = await makeType(t);
      const order = await t.call('POST', '/api/external-activity', planner.token, activityBody(type.id, [tech.id], { scheduled_start: at(162, 14), scheduled_end: at(162, 15), force: true }));
      expect(order.statusCode, order.body).toBe(201);
      expect((await t.call('POST', `/api/schedule/activity/${order.json().id}/move`, planner.token, { scheduled_start: at(163, 14), scheduled_end: at(163, 15), force: true })).statusCode).toBe(200);
      expect(schedule().length).toBeGreaterThanOrEqual(6);
      // A refused write tells nobody.
      const before = schedule().length;
      expect((await create({ starts_at: at(0, 5), ends_at: at(0, 6), recurrence: { frequency: 'daily', ends: 'count', count: 999 } })).statusCode).toBe(422);
      expect(schedule().length).toBe(before);
    } finally {
      hub.publish = publish;
    }
  });

  it('a read-only user cannot write a series or its occurrences; another organization neither sees nor touches it', async () => {
    const e = await made({ title: 'Série privada', starts_at: at(150, 7), ends_at: at(150, 8), recurrence: { frequency: 'daily', ends: 'count', count: 2 } });
    expect((await create({ starts_at: at(150, 7), ends_at: at(150, 8), recurrence: { frequency: 'daily', ends: 'count', count: 2 } }, reader)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, reader.token, { occurrence: at(150, 7) })).statusCode).toBe(403);
    expect((await create({ starts_at: at(150, 9), ends_at: at(150, 10), series_id: e.id, recurrence_id: at(151, 7) }, reader)).statusCode).toBe(403);
    expect((await calendar(at(149, 0), at(153, 0), reader)).filter((i) => i.id === e.id)).toHaveLength(2);
    expect((await calendar(at(149, 0), at(153, 0), outsider)).filter((i) => i.id === e.id)).toHaveLength(0);
    expect((await t.call('GET', `/api/schedule/${e.id}`, outsider.token)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/schedule/${e.id}/cancel-occurrence`, outsider.token, { occurrence: at(150, 7) })).statusCode).toBe(404);
    const theirs = await create({ starts_at: at(151, 9), ends_at: at(151, 10), series_id: e.id, recurrence_id: at(151, 7) }, outsider);
    expect(theirs.statusCode).toBe(422);
    expect(violationsByField(theirs.json()).series_id).toBe('Série não encontrada');
  });
});
