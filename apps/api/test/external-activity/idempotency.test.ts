/**
 * `Idempotency-Key` on the on-site records (core/idempotency.ts): the phone resends its queue after
 * a lost answer, and a replay answers the first answer and writes nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../../src/core/schema';
import { activityMaterials, activityPhotos } from '../../src/modules/external-activity/schema';
import { addToBalance, movePatrimony, movements, patrimonies, recordQuantityMovement } from '../../src/modules/warehouse';
import { dataUrl, realPng } from '../files/images';
import { createTestApp, type TestApp } from '../helpers';
import { startSmtpServer } from '../smtp';
import { expectStateEqualsReplay, newItem, place, type Place } from '../warehouse/helpers';
import { activityBody, makeDispatcher, makeTechnician, makeType, multipart } from './helpers';

const PNG = await realPng();

describe('external activities: a replayed on-site record writes nothing twice', () => {
  let t: TestApp;
  let p: Place;
  let tech: Awaited<ReturnType<TestApp['createUser']>>;
  let other: Awaited<ReturnType<TestApp['createUser']>>;
  let reader: Awaited<ReturnType<TestApp['createUser']>>;
  let activity: { id: number; code: string; checklist: { key: string; kind: string }[] };
  let sectionStock: number;

  const send = (method: 'POST' | 'PUT', url: string, token: string, body: unknown, key?: string) =>
    t.app.inject({ method, url, payload: body as never, headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) } });

  beforeAll(async () => {
    t = await createTestApp();
    p = await place(t);
    tech = await makeTechnician(t);
    other = await makeTechnician(t);
    reader = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY.INDEX'] });
    const type = await makeType(t, undefined, { checklist: [{ label: 'Foto da ONU', kind: 'foto', required: true }, { label: 'Sinal ok', kind: 'sim_nao', required: false }] });
    const manager = await makeDispatcher(t);
    activity = (await t.call('POST', '/api/external-activity', manager.token, activityBody(type.id, [tech.id, other.id], { scheduled_start: '2026-11-25T09:00:00-03:00' }))).json();
    for (const verb of ['schedule', 'depart']) expect((await t.call('POST', `/api/external-activity/${activity.id}/${verb}`, tech.token, {})).statusCode).toBe(200);
    [{ stock_id: sectionStock }] = (await t.app.db.execute(`select stock_id from section where id = ${p.sectionId}`)).rows as { stock_id: number }[];
    await t.app.db.transaction(async (tx) => {
      await addToBalance(tx, { organizationId: t.platformOrganizationId, productId: p.consumableProductId, sectionId: p.sectionId, stockId: sectionStock }, 10);
      await recordQuantityMovement(tx, null, { type: 'entrada', organizationId: t.platformOrganizationId, productId: p.consumableProductId, quantity: 10, to: { stockId: sectionStock, sectionId: p.sectionId } });
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const balance = async () => Number(((await t.app.db.execute(`select quantity from consumable_balance where product_id = ${p.consumableProductId} and section_id = ${p.sectionId}`)).rows[0] as { quantity: string }).quantity);
  const consumableMoves = async () => (await t.app.db.select().from(movements).where(eq(movements.product_id, p.consumableProductId))).length;

  it('a check-in replayed takes the step once and answers the first answer', async () => {
    const first = await send('POST', `/api/external-activity/${activity.id}/start`, tech.token, { position: null }, 'checkin-000001');
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('POST', `/api/external-activity/${activity.id}/start`, tech.token, { position: null }, 'checkin-000001');
    // Without the key the same call is refused (already under way): the replay is not re-run.
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const timeline = (await t.call('GET', `/api/external-activity/${activity.id}/timeline`, tech.token)).json() as { kind: string }[];
    expect(timeline.filter((e) => e.kind === 'start')).toHaveLength(1);
  });

  it('a consumable replayed (the answer lost on the way back) is taken from stock once', async () => {
    const body = { kind: 'consumivel', product_id: p.consumableProductId, section_id: p.sectionId, quantity: 3 };
    const movesBefore = await consumableMoves();
    const first = await send('POST', `/api/external-activity/${activity.id}/materials`, tech.token, body, 'mat-consumivel-1');
    expect(first.statusCode, first.body).toBe(201);
    for (let i = 0; i < 3; i++) {
      const replay = await send('POST', `/api/external-activity/${activity.id}/materials`, tech.token, body, 'mat-consumivel-1');
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual(first.json());
    }
    expect(await balance()).toBe(7);
    expect(await consumableMoves()).toBe(movesBefore + 1);
    // A new key is a new record: taken again.
    expect((await send('POST', `/api/external-activity/${activity.id}/materials`, tech.token, body, 'mat-consumivel-2')).statusCode).toBe(201);
    expect(await balance()).toBe(4);
  });

  it('a patrimony item replayed is installed once; its refusal keeps nothing, so a corrected resend runs', async () => {
    const item = await newItem(t, p);
    const before = (await t.app.db.select().from(activityMaterials).where(eq(activityMaterials.activity_id, activity.id))).length;
    // Not with the technician yet: refused, and the key is not kept.
    const refused = await send('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { kind: 'patrimonio', tag: item.tag }, 'mat-patrimonio-1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('não está com você');
    const [row] = await t.app.db.select().from(patrimonies).where(eq(patrimonies.id, item.id));
    await t.app.db.transaction((tx) => movePatrimony(tx, null, row, { status: 'em_uso', section_id: null, holder_user_id: tech.id }, { type: 'saida', reason: 'Entrega ao técnico' }));
    const first = await send('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { kind: 'patrimonio', tag: item.tag }, 'mat-patrimonio-1');
    expect(first.statusCode, first.body).toBe(201);
    const replay = await send('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { kind: 'patrimonio', tag: item.tag }, 'mat-patrimonio-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect((await t.app.db.select().from(activityMaterials).where(eq(activityMaterials.activity_id, activity.id))).length).toBe(before + 1);
    const itemMoves = await t.app.db.select().from(movements).where(eq(movements.patrimony_id, item.id));
    expect(itemMoves.map((m) => m.reason ?? m.type)).toHaveLength(3); // registered, handed to the technician, installed once
    await expectStateEqualsReplay(t);
  });

  it('a photo and a signature replayed are stored once', async () => {
    const photoKey = activity.checklist.find((i) => i.kind === 'foto')!.key;
    const form = multipart({ item_key: photoKey }, { name: 'onu.png', type: 'image/png', data: PNG });
    const upload = () => t.app.inject({ method: 'POST', url: `/api/external-activity/${activity.id}/photos`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${tech.token}`, 'idempotency-key': 'photo-00000001' } });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    const replay = await upload();
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await t.app.db.select().from(activityPhotos).where(eq(activityPhotos.activity_id, activity.id))).toHaveLength(1);

    const sig = { name: 'Maria Cliente', image: dataUrl(PNG) };
    const s1 = await send('PUT', `/api/external-activity/${activity.id}/signature`, tech.token, sig, 'signature-0001');
    expect(s1.statusCode, s1.body).toBe(200);
    const s2 = await send('PUT', `/api/external-activity/${activity.id}/signature`, tech.token, sig, 'signature-0001');
    expect(s2.json()).toEqual(s1.json());
    expect(s2.headers['idempotent-replayed']).toBe('true');
  });

  it('keys are per user, bounded, and not reusable for another request', async () => {
    const body = { kind: 'consumivel', product_id: p.consumableProductId, section_id: p.sectionId, quantity: 1 };
    const before = await balance();
    // The same key from another technician of the order is their own record.
    expect((await send('POST', `/api/external-activity/${activity.id}/materials`, other.token, body, 'mat-consumivel-1')).statusCode).toBe(201);
    expect(await balance()).toBe(before - 1);
    // The same key on another body: 422, nothing written.
    const reused = await send('POST', `/api/external-activity/${activity.id}/materials`, tech.token, { ...body, quantity: 2 }, 'mat-consumivel-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toContain('já foi usada');
    for (const bad of ['curta', 'x'.repeat(101), 'com espaço e acentuação']) {
      const res = await send('POST', `/api/external-activity/${activity.id}/materials`, tech.token, body, bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().message).toContain('Chave de idempotência inválida');
    }
    expect(await balance()).toBe(before - 1);
    // A read-only user and a technician of another organization: refused before any key is kept.
    const stranger = await makeTechnician(t, await t.createOrganization());
    expect((await send('POST', `/api/external-activity/${activity.id}/materials`, reader.token, body, 'reader-key-01')).statusCode).toBe(403);
    expect((await send('POST', `/api/external-activity/${activity.id}/materials`, stranger.token, body, 'stranger-key-1')).statusCode).toBe(404);
    const kept = await t.app.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.key, 'stranger-key-1')));
    expect(kept).toHaveLength(0);
    expect(await balance()).toBe(before - 1);
  });

  it('a key whose first request never finished is answered 409, never run again; expired keys are swept', async () => {
    const body = { kind: 'consumivel', product_id: p.consumableProductId, section_id: p.sectionId, quantity: 1 };
    const url = `/api/external-activity/${activity.id}/materials`;
    const first = await send('POST', url, tech.token, body, 'in-flight-0001');
    expect(first.statusCode).toBe(201);
    const before = await balance();
    // As if the server had stopped between the write and keeping its answer.
    await t.app.db.update(idempotencyKeys).set({ status: null, body: null }).where(eq(idempotencyKeys.key, 'in-flight-0001'));
    const replay = await send('POST', url, tech.token, body, 'in-flight-0001');
    expect(replay.statusCode).toBe(409);
    expect(replay.json().in_progress).toBe(true);
    expect(await balance()).toBe(before);
    // An old key goes when the user sends a new one.
    await t.app.db.update(idempotencyKeys).set({ created_at: new Date(Date.now() - 8 * 86400_000) }).where(eq(idempotencyKeys.key, 'in-flight-0001'));
    expect((await send('POST', url, tech.token, body, 'fresh-key-0001')).statusCode).toBe(201);
    expect(await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'in-flight-0001'))).toHaveLength(0);
  });
});

describe('external activities: a replayed answer, reschedule or conclusion', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let tech: Awaited<ReturnType<TestApp['createUser']>>;
  let activity: { id: number; code: string; checklist: { key: string; kind: string }[] };
  const email = 'replay@example.com';

  const send = (method: 'POST' | 'PUT', url: string, body: unknown, key: string) =>
    t.app.inject({ method, url, payload: body as never, headers: { authorization: `Bearer ${tech.token}`, 'idempotency-key': key } });
  const events = async (kind: string) => ((await t.call('GET', `/api/external-activity/${activity.id}/timeline`, tech.token)).json() as { kind: string }[]).filter((e) => e.kind === kind);
  const step = async (verb: string) => expect((await t.call('POST', `/api/external-activity/${activity.id}/${verb}`, tech.token, {})).statusCode).toBe(200);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
    tech = await makeTechnician(t);
    const type = await makeType(t, undefined, { checklist: [{ label: 'Sinal ok', kind: 'sim_nao', required: false }] });
    const manager = await makeDispatcher(t);
    activity = (await t.call('POST', '/api/external-activity', manager.token, activityBody(type.id, [tech.id], { client_email: email, scheduled_start: '2026-11-25T09:00:00-03:00' }))).json();
    for (const verb of ['schedule', 'depart', 'start']) await step(verb);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('an older answer replayed after a newer one answers its first answer and does not overwrite the newer value', async () => {
    const url = `/api/external-activity/${activity.id}/answers/${activity.checklist[0].key}`;
    const first = await send('PUT', url, { value: true }, 'answer-sim-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect((await send('PUT', url, { value: false }, 'answer-nao-0001')).statusCode).toBe(200);
    // The phone resends the first value (its answer was lost): the first answer, nothing written.
    const replay = await send('PUT', url, { value: true }, 'answer-sim-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const answers = (await t.call('GET', `/api/external-activity/${activity.id}/answers`, tech.token)).json() as { item_key: string; value: unknown }[];
    expect(answers.map((a) => a.value)).toEqual([false]);
  });

  it('a reschedule asked without signal and replayed moves the order once', async () => {
    const url = `/api/external-activity/${activity.id}/reschedule`;
    const body = { reason: 'Cliente ausente, sem acesso ao rack', position: null };
    const first = await send('POST', url, body, 'reschedule-0001');
    expect(first.statusCode, first.body).toBe(200);
    // Run again, the step would be refused (the order is no longer in execution): the replay is the first answer.
    const replay = await send('POST', url, body, 'reschedule-0001');
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await events('reschedule')).toHaveLength(1);
    expect((await t.call('GET', `/api/external-activity/${activity.id}`, tech.token)).json().status).toBe('agendada');
  });

  it('a conclusion replayed concludes once and e-mails the report to the client once', async () => {
    for (const verb of ['depart', 'start']) await step(verb);
    const url = `/api/external-activity/${activity.id}/finish`;
    const first = await send('POST', url, { position: null }, 'finish-000001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('concluida');
    await smtp.waitFor(email);
    const replay = await send('POST', url, { position: null }, 'finish-000001');
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await events('finish')).toHaveLength(1);
    // The report is mailed after the commit: a second one would have arrived by now.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.inbox.filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});
