import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { webhookResource } from '@operacoes/contract';
import { audit } from '../../src/core/audit';
import { revisions } from '../../src/core/schema';
import { webhookDeliveries, webhooks } from '../../src/modules/webhook/schema';
import { describeCrud } from '../crud-suite';
import { createTestApp, type TestApp } from '../helpers';

describeCrud(webhookResource, {
  valid: (n) => ({ url: `https://hooks.example.com/recebe-${n}`, events: ['data_source.created'], is_active: false }),
  invalid: [
    { url: 'ftp://hooks.example.com/x', events: ['data_source.created'] },
    { url: 'https://hooks.example.com/x', events: [] },
    { url: 'https://hooks.example.com/x', events: ['nada.aconteceu'] },
  ],
  update: { body: { events: ['data_source.updated', 'data_source.deleted'] }, expect: (r) => expect(r.events).toEqual(['data_source.updated', 'data_source.deleted']) },
  search: 'HOOKS.example',
});

type Received = { headers: Record<string, string | string[] | undefined>; body: string };

/** A real receiver on the loopback (allowed for this test app only); `failures` answers 500 that many times first. */
async function receiver() {
  const received: Received[] = [];
  const state = { failures: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.failures > 0) {
        state.failures--;
        return void res.writeHead(500).end('indisponível');
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    received,
    state,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

async function until<T>(what: () => T | Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('webhooks: signed deliveries to a real receiver', () => {
  let t: TestApp;
  let rx: Awaited<ReturnType<typeof receiver>>;
  let token: string;

  beforeAll(async () => {
    rx = await receiver();
    // The receiver lives on the loopback: reachable only because this operator allows it.
    t = await createTestApp({ dataSourceAllowedHosts: ['127.0.0.1'] });
    token = (await t.createUser({ permissions: ['DATA_SOURCE'] })).token;
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  const createHook = async (path: string, events = ['data_source.created', 'data_source.updated', 'data_source.deleted']) => {
    const res = await t.call('POST', '/api/organization-settings/webhook', token, { url: `${rx.url}${path}`, events });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; secret: string };
  };

  it('lists the events with pt-BR labels', async () => {
    const res = await t.call('GET', '/api/organization-settings/webhook/events', token);
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { name: string; label: string }[] }).items;
    expect(items).toContainEqual(expect.objectContaining({ name: 'data_source.created', label: 'Fonte de dados criada' }));
    expect(items).toContainEqual(expect.objectContaining({ name: 'stock.deleted', label: 'Estoque excluído' }));
    expect(items.some((i) => i.name.startsWith('webhook.'))).toBe(false);
  });

  it('sends created, updated and deleted of one record in order, signed with the secret', async () => {
    const hook = await createHook('/ordem');
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const before = rx.received.length;
    const created = await t.call('POST', '/api/organization-settings/data-source', token, { name: 'Inventário legado', url: 'http://127.0.0.1:9/x', key_field: 'id', token: 'nao-vaza' });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect((await t.call('PUT', `/api/organization-settings/data-source/${id}`, token, { name: 'Inventário renomeado' })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/organization-settings/data-source/${id}`, token)).statusCode).toBe(204);

    const got = await until(() => rx.received.slice(before), (r) => r.length >= 3);
    expect(got.map((r) => r.headers['x-operacoes-event'])).toEqual(['data_source.created', 'data_source.updated', 'data_source.deleted']);
    for (const r of got) {
      const expected = `sha256=${createHmac('sha256', hook.secret).update(r.body).digest('hex')}`;
      expect(r.headers['x-operacoes-signature']).toBe(expected);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-operacoes-delivery']).toMatch(/^\d+$/);
      expect(r.body).not.toContain('nao-vaza');
      expect(r.body).not.toContain('token_encrypted');
    }
    const bodies = got.map((r) => JSON.parse(r.body));
    expect(bodies[0]).toMatchObject({ event: 'data_source.created', data: { id, name: 'Inventário legado' }, actor: { id: expect.any(Number), name: expect.any(String) } });
    expect(bodies[0].organization_id).toBe(t.platformOrganizationId);
    // `data` is the record as the API answers it: the create's own answer, field for field.
    expect(bodies[0].data).toEqual(created.json());
    expect(bodies[1]).toMatchObject({ event: 'data_source.updated', data: { id, name: 'Inventário renomeado' }, changes: { name: ['Inventário legado', 'Inventário renomeado'] } });
    expect(bodies[2]).toMatchObject({ event: 'data_source.deleted', data: { id } });
    expect(new Set(bodies.map((b) => b.id)).size).toBe(3);

    // The receiver has the third request before the server has written its answer down: wait for that.
    type Item = { event: string; status: string; attempts: number; last_status_code: number; last_response: string };
    const items = await until(
      async () => {
        const list = await t.call('GET', `/api/organization-settings/webhook/${hook.id}/delivery`, token);
        expect(list.statusCode).toBe(200);
        return (list.json() as { items: Item[] }).items;
      },
      (all) => all.length === 3 && all.every((i) => i.status !== 'pendente'),
    );
    expect(items.map((i) => i.event)).toEqual(['data_source.deleted', 'data_source.updated', 'data_source.created']);
    expect(items.every((i) => i.status === 'entregue' && i.attempts === 1 && i.last_status_code === 200 && i.last_response === 'ok')).toBe(true);
    const read = await t.call('GET', `/api/organization-settings/webhook/${hook.id}`, token);
    expect(read.json()).toMatchObject({ last_delivery: { status: 'entregue', status_code: 200 } });
    await t.call('DELETE', `/api/organization-settings/webhook/${hook.id}`, token);
  });

  it('retries after a 500 with the same delivery id, then delivers; "Reenviar" sends it again', async () => {
    const hook = await createHook('/falha', ['data_source.created']);
    rx.state.failures = 1;
    const before = rx.received.length;
    await t.call('POST', '/api/organization-settings/data-source', token, { name: 'Fonte com falha', url: 'http://127.0.0.1:9/y', key_field: 'id' });
    await until(() => rx.received.length, (n) => n >= before + 1);
    const [first] = await until(
      () => t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, hook.id)),
      (rows) => rows.length === 1 && rows[0].attempts === 1,
    );
    expect(first).toMatchObject({ status: 'pendente', last_status_code: 500, last_response: 'indisponível' });
    // The next attempt waits (30 s backoff); bring it forward instead of waiting.
    expect(first.next_attempt_at!.getTime() - Date.now()).toBeGreaterThan(20_000);
    await t.app.db.update(webhookDeliveries).set({ next_attempt_at: new Date() }).where(eq(webhookDeliveries.id, first.id));
    const [done] = await until(
      () => t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, first.id)),
      (rows) => rows[0].status === 'entregue',
    );
    expect(done.attempts).toBe(2);
    const tries = rx.received.slice(before);
    expect(tries).toHaveLength(2);
    expect(tries[0].headers['x-operacoes-delivery']).toBe(String(first.id));
    expect(tries[1].headers['x-operacoes-delivery']).toBe(String(first.id));
    expect(tries[0].body).toBe(tries[1].body);

    const again = await t.call('POST', `/api/organization-settings/webhook/${hook.id}/delivery/${first.id}/redeliver`, token);
    expect(again.statusCode, again.body).toBe(200);
    await until(() => rx.received.length, (n) => n >= before + 3);
    expect(rx.received[before + 2].headers['x-operacoes-delivery']).toBe(String(first.id));
    expect((await t.call('POST', `/api/organization-settings/webhook/${hook.id}/delivery/999999/redeliver`, token)).statusCode).toBe(404);
    await t.call('DELETE', `/api/organization-settings/webhook/${hook.id}`, token);
  });

  it('queues nothing for a refused or rolled-back write', async () => {
    const hook = await createHook('/nada');
    const count = async () => (await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, hook.id))).length;
    // Refused by validation.
    expect((await t.call('POST', '/api/organization-settings/data-source', token, { name: 'X', url: 'ftp://x', key_field: 'id' })).statusCode).toBe(422);
    // Audited, then rolled back: the outbox row goes with it.
    const [u] = await t.app.db.execute(sql`select id from "user" where organization_id = ${t.platformOrganizationId} limit 1`).then((r) => r.rows as { id: number }[]);
    await expect(
      t.app.db.transaction(async (tx) => {
        await audit(tx, undefined, { entity: 'data_source', entityId: 424242, organizationId: t.platformOrganizationId, action: 'create', after: { id: 424242, name: 'fantasma' } });
        expect((await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, hook.id))).length).toBe(1);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(u).toBeDefined();
    await new Promise((r) => setTimeout(r, 300));
    expect(await count()).toBe(0);
    expect(rx.received.some((r) => r.body.includes('fantasma'))).toBe(false);
    await t.call('DELETE', `/api/organization-settings/webhook/${hook.id}`, token);
  });

  it("sends a workflow record's status change as its own event too", async () => {
    const hook = await createHook('/situacao', ['external_activity.status_changed']);
    const before = rx.received.length;
    await t.app.db.transaction((tx) =>
      audit(tx, undefined, { entity: 'external_activity', entityId: 9191, organizationId: t.platformOrganizationId, action: 'update', before: { id: 9191, status: 'aberta' }, after: { id: 9191, status: 'concluida' } }),
    );
    // A change that leaves the status alone is not a status event.
    await t.app.db.transaction((tx) =>
      audit(tx, undefined, { entity: 'external_activity', entityId: 9191, organizationId: t.platformOrganizationId, action: 'update', before: { id: 9191, note: 'a' }, after: { id: 9191, note: 'b' } }),
    );
    const [r] = await until(() => rx.received.slice(before), (l) => l.length >= 1);
    await new Promise((done) => setTimeout(done, 300));
    expect(rx.received.slice(before)).toHaveLength(1);
    expect(r.headers['x-operacoes-event']).toBe('external_activity.status_changed');
    expect(JSON.parse(r.body)).toMatchObject({ event: 'external_activity.status_changed', actor: null, data: { id: 9191, status: 'concluida' }, changes: { status: ['aberta', 'concluida'] } });
    await t.call('DELETE', `/api/organization-settings/webhook/${hook.id}`, token);
  });

  it('shows the secret only in the create and rotate answers; never in reads, lists or the revision log', async () => {
    const hook = await createHook('/segredo', ['data_source.created']);
    const read = await t.call('GET', `/api/organization-settings/webhook/${hook.id}`, token);
    expect(read.json()).not.toHaveProperty('secret');
    expect(read.body).not.toContain(hook.secret);
    const list = await t.call('GET', '/api/organization-settings/webhook', token);
    expect(list.body).not.toContain('whsec_');
    expect(list.body).not.toContain('secret');
    const updated = await t.call('PUT', `/api/organization-settings/webhook/${hook.id}`, token, { is_active: true });
    expect(updated.body).not.toContain('whsec_');

    const rotated = await t.call('POST', `/api/organization-settings/webhook/${hook.id}/rotate-secret`, token);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    const [row] = await t.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row.secret_encrypted).not.toContain(secret);
    const logged = await t.app.db.select().from(revisions).where(and(eq(revisions.entity, 'webhook'), eq(revisions.entity_id, hook.id)));
    expect(JSON.stringify(logged)).not.toContain('whsec_');
    expect(JSON.stringify(logged)).not.toContain(row.secret_encrypted);
    expect(logged.some((r) => JSON.stringify(r.changes) === JSON.stringify({ secret: ['***', '***'] }))).toBe(true);

    // The next delivery is signed with the new secret.
    const before = rx.received.length;
    await t.call('POST', '/api/organization-settings/data-source', token, { name: 'Depois da troca', url: 'http://127.0.0.1:9/z', key_field: 'id' });
    const [r] = await until(() => rx.received.slice(before), (l) => l.length >= 1);
    expect(r.headers['x-operacoes-signature']).toBe(`sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`);
    await t.call('DELETE', `/api/organization-settings/webhook/${hook.id}`, token);
  });

  it('keeps webhooks to their organization and permission', async () => {
    const hook = await createHook('/acesso', ['data_source.created']);
    const other = await t.createUser({ organizationId: await t.createOrganization(), permissions: ['DATA_SOURCE'] });
    for (const [m, p] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
      ['GET', '/delivery'],
    ] as const) {
      const res = await t.call(m, `/api/organization-settings/webhook/${hook.id}${p}`, other.token, m === 'PUT' ? { is_active: false } : undefined);
      expect(res.statusCode, `${m} ${p}`).toBe(404);
    }
    const none = await t.createUser({ permissions: ['STOCK'] });
    expect((await t.call('GET', '/api/organization-settings/webhook', none.token)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/organization-settings/webhook/${hook.id}/rotate-secret`, none.token)).statusCode).toBe(403);
    const reader = await t.createUser({ permissions: ['DATA_SOURCE.INDEX'] });
    expect((await t.call('GET', '/api/organization-settings/webhook', reader.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/organization-settings/webhook', reader.token, { url: 'https://hooks.example.com/r', events: ['data_source.created'] })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/organization-settings/webhook/${hook.id}/rotate-secret`, reader.token)).statusCode).toBe(403);
    await t.call('DELETE', `/api/organization-settings/webhook/${hook.id}`, token);
  });

  it('switches a webhook off after 50 consecutive failures and tells its managers', async () => {
    const hook = await createHook('/sempre-falha', ['data_source.created']);
    await t.app.db.update(webhooks).set({ consecutive_failures: 49 }).where(eq(webhooks.id, hook.id));
    rx.state.failures = 1;
    await t.call('POST', '/api/organization-settings/data-source', token, { name: 'A última gota', url: 'http://127.0.0.1:9/w', key_field: 'id' });
    const [off] = await until(() => t.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id)), (rows) => !rows[0].is_active);
    expect(off.disabled_reason).toContain('50 falhas');
    const [d] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, hook.id));
    expect(d.status).toBe('desativado');
    const notes = await t.call('GET', '/api/user/notification', token);
    expect(notes.body).toContain('Webhook desativado');
    expect((await t.call('POST', `/api/organization-settings/webhook/${hook.id}/delivery/${d.id}/redeliver`, token)).statusCode).toBe(409);
  });
});

describe('webhooks: internal addresses', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['DATA_SOURCE'] })).token;
  });
  afterAll(() => t.close());

  it.each(['http://169.254.169.254/latest/meta-data', 'https://10.0.0.1/hook', 'http://127.0.0.1:8080/x', 'http://[::1]/x'])('refuses %s with a pt-BR 422', async (url) => {
    const res = await t.call('POST', '/api/organization-settings/webhook', token, { url, events: ['data_source.created'] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('Endereço não permitido'), violations: [{ propertyPath: 'url' }] });
  });

  it('refuses an internal address on update too', async () => {
    const created = await t.call('POST', '/api/organization-settings/webhook', token, { url: 'https://hooks.example.com/a', events: ['data_source.created'], is_active: false });
    expect(created.statusCode).toBe(201);
    const res = await t.call('PUT', `/api/organization-settings/webhook/${(created.json() as { id: number }).id}`, token, { url: 'http://10.0.0.1/x' });
    expect(res.statusCode).toBe(422);
  });
});
