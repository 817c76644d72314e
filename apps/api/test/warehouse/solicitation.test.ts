import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { realtimeEvents } from '../../src/core/realtime/schema';
import { notifications } from '../../src/modules/notification/schema';
import { createTestApp, type TestApp } from '../helpers';
import { expectStateEqualsReplay, itemById, newItem, type Place, place, uid } from './helpers';

type User = Awaited<ReturnType<TestApp['createUser']>>;
type Solicitation = { id: number; status: string; kind: string; actions: string[]; items: { patrimony: { id: number; status: string } | null; product: { id: number }; quantity: number; returned_at: string | null }[] };

describe('patrimony solicitations (out-requests)', () => {
  let t: TestApp;
  let p: Place;
  let manager: User, manager2: User, storekeeper: User, tech: User, tech2: User, outsider: User;

  beforeAll(async () => {
    t = await createTestApp();
    p = await place(t);
    manager = await t.createUser({ permissions: ['WAREHOUSE', 'PATRIMONY_OUT_REQUEST'], nickname: 'Marina' });
    manager2 = await t.createUser({ permissions: ['WAREHOUSE', 'PATRIMONY_OUT_REQUEST'], nickname: 'Rogério' });
    storekeeper = await t.createUser({ permissions: ['PATRIMONY', 'STOCK', 'PATRIMONY_OUT_REQUEST.INDEX'], nickname: 'João' });
    tech = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST', 'PATRIMONY.INDEX'], nickname: 'Luiz' });
    tech2 = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST'], nickname: 'Ana' });
    const other = await t.createOrganization('Concorrente Telecom');
    outsider = await t.createUser({ permissions: ['WAREHOUSE', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST'], organizationId: other });
    // 40 m of cable in the first section for consumable lines.
    await t.call('POST', '/api/consumable/entry', p.bossToken, { product_id: p.consumableProductId, section_id: p.sectionId, quantity: 40 });
  });
  afterAll(() => t?.close());

  const request = (who: User, items: unknown[], extra: Record<string, unknown> = {}) =>
    t.call('POST', '/api/patrimony-solicitation', who.token, { reason: 'Instalação no cliente Padaria São José', items, ...extra });
  const stepOf = (who: User, id: number, step: string, body?: unknown) => t.call('POST', `/api/patrimony-solicitation/${id}/${step}`, who.token, body);
  const notified = async (userId: number, text: string) =>
    (await t.app.db.select().from(notifications).where(and(eq(notifications.user_id, userId)))).some((n) => n.title.includes(text) || n.message.includes(text));

  it('runs the whole workflow: request → approve → deliver → confirm → return', async () => {
    const a = await newItem(t, p);
    await newItem(t, p);
    await newItem(t, p);
    const res = await request(tech, [{ patrimony_id: a.id }, { product_id: p.patrimonyProductId, quantity: 2 }, { product_id: p.consumableProductId, quantity: 12.5 }]);
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json() as Solicitation;
    expect(s).toMatchObject({ kind: 'retirada', status: 'pendente', actions: ['approve', 'refuse', 'cancel'] });
    expect(s.items).toHaveLength(4);
    const patrimonyIds = s.items.filter((i) => i.patrimony).map((i) => i.patrimony!.id);
    expect(patrimonyIds).toContain(a.id);
    for (const id of patrimonyIds) expect((await itemById(t, id)).status).toBe('reservado');
    expect(await notified(manager.id, `#${s.id}`)).toBe(true);

    // The technician may not approve; nobody approves their own request.
    expect((await stepOf(tech, s.id, 'approve')).statusCode).toBe(403);
    // Steps out of order are 409.
    expect((await stepOf(storekeeper, s.id, 'deliver')).statusCode).toBe(409);
    expect((await stepOf(storekeeper, s.id, 'return')).statusCode).toBe(409);

    const approved = await stepOf(manager, s.id, 'approve', { reason: 'Ok, cliente prioritário' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'aprovada', decided_by: { id: manager.id }, decision_reason: 'Ok, cliente prioritário', actions: ['deliver', 'cancel'] });
    expect(await notified(tech.id, 'aprovada')).toBe(true);
    expect(await notified(storekeeper.id, 'para entregar')).toBe(true);
    expect((await stepOf(manager2, s.id, 'approve')).statusCode).toBe(409);
    expect((await stepOf(manager2, s.id, 'refuse', { reason: 'Tarde demais' })).statusCode).toBe(409);

    const delivered = await stepOf(storekeeper, s.id, 'deliver', { note: 'Retirado no balcão' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'entregue', delivered_by: { id: storekeeper.id }, actions: ['return'] });
    for (const id of patrimonyIds) expect(await itemById(t, id)).toMatchObject({ status: 'em_uso', holder_user_id: tech.id, section_id: null });
    const cable = (await t.call('GET', `/api/consumable/balances?product=${p.consumableProductId}&section=${p.sectionId}`, storekeeper.token)).json();
    expect(cable.items[0].quantity).toBe(27.5);
    expect((await stepOf(manager, s.id, 'cancel')).statusCode).toBe(409);

    // My patrimony: what I hold, confirmation of receipt.
    const mine = (await t.call('GET', '/api/my-patrimony', tech.token)).json();
    expect(mine.items.map((i: { id: number }) => i.id).sort()).toEqual([...patrimonyIds].sort());
    expect(mine.items[0]).toMatchObject({ holder_confirmed_at: null, solicitation_id: s.id, return_solicitation_id: null });
    const confirmed = await t.call('POST', `/api/my-patrimony/${a.id}/confirm`, tech.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().holder_confirmed_at).toEqual(expect.any(String));
    expect((await t.call('POST', `/api/my-patrimony/${a.id}/confirm`, tech.token)).statusCode).toBe(409);
    expect((await t.call('POST', `/api/my-patrimony/${a.id}/confirm`, tech2.token)).statusCode).toBe(404);

    // "Devolver" opens a return request; the warehouse receives it.
    const ret = await t.call('POST', `/api/my-patrimony/${a.id}/return`, tech.token, { reason: 'Cliente cancelou' });
    expect(ret.statusCode, ret.body).toBe(201);
    const devolucao = ret.json() as Solicitation & { origin_id: number };
    expect(devolucao).toMatchObject({ kind: 'devolucao', status: 'pendente', origin_id: s.id, actions: ['return', 'cancel'] });
    expect((await t.call('POST', `/api/my-patrimony/${a.id}/return`, tech.token)).statusCode).toBe(409);
    expect(await notified(storekeeper.id, `#${devolucao.id}`)).toBe(true);
    expect((await stepOf(manager, devolucao.id, 'approve')).statusCode).toBe(409);
    const received = await stepOf(storekeeper, devolucao.id, 'return', { condition: 'bom' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().status).toBe('devolvida');
    expect(await itemById(t, a.id)).toMatchObject({ status: 'disponivel', holder_user_id: null, section_id: p.sectionId, condition: 'bom', holder_confirmed_at: null });
    const partly = (await t.call('GET', `/api/patrimony-solicitation/${s.id}`, tech.token)).json() as Solicitation;
    expect(partly.status).toBe('entregue');
    expect(partly.items.find((i) => i.patrimony?.id === a.id)!.returned_at).toEqual(expect.any(String));

    // The rest comes back with the retirada's own return, to another section.
    const back = await stepOf(storekeeper, s.id, 'return', { section_id: p.section2Id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'devolvida', returned_by: { id: storekeeper.id }, actions: [] });
    for (const id of patrimonyIds.filter((x) => x !== a.id)) expect(await itemById(t, id)).toMatchObject({ status: 'disponivel', section_id: p.section2Id });
    expect((await t.call('GET', '/api/my-patrimony', tech.token)).json().total_items).toBe(0);
    expect((await stepOf(storekeeper, s.id, 'return')).statusCode).toBe(409);

    const history = (await t.call('GET', `/api/movements?item=${a.id}&sort=id`, p.bossToken)).json().items.map((m: { type: string }) => m.type);
    expect(history).toEqual(['entrada', 'reserva', 'saida', 'devolucao']);
    const bySolicitation = (await t.call('GET', `/api/movements?solicitation=${s.id}`, p.bossToken)).json();
    expect(bySolicitation.items.filter((m: { type: string }) => m.type === 'saida')).toHaveLength(4);
  });

  it("a super admin approves and delivers another organization's request, and makes their own in their organization", async () => {
    const other = await t.createOrganization('Filial Oeste do super admin');
    const q = await place(t, other);
    const item = await newItem(t, q);
    const requester = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST'], organizationId: other });
    const admin = await t.adminToken();
    const created = await request(requester, [{ patrimony_id: item.id }]);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const listed = (await t.call('GET', '/api/patrimony-solicitation?pageSize=100&waiting=true', admin)).json().items.map((i: { id: number }) => i.id);
    expect(listed).toContain(id);
    const approved = await t.call('POST', `/api/patrimony-solicitation/${id}/approve`, admin, { reason: 'Aprovado pela plataforma' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('aprovada');
    const delivered = await t.call('POST', `/api/patrimony-solicitation/${id}/deliver`, admin, { note: 'Entregue pela plataforma' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await itemById(t, item.id)).toMatchObject({ status: 'em_uso', holder_user_id: requester.id, organization_id: other });

    const own = await t.call('POST', '/api/patrimony-solicitation', admin, { reason: 'Ferramenta do administrador', items: [{ patrimony_id: (await newItem(t, p)).id }] });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().organization_id).toBe(t.platformOrganizationId);
  });

  it("a step's notices (the requester's and the next actors') reach their streams together, in one batch", async () => {
    const item = await newItem(t, p);
    const s = (await request(tech, [{ patrimony_id: item.id }])).json() as Solicitation;
    const [{ last }] = (await t.app.db.execute(sql`select coalesce(max(id), 0)::bigint as last from ${realtimeEvents}`)).rows as { last: string }[];
    expect((await stepOf(manager, s.id, 'approve', { reason: 'Pode retirar' })).statusCode).toBe(200);
    const written = await t.app.db.select({ batch: realtimeEvents.batch, topic: realtimeEvents.topic }).from(realtimeEvents).where(gt(realtimeEvents.id, Number(last)));
    // The requester hears "aprovada" and the storekeeper "para entregar": two notices, one batch.
    expect(written.map((w) => w.topic)).toEqual(expect.arrayContaining([`/users/${tech.id}`, `/users/${storekeeper.id}`]));
    expect(new Set(written.map((w) => w.batch)).size).toBe(1);
  });

  it('refusal needs a reason and releases the reserved items', async () => {
    const a = await newItem(t, p);
    const s = (await request(tech, [{ patrimony_id: a.id }])).json() as Solicitation;
    expect((await stepOf(manager, s.id, 'refuse', {})).statusCode).toBe(422);
    const refused = await stepOf(manager, s.id, 'refuse', { reason: 'Sem justificativa técnica' });
    expect(refused.json()).toMatchObject({ status: 'recusada', decision_reason: 'Sem justificativa técnica', actions: [] });
    expect((await itemById(t, a.id)).status).toBe('disponivel');
    expect(await notified(tech.id, 'Sem justificativa técnica')).toBe(true);
    for (const step of ['approve', 'deliver', 'cancel', 'return']) {
      expect((await t.call('POST', `/api/patrimony-solicitation/${s.id}/${step}`, p.bossToken, { reason: 'tentativa' })).statusCode, step).toBe(409);
    }
    const history = (await t.call('GET', `/api/movements?item=${a.id}&sort=id`, p.bossToken)).json().items.map((m: { type: string }) => m.type);
    expect(history).toEqual(['entrada', 'reserva', 'liberacao']);
  });

  it('can be cancelled before delivery by the requester (not by another technician); the items are released', async () => {
    const a = await newItem(t, p);
    const s = (await request(tech, [{ patrimony_id: a.id }])).json() as Solicitation;
    expect((await stepOf(manager, s.id, 'approve')).statusCode).toBe(200);
    expect((await stepOf(tech2, s.id, 'cancel')).statusCode).toBe(403);
    const cancelled = await stepOf(tech, s.id, 'cancel', { reason: 'Serviço remarcado' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelada', cancel_reason: 'Serviço remarcado', cancelled_by: { id: tech.id } });
    expect((await itemById(t, a.id)).status).toBe('disponivel');
    expect((await stepOf(storekeeper, s.id, 'deliver')).statusCode).toBe(409);
    // DELETE also cancels (a request is never erased).
    const b = await newItem(t, p);
    const s2 = (await request(tech, [{ patrimony_id: b.id }])).json() as Solicitation;
    const del = await t.call('DELETE', `/api/patrimony-solicitation/${s2.id}`, tech.token);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ cancelled: true, solicitation: { status: 'cancelada' } });
    expect((await itemById(t, b.id)).status).toBe('disponivel');
  });

  it('an item waiting in one request cannot be taken by another (409); shortages are 409 and reserve nothing', async () => {
    const a = await newItem(t, p);
    expect((await request(tech, [{ patrimony_id: a.id }])).statusCode).toBe(201);
    const second = await request(tech2, [{ patrimony_id: a.id }]);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain(a.tag);
    const before = (await t.call('GET', `/api/patrimony?product=${p.patrimonyProductId}&status=disponivel`, tech.token)).json().total_items;
    const shortage = await request(tech2, [{ product_id: p.patrimonyProductId, quantity: before + 1 }]);
    expect(shortage.statusCode).toBe(409);
    expect(shortage.json().message).toMatch(/Há apenas \d+ item/);
    expect((await t.call('GET', `/api/patrimony?product=${p.patrimonyProductId}&status=disponivel`, tech.token)).json().total_items).toBe(before);
    expect((await request(tech2, [{ product_id: p.consumableProductId, quantity: 1000 }])).statusCode).toBe(409);
    expect((await request(tech2, [{ patrimony_id: a.id }, { patrimony_id: a.id }])).statusCode).toBe(422);
  });

  it('a delivered request of consumables only offers no "Receber devolução" (nothing can come back); called anyway it is 409', async () => {
    const res = await request(tech, [{ product_id: p.consumableProductId, quantity: 1.5 }]);
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json() as Solicitation;
    expect((await stepOf(manager, s.id, 'approve')).statusCode).toBe(200);
    const delivered = await stepOf(storekeeper, s.id, 'deliver');
    expect(delivered.statusCode, delivered.body).toBe(200);
    const read = delivered.json() as Solicitation & { steps: { verb: string }[] };
    expect(read.status).toBe('entregue');
    expect(read.actions).toEqual([]);
    expect(read.steps.map((x) => x.verb)).toEqual([]);
    const again = (await t.call('GET', `/api/patrimony-solicitation/${s.id}`, storekeeper.token)).json() as Solicitation & { steps: { verb: string }[] };
    expect(again.steps.map((x) => x.verb)).not.toContain('return');
    const refused = await stepOf(storekeeper, s.id, 'return');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('consumíveis entregues não retornam');
  });

  it('edits only while waiting, by the requester; another organization sees nothing (404) and cannot use our items (422)', async () => {
    const a = await newItem(t, p);
    const s = (await request(tech, [{ patrimony_id: a.id }], { destination_type: 'unidade', destination_unit_id: p.unitId })).json();
    expect(s.destination_unit).toEqual({ id: p.unitId, name: expect.any(String) });
    expect((await t.call('PUT', `/api/patrimony-solicitation/${s.id}`, tech2.token, { reason: 'Outro motivo' })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/patrimony-solicitation/${s.id}`, tech.token, { reason: 'Outro motivo' })).json().reason).toBe('Outro motivo');
    expect((await stepOf(outsider, s.id, 'approve')).statusCode).toBe(404);
    expect((await t.call('GET', `/api/patrimony-solicitation/${s.id}`, outsider.token)).statusCode).toBe(404);
    expect((await t.call('POST', '/api/patrimony-solicitation', outsider.token, { reason: 'Pegar emprestado', items: [{ patrimony_id: (await newItem(t, p)).id }] })).statusCode).toBe(422);
    await stepOf(manager, s.id, 'approve');
    expect((await t.call('PUT', `/api/patrimony-solicitation/${s.id}`, tech.token, { reason: 'Mudou' })).statusCode).toBe(409);
    // Filters: mine, waiting for me.
    const mine = (await t.call('GET', '/api/patrimony-solicitation?mine=true&pageSize=100', tech2.token)).json();
    expect(mine.items.every((i: { requester: { id: number } }) => i.requester.id === tech2.id)).toBe(true);
    const waiting = (await t.call('GET', '/api/patrimony-solicitation?waiting=true&pageSize=100', manager.token)).json();
    expect(waiting.items.every((i: { status: string; kind: string }) => i.status === 'pendente' && i.kind === 'retirada')).toBe(true);
    const summary = (await t.call('GET', '/api/warehouse/summary', storekeeper.token)).json();
    expect(summary.requests_waiting_for_me).toBeGreaterThanOrEqual(1);
  });

  it('with approval turned off in the organization settings, requests start approved', async () => {
    const admin = await t.adminToken();
    const off = { patrimony_prefix: 'PAT-', patrimony_digits: 6, out_request_needs_approval: false, low_stock_alerts: true };
    expect((await t.call('PUT', '/api/organization-settings/warehouse', admin, off)).statusCode).toBe(200);
    const s = (await request(tech, [{ patrimony_id: (await newItem(t, p)).id }])).json();
    expect(s).toMatchObject({ status: 'aprovada', actions: ['deliver', 'cancel'] });
    await t.call('PUT', '/api/organization-settings/warehouse', admin, { ...off, out_request_needs_approval: true });
  });

  describe('races (row locks; meaningful on PostgreSQL, where requests run in parallel)', () => {
    it('two approvals at the same moment: exactly one wins, the other gets 409', async () => {
      for (let round = 0; round < 3; round++) {
        const s = (await request(tech, [{ patrimony_id: (await newItem(t, p)).id }])).json();
        const [r1, r2] = await Promise.all([stepOf(manager, s.id, 'approve'), stepOf(manager2, s.id, 'approve')]);
        expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
      }
    });

    it('approve and refuse at the same moment: one decision only', async () => {
      const a = await newItem(t, p);
      const s = (await request(tech, [{ patrimony_id: a.id }])).json();
      const [r1, r2] = await Promise.all([stepOf(manager, s.id, 'approve'), stepOf(manager2, s.id, 'refuse', { reason: 'Não' })]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
      expect((await itemById(t, a.id)).status).toBe(r1.statusCode === 200 ? 'reservado' : 'disponivel');
    });

    it('two requests for the same item at the same moment: one gets it, the other 409', async () => {
      const a = await newItem(t, p);
      const [r1, r2] = await Promise.all([request(tech, [{ patrimony_id: a.id }]), request(tech2, [{ patrimony_id: a.id }])]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    });

    it('requests by quantity racing for the last items never share one', async () => {
      const product = (await t.call('POST', '/api/product', p.bossToken, { code: `RARE${uid()}`, name: 'Switch raro', tracking: 'patrimonio' })).json();
      for (let i = 0; i < 3; i++) await t.call('POST', '/api/patrimony', p.bossToken, { product_id: product.id, section_id: p.sectionId });
      const results = await Promise.all([tech, tech2, manager, manager2, tech].map((u) => request(u, [{ product_id: product.id, quantity: 1 }])));
      const ok = results.filter((r) => r.statusCode === 201);
      expect(ok).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
      const taken = ok.map((r) => (r.json() as Solicitation).items[0].patrimony!.id);
      expect(new Set(taken).size).toBe(3);
    });

    it('deliver and cancel at the same moment: one wins', async () => {
      const a = await newItem(t, p);
      const s = (await request(tech, [{ patrimony_id: a.id }])).json();
      await stepOf(manager, s.id, 'approve');
      const [d, c] = await Promise.all([stepOf(storekeeper, s.id, 'deliver'), stepOf(tech, s.id, 'cancel')]);
      expect([d.statusCode, c.statusCode].sort()).toEqual([200, 409]);
      expect((await itemById(t, a.id)).status).toBe(d.statusCode === 200 ? 'em_uso' : 'disponivel');
    });
  });

  it('after all of it, the current state equals the replay of the movements', async () => {
    await expectStateEqualsReplay(t);
  });
});
