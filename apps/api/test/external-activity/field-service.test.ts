import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { assistanceTypeResource, externalActivityResource } from '@operacoes/contract';
import { externalActivities } from '../../src/modules/external-activity';
import { activityTechnicians } from '../../src/modules/external-activity/schema';
import { runSlaNotices } from '../../src/modules/external-activity/activity/sla';
import { notifications } from '../../src/modules/notification/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { describeCrud } from '../crud-suite';
import { createTestApp, type TestApp } from '../helpers';
import { makeSite, uid } from '../network/helpers';
import { activityBody, CHECKLIST, makeTechnician, makeType, sharedType } from './helpers';

describeCrud(assistanceTypeResource, {
  valid: (n) => ({ name: `Instalação de fibra ${n} ${uid()}`, color: '#2e7d32', sla_hours: 48, checklist: CHECKLIST }),
  invalid: [
    { name: '' },
    { name: 'X', color: 'verde' },
    { name: 'X', sla_hours: 0 },
    { name: 'X', default_duration_minutes: 2 },
    { name: 'X', checklist: [{ label: 'Foto', kind: 'video' }] },
    { name: 'X', checklist: [{ label: '', kind: 'texto' }] },
    { name: 'X', checklist: [{ key: 'a', label: 'A', kind: 'texto' }, { key: 'a', label: 'B', kind: 'texto' }] },
  ],
  update: {
    body: { color: '#c62828', active: false, sla_hours: 12 },
    expect: (r) => expect(r).toMatchObject({ color: '#c62828', active: false, sla_hours: 12, effective_sla_hours: 12, default_duration_minutes: null, effective_duration_minutes: 120 }),
  },
  search: 'INSTALACAO de FIBRA',
});

describeCrud(externalActivityResource, {
  // The suite's writer holds EXTERNAL_ACTIVITY only: it opens orders for the dispatch (no technician),
  // which stay its own to edit and delete until someone is assigned (ownership.test.ts has the rest).
  valid: async (n, t) => {
    const type = await sharedType(t);
    return activityBody(type.id, [], { client_name: `Clínica São Lucas ${n}`, priority: 'alta', latitude: -25.43, longitude: -49.27 });
  },
  invalid: [
    { assistance_type_id: 1, client_name: 'X', technician_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
    { assistance_type_id: 1, client_name: 'X', technician_ids: [1], client_document: '111.111.111-11' },
    { assistance_type_id: 1, client_name: 'X', technician_ids: [1], priority: 'altissima' },
    { assistance_type_id: 1, client_name: 'X', technician_ids: [1], latitude: -25 },
    { assistance_type_id: 1, client_name: 'X', technician_ids: [1], scheduled_start: '2026-11-24T10:00:00-03:00', scheduled_end: '2026-11-24T09:00:00-03:00' },
    { assistance_type_id: 99_999_999, client_name: 'X', technician_ids: [1] },
    { assistance_type_id: 1, client_name: 'X', technician_ids: [99_999_999] },
  ],
  update: { body: { client_name: 'Clínica Nova', priority: 'urgente' }, expect: (r) => expect(r).toMatchObject({ client_name: 'Clínica Nova', priority: 'urgente', status: 'aberta' }) },
  search: 'clinica SAO lucas',
  foreign: async (t, other) => {
    const [mine, theirs] = [await sharedType(t), await makeType(t, other)];
    const [myTech, theirTech] = [await makeTechnician(t), await makeTechnician(t, other)];
    return [activityBody(theirs.id, [myTech.id]), activityBody(mine.id, [theirTech.id]), activityBody(mine.id, [myTech.id], { site_id: (await makeSite(t, other)).id })];
  },
});

describe('external activities: numbering, status machine, checklist, SLA', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<TestApp['createUser']>>;
  let tech: Awaited<ReturnType<TestApp['createUser']>>;
  let reader: Awaited<ReturnType<TestApp['createUser']>>;
  let type: Awaited<ReturnType<typeof makeType>>;
  const position = { latitude: -25.4419, longitude: -49.2381, accuracy_m: 15 };

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH', 'ASSISTANCE_TYPE'] });
    tech = await makeTechnician(t);
    reader = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY.INDEX'] });
    type = await makeType(t);
  });
  afterAll(() => t?.close());

  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/external-activity', manager.token, activityBody(type.id, [tech.id], extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string; status: string; due_at: string; created_at: string; checklist: { key: string }[]; steps: { verb: string }[] };
  };
  const step = (id: number, verb: string, body: unknown = {}, token = tech.token) => t.call('POST', `/api/external-activity/${id}/${verb}`, token, body);
  const answer = (id: number, key: string, value: unknown, token = tech.token) => t.call('PUT', `/api/external-activity/${id}/answers/${key}`, token, { value });

  it('numbers activities from the prefix, with no gap, and a refused creation takes no number', async () => {
    const a = await create();
    const bad = await t.call('POST', '/api/external-activity', manager.token, activityBody(type.id, [99_999_999]));
    expect(bad.statusCode).toBe(422);
    const b = await create();
    expect(a.code).toMatch(/^OS-\d{6}$/);
    expect(Number(b.code.slice(3))).toBe(Number(a.code.slice(3)) + 1);
    expect(a.status).toBe('aberta');
    // Due at creation + the type's 24 h.
    expect(Date.parse(a.due_at) - Date.parse(a.created_at)).toBeGreaterThan(24 * 3600_000 - 5_000);
    expect(Date.parse(a.due_at) - Date.parse(a.created_at)).toBeLessThan(24 * 3600_000 + 5_000);
  });

  it('gives concurrent creations distinct consecutive numbers', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => t.call('POST', '/api/external-activity', manager.token, activityBody(type.id, [tech.id]))));
    expect(made.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = made.map((r) => Number((r.json() as { code: string }).code.slice(3))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.at(-1)! - numbers[0]).toBe(7);
    const all = await t.app.db.select({ code: externalActivities.code }).from(externalActivities).where(like(externalActivities.code, 'OS-%'));
    const seq = all.map((r) => Number(r.code.slice(3))).sort((x, y) => x - y);
    expect(seq).toEqual(Array.from({ length: seq.length }, (_, i) => seq[0] + i));
  });

  it('walks the legal path, refusing every illegal step with 409 and recording the timeline with positions', async () => {
    const a = await create();
    expect(a.steps.map((s) => s.verb).sort()).toEqual(['cancel', 'schedule']);
    for (const verb of ['depart', 'start', 'finish', 'reschedule']) expect((await step(a.id, verb, { reason: 'motivo qualquer' })).statusCode, verb).toBe(409);
    const noWindow = await step(a.id, 'schedule');
    expect(noWindow.statusCode).toBe(422);
    expect(noWindow.json().violations[0].propertyPath).toBe('scheduled_start');
    const scheduled = await step(a.id, 'schedule', { scheduled_start: '2026-11-25T09:00:00-03:00', scheduled_end: '2026-11-25T11:00:00-03:00' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'agendada', scheduled_start: '2026-11-25T12:00:00.000Z' });
    for (const verb of ['schedule', 'start', 'finish', 'reschedule']) expect((await step(a.id, verb, { reason: 'motivo qualquer' })).statusCode, verb).toBe(409);
    expect((await step(a.id, 'depart', { position })).json().status).toBe('em_deslocamento');
    for (const verb of ['schedule', 'depart', 'finish', 'reschedule']) expect((await step(a.id, verb, { reason: 'motivo qualquer' })).statusCode, verb).toBe(409);
    expect((await step(a.id, 'start', { position })).json().status).toBe('em_execucao');

    // The required checklist items block the conclusion, named.
    const early = await step(a.id, 'finish');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain('Equipamento energizado');
    expect(early.json().message).toContain('Potência óptica (dBm)');
    const [power, observations] = [a.checklist[1].key, a.checklist[2].key];
    expect((await answer(a.id, a.checklist[0].key, true)).statusCode).toBe(200);
    expect((await answer(a.id, power, 'alto')).statusCode).toBe(422);
    expect((await answer(a.id, power, -18.5)).statusCode).toBe(200);
    expect((await answer(a.id, power, -18.5)).statusCode).toBe(200); // a retry gives the same
    expect((await answer(a.id, observations, 42)).statusCode).toBe(422);
    expect((await answer(a.id, 'i-naoexiste', 'x')).statusCode).toBe(404);
    expect((await answer(a.id, observations, 'ok', reader.token)).statusCode).toBe(403);
    const answers = (await t.call('GET', `/api/external-activity/${a.id}/answers`, reader.token)).json() as { item_key: string; value: unknown }[];
    expect(answers.find((x) => x.item_key === power)?.value).toBe(-18.5);
    const done = await step(a.id, 'finish', { position });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'concluida', steps: [] });
    expect(done.json().finished_at).toBeTruthy();
    // Past its end every step is 409, for whoever may take it (the on-site ones are the technician's).
    for (const verb of ['schedule', 'depart', 'start', 'finish', 'cancel', 'reschedule']) {
      const who = ['depart', 'start', 'finish'].includes(verb) ? tech.token : manager.token;
      expect((await step(a.id, verb, { reason: 'motivo qualquer' }, who)).statusCode, verb).toBe(409);
    }
    expect((await answer(a.id, power, -20)).statusCode).toBe(409);
    expect((await t.call('PUT', `/api/external-activity/${a.id}`, manager.token, { client_name: 'Outro' })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/api/external-activity/${a.id}`, manager.token)).statusCode).toBe(409);

    const timeline = (await t.call('GET', `/api/external-activity/${a.id}/timeline`, reader.token)).json() as { kind: string; to_status: string; user: { id: number } | null; latitude: number | null }[];
    expect(timeline.map((e) => e.kind)).toEqual(['created', 'schedule', 'depart', 'start', 'finish']);
    expect(timeline.map((e) => e.to_status)).toEqual(['aberta', 'agendada', 'em_deslocamento', 'em_execucao', 'concluida']);
    expect(timeline[2]).toMatchObject({ user: { id: tech.id }, latitude: position.latitude });
    expect(timeline[1].latitude).toBeNull();

    // The status copied on the technicians follows, and the technician's list by status finds it.
    const links = await t.app.db.select().from(activityTechnicians).where(eq(activityTechnicians.activity_id, a.id));
    expect(links.map((l) => l.status)).toEqual(['concluida']);
    const byTech = (status: string) => t.call('GET', `/api/external-activity?technician=${tech.id}&status=${status}&pageSize=100`, reader.token).then((r) => (r.json() as { items: { id: number }[] }).items.map((i) => i.id));
    expect(await byTech('concluida')).toContain(a.id);
    expect(await byTech('aberta')).not.toContain(a.id);
  });

  it('reschedules from execution and cancels from any open state, each with a reason', async () => {
    const a = await create({ scheduled_start: '2026-11-26T09:00:00-03:00' });
    expect((await step(a.id, 'schedule')).statusCode).toBe(200);
    await step(a.id, 'depart');
    await step(a.id, 'start');
    expect((await step(a.id, 'reschedule', {})).statusCode).toBe(422);
    const back = await step(a.id, 'reschedule', { reason: 'Cliente ausente no local', scheduled_start: '2026-11-27T09:00:00-03:00' }, manager.token);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'agendada', scheduled_start: '2026-11-27T12:00:00.000Z' });
    // The technician hears of the scheduling and of the reschedule (live and by e-mail, per their settings).
    const told = (await t.app.db.select().from(notifications).where(and(eq(notifications.user_id, tech.id), like(notifications.title, `%${a.code}%`)))).map((n) => n.title);
    expect(told).toEqual(expect.arrayContaining([`Atividade ${a.code} agendada`, `Atividade ${a.code} reagendada`]));
    for (const from of ['aberta', 'agendada', 'em_deslocamento', 'em_execucao']) {
      const b = await create({ scheduled_start: '2026-11-26T09:00:00-03:00' });
      const path = { aberta: [], agendada: ['schedule'], em_deslocamento: ['schedule', 'depart'], em_execucao: ['schedule', 'depart', 'start'] }[from]!;
      for (const verb of path) expect((await step(b.id, verb)).statusCode).toBe(200);
      expect((await step(b.id, 'cancel', {}, manager.token)).statusCode, from).toBe(422);
      const cancelled = await step(b.id, 'cancel', { reason: 'Cliente desistiu' }, manager.token);
      expect(cancelled.statusCode, from).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelada', cancel_reason: 'Cliente desistiu' });
    }
  });

  it('lets neither a read-only user nor another organization take steps', async () => {
    const a = await create();
    expect((await step(a.id, 'schedule', { scheduled_start: '2026-11-26T09:00:00-03:00' }, reader.token)).statusCode).toBe(403);
    const other = await t.createOrganization('Outra');
    const stranger = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'], organizationId: other });
    expect((await step(a.id, 'schedule', { scheduled_start: '2026-11-26T09:00:00-03:00' }, stranger.token)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/external-activity/${a.id}/timeline`, stranger.token)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/external-activity/${a.id}`, manager.token)).json().status).toBe('aberta');
  });

  it('lists the active types of the organization to whoever works with activities', async () => {
    const inactive = await makeType(t, undefined, { active: false, name: `Tipo inativo ${Date.now()}` });
    const other = await makeType(t, await t.createOrganization('Alheia tipos'));
    expect((await t.call('GET', '/api/external-activity/assistance-type', tech.token)).statusCode).toBe(403);
    const res = await t.call('GET', '/api/external-activity/type-options', tech.token);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: number; color: string }[]).map((x) => x.id);
    expect(ids).toContain(type.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(other.id);
  });

  it('lists as technicians the active EXTERNAL_ACTIVITY holders of the organization only', async () => {
    const other = await t.createOrganization('Alheia técnicos');
    const stranger = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'], organizationId: other, nickname: 'Estranho' });
    const res = await t.call('GET', '/api/external-activity/technicians', reader.token);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: number }[]).map((u) => u.id);
    expect(ids).toContain(tech.id);
    expect(ids).toContain(manager.id);
    expect(ids).not.toContain(reader.id);
    expect(ids).not.toContain(stranger.id);
    const found = (await t.call('GET', `/api/external-activity/technicians?search=${tech.username}`, reader.token)).json() as { id: number }[];
    expect(found.map((u) => u.id)).toEqual([tech.id]);
    expect((await t.call('GET', '/api/external-activity/technicians', (await t.createUser({ permissions: [] })).token)).statusCode).toBe(403);
  });

  it('notifies technicians when assigned, not when kept', async () => {
    const other = await makeTechnician(t);
    const a = await create();
    const mine = async (userId: number) => (await t.app.db.select().from(notifications).where(and(eq(notifications.user_id, userId), like(notifications.title, `%${a.code}%`)))).map((n) => n.title);
    expect(await mine(tech.id)).toEqual([`Atividade ${a.code} atribuída a você`]);
    const res = await t.call('PUT', `/api/external-activity/${a.id}`, manager.token, { technician_ids: [tech.id, other.id] });
    expect(res.json().technicians.map((x: { id: number }) => x.id).sort()).toEqual([tech.id, other.id].sort());
    expect(await mine(tech.id)).toHaveLength(1);
    expect(await mine(other.id)).toEqual([`Atividade ${a.code} atribuída a você`]);
    const list = (await t.call('GET', `/api/external-activity?mine=1&pageSize=100`, other.token)).json() as { items: { id: number }[] };
    expect(list.items.map((i) => i.id)).toEqual([a.id]);
  });

  it('notifies an hour before the SLA breaches and at the breach, once each, and filters the breached', async () => {
    const a = await create();
    // Per user, the notices of this activity (the organization's other EXTERNAL_ACTIVITY holders get them too).
    const notices = async () =>
      (await t.app.db.select().from(notifications).where(and(like(notifications.title, `%SLA%${a.code}`), inArray(notifications.user_id, [manager.id, tech.id])))).map((n) => `${n.user_id}:${n.title}`).sort();
    const perUser = async () => {
      const rows = await t.app.db.select().from(notifications).where(like(notifications.title, `%SLA%${a.code}`));
      const counts = new Map<string, number>();
      for (const n of rows) counts.set(`${n.user_id}:${n.title}`, (counts.get(`${n.user_id}:${n.title}`) ?? 0) + 1);
      return Math.max(...counts.values());
    };
    const now = new Date();
    await t.app.db.update(externalActivities).set({ due_at: new Date(now.getTime() + 30 * 60_000) }).where(eq(externalActivities.id, a.id));
    await runSlaNotices(t.app, now);
    await runSlaNotices(t.app, now);
    const warn = `SLA vence em menos de 1 hora: atividade ${a.code}`;
    expect(await notices()).toEqual([`${manager.id}:${warn}`, `${tech.id}:${warn}`].sort());
    const later = new Date(now.getTime() + 31 * 60_000);
    await runSlaNotices(t.app, later);
    await runSlaNotices(t.app, later);
    const breach = `SLA estourado: atividade ${a.code}`;
    expect(await notices()).toEqual([`${manager.id}:${warn}`, `${tech.id}:${warn}`, `${manager.id}:${breach}`, `${tech.id}:${breach}`].sort());
    expect(await perUser()).toBe(1);
    await t.app.db.update(externalActivities).set({ due_at: new Date(now.getTime() - 60_000) }).where(eq(externalActivities.id, a.id));
    const breached = (await t.call('GET', '/api/external-activity?breached=1&pageSize=100', manager.token)).json() as { items: { id: number; breached: boolean }[] };
    expect(breached.items.map((i) => i.id)).toContain(a.id);
    expect(breached.items.every((i) => i.breached)).toBe(true);
  });

  it('exports what the list shows as CSV and XLSX', async () => {
    const a = await create({ client_name: 'Exportação Ltda' });
    await step(a.id, 'cancel', { reason: 'Teste de exportação' }, manager.token);
    const csv = await t.call('GET', '/api/external-activity/export?format=csv&status=cancelada', reader.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(a.code);
    expect(csv.body).toContain('Exportação Ltda');
    expect(csv.body).not.toMatch(/;Aberta;/);
    const xlsx = await t.call('GET', '/api/external-activity/export?format=xlsx&search=exportacao', reader.token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await t.call('GET', '/api/external-activity/export', (await t.createUser({ permissions: [] })).token)).statusCode).toBe(403);
  });

  it('snapshots the checklist: a later edit of the type leaves existing activities alone', async () => {
    const own = await makeType(t);
    const a = await t.call('POST', '/api/external-activity', manager.token, activityBody(own.id, [tech.id]));
    await t.call('PUT', `/api/external-activity/assistance-type/${own.id}`, manager.token, { checklist: [{ label: 'Só este', kind: 'texto' }] });
    const again = (await t.call('GET', `/api/external-activity/${a.json().id}`, manager.token)).json();
    expect(again.checklist.map((i: { label: string }) => i.label)).toEqual(CHECKLIST.map((i) => i.label));
    expect((await t.call('DELETE', `/api/external-activity/assistance-type/${own.id}`, manager.token)).statusCode).toBe(409);
  });
});

describe('field service demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
    await seedDemo(t.app); // idempotent
  });
  afterAll(() => t?.close());

  it('seeds three assistance types and an activity in each state for the demo technician', async () => {
    const tech = await t.login('tecnico', DEMO_PASSWORD);
    const types = (await t.call('GET', '/api/external-activity/assistance-type', tech.token)).statusCode;
    expect(types).toBe(403); // the technician works activities, not types
    const gestor = await t.login('gestor', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/external-activity/assistance-type', gestor.token)).json().total_items).toBe(3);
    const mine = (await t.call('GET', '/api/external-activity?mine=1&pageSize=50', tech.token)).json() as { items: { status: string; code: string }[] };
    expect(mine.items.map((i) => i.status).sort()).toEqual(['aberta', 'agendada', 'cancelada', 'concluida', 'em_execucao']);
    expect(mine.items.every((i) => /^OS-\d{6}$/.test(i.code))).toBe(true);
  });
});
