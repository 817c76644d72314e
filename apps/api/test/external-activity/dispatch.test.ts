/**
 * Dispatch sees the technician's day: scheduling, rescheduling or assigning a work order checks its
 * technicians' events and other orders and the order's SLA deadline, and answers 409 with the
 * clashes and the deadline unless the request says `force: true`. The dispatch board reads each
 * technician's day and the unassigned orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { activityEvents } from '../../src/modules/external-activity/schema';
import { createTestApp, type TestApp } from '../helpers';
import { activityBody, makeType } from './helpers';

type User = Awaited<ReturnType<TestApp['createUser']>>;
type Activity = { id: number; code: string; status: string; scheduled_start: string | null; scheduled_end: string | null; technician_ids: number[] };
type Conflict = { code: number; message: string; clashes: string[]; sla_due_at: string | null; violations: { propertyPath: string; message: string }[] };
type Board = {
  can_assign: boolean;
  technicians: { id: number; name: string; items: { kind: string; id: number; title: string; start: string; end: string }[] }[];
  unassigned: { id: number; code: string; duration_minutes: number }[];
};

/**
 * `h` hours after 12:00 UTC (09:00 in São Paulo) of a day at least a day from now: always ahead, always
 * within a 30-day SLA, and the first windows inside one local day whatever the hour the suite runs.
 */
const HOUR = 3_600_000;
const origin = Math.ceil((Date.now() + 24 * HOUR) / (24 * HOUR)) * 24 * HOUR + 12 * HOUR;
const at = (h: number) => new Date(origin + h * HOUR).toISOString();
const win = (h: number, length = 2) => ({ scheduled_start: at(h), scheduled_end: at(h + length) });

describe('dispatch: a work order meets its technicians’ day and its SLA', () => {
  let t: TestApp;
  let type: { id: number };
  let shortSla: { id: number };
  let gestor: User, luiz: User, ana: User, reader: User, techOnly: User, outsider: User;

  beforeAll(async () => {
    t = await createTestApp();
    type = await makeType(t, t.platformOrganizationId, { sla_hours: 720 });
    shortSla = await makeType(t, t.platformOrganizationId, { sla_hours: 1 });
    gestor = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH', 'SCHEDULE'], nickname: 'Gestora' });
    luiz = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'SCHEDULE'], fullName: 'Luiz', nickname: 'Luiz' });
    ana = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'], fullName: 'Ana', nickname: 'Ana' });
    reader = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY.INDEX', 'SCHEDULE.INDEX'] });
    techOnly = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'] });
    outsider = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH', 'SCHEDULE'], organizationId: await t.createOrganization('Outra operadora') });
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: User, body?: unknown) => t.call(method, url, who.token, body);
  const create = (technicians: number[], extra: Record<string, unknown> = {}, typeId = type.id) => call('POST', '/api/external-activity', gestor, activityBody(typeId, technicians, extra));
  async function order(technicians: number[], extra: Record<string, unknown> = {}, typeId = type.id): Promise<Activity> {
    const res = await create(technicians, extra, typeId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const step = (a: { id: number }, verb: string, body: unknown, who: User = gestor) => call('POST', `/api/external-activity/${a.id}/${verb}`, who, body);
  const get = async (a: { id: number }) => (await call('GET', `/api/external-activity/${a.id}`, gestor)).json() as Activity;
  const timeline = (id: number) => t.app.db.select().from(activityEvents).where(eq(activityEvents.activity_id, id)).orderBy(asc(activityEvents.id));
  function expectClash(res: { statusCode: number; body: string; json: () => unknown }, who: string, what: string) {
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json() as Conflict;
    expect(body.clashes.some((c) => c.includes(who) && c.includes(what)), body.message).toBe(true);
    expect(body.violations.every((v) => v.propertyPath === 'force')).toBe(true);
    return body;
  }

  it('schedules a free technician (200), asks about a busy one (409 naming who, what and when), keeps it with force and notes it on the timeline', async () => {
    const first = await order([luiz.id], win(0));
    expect((await step(first, 'schedule', {})).statusCode).toBe(200);
    const second = await order([luiz.id]);
    const res = await step(second, 'schedule', win(1));
    const body = expectClash(res, 'Luiz', first.code);
    expect(body.sla_due_at).toBeNull();
    // As the dispatcher says it: "Luiz já tem OS-… (cliente) em 27/11/2026 das 14:00 às 17:00".
    expect(body.clashes[0]).toMatch(new RegExp(`^Luiz .*já tem ${first.code} \\(.+\\) em \\d{2}/\\d{2}/\\d{4} das \\d{2}:\\d{2} às \\d{2}:\\d{2}$`));
    expect((await get(second)).status).toBe('aberta');
    const forced = await step(second, 'schedule', { ...win(1), force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(await get(second)).toMatchObject({ status: 'agendada', scheduled_start: at(1) });
    expect((await timeline(second.id)).at(-1)!.reason).toMatch(/^Conflito de agenda mantido: Luiz .*já tem /);
    // Right after the second visit: no clash.
    const third = await order([luiz.id]);
    expect((await step(third, 'schedule', win(3))).statusCode).toBe(200);
  });

  it('asks about an event the technician takes part in', async () => {
    const event = await call('POST', '/api/schedule', gestor, { title: 'Treinamento de fusão', starts_at: at(10), ends_at: at(12), participant_ids: [ana.id] });
    expect(event.statusCode, event.body).toBe(201);
    const a = await order([ana.id]);
    expectClash(await step(a, 'schedule', win(11)), 'Ana', 'Treinamento de fusão');
    expect((await step(a, 'schedule', win(12))).statusCode).toBe(200);
  });

  it('asks when the visit ends past the SLA deadline (409 with the deadline); force keeps it', async () => {
    const a = await order([ana.id], {}, shortSla.id);
    const res = await step(a, 'schedule', win(30));
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json() as Conflict;
    expect(body.clashes).toEqual([]);
    const due = (await call('GET', `/api/external-activity/${a.id}`, gestor)).json().due_at as string;
    expect(body.sla_due_at).toBe(new Date(due).toISOString());
    expect(body.violations.map((v) => v.message)).toEqual([expect.stringMatching(/^Além do prazo do SLA \(/)]);
    expect((await step(a, 'schedule', { ...win(30), force: true })).statusCode).toBe(200);
    expect((await get(a)).status).toBe('agendada');
  });

  it("asks the same about a drag on the calendar: moving the visit past the SLA deadline is a 409 with the deadline; force keeps it", async () => {
    const a = await order([ana.id], {}, shortSla.id);
    const move = (body: Record<string, unknown>) => call('POST', `/api/schedule/activity/${a.id}/move`, gestor, body);
    const res = await move(win(500));
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json() as Conflict;
    expect(body.sla_due_at).toBe(new Date(((await get(a)) as Activity & { due_at: string }).due_at).toISOString());
    expect((await get(a)).scheduled_start).toBeNull();
    expect((await move({ ...win(500), force: true })).statusCode).toBe(200);
    expect((await get(a)).scheduled_start).toBe(at(500));
  });

  it('asks on a create or an update that assigns a busy technician or moves the window, and keeps it with force', async () => {
    const busy = await order([luiz.id], win(40));
    expect((await step(busy, 'schedule', {})).statusCode).toBe(200);
    // Creation naming Luiz in the same window.
    expectClash(await create([luiz.id], win(41)), 'Luiz', busy.code);
    const forced = await create([luiz.id], { ...win(41), force: true });
    expect(forced.statusCode, forced.body).toBe(201);
    // Assigning Luiz to Ana's order in that window.
    const anas = await order([ana.id], win(40));
    const assign = await call('PUT', `/api/external-activity/${anas.id}`, gestor, { technician_ids: [ana.id, luiz.id] });
    expectClash(assign, 'Luiz', busy.code);
    expect((await get(anas)).technician_ids).toEqual([ana.id]);
    const kept = await call('PUT', `/api/external-activity/${anas.id}`, gestor, { technician_ids: [ana.id, luiz.id], force: true });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await get(anas)).technician_ids.sort()).toEqual([ana.id, luiz.id].sort());
    // Another field of an order already kept double-booked: nothing asked again.
    expect((await call('PUT', `/api/external-activity/${anas.id}`, gestor, { client_name: 'Padaria Nova' })).statusCode).toBe(200);
    // Moving the window onto a free time: fine.
    expect((await call('PUT', `/api/external-activity/${anas.id}`, gestor, win(60))).statusCode).toBe(200);
    // And back onto Luiz's visit: asked.
    expectClash(await call('PUT', `/api/external-activity/${anas.id}`, gestor, win(40)), 'Luiz', busy.code);
  });

  it('asks on a reschedule to a busy time', async () => {
    const busy = await order([ana.id], win(80));
    expect((await step(busy, 'schedule', {})).statusCode).toBe(200);
    const a = await order([ana.id], win(70));
    expect((await step(a, 'schedule', {})).statusCode).toBe(200);
    for (const verb of ['depart', 'start']) expect((await step(a, verb, {}, ana)).statusCode).toBe(200);
    expectClash(await step(a, 'reschedule', { reason: 'Cliente ausente', ...win(81) }), 'Ana', busy.code);
    expect((await get(a)).status).toBe('em_execucao');
    expect((await step(a, 'reschedule', { reason: 'Cliente ausente', ...win(81), force: true })).statusCode).toBe(200);
    expect(await get(a)).toMatchObject({ status: 'agendada', scheduled_start: at(81) });
  });

  it('lets only one of two simultaneous schedules of the same technician at the same time through', async () => {
    const [a, b] = [await order([luiz.id]), await order([luiz.id])];
    const answers = await Promise.all([step(a, 'schedule', win(100)), step(b, 'schedule', win(100))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses bad input with pt-BR 422, never 500', async () => {
    const a = await order([luiz.id]);
    const bad = [
      { scheduled_start: 'amanhã' },
      { scheduled_start: at(200), scheduled_end: at(199) },
      { ...win(200), force: 'sim' },
    ];
    for (const body of bad) {
      const res = await step(a, 'schedule', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).not.toMatch(/invalid|expected/i);
    }
  });

  describe('the dispatch board', () => {
    const day = (h: number) => at(h).slice(0, 10);
    const board = async (who: User, from: string, to = from) => call('GET', `/api/schedule/board?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, who);

    it("shows each technician's orders and events and the unassigned open orders", async () => {
      const lone = await order([], { client_name: 'Mercado sem técnico' });
      const res = await board(gestor, at(-2), at(120));
      expect(res.statusCode, res.body).toBe(200);
      const b = res.json() as Board;
      expect(b.can_assign).toBe(true);
      const rowOf = (u: User) => b.technicians.find((x) => x.id === u.id)!;
      expect(rowOf(luiz).name).toMatch(/Luiz/);
      expect(rowOf(luiz).items.some((i) => i.kind === 'activity')).toBe(true);
      expect(rowOf(ana).items.some((i) => i.kind === 'event' && i.title === 'Treinamento de fusão')).toBe(true);
      expect(b.technicians.some((x) => x.id === gestor.id)).toBe(true);
      expect(b.technicians.some((x) => x.id === reader.id)).toBe(false); // .INDEX only: not a field technician
      expect(b.unassigned.map((o) => o.id)).toContain(lone.id);
      expect(b.unassigned.find((o) => o.id === lone.id)!.duration_minutes).toBeGreaterThan(0);
      // A day: only what touches it.
      const oneDay = (await board(gestor, day(0))).json() as Board;
      for (const r of oneDay.technicians) for (const i of r.items) expect(Date.parse(i.end)).toBeGreaterThan(Date.parse(`${day(0)}T00:00:00-03:00`));
    });

    it("shows each occurrence of a technician's recurring event in the period, and an order on one of them is asked about", async () => {
      const series = await call('POST', '/api/schedule', gestor, { title: 'Plantão diário', starts_at: at(300), ends_at: at(301), participant_ids: [luiz.id], recurrence: { frequency: 'daily', ends: 'count', count: 3 } });
      expect(series.statusCode, series.body).toBe(201);
      const b = (await board(gestor, at(299), at(360))).json() as Board;
      const shifts = b.technicians.find((x) => x.id === luiz.id)!.items.filter((i) => i.title === 'Plantão diário');
      expect(shifts.map((i) => i.start)).toEqual([at(300), at(324), at(348)]);
      const a = await order([luiz.id]);
      expectClash(await step(a, 'schedule', win(324, 1)), 'Luiz', 'Plantão diário');
    });

    it('lets an .INDEX user read but not assign, refuses a user without SCHEDULE, and shows another organization nothing of this one', async () => {
      const read = await board(reader, at(-2), at(120));
      expect(read.statusCode).toBe(200);
      expect((read.json() as Board).can_assign).toBe(false);
      const lone = await order([], { client_name: 'Cliente do leitor' });
      const assign = await call('PUT', `/api/external-activity/${lone.id}`, reader, { technician_ids: [luiz.id], ...win(150) });
      expect(assign.statusCode).toBe(403);
      expect((await board(techOnly, day(0))).statusCode).toBe(403);
      const theirs = (await board(outsider, at(-2), at(120))).json() as Board;
      expect(theirs.technicians.map((x) => x.id)).toEqual([outsider.id]);
      expect(theirs.technicians[0].items).toEqual([]);
      expect(theirs.unassigned).toEqual([]);
      // Nor can they assign this organization's order.
      expect((await call('PUT', `/api/external-activity/${lone.id}`, outsider, { technician_ids: [outsider.id] })).statusCode).toBe(404);
    });

    it('refuses a bad period with a pt-BR 422', async () => {
      for (const [from, to] of [
        ['ontem', '2026-11-27'],
        ['2026-11-28', '2026-11-27'],
        ['2026-11-01', '2026-12-31'],
        ['2026-02-30', '2026-03-01'],
      ]) {
        const res = await board(gestor, from, to);
        expect(res.statusCode, `${from}..${to}: ${res.body}`).toBe(422);
        expect(res.json().message).not.toMatch(/invalid|expected/i);
      }
      expect((await call('GET', '/api/schedule/board', gestor)).statusCode).toBe(422);
    });
  });
});
