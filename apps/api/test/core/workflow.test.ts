import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { SHIPMENT_STATUS_LABELS, type WorkflowStep, shipmentResource } from '@operacoes/contract';
import type { CurrentUser } from '../../src/core/access';
import { defineApiResource } from '../../src/core/resource-kit';
import { revisions } from '../../src/core/schema';
import { workflow } from '../../src/core/workflow';
import { shipments } from '../../src/modules/logistics/schema';
import { stocks } from '../../src/modules/warehouse';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The workflow kit (core/workflow): `steps` per user, illegal steps, reasons, tenancy and races,
 * through the out-request it drives (POST /api/patrimony-solicitation/{id}/{verb}).
 */

type User = Awaited<ReturnType<TestApp['createUser']>>;
type Read = { id: number; status: string; steps: WorkflowStep[]; actions: string[]; decided_by: { id: number } | null };
const verbs = (r: { steps: WorkflowStep[] }) => r.steps.map((s) => s.verb);

describe('core/workflow: declaring steps (no database)', () => {
  const user = (id: number, permissions: string[], superAdmin = false): CurrentUser => ({ id, username: `u${id}`, organizationId: 1, superAdmin, permissions, tokenVersion: 0 });
  const wf = workflow({
    resource: { entity: 'shipment', label: 'Envio', gender: 'm', tenancy: 'organization', apiPath: '/shipment', access: { write: { write: 'ASSET_SHIPMENT' } }, schemas: { read: z.object({}) } },
    table: shipments,
    statusLabels: SHIPMENT_STATUS_LABELS,
    steps: {
      dispatch: { from: ['preparando'], to: 'enviado', label: 'Despachar', infinitive: 'despachar', color: 'success' },
      undo: { from: ['preparando', 'enviado'], to: 'cancelado', label: 'Desfazer', reason: 'required', allowed: (row, u) => row.created_by === u.id },
      audit: { from: (row) => (row.carrier ? ['enviado'] : []), to: 'recebido', label: 'Conferir', access: 'superAdmin' },
    },
  });
  const row = (status: string, extra: Record<string, unknown> = {}) => ({ id: 7, status, created_by: 1, carrier: null, ...extra }) as never;

  it('lists the steps legal now, permitted to the user and allowed by the row, in declaration order', () => {
    expect(wf.legal(row('preparando'))).toEqual(['dispatch', 'undo']);
    expect(wf.stepsFor(row('preparando'), user(1, ['ASSET_SHIPMENT']))).toEqual([
      { verb: 'dispatch', label: 'Despachar', needs_reason: false, color: 'success' },
      { verb: 'undo', label: 'Desfazer', needs_reason: true },
    ]);
    expect(verbs({ steps: wf.stepsFor(row('preparando'), user(2, ['ASSET_SHIPMENT'])) })).toEqual(['dispatch']);
    expect(wf.stepsFor(row('preparando'), user(1, ['ASSET_SHIPMENT.INDEX']))).toEqual([]);
    expect(verbs({ steps: wf.stepsFor(row('enviado', { carrier: 'Jadlog' }), user(3, [], true)) })).toEqual(['audit']);
    expect(wf.stepsFor(row('recebido'), user(1, [], true))).toEqual([]);
  });

  it('names the current status in the 409, in agreement with the noun', () => {
    expect(() => wf.assertStatus(row('enviado'), ['preparando'], 'despachar')).toThrow('Não é possível despachar o envio #7: ele está "enviado".');
    expect(() => wf.assertStatus(row('preparando'), ['preparando'], 'despachar')).not.toThrow();
  });
});

describe('core/workflow: the out-request through the kit', () => {
  let t: TestApp;
  let manager: User, manager2: User, requester: User, reader: User, storekeeper: User, outsider: User;
  let boss: string;
  let sectionId: number, productId: number, stockId: number;

  beforeAll(async () => {
    t = await createTestApp();
    boss = (await t.createUser({ permissions: ['ORG', 'STOCK', 'SECTION', 'PRODUCT', 'PATRIMONY'] })).token;
    const ok = async (url: string, body: unknown) => {
      const res = await t.call('POST', url, boss, body);
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const unit = await ok('/api/unit-organizational', { name: 'Almoxarifado do fluxo', code: 'ALMFLX' });
    const stock = await ok('/api/stock', { name: 'Estoque do fluxo', code: 'ESTFLX', unit_organizational_id: unit.id });
    stockId = stock.id;
    sectionId = (await ok('/api/section', { stock_id: stock.id, name: 'Prateleira', code: 'P1' })).id;
    productId = (await ok('/api/product', { code: 'ONUFLX', name: 'ONU do fluxo', tracking: 'patrimonio' })).id;
    manager = await t.createUser({ permissions: ['WAREHOUSE', 'PATRIMONY_OUT_REQUEST'] });
    manager2 = await t.createUser({ permissions: ['WAREHOUSE', 'PATRIMONY_OUT_REQUEST'] });
    requester = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST'] });
    reader = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST.INDEX'] });
    storekeeper = await t.createUser({ permissions: ['PATRIMONY', 'PATRIMONY_OUT_REQUEST.INDEX'] });
    outsider = await t.createUser({ permissions: ['WAREHOUSE', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST'], organizationId: await t.createOrganization('Outra Telecom') });
  });
  afterAll(() => t?.close());

  const item = async () => (await t.call('POST', '/api/patrimony', boss, { product_id: productId, section_id: sectionId })).json() as { id: number };
  const request = async (who: User = requester) => {
    const res = await t.call('POST', '/api/patrimony-solicitation', who.token, { reason: 'Instalação no cliente', items: [{ patrimony_id: (await item()).id }] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Read;
  };
  const get = async (who: User, id: number) => (await t.call('GET', `/api/patrimony-solicitation/${id}`, who.token)).json() as Read;
  const step = (who: User, id: number, verb: string, body?: unknown) => t.call('POST', `/api/patrimony-solicitation/${id}/${verb}`, who.token, body);
  const auditRows = async (id: number) => (await t.app.db.select().from(revisions).where(and(eq(revisions.entity, 'patrimony_solicitation'), eq(revisions.entity_id, id)))).length;
  const itemStatus = async (id: number) => (await t.call('GET', `/api/patrimony/${id}`, boss)).json().status as string;

  it('`steps` tells each user what they may do now: approver, reader and requester differ', async () => {
    const s = await request();
    expect(verbs(s)).toEqual(['cancel']);
    const forManager = await get(manager, s.id);
    expect(verbs(forManager)).toEqual(['approve', 'refuse', 'cancel']);
    expect(forManager.steps[0]).toEqual({ verb: 'approve', label: 'Aprovar', needs_reason: false, color: 'success' });
    expect(forManager.steps[1]).toMatchObject({ verb: 'refuse', needs_reason: true });
    expect(verbs(await get(reader, s.id))).toEqual([]);
    expect(verbs(await get(requester, s.id))).toEqual(['cancel']);
    // The legal steps, whoever asks, stay in `actions` for the current web.
    expect((await get(reader, s.id)).actions).toEqual(['approve', 'refuse', 'cancel']);
    // Lists carry them too.
    const listed = (await t.call('GET', '/api/patrimony-solicitation?pageSize=100', manager.token)).json().items as Read[];
    expect(verbs(listed.find((r) => r.id === s.id)!)).toEqual(['approve', 'refuse', 'cancel']);
    // Nobody approves their own request: the approver's own shows only cancel.
    expect(verbs(await get(manager, (await request(manager)).id))).toEqual(['cancel']);

    // The step's answer is the read shape for the one who took it.
    const approved = await step(manager, s.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'aprovada', actions: ['deliver', 'cancel'] });
    expect(verbs(approved.json())).toEqual(['cancel']);
    expect(verbs(await get(storekeeper, s.id))).toEqual(['deliver', 'cancel']);
    expect(verbs(await get(reader, s.id))).toEqual([]);
  });

  it('an illegal step is 409 naming the current status, and writes nothing', async () => {
    const s = await request();
    expect((await step(manager, s.id, 'approve')).statusCode).toBe(200);
    const audits = await auditRows(s.id);
    const res = await step(manager2, s.id, 'approve', { reason: 'De novo' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Não é possível aprovar a solicitação #${s.id}: ela está "aprovada".`);
    const refuse = await step(manager2, s.id, 'refuse', { reason: 'Tarde demais' });
    expect(refuse.statusCode).toBe(409);
    expect(await auditRows(s.id)).toBe(audits);
    expect(await get(manager, s.id)).toMatchObject({ status: 'aprovada', decided_by: { id: manager.id } });
  });

  it('a step that requires a reason answers 422 without one, and writes nothing', async () => {
    const s = await request();
    const audits = await auditRows(s.id);
    for (const body of [undefined, {}, { reason: '' }]) {
      const res = await step(manager, s.id, 'refuse', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([body ? 'reason' : 'body']);
    }
    expect(await auditRows(s.id)).toBe(audits);
    const after = await get(manager, s.id);
    expect(after.status).toBe('pendente');
    const refused = await step(manager, s.id, 'refuse', { reason: 'Sem orçamento' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await auditRows(s.id)).toBe(audits + 1);
  });

  it("another organization's row is 404 for every step, and is left alone", async () => {
    const s = await request();
    const audits = await auditRows(s.id);
    for (const verb of ['approve', 'refuse', 'deliver', 'return', 'cancel']) {
      const res = await step(outsider, s.id, verb, { reason: 'Tentativa de fora' });
      expect(res.statusCode, verb).toBe(404);
      expect(res.body).not.toContain('Instalação');
    }
    expect(await auditRows(s.id)).toBe(audits);
    expect((await get(requester, s.id)).status).toBe('pendente');
  });

  it('a permission the user lacks is 403 before anything is read', async () => {
    const s = await request();
    expect((await step(reader, s.id, 'approve')).statusCode).toBe(403);
    expect((await step(requester, s.id, 'deliver')).statusCode).toBe(403);
    // Allowed by permission, refused by the row's rule (their own request).
    const own = await request(manager);
    const res = await step(manager, own.id, 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não pode aprovar a sua própria solicitação.');
  });

  it('a kit v2 resource keeps its refs and gains `steps` (workflow slot of defineApiResource)', async () => {
    const wf = workflow({
      resource: shipmentResource,
      table: shipments,
      statusLabels: SHIPMENT_STATUS_LABELS,
      steps: { dispatch: { from: ['preparando'], to: 'enviado', label: 'Despachar' }, cancel: { from: ['preparando', 'enviado'], to: 'cancelado', label: 'Cancelar', access: 'superAdmin' } },
    });
    // Only the read shape is exercised: the routes go to a recorder.
    const recorder = { withTypeProvider: () => recorder, get: () => recorder, post: () => recorder, put: () => recorder, delete: () => recorder };
    const def = defineApiResource(recorder as never, shipmentResource, { table: shipments, refs: { origin_stock_id: { table: stocks, noun: { label: 'Estoque', gender: 'm' } } }, workflow: wf });
    const row = { id: 99, organization_id: t.platformOrganizationId, status: 'preparando', origin_stock_id: stockId };
    const shipper = { id: requester.id, username: requester.username, organizationId: t.platformOrganizationId, superAdmin: false, permissions: ['ASSET_SHIPMENT'], tokenVersion: 0 };
    const [shape] = (await def.present!([row], t.app.db, shipper)) as { origin_stock: { id: number; name: string }; steps: WorkflowStep[] }[];
    expect(shape.origin_stock).toEqual({ id: stockId, name: 'Estoque do fluxo' });
    expect(verbs(shape)).toEqual(['dispatch']);
    const [anonymous] = (await def.present!([row], t.app.db)) as { steps: WorkflowStep[] }[];
    expect(anonymous.steps).toEqual([]);
  });

  it('documents each step in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    const op = doc.paths['/api/patrimony-solicitation/{id}/refuse'].post;
    expect(op.summary).toBe('Recusar (solicitação de patrimônio)');
    expect(op.description).toMatch(/409/);
    expect(op.description).toMatch(/motivo/);
    expect(doc.paths['/api/shipment/{id}/dispatch'].post.summary).toBe('Despachar (envio)');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('two approvals at the same moment on PostgreSQL: one 200, one 409, one audit row', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await request();
      const audits = await auditRows(s.id);
      const [a, b] = await Promise.all([step(manager, s.id, 'approve'), step(manager2, s.id, 'approve')]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().message).toContain('"aprovada"');
      expect(await auditRows(s.id)).toBe(audits + 1);
      const winner = a.statusCode === 200 ? manager : manager2;
      expect((await get(reader, s.id)).decided_by).toEqual(expect.objectContaining({ id: winner.id }));
    }
  });

  it('the items follow the steps (reserved while waiting, free after a refusal)', async () => {
    const s = await request();
    const full = (await t.call('GET', `/api/patrimony-solicitation/${s.id}`, manager.token)).json() as { items: { patrimony: { id: number } }[] };
    const id = full.items[0].patrimony.id;
    expect(await itemStatus(id)).toBe('reservado');
    await step(manager, s.id, 'refuse', { reason: 'Não desta vez' });
    expect(await itemStatus(id)).toBe('disponivel');
  });
});
