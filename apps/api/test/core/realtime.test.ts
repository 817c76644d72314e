import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../helpers';
import { Subscriber, createTwoInstances, http, httpLogin, listen, sleep } from '../realtime-helpers';

/**
 * The realtime hub through real HTTP (the app listening on a real port) with a real
 * EventSource client. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
describe('realtime hub', () => {
  let t: TestApp;
  let base: string;
  let sender: Awaited<ReturnType<TestApp['createUser']>>;
  const open: Subscriber[] = [];

  const subscribe = (url: string, opts?: ConstructorParameters<typeof Subscriber>[1]) => {
    const s = new Subscriber(url, opts);
    open.push(s);
    return s;
  };
  const hubUrl = (topic: string, token?: string, extra = '') =>
    `${base}/.well-known/mercure?topic=${encodeURIComponent(topic)}${token ? `&authorization=${encodeURIComponent(token)}` : ''}${extra}`;
  const send = (body: Record<string, unknown>) => http(base, 'POST', '/api/notification', sender.token, body);

  /** A user logged in over HTTP, with their session (token, mercure_token, topics). */
  const recipient = async () => {
    const u = await t.createUser({ permissions: [] });
    const session = await httpLogin(base, u.username);
    return { ...u, session };
  };

  beforeAll(async () => {
    t = await createTestApp();
    // pg's Pool.end() resolves before its clients have closed; the helper's DROP DATABASE … WITH
    // (FORCE) then kills them and the pool emits 'error', which nothing else listens to.
    t.app.database.pool?.on('error', () => undefined);
    base = await listen(t.app);
    sender = await t.createUser({ permissions: ['USER'] });
  });
  afterEach(() => {
    open.splice(0).forEach((s) => s.close());
  });
  afterAll(() => t.close());

  it('pushes a notification to the recipient’s topic within a second', async () => {
    const r = await recipient();
    const topic = `/users/${r.id}`;
    expect(r.session.mercure_topics).toContain(topic);
    const sub = subscribe(hubUrl(topic, r.session.mercure_token));
    await sub.open();

    const started = performance.now();
    const res = await send({ title: 'Janela de manutenção', message: 'POP Centro, sábado às 00h', user_ids: [r.id] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ sent: 1 });
    const msg = await sub.next((m) => m.data.title === 'Janela de manutenção', 1000);
    const elapsed = performance.now() - started;

    expect(elapsed).toBeLessThan(1000);
    expect(msg.data).toMatchObject({ type: 'notification', title: 'Janela de manutenção', message: 'POP Centro, sábado às 00h' });
    expect(typeof msg.data.id).toBe('number');
    expect(msg.id).toMatch(/^\d+$/);
    // The pushed id is the stored notification's id.
    const list = await http(base, 'GET', '/api/user/notification?page=1&pageSize=10', r.session.token);
    const items = list.body.items as { id: number; title: string }[];
    expect(items[0]).toMatchObject({ id: msg.data.id, title: 'Janela de manutenção' });
  });

  it('accepts the token in the Authorization header too', async () => {
    const r = await recipient();
    const sub = subscribe(hubUrl(`/users/${r.id}`), { headers: { authorization: `Bearer ${r.session.mercure_token}` } });
    await sub.open();
    await send({ title: 'Via cabeçalho', message: 'ok', user_ids: [r.id] });
    const msg = await sub.next((m) => m.data.title === 'Via cabeçalho');
    expect(msg.data.message).toBe('ok');
  });

  it('a stream carries the event-stream headers and nosniff, not the page headers (CSP, framing) every open stream would keep', async () => {
    const r = await recipient();
    const abort = new AbortController();
    const res = await fetch(hubUrl(`/users/${r.id}`, r.session.mercure_token), { signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBeNull();
    // An ordinary answer still has them.
    const health = await fetch(`${base}/api/health`);
    expect(health.headers.get('content-security-policy')).toContain("default-src 'self'");
    abort.abort();
  });

  it('does not deliver to other users’ topics', async () => {
    const r = await recipient();
    const other = await recipient();
    const sub = subscribe(hubUrl(`/users/${other.id}`, other.session.mercure_token));
    await sub.open();
    await send({ title: 'Só para um', message: 'privado', user_ids: [r.id] });
    await sleep(300);
    expect(sub.messages.filter((m) => m.data.title === 'Só para um')).toEqual([]);
  });

  it('refuses a topic the token does not list with 403', async () => {
    const r = await recipient();
    const other = await recipient();
    const sub = subscribe(hubUrl(`/users/${other.id}`, r.session.mercure_token));
    const err = await sub.error();
    expect(err.code).toBe(403);
    expect(sub.es.readyState).toBe(sub.es.CLOSED);
    expect(sub.opened).toBe(0);
    // Several topics: all must be allowed.
    const res = await fetch(`${hubUrl(`/users/${r.id}`, r.session.mercure_token)}&topic=${encodeURIComponent(`/users/${other.id}`)}`);
    expect(res.status).toBe(403);
    await res.body?.cancel();
  });

  it('refuses a missing or invalid token with 401', async () => {
    const r = await recipient();
    const topic = `/users/${r.id}`;
    const none = subscribe(hubUrl(topic));
    expect((await none.error()).code).toBe(401);

    const forged = r.session.mercure_token.slice(0, -4) + (r.session.mercure_token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const bad = subscribe(hubUrl(topic, forged));
    expect((await bad.error()).code).toBe(401);

    // The API access token is not a hub token.
    const access = subscribe(hubUrl(topic, r.session.token));
    expect((await access.error()).code).toBe(401);

    const garbage = subscribe(hubUrl(topic), { headers: { authorization: 'Bearer não-é-um-jwt' } });
    expect((await garbage.error()).code).toBe(401);
    for (const s of [none, bad, access, garbage]) expect(s.opened).toBe(0);
  });

  it('resends what a client missed when it comes back with Last-Event-ID', async () => {
    const r = await recipient();
    const url = hubUrl(`/users/${r.id}`, r.session.mercure_token);
    const first = subscribe(url);
    await first.open();
    await send({ title: 'Missed 1', message: 'recebida', user_ids: [r.id] });
    const m1 = await first.next((m) => m.data.title === 'Missed 1');
    first.close();

    await send({ title: 'Missed 2', message: 'perdida', user_ids: [r.id] });
    await send({ title: 'Missed 3', message: 'perdida', user_ids: [r.id] });

    const again = subscribe(url, { headers: { 'last-event-id': m1.id } });
    await again.next((m) => m.data.title === 'Missed 3');
    expect(again.messages.map((m) => m.data.title)).toEqual(['Missed 2', 'Missed 3']);
    expect(Number(again.messages[0].id)).toBeGreaterThan(Number(m1.id));

    // The Mercure protocol's query parameter does the same.
    const viaQuery = subscribe(`${url}&lastEventID=${m1.id}`);
    await viaQuery.next((m) => m.data.title === 'Missed 3');
    expect(viaQuery.messages.map((m) => m.data.title)).toEqual(['Missed 2', 'Missed 3']);
  });

  it('a replay racing with live deliveries sends each message once, in order', async () => {
    const r = await recipient();
    const url = hubUrl(`/users/${r.id}`, r.session.mercure_token);
    const first = subscribe(url);
    await first.open();
    await send({ title: 'R0', message: '0', user_ids: [r.id] });
    const m0 = await first.next((m) => m.data.title === 'R0');
    first.close();
    for (let i = 1; i <= 3; i++) await send({ title: `R${i}`, message: String(i), user_ids: [r.id] });
    // Reconnect while more are being sent.
    const again = subscribe(url, { headers: { 'last-event-id': m0.id } });
    const sending = (async () => {
      for (let i = 4; i <= 8; i++) await send({ title: `R${i}`, message: String(i), user_ids: [r.id] });
    })();
    await sending;
    await again.next((m) => m.data.title === 'R8', 2000);
    await sleep(100);
    expect(again.messages.map((m) => m.data.title)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8']);
  });

  it('an EventSource that loses its connection reconnects by itself and gets what it missed', async () => {
    const r = await recipient();
    const sub = subscribe(hubUrl(`/users/${r.id}`, r.session.mercure_token));
    await sub.open();
    await send({ title: 'Antes da queda', message: '1', user_ids: [r.id] });
    await sub.next((m) => m.data.title === 'Antes da queda');

    const reopened = sub.open(10_000, true);
    t.app.server.closeAllConnections(); // the network drops every stream
    await sleep(50);
    await send({ title: 'Durante a queda', message: '2', user_ids: [r.id] });
    await reopened; // the client retries on its own, sending Last-Event-ID
    await send({ title: 'Depois da volta', message: '3', user_ids: [r.id] });
    await sub.next((m) => m.data.title === 'Depois da volta', 2000);
    expect(sub.messages.map((m) => m.data.title)).toEqual(['Antes da queda', 'Durante a queda', 'Depois da volta']);
    expect(sub.opened).toBe(2);
  }, 20_000);

  it('with app_notification off, stores the notification but pushes nothing', async () => {
    const r = await recipient();
    const put = await http(base, 'PUT', '/api/me', r.session.token, { settings: { app_notification: false } });
    expect(put.status).toBe(200);
    expect((put.body.settings as Record<string, unknown>).app_notification).toBe(false);

    const sub = subscribe(hubUrl(`/users/${r.id}`, r.session.mercure_token));
    await sub.open();
    const control = await recipient();
    const controlSub = subscribe(hubUrl(`/users/${control.id}`, control.session.mercure_token));
    await controlSub.open();

    const res = await send({ title: 'Silenciosa', message: 'sem push', user_ids: [r.id, control.id] });
    expect(res.body).toEqual({ sent: 2 });
    await controlSub.next((m) => m.data.title === 'Silenciosa'); // delivery to others works: the silence is real
    await sleep(300);
    expect(sub.messages).toEqual([]);

    const list = await http(base, 'GET', '/api/user/notification?page=1&pageSize=10', r.session.token);
    expect((list.body.items as { title: string; is_read: boolean }[]).map((i) => [i.title, i.is_read])).toEqual([['Silenciosa', false]]);
    // Nor is it kept for replay.
    const replay = subscribe(`${hubUrl(`/users/${r.id}`, r.session.mercure_token)}&lastEventID=0`);
    await replay.open();
    await sleep(200);
    expect(replay.messages).toEqual([]);
  });

  /** A stream ended by the server: the client's reconnection is refused and nothing more arrives. */
  const expectRevoked = async (sub: Subscriber, r: { id: number }) => {
    const err = await sub.error(3000);
    // The EventSource either saw the stream end (reconnecting, then refused) or the refusal itself.
    expect([undefined, 401]).toContain(err.code);
    await expect.poll(() => sub.errors.some((e) => e.code === 401), { timeout: 5000 }).toBe(true);
    expect(sub.es.readyState).toBe(sub.es.CLOSED);
    await send({ title: 'Depois da revogação', message: 'não deve chegar', user_ids: [r.id] });
    await sleep(300);
    expect(sub.messages.filter((m) => m.data.title === 'Depois da revogação')).toEqual([]);
  };

  const revocations: [string, (r: Awaited<ReturnType<typeof recipient>>) => Promise<void>][] = [
    ['logout', async (r) => void expect((await http(base, 'POST', '/api/logout', r.session.token)).status).toBe(204)],
    [
      'a password change',
      async (r) => void expect((await http(base, 'PUT', '/api/user/changePassword', r.session.token, { current_password: PASSWORD, new_password: 'frase-nova-do-hub-9' })).status).toBe(200),
    ],
    ['deactivation by a manager', async (r) => void expect((await http(base, 'PUT', `/api/user/${r.id}`, sender.token, { is_active: false })).status).toBe(200)],
  ];
  for (const [what, revoke] of revocations) {
    it(`after ${what}, the old mercure_token no longer opens the hub and the open stream ends`, async () => {
      const r = await recipient();
      const url = hubUrl(`/users/${r.id}`, r.session.mercure_token);
      const sub = subscribe(url);
      await sub.open();
      await send({ title: 'Antes', message: 'chega', user_ids: [r.id] });
      await sub.next((m) => m.data.title === 'Antes');
      await revoke(r);
      await expectRevoked(sub, r);
      const res = await fetch(url);
      expect(res.status).toBe(401);
      await res.body?.cancel();
    });
  }

  it('after its organization is deactivated, a member’s old mercure_token no longer opens the hub and the open stream ends', async () => {
    const orgId = await t.createOrganization();
    const member = await t.createUser({ permissions: [], organizationId: orgId });
    const session = await httpLogin(base, member.username);
    const url = hubUrl(`/users/${member.id}`, session.mercure_token);
    const sub = subscribe(url);
    await sub.open();
    const admin = await t.adminToken();
    expect((await http(base, 'PUT', `/api/organization/${orgId}`, admin, { is_active: false })).status).toBe(200);
    const err = await sub.error(3000);
    expect([undefined, 401]).toContain(err.code);
    await expect.poll(() => sub.errors.some((e) => e.code === 401), { timeout: 5000 }).toBe(true);
    expect(sub.es.readyState).toBe(sub.es.CLOSED);
    const res = await fetch(url);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('a fresh session after logout opens the hub again', async () => {
    const r = await recipient();
    await http(base, 'POST', '/api/logout', r.session.token);
    const fresh = await httpLogin(base, r.username);
    const sub = subscribe(hubUrl(`/users/${r.id}`, fresh.mercure_token));
    await sub.open();
    await send({ title: 'Nova sessão', message: 'ok', user_ids: [r.id] });
    await sub.next((m) => m.data.title === 'Nova sessão');
  });

  it('refuses a hub token without a token version (issued before revocation existed)', async () => {
    const r = await recipient();
    const { SignJWT } = await import('jose');
    const legacy = await new SignJWT({ mercure: { subscribe: [`/users/${r.id}`] }, typ: 'mercure' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(r.id))
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await fetch(hubUrl(`/users/${r.id}`, legacy));
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('a batch stores its messages as one batch, delivers them in order, and a publish that outlives it still goes out', async () => {
    const r = await recipient();
    const topic = `/users/${r.id}`;
    const sub = subscribe(hubUrl(topic, r.session.mercure_token));
    await sub.open();
    const message = (n: number) => ({ topic, data: { type: 'notification', title: `lote ${n}`, message: 'm', link: null, created_at: new Date().toISOString() } });
    let late: Promise<void> | undefined;
    await t.app.realtime.batch(async () => {
      await t.app.realtime.publish([message(1)]);
      await t.app.realtime.publish([message(2), message(3)]);
      // Nothing leaves before the batch ends.
      expect(sub.messages.filter((m) => String(m.data.title).startsWith('lote'))).toEqual([]);
      late = new Promise<void>((resolve) => setTimeout(() => void t.app.realtime.publish([message(4)]).then(resolve), 50));
    });
    for (const n of [1, 2, 3]) await sub.next((m) => m.data.title === `lote ${n}`, 2000);
    expect(sub.messages.filter((m) => String(m.data.title).startsWith('lote')).map((m) => m.data.title)).toEqual(['lote 1', 'lote 2', 'lote 3']);
    const stored = await t.app.db.execute(sql`select batch, data->>'title' as title from realtime_event where topic = ${topic} order by id`);
    const rows = stored.rows as { batch: string; title: string }[];
    expect(rows.map((x) => x.title)).toEqual(['lote 1', 'lote 2', 'lote 3']);
    expect(new Set(rows.map((x) => x.batch)).size).toBe(1);
    await late;
    await sub.next((m) => m.data.title === 'lote 4', 2000);
  });

  it('delivers announcements to a whole organization', async () => {
    const orgId = await t.createOrganization('Org realtime');
    const boss = await t.createUser({ permissions: ['USER'], organizationId: orgId });
    const members = [boss, await t.createUser({ organizationId: orgId }), await t.createUser({ organizationId: orgId })];
    const subs = [];
    for (const m of members) {
      const s = subscribe(hubUrl(`/users/${m.id}`, m.session.mercure_token));
      await s.open();
      subs.push(s);
    }
    const outsider = await recipient();
    const outsiderSub = subscribe(hubUrl(`/users/${outsider.id}`, outsider.session.mercure_token));
    await outsiderSub.open();
    const res = await http(base, 'POST', '/api/notification', boss.token, { title: 'Para todos', message: 'comunicado', organization: true });
    expect(res.body).toEqual({ sent: 3 });
    for (const s of subs) expect((await s.next((m) => m.data.title === 'Para todos')).data.message).toBe('comunicado');
    await sleep(200);
    expect(outsiderSub.messages.filter((m) => m.data.title === 'Para todos')).toEqual([]);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe('realtime across API processes (PostgreSQL LISTEN/NOTIFY)', () => {
  it.skipIf(!pgUrl)('a notification created through instance A reaches a subscriber connected to instance B', async () => {
    const two = await createTwoInstances(pgUrl!);
    const subs: Subscriber[] = [];
    try {
      const sender = await two.createUser(['USER']);
      const target = await two.createUser([]);
      const senderSession = await httpLogin(two.a.url, sender.username);
      // A token issued by A is good on B: both share the secret and the database.
      const targetSession = await httpLogin(two.a.url, target.username);
      const topic = `/users/${target.id}`;
      const url = (b: string) => `${b}/.well-known/mercure?topic=${encodeURIComponent(topic)}&authorization=${encodeURIComponent(targetSession.mercure_token)}`;
      const onB = new Subscriber(url(two.b.url));
      const onA = new Subscriber(url(two.a.url));
      subs.push(onB, onA);
      await Promise.all([onB.open(), onA.open()]);

      const started = performance.now();
      const res = await http(two.a.url, 'POST', '/api/notification', senderSession.token, { title: 'De A para B', message: 'via LISTEN/NOTIFY', user_ids: [target.id] });
      expect(res.status).toBe(201);
      const got = await onB.next((m) => m.data.title === 'De A para B', 1000);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(got.data).toMatchObject({ title: 'De A para B', message: 'via LISTEN/NOTIFY', type: 'notification' });
      const local = await onA.next((m) => m.data.title === 'De A para B', 1000);
      expect(local.id).toBe(got.id);

      // And the other way round, exactly once each.
      const res2 = await http(two.b.url, 'POST', '/api/notification', senderSession.token, { title: 'De B para A', message: 'volta', user_ids: [target.id] });
      expect(res2.status).toBe(201);
      await onA.next((m) => m.data.title === 'De B para A', 1000);
      await onB.next((m) => m.data.title === 'De B para A', 1000);
      await sleep(200);
      for (const s of [onA, onB]) expect(s.messages.map((m) => m.data.title)).toEqual(['De A para B', 'De B para A']);

      // Last-Event-ID replay works on the other instance as well.
      const replay = new Subscriber(url(two.b.url), { headers: { 'last-event-id': got.id } });
      subs.push(replay);
      await replay.next((m) => m.data.title === 'De B para A', 1000);
      expect(replay.messages.map((m) => m.data.title)).toEqual(['De B para A']);
    } finally {
      subs.forEach((s) => s.close());
      await two.close();
    }
  });
});

describe('realtime revocation across API processes (PostgreSQL LISTEN/NOTIFY)', () => {
  it.skipIf(!pgUrl)('a logout through instance A ends the user’s stream on instance B', async () => {
    const two = await createTwoInstances(pgUrl!);
    const subs: Subscriber[] = [];
    try {
      const target = await two.createUser([]);
      const session = await httpLogin(two.a.url, target.username);
      const topic = `/users/${target.id}`;
      const onB = new Subscriber(`${two.b.url}/.well-known/mercure?topic=${encodeURIComponent(topic)}&authorization=${encodeURIComponent(session.mercure_token)}`);
      subs.push(onB);
      await onB.open();
      expect((await http(two.a.url, 'POST', '/api/logout', session.token)).status).toBe(204);
      await expect.poll(() => onB.errors.some((e) => e.code === 401), { timeout: 5000 }).toBe(true);
      expect(onB.es.readyState).toBe(onB.es.CLOSED);
    } finally {
      subs.forEach((s) => s.close());
      await two.close();
    }
  });
});
