import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { scheduleEventResource } from '@operacoes/contract';
import { activityEvents } from '../../src/modules/external-activity/schema';
import { scheduleEvents } from '../../src/modules/schedule';
import { notifications } from '../../src/modules/notification/schema';
import { describeCrud } from '../crud-suite';
import { users } from '../../src/core/schema';
import { createTestApp, PASSWORD, type TestApp } from '../helpers';
import { activityBody, makeTechnician, makeType } from '../external-activity/helpers';
import { newItem, place, type Place } from '../warehouse/helpers';

type User = Awaited<ReturnType<TestApp['createUser']>>;
type Event = { id: number; title: string; starts_at: string; ends_at: string; all_day: boolean; participant_ids: number[]; patrimony_ids: number[]; clash_note: string | null; reservations: { tag: string }[] };

/** A window `h` hours into day `d` from a fixed future Monday, in São Paulo time. */
const at = (d: number, h: number, m = 0) => new Date(Date.parse('2027-03-01T00:00:00-03:00') + d * 86_400_000 + h * 3_600_000 + m * 60_000).toISOString();

describeCrud(scheduleEventResource, {
  valid: (n) => ({ title: `Reunião de obra ${n}`, starts_at: at(n % 300, 9), ends_at: at(n % 300, 10), location: 'POP Centro', color: '#2e7d32' }),
  invalid: [
    { title: '', starts_at: at(0, 9), ends_at: at(0, 10) },
    { title: 'X', starts_at: at(0, 10), ends_at: at(0, 9) },
    { title: 'X', starts_at: 'amanhã', ends_at: at(0, 9) },
    { title: 'X', starts_at: at(0, 9), ends_at: at(0, 10), color: 'roxo' },
    { title: 'X', starts_at: at(0, 9), ends_at: at(0, 10), participant_ids: [99_999_999] },
    { title: 'X', starts_at: at(0, 9), ends_at: at(0, 10), patrimony_ids: [99_999_999] },
  ],
  update: { body: { title: 'Vistoria da torre', location: 'Torre Ponta Grossa' }, expect: (r) => expect(r).toMatchObject({ title: 'Vistoria da torre', location: 'Torre Ponta Grossa', color: '#2e7d32' }) },
  search: 'REUNIAO de obra',
  foreign: async (t, other) => {
    const them = await t.createUser({ organizationId: other });
    const theirs = await place(t, other);
    const item = await newItem(t, theirs);
    const [unit] = (await t.call('GET', '/api/unit-organizational?pageSize=1', theirs.bossToken)).json().items as { id: number }[];
    return [
      { title: 'X', starts_at: at(0, 9), ends_at: at(0, 10), participant_ids: [them.id] },
      { title: 'X', starts_at: at(0, 9), ends_at: at(0, 10), patrimony_ids: [item.id] },
      ...(unit ? [{ title: 'X', starts_at: at(0, 9), ends_at: at(0, 10), unit_organizational_id: unit.id }] : []),
    ];
  },
});

describe('schedule: clashes, reservations, activities, .ics and the feed', () => {
  let t: TestApp;
  let p: Place;
  let planner: User, reader: User, nobody: User, outsider: User, marina: User, luiz: User, tech: User, planningOnly: User;

  beforeAll(async () => {
    t = await createTestApp();
    p = await place(t);
    planner = await t.createUser({ permissions: ['SCHEDULE', 'EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH', 'PATRIMONY_OUT_REQUEST', 'WAREHOUSE', 'PATRIMONY'], nickname: 'Planejadora' });
    planningOnly = await t.createUser({ permissions: ['SCHEDULE'] });
    reader = await t.createUser({ permissions: ['SCHEDULE.INDEX'] });
    nobody = await t.createUser({ permissions: ['STOCK'] });
    marina = await t.createUser({ permissions: ['SCHEDULE'], nickname: 'Marina' });
    luiz = await t.createUser({ permissions: ['SCHEDULE'], nickname: 'Luiz' });
    tech = await makeTechnician(t);
    outsider = await t.createUser({ permissions: ['SCHEDULE', 'EXTERNAL_ACTIVITY'], organizationId: await t.createOrganization('Concorrente') });
  });
  afterAll(() => t?.close());

  const create = (body: Record<string, unknown>, who = planner) => t.call('POST', '/api/schedule', who.token, { title: 'Evento', ...body });
  const made = async (body: Record<string, unknown>, who = planner) => {
    const res = await create(body, who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Event;
  };

  it('refuses a participant busy in the window with 409 naming the clash; `force` keeps it and records it', async () => {
    await made({ title: 'Fusão no POP Centro', starts_at: at(1, 10), ends_at: at(1, 11), participant_ids: [marina.id] });
    const clash = await create({ title: 'Treinamento OTDR', starts_at: at(1, 10, 30), ends_at: at(1, 12), participant_ids: [marina.id, luiz.id] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Marina');
    expect(clash.json().message).toContain('Fusão no POP Centro');
    expect(clash.json().violations[0].propertyPath).toBe('force');
    // Nothing was written.
    expect((await t.call('GET', '/api/schedule?search=OTDR', planner.token)).json().total_items).toBe(0);
    // Back to back is no clash.
    await made({ title: 'Café', starts_at: at(1, 11), ends_at: at(1, 11, 30), participant_ids: [marina.id] });
    const forced = await made({ title: 'Treinamento OTDR', starts_at: at(1, 10, 30), ends_at: at(1, 12), participant_ids: [marina.id, luiz.id], force: true });
    expect(forced.clash_note).toContain('Fusão no POP Centro');
    // Participants are told.
    const told = await t.app.db.select().from(notifications).where(and(eq(notifications.user_id, luiz.id)));
    expect(told.some((n) => n.title.includes('Treinamento OTDR'))).toBe(true);
  });

  it('checks a move (PUT with the new window) the same way, and edits that do not move skip the check', async () => {
    const a = await made({ title: 'Visita técnica A', starts_at: at(2, 8), ends_at: at(2, 9), participant_ids: [luiz.id] });
    const b = await made({ title: 'Visita técnica B', starts_at: at(2, 14), ends_at: at(2, 15), participant_ids: [luiz.id] });
    const moved = await t.call('PUT', `/api/schedule/${b.id}`, planner.token, { starts_at: at(2, 8, 30), ends_at: at(2, 9, 30) });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain('Visita técnica A');
    const unchanged = (await t.call('GET', `/api/schedule/${b.id}`, planner.token)).json() as Event;
    expect(unchanged.starts_at).toBe(at(2, 14));
    expect((await t.call('PUT', `/api/schedule/${b.id}`, planner.token, { starts_at: at(2, 9), ends_at: at(2, 10) })).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/schedule/${a.id}`, planner.token, { title: 'Visita técnica A (confirmada)' })).statusCode).toBe(200);
  });

  it('two concurrent moves into the same free slot: one wins, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const d = 10 + round;
      const a = await made({ title: `Manutenção ${round}a`, starts_at: at(d, 8), ends_at: at(d, 9), participant_ids: [marina.id] });
      const b = await made({ title: `Manutenção ${round}b`, starts_at: at(d, 10), ends_at: at(d, 11), participant_ids: [marina.id] });
      const [r1, r2] = await Promise.all([
        t.call('PUT', `/api/schedule/${a.id}`, planner.token, { starts_at: at(d, 14), ends_at: at(d, 15) }),
        t.call('PUT', `/api/schedule/${b.id}`, planner.token, { starts_at: at(d, 14, 30), ends_at: at(d, 15, 30) }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    }
  });

  it('two concurrent creates for the same person at the same time: one is created, the other gets 409 and leaves nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const d = 50 + round; // days no other test of this file uses
      const title = (x: string) => `Vistoria simultânea ${round}${x}`;
      const [r1, r2] = await Promise.all([
        create({ title: title('a'), starts_at: at(d, 14), ends_at: at(d, 15), participant_ids: [marina.id] }),
        create({ title: title('b'), starts_at: at(d, 14, 30), ends_at: at(d, 15, 30), participant_ids: [marina.id] }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
      const refused = r1.statusCode === 409 ? r1 : r2;
      expect(refused.json().message).toContain(title(r1.statusCode === 409 ? 'b' : 'a'));
      const count = async (x: string) => (await t.call('GET', `/api/schedule?search=${encodeURIComponent(title(x))}`, planner.token)).json().total_items as number;
      expect([await count('a'), await count('b')].sort()).toEqual([0, 1]);
    }
  });

  it('reserves an item for a window: an overlapping reservation and out-requests are refused', async () => {
    const machine = await newItem(t, p);
    const ev = await made({ title: 'Fusão em Ponta Grossa', starts_at: at(3, 8), ends_at: at(3, 18), patrimony_ids: [machine.id] });
    expect(ev.reservations.map((r) => r.tag)).toEqual([machine.tag]);
    const overlapping = await create({ title: 'Outra fusão', starts_at: at(3, 17), ends_at: at(3, 19), patrimony_ids: [machine.id] });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toContain('Fusão em Ponta Grossa');
    // On the form's field, "Itens reservados".
    expect(overlapping.json().violations).toEqual([{ propertyPath: 'patrimony_ids', message: expect.stringContaining(`${machine.tag} para o evento "Fusão em Ponta Grossa"`) }]);
    // Not forceable.
    expect((await create({ title: 'Outra fusão', starts_at: at(3, 17), ends_at: at(3, 19), patrimony_ids: [machine.id], force: true })).statusCode).toBe(409);
    await made({ title: 'Fusão no dia seguinte', starts_at: at(4, 8), ends_at: at(4, 12), patrimony_ids: [machine.id] });
    // An out-request for the reserved item: 409 naming the event; by product, another item is picked.
    const out = await t.call('POST', '/api/patrimony-solicitation', planner.token, { reason: 'Instalação', items: [{ patrimony_id: machine.id }] });
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toContain('Fusão em Ponta Grossa');
    // By product, the reserved item is skipped (it has the lowest id: it would be picked first).
    await newItem(t, p);
    const byProduct = await t.call('POST', '/api/patrimony-solicitation', planner.token, { reason: 'Instalação', items: [{ product_id: p.patrimonyProductId, quantity: 1 }] });
    expect(byProduct.statusCode, byProduct.body).toBe(201);
    expect(byProduct.json().items.map((i: { patrimony: { id: number } }) => i.patrimony.id)).not.toContain(machine.id);
    // The item's page lists its upcoming reservations.
    const upcoming = await t.call('GET', `/api/schedule/reservation?patrimony=${machine.id}&upcoming=true`, planner.token);
    expect(upcoming.json().map((r: { event_title: string }) => r.event_title)).toEqual(['Fusão em Ponta Grossa', 'Fusão no dia seguinte']);
    expect((await t.call('GET', `/api/schedule/reservation?patrimony=${machine.id}`, outsider.token)).statusCode).toBe(403);
  });

  it('refuses to deliver an out-request whose item was reserved after the request', async () => {
    const item = await newItem(t, p);
    const s = await t.call('POST', '/api/patrimony-solicitation', planner.token, { reason: 'Troca de ONU', items: [{ patrimony_id: item.id }] });
    expect(s.statusCode, s.body).toBe(201);
    await t.call('POST', `/api/patrimony-solicitation/${s.json().id}/approve`, (await t.createUser({ permissions: ['WAREHOUSE', 'PATRIMONY_OUT_REQUEST'] })).token, {});
    const soon = new Date(Date.now() + 3_600_000);
    await made({ title: 'Medição de potência', starts_at: soon.toISOString(), ends_at: new Date(soon.getTime() + 3_600_000).toISOString(), patrimony_ids: [item.id] });
    const deliver = await t.call('POST', `/api/patrimony-solicitation/${s.json().id}/deliver`, planner.token, {});
    expect(deliver.statusCode).toBe(409);
    expect(deliver.json().message).toContain('Medição de potência');
  });

  it('moves an activity on the calendar: a reschedule on its timeline, clashes with its technicians, 403 without EXTERNAL_ACTIVITY', async () => {
    const type = await makeType(t, t.platformOrganizationId, { color: '#c62828' });
    // Months ahead, past the order's SLA deadline: kept with `force` (the move is what is tested here).
    const created = await t.call('POST', '/api/external-activity', planner.token, activityBody(type.id, [tech.id], { scheduled_start: at(5, 9), scheduled_end: at(5, 11), force: true }));
    expect(created.statusCode, created.body).toBe(201);
    const activity = created.json() as { id: number; code: string };
    const cal = (await t.call('GET', `/api/schedule/calendar?from=${at(5, 0)}&to=${at(6, 0)}`, planner.token)).json() as { key: string; color: string; editable: boolean; title: string }[];
    const item = cal.find((c) => c.key === `activity-${activity.id}`)!;
    expect(item).toMatchObject({ color: '#c62828', editable: true });
    expect(item.title).toContain(activity.code);
    // Only SCHEDULE: sees it, may not move it.
    const seen = (await t.call('GET', `/api/schedule/calendar?from=${at(5, 0)}&to=${at(6, 0)}`, planningOnly.token)).json() as { key: string; editable: boolean }[];
    expect(seen.find((c) => c.key === `activity-${activity.id}`)!.editable).toBe(false);
    expect((await t.call('POST', `/api/schedule/activity/${activity.id}/move`, planningOnly.token, { scheduled_start: at(5, 13), scheduled_end: at(5, 15) })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/schedule/activity/${activity.id}/move`, outsider.token, { scheduled_start: at(5, 13), scheduled_end: at(5, 15) })).statusCode).toBe(404);
    // The technician is busy at 14h: 409, then forced.
    await made({ title: 'Reunião de segurança', starts_at: at(5, 14), ends_at: at(5, 15), participant_ids: [tech.id] });
    const clash = await t.call('POST', `/api/schedule/activity/${activity.id}/move`, planner.token, { scheduled_start: at(5, 13), scheduled_end: at(5, 15) });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Reunião de segurança');
    const moved = await t.call('POST', `/api/schedule/activity/${activity.id}/move`, planner.token, { scheduled_start: at(5, 13), scheduled_end: at(5, 15), force: true });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ scheduled_start: at(5, 13), scheduled_end: at(5, 15) });
    const timeline = await t.app.db.select().from(activityEvents).where(eq(activityEvents.activity_id, activity.id));
    const reschedule = timeline.find((e) => e.kind === 'reschedule')!;
    expect(reschedule.reason).toContain('Movida na agenda');
    expect(reschedule.reason).toContain('Conflito de agenda mantido');
    // An event with the technician now clashes with the activity.
    const against = await create({ title: 'Almoço', starts_at: at(5, 14, 30), ends_at: at(5, 15, 30), participant_ids: [tech.id] });
    expect(against.statusCode).toBe(409);
    expect(against.json().message).toContain(activity.code);
  });

  it('filters the calendar (mine, technician, type) and keeps organizations apart', async () => {
    const mine = await made({ title: 'Plantão de Marina', starts_at: at(20, 8), ends_at: at(20, 18), participant_ids: [marina.id] }, planner);
    await made({ title: 'Plantão de Luiz', starts_at: at(20, 8), ends_at: at(20, 18), participant_ids: [luiz.id] });
    const q = `from=${at(20, 0)}&to=${at(21, 0)}`;
    const keys = async (who: User, extra = '') => ((await t.call('GET', `/api/schedule/calendar?${q}${extra}`, who.token)).json() as { key: string }[]).map((c) => c.key);
    expect(await keys(marina, '&mine=true')).toEqual([`event-${mine.id}`]);
    expect(await keys(reader, `&technician=${luiz.id}`)).toHaveLength(1);
    expect(await keys(reader, '&assistance_type=1')).toEqual([]);
    expect(await keys(outsider)).toEqual([]);
    expect((await t.call('GET', `/api/schedule/calendar?${q}`, nobody.token)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/schedule/calendar?from=${at(0, 0)}&to=${at(200, 0)}`, reader.token)).statusCode).toBe(422);
  });

  it('filters by unit (the event’s or a participant’s) and caps a crowded period at 2,000 events, saying so', async () => {
    const unit = await t.call('POST', '/api/unit-organizational', (await t.createUser({ permissions: ['ORG'] })).token, { name: `Regional Norte ${Date.now()}`, code: `RN${Date.now() % 100000}` });
    expect(unit.statusCode, unit.body).toBe(201);
    const ofUnit = await made({ title: 'Inventário da regional', starts_at: at(30, 8), ends_at: at(30, 12), unit_organizational_id: unit.json().id });
    await made({ title: 'Outro assunto', starts_at: at(30, 8), ends_at: at(30, 12) });
    const q = `from=${at(30, 0)}&to=${at(31, 0)}`;
    const inUnit = (await t.call('GET', `/api/schedule/calendar?${q}&unit=${unit.json().id}`, reader.token)).json() as { key: string }[];
    expect(inUnit.map((c) => c.key)).toEqual([`event-${ofUnit.id}`]);

    const day = Date.parse(at(40, 0));
    await t.app.db.insert(scheduleEvents).values(
      Array.from({ length: 2001 }, (_, i) => ({ organization_id: t.platformOrganizationId, title: `Lote ${i}`, starts_at: new Date(day + i * 60_000), ends_at: new Date(day + i * 60_000 + 1_800_000) })),
    );
    const crowded = await t.call('GET', `/api/schedule/calendar?from=${at(40, 0)}&to=${at(42, 0)}`, reader.token);
    expect(crowded.headers['x-calendar-truncated']).toBe('1');
    expect((crowded.json() as unknown[]).length).toBe(2000);
    expect((await t.call('GET', `/api/schedule/calendar?${q}`, reader.token)).headers['x-calendar-truncated']).toBeUndefined();
  });

  it('keeps all-day events as days (a round trip gives the same days)', async () => {
    const e = await made({ title: 'Feriado municipal', starts_at: '2027-04-21', ends_at: '2027-04-21', all_day: true });
    expect(e).toMatchObject({ starts_at: '2027-04-21', ends_at: '2027-04-21', all_day: true });
    const two = await t.call('PUT', `/api/schedule/${e.id}`, planner.token, { ends_at: '2027-04-22' });
    expect(two.json()).toMatchObject({ starts_at: '2027-04-21', ends_at: '2027-04-22' });
    const cal = (await t.call('GET', '/api/schedule/calendar?from=2027-04-20&to=2027-04-24', reader.token)).json() as { key: string; start: string; end: string }[];
    // The calendar's end is exclusive (the day after the last).
    expect(cal.find((c) => c.key === `event-${e.id}`)).toMatchObject({ start: '2027-04-21', end: '2027-04-23' });
  });

  it('exports one event as .ics and serves a revocable personal feed', async () => {
    const e = await made({ title: 'Vistoria; torre, "norte"', starts_at: at(7, 9), ends_at: at(7, 10), participant_ids: [luiz.id], location: 'Torre Norte' });
    const ics = await t.call('GET', `/api/schedule/${e.id}/ics`, reader.token);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('SUMMARY:Vistoria\\; torre\\, "norte"');
    expect((await t.call('GET', `/api/schedule/${e.id}/ics`, outsider.token)).statusCode).toBe(404);

    expect((await t.call('GET', '/api/schedule/feed', luiz.token)).json()).toMatchObject({ active: false, url: null });
    const feed = (await t.call('POST', '/api/schedule/feed', luiz.token)).json() as { url: string };
    const path = new URL(feed.url).pathname;
    const body = (await t.call('GET', path, undefined)).body;
    expect(body).toContain('Torre Norte');
    expect(body).not.toContain('Plantão de Marina');
    // A new link revokes the old one; a deletion revokes it too.
    const second = (await t.call('POST', '/api/schedule/feed', luiz.token)).json() as { url: string };
    expect((await t.call('GET', path, undefined)).statusCode).toBe(404);
    expect((await t.call('GET', new URL(second.url).pathname, undefined)).statusCode).toBe(200);
    expect((await t.call('DELETE', '/api/schedule/feed', luiz.token)).statusCode).toBe(204);
    expect((await t.call('GET', new URL(second.url).pathname, undefined)).statusCode).toBe(404);
  });

  it('the feed survives a logout, and stops when its owner loses SCHEDULE, is deactivated or changes the password', async () => {
    const fresh = async (who: User) => new URL(((await t.call('POST', '/api/schedule/feed', who.token)).json() as { url: string }).url).pathname;
    const status = async (path: string) => (await t.call('GET', path, undefined)).statusCode;
    const person = await t.createUser({ permissions: ['SCHEDULE.INDEX'] });
    let path = await fresh(person);
    expect(await status(path)).toBe(200);
    // A phone's subscription outlives a browser session.
    expect((await t.call('POST', '/api/logout', person.token)).statusCode).toBe(204);
    expect(await status(path)).toBe(200);

    await t.app.db.update(users).set({ permissions: ['STOCK'] }).where(eq(users.id, person.id));
    expect(await status(path)).toBe(404);
    await t.app.db.update(users).set({ permissions: ['SCHEDULE'] }).where(eq(users.id, person.id));
    expect(await status(path)).toBe(200);
    await t.app.db.update(users).set({ is_active: false }).where(eq(users.id, person.id));
    expect(await status(path)).toBe(404);
    await t.app.db.update(users).set({ is_active: true }).where(eq(users.id, person.id));

    const session = await t.login(person.username);
    path = await fresh({ ...person, token: session.token });
    expect(await status(path)).toBe(200);
    const changed = await t.call('PUT', '/api/user/changePassword', session.token, { current_password: PASSWORD, new_password: 'Outra-senha-forte-2026' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await status(path)).toBe(404);
    // A link made after the new password works.
    expect(await status(await fresh({ ...person, token: changed.json().token }))).toBe(200);
  });
});

describe('schedule: people to invite', () => {
  it('searches the organization’s active people by name', async () => {
    const t = await createTestApp();
    try {
      const me = await t.createUser({ permissions: ['SCHEDULE.INDEX'], nickname: 'Zuleica' });
      await t.createUser({ permissions: [], nickname: 'Otávio' });
      await t.createUser({ permissions: [], nickname: 'Outro', organizationId: await t.createOrganization() });
      const found = (await t.call('GET', '/api/schedule/people?search=zuleica', me.token)).json() as { id: number; name: string }[];
      expect(found.map((p) => p.id)).toEqual([me.id]);
      const all = (await t.call('GET', '/api/schedule/people', me.token)).json() as { name: string }[];
      expect(all.some((p) => p.name.includes('Otávio'))).toBe(true);
      expect(all.some((p) => p.name.includes('Outro'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('schedule: windows', () => {
  it('refuses an event longer than 62 days (the calendar looks that far back), also on a PUT of one end', async () => {
    const t = await createTestApp();
    try {
      const me = await t.createUser({ permissions: ['SCHEDULE'] });
      const long = await t.call('POST', '/api/schedule', me.token, { title: 'Férias', starts_at: '2027-01-04', ends_at: '2027-03-31', all_day: true });
      expect(long.statusCode).toBe(422);
      expect(long.json().violations[0]).toMatchObject({ propertyPath: 'ends_at', message: 'Um evento dura no máximo 62 dias' });
      const ok = await t.call('POST', '/api/schedule', me.token, { title: 'Férias', starts_at: '2027-01-04', ends_at: '2027-02-02', all_day: true });
      expect(ok.statusCode, ok.body).toBe(201);
      expect((await t.call('PUT', `/api/schedule/${ok.json().id}`, me.token, { ends_at: '2027-04-30' })).statusCode).toBe(422);
      // A month-long event shows in a week at its end.
      const cal = (await t.call('GET', '/api/schedule/calendar?from=2027-01-31&to=2027-02-06', me.token)).json() as { key: string }[];
      expect(cal.map((c) => c.key)).toContain(`event-${ok.json().id}`);
    } finally {
      await t.close();
    }
  });
});
