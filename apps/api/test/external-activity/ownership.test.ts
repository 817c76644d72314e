/**
 * A work order belongs to its technicians (contract external-activity/rights.ts): the on-site steps
 * and records are its assigned technicians' only; editing, (re)assigning, rescheduling and
 * cancelling someone else's order need EXTERNAL_ACTIVITY_DISPATCH; the creator edits an order
 * while nobody is assigned; super admins do everything. Every refusal is a 403 that writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { ACTIVITY_ASSIGN_DENIED, ACTIVITY_WORK_DENIED, activityDispatchDenied } from '@operacoes/contract';
import { externalActivities } from '../../src/modules/external-activity';
import { activityAnswers, activityEvents, activityMaterials, activityPhotos, activitySignatures, activityTechnicians } from '../../src/modules/external-activity/schema';
import { createTestApp, type TestApp } from '../helpers';
import { activityBody, makeTechnician, makeType, multipart } from './helpers';

type User = Awaited<ReturnType<TestApp['createUser']>>;
type Activity = { id: number; code: string; status: string; client_email: string | null; checklist: { key: string }[]; technician_ids: number[]; created_by: { id: number } | null; steps: { verb: string }[] };

/** A 1×1 PNG: refused requests never get as far as reading it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PNG_URL = `data:image/png;base64,${PNG.toString('base64')}`;
const WINDOW = { scheduled_start: '2026-11-25T09:00:00-03:00', scheduled_end: '2026-11-25T11:00:00-03:00' };

describe('external activities: a work order belongs to its technicians', () => {
  let t: TestApp;
  let type: Awaited<ReturnType<typeof makeType>>;
  /** Assigned to the orders below. */
  let tech: User;
  /** Another technician of the organization: EXTERNAL_ACTIVITY (and SCHEDULE), no dispatch, assigned to none of them. */
  let other: User;
  /** EXTERNAL_ACTIVITY_DISPATCH (and SCHEDULE). */
  let gestor: User;
  let reader: User;
  let stranger: User;

  beforeAll(async () => {
    t = await createTestApp();
    type = await makeType(t);
    tech = await makeTechnician(t);
    other = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'SCHEDULE'], nickname: 'Outro técnico' });
    gestor = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH', 'SCHEDULE'], nickname: 'Gestora' });
    reader = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY.INDEX', 'EXTERNAL_ACTIVITY_DISPATCH.INDEX'] });
    stranger = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH'], organizationId: await t.createOrganization('Concorrente') });
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: User, body?: unknown) => t.call(method, `/api/external-activity${url}`, who.token, body);
  const step = (a: { id: number }, verb: string, who: User, body: unknown = {}) => call('POST', `/${a.id}/${verb}`, who, body);
  const get = async (a: { id: number }, who: User = gestor) => (await call('GET', `/${a.id}`, who)).json() as Activity;
  /** An order the dispatcher opens for `tech`, taken to `status` by its technician (all in the same window: double-booked on purpose, `force`). */
  async function order(status: 'aberta' | 'agendada' | 'em_deslocamento' | 'em_execucao' = 'aberta', extra: Record<string, unknown> = {}): Promise<Activity> {
    const res = await call('POST', '', gestor, activityBody(type.id, [tech.id], { client_email: 'cliente@example.com', ...WINDOW, force: true, ...extra }));
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json() as Activity;
    const path = ['schedule', 'depart', 'start'].slice(0, ['aberta', 'agendada', 'em_deslocamento', 'em_execucao'].indexOf(status));
    for (const verb of path) expect((await step(a, verb, verb === 'schedule' ? gestor : tech, verb === 'schedule' ? { force: true } : {})).statusCode, verb).toBe(200);
    return get(a);
  }
  /** Everything an order is made of: its row, technicians, timeline and what was recorded on site. */
  async function state(id: number) {
    const db = t.app.db;
    return {
      row: (await db.select().from(externalActivities).where(eq(externalActivities.id, id)))[0],
      technicians: (await db.select().from(activityTechnicians).where(eq(activityTechnicians.activity_id, id)).orderBy(asc(activityTechnicians.user_id))).map((r) => [r.user_id, r.status]),
      events: (await db.select().from(activityEvents).where(eq(activityEvents.activity_id, id))).length,
      answers: await db.select().from(activityAnswers).where(eq(activityAnswers.activity_id, id)),
      materials: (await db.select().from(activityMaterials).where(eq(activityMaterials.activity_id, id))).length,
      photos: (await db.select().from(activityPhotos).where(eq(activityPhotos.activity_id, id))).length,
      signature: (await db.select().from(activitySignatures).where(eq(activitySignatures.activity_id, id)))[0] ?? null,
    };
  }
  const photo = (a: { id: number }, who: User) => {
    const body = multipart({ caption: 'Foto de outro' }, { name: 'x.png', type: 'image/png', data: PNG });
    return t.app.inject({ method: 'POST', url: `/api/external-activity/${a.id}/photos`, headers: { authorization: `Bearer ${who.token}`, ...body.headers }, payload: body.payload });
  };
  const expect403 = (res: { statusCode: number; json: () => unknown; body: string }, message: string) => {
    expect(res.statusCode, res.body).toBe(403);
    expect((res.json() as { message: string }).message).toBe(message);
  };

  it('refuses every on-site step and record of an unassigned technician (403, nothing written)', async () => {
    const a = await order('agendada');
    const scheduled = await state(a.id);
    expect403(await step(a, 'depart', other), ACTIVITY_WORK_DENIED); // the check-in
    expect(await state(a.id)).toEqual(scheduled);
    expect((await step(a, 'depart', tech)).statusCode).toBe(200);
    expect403(await step(a, 'start', other), ACTIVITY_WORK_DENIED);
    expect((await step(a, 'start', tech)).statusCode).toBe(200);

    const before = await state(a.id);
    expect(before.row.status).toBe('em_execucao');
    expect403(await call('PUT', `/${a.id}/answers/${a.checklist[0].key}`, other, { value: true }), ACTIVITY_WORK_DENIED);
    expect403(await call('POST', `/${a.id}/materials`, other, { kind: 'patrimonio', tag: 'QUALQUER-1' }), ACTIVITY_WORK_DENIED);
    expect403(await photo(a, other), ACTIVITY_WORK_DENIED);
    expect403(await call('PUT', `/${a.id}/signature`, other, { name: 'Cliente Falso', image: PNG_URL }), ACTIVITY_WORK_DENIED);
    expect403(await step(a, 'finish', other), ACTIVITY_WORK_DENIED);
    expect(await state(a.id)).toEqual(before);

    // Dispatching does not make one a technician of the order: the manager is refused the same.
    expect403(await call('PUT', `/${a.id}/answers/${a.checklist[0].key}`, gestor, { value: true }), ACTIVITY_WORK_DENIED);
    expect403(await step(a, 'finish', gestor), ACTIVITY_WORK_DENIED);
    expect(await state(a.id)).toEqual(before);
    // Who is refused does not depend on the status (no 409 telling where the order stands).
    expect403(await step(a, 'depart', other), ACTIVITY_WORK_DENIED);
  });

  it('lets the assigned technician do his steps, and shows each user only the steps they may take', async () => {
    const a = await order('agendada');
    expect((await get(a, tech)).steps.map((s) => s.verb).sort()).toEqual(['cancel', 'depart']);
    expect((await get(a, other)).steps).toEqual([]);
    expect((await get(a, gestor)).steps.map((s) => s.verb)).toEqual(['cancel']);
    for (const verb of ['depart', 'start']) expect((await step(a, verb, tech)).statusCode, verb).toBe(200);
    expect((await get(a, tech)).steps.map((s) => s.verb).sort()).toEqual(['cancel', 'finish', 'reschedule']);
    expect((await get(a, gestor)).steps.map((s) => s.verb).sort()).toEqual(['cancel', 'reschedule']);
    const [power, energized] = [a.checklist[1].key, a.checklist[0].key];
    expect((await call('PUT', `/${a.id}/answers/${energized}`, tech, { value: true })).statusCode).toBe(200);
    expect((await call('PUT', `/${a.id}/answers/${power}`, tech, { value: -19 })).statusCode).toBe(200);
    expect((await call('POST', `/${a.id}/materials`, tech, { kind: 'patrimonio', tag: 'NAO-EXISTE' })).statusCode).toBe(422); // through to the material's own rules
    const done = await step(a, 'finish', tech, { position: { latitude: -25.44, longitude: -49.24 } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('concluida');
  });

  it("refuses a technician without dispatch another's order: edit (the client's e-mail), assign or reassign to himself, reschedule, cancel, delete", async () => {
    const a = await order('aberta');
    const before = await state(a.id);
    const denied = (action: string) => activityDispatchDenied(action);
    expect403(await call('PUT', `/${a.id}`, other, { client_email: 'ladrao@example.com' }), denied('alterar'));
    expect403(await call('PUT', `/${a.id}`, other, { technician_ids: [other.id] }), denied('alterar'));
    expect403(await call('PUT', `/${a.id}`, other, { technician_ids: [tech.id, other.id] }), denied('alterar'));
    expect403(await step(a, 'schedule', other, WINDOW), denied('agendar'));
    expect403(await t.call('POST', `/api/schedule/activity/${a.id}/move`, other.token, { scheduled_start: '2026-11-26T09:00:00-03:00', scheduled_end: '2026-11-26T10:00:00-03:00' }), denied('reagendar'));
    expect403(await step(a, 'cancel', other, { reason: 'Não quero' }), denied('cancelar'));
    expect403(await call('DELETE', `/${a.id}`, other), denied('excluir'));
    expect(await state(a.id)).toEqual(before);
    expect((await get(a)).client_email).toBe('cliente@example.com');

    const running = await order('em_execucao');
    const runningBefore = await state(running.id);
    expect403(await step(running, 'reschedule', other, { reason: 'Cliente ausente', scheduled_start: '2026-11-27T09:00:00-03:00' }), denied('reagendar'));
    expect403(await step(running, 'cancel', other, { reason: 'Cliente ausente' }), denied('cancelar'));
    expect403(await call('PUT', `/${running.id}`, other, { client_email: 'ladrao@example.com', address: 'Outro lugar' }), denied('alterar'));
    expect(await state(running.id)).toEqual(runningBefore);

    // Nor does he open an order in someone else's name.
    const count = (await t.app.db.select().from(externalActivities)).length;
    expect403(await call('POST', '', other, activityBody(type.id, [tech.id])), ACTIVITY_ASSIGN_DENIED);
    expect((await t.app.db.select().from(externalActivities)).length).toBe(count);
  });

  it('lets the dispatcher edit, assign, reschedule and cancel anyone\'s order', async () => {
    const a = await order('aberta');
    const edited = await call('PUT', `/${a.id}`, gestor, { client_email: 'novo@example.com', address: 'Rua Nova, 10', technician_ids: [other.id] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ client_email: 'novo@example.com', address: 'Rua Nova, 10', technician_ids: [other.id] });
    // The order is now the other technician's: the first one has lost it, the new one works it.
    expect403(await call('PUT', `/${a.id}`, tech, { client_name: 'X' }), activityDispatchDenied('alterar'));
    expect((await step(a, 'schedule', gestor, { ...WINDOW, force: true })).statusCode).toBe(200);
    const moved = await t.call('POST', `/api/schedule/activity/${a.id}/move`, gestor.token, { scheduled_start: '2026-11-26T09:00:00-03:00', scheduled_end: '2026-11-26T10:00:00-03:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const verb of ['depart', 'start']) expect((await step(a, verb, other)).statusCode, verb).toBe(200);
    const back = await step(a, 'reschedule', gestor, { reason: 'Cliente pediu outro dia', scheduled_start: '2026-11-28T09:00:00-03:00', force: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().status).toBe('agendada');
    const cancelled = await step(a, 'cancel', gestor, { reason: 'Cliente desistiu' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelada', cancel_reason: 'Cliente desistiu' });
    expect((await call('DELETE', `/${a.id}`, gestor)).statusCode).toBe(204);
  });

  it("lets the assigned technician without dispatch edit, reschedule and cancel his own order", async () => {
    const a = await order('em_execucao');
    const edited = await call('PUT', `/${a.id}`, tech, { client_phone: '(41) 3333-4444' });
    expect(edited.statusCode, edited.body).toBe(200);
    const back = await step(a, 'reschedule', tech, { reason: 'Cliente ausente no local' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await step(a, 'cancel', tech, { reason: 'Cliente desistiu' })).statusCode).toBe(200);
  });

  it('lets the creator edit an order while nobody is assigned, and not once it is dispatched', async () => {
    // A technician without dispatch opens an order for the dispatch to hand out.
    const res = await call('POST', '', other, activityBody(type.id, [], { client_email: 'primeiro@example.com' }));
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json() as Activity;
    expect(a).toMatchObject({ technician_ids: [], created_by: { id: other.id } });
    const fixed = await call('PUT', `/${a.id}`, other, { client_email: 'corrigido@example.com' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().client_email).toBe('corrigido@example.com');
    // Naming someone else is dispatching; another technician may not touch it either.
    expect403(await call('PUT', `/${a.id}`, other, { technician_ids: [tech.id] }), ACTIVITY_ASSIGN_DENIED);
    expect403(await call('PUT', `/${a.id}`, tech, { client_email: 'x@example.com' }), activityDispatchDenied('alterar'));
    // Nobody works an unassigned order, and it is not scheduled before someone is assigned.
    expect((await step(a, 'schedule', gestor, WINDOW)).statusCode).toBe(422);
    // The dispatch assigns it: the creator has no more say.
    expect((await call('PUT', `/${a.id}`, gestor, { technician_ids: [tech.id] })).statusCode).toBe(200);
    expect403(await call('PUT', `/${a.id}`, other, { client_email: 'de-novo@example.com' }), activityDispatchDenied('alterar'));
    expect((await get(a)).client_email).toBe('corrigido@example.com');

    // Opening an order for oneself needs no dispatch: it is one's own.
    const mine = await call('POST', '', other, activityBody(type.id, [other.id]));
    expect(mine.statusCode, mine.body).toBe(201);
    expect((await call('PUT', `/${mine.json().id}`, other, { description: 'Encontrado em campo' })).statusCode).toBe(200);
    // And the creator of an unassigned order may take it himself.
    const draft = (await call('POST', '', other, activityBody(type.id, []))).json() as Activity;
    expect((await call('PUT', `/${draft.id}`, other, { technician_ids: [other.id] })).statusCode).toBe(200);
    expect((await call('DELETE', `/${draft.id}`, other)).statusCode).toBe(204);
  });

  it('gives an .INDEX user reads only, and another organization 404', async () => {
    const a = await order('em_execucao');
    const before = await state(a.id);
    for (const path of ['', '/timeline', '/answers', '/materials', '/photos', '/signature']) expect((await call('GET', `/${a.id}${path}`, reader)).statusCode, path).toBe(200);
    expect((await get(a, reader)).steps).toEqual([]);
    // Every write, on site included: refused to the reader (403), unknown to another organization (404).
    const writes = [
      ['PUT', '', { client_email: 'x@example.com' }],
      ['DELETE', '', undefined],
      ['POST', '/finish', {}],
      ['POST', '/cancel', { reason: 'Sem motivo' }],
      ['PUT', `/answers/${a.checklist[0].key}`, { value: true }],
      ['POST', '/materials', { kind: 'patrimonio', tag: 'X' }],
      ['PUT', '/signature', { name: 'Cliente', image: PNG_URL }],
    ] as const;
    for (const [method, path, body] of writes) {
      expect((await call(method, `/${a.id}${path}`, reader, body)).statusCode, `${method} ${path}`).toBe(403);
    }
    for (const [method, path, body] of [['GET', '', undefined], ['POST', '/start', {}], ...writes] as const) {
      expect((await call(method, `/${a.id}${path}`, stranger, body)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await photo(a, stranger)).statusCode).toBe(404);
    expect((await photo(a, reader)).statusCode).toBe(403);
    expect(await state(a.id)).toEqual(before);
  });

  it('lets a super admin do everything, on site included', async () => {
    const a = await order('em_execucao');
    const admin = { token: await t.adminToken() } as User;
    expect((await get(a, admin)).steps.map((s) => s.verb).sort()).toEqual(['cancel', 'finish', 'reschedule']);
    expect((await call('PUT', `/${a.id}/answers/${a.checklist[0].key}`, admin, { value: true })).statusCode).toBe(200);
    expect((await call('PUT', `/${a.id}`, admin, { client_email: 'admin@example.com' })).statusCode).toBe(200);
    expect((await step(a, 'cancel', admin, { reason: 'Encerrada pela plataforma' })).statusCode).toBe(200);
  });
});
