import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

describe('notifications (SPEC §7)', () => {
  let t: TestApp;
  let sender: Awaited<ReturnType<TestApp['createUser']>>;
  let reader: Awaited<ReturnType<TestApp['createUser']>>;
  beforeAll(async () => {
    t = await createTestApp();
    sender = await t.createUser({ permissions: ['USER'] });
    reader = await t.createUser();
  });
  afterAll(() => t.close());

  const send = (body: Record<string, unknown>, token = sender.token) => t.call('POST', '/api/notification', token, body);

  it('lists newest first, 10 per page from page 1, with total_pages', async () => {
    for (let i = 1; i <= 12; i++) expect((await send({ title: `Aviso ${i}`, message: `Mensagem ${i}`, user_ids: [reader.id] })).statusCode).toBe(201);
    const res = await t.call('GET', '/api/user/notification?pageSize=10&page=1', reader.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toMatchObject({ title: 'Aviso 12', message: 'Mensagem 12', is_read: false, link: null });
    expect(Object.keys(body.items[0]).sort()).toEqual(['created_at', 'id', 'is_read', 'link', 'message', 'title']);
    expect(body.total_pages).toBe(2);
    expect(body.current_page).toBe(1);
    const page2 = (await t.call('GET', '/api/user/notification?pageSize=10&page=2', reader.token)).json();
    expect(page2.items).toHaveLength(2);
    expect(page2.items[1].title).toBe('Aviso 1');
  });

  it('marks one read (own only: someone else’s is 404), then all read', async () => {
    const list = (await t.call('GET', '/api/user/notification?pageSize=10&page=1', reader.token)).json();
    const first = list.items[0];
    expect((await t.call('PATCH', `/api/user/notification/${first.id}`, sender.token)).statusCode).toBe(404);
    const one = await t.call('PATCH', `/api/user/notification/${first.id}`, reader.token);
    expect(one.statusCode).toBe(200);
    expect(one.json().is_read).toBe(true);
    const unread = (await t.call('GET', '/api/user/notification?pageSize=10&page=1&onlyUnread=true', reader.token)).json();
    expect(unread.items.every((n: { is_read: boolean }) => !n.is_read)).toBe(true);
    expect(unread.unread_count).toBe(11);
    const all = await t.call('PATCH', '/api/user/notification/readall', reader.token);
    expect(all.json()).toEqual({ updated: 11 });
    const none = (await t.call('GET', '/api/user/notification?page=1&onlyUnread=1', reader.token)).json();
    expect(none.items).toHaveLength(0);
    expect(none.total_pages).toBe(0);
  });

  it('sends to a unit and to the whole organization', async () => {
    const org = await t.createOrganization('Rede Norte');
    const boss = await t.createUser({ permissions: ['USER', 'ORG'], organizationId: org });
    const members = [await t.createUser({ organizationId: org }), await t.createUser({ organizationId: org })];
    const unit = (await t.call('POST', '/api/unit-organizational', boss.token, { name: 'NOC', code: 'NOC' })).json();
    await t.call('PUT', `/api/user/${members[0].id}/insert/unit/${unit.id}`, boss.token);
    expect((await send({ title: 'NOC', message: 'Plantão', unit_id: unit.id }, boss.token)).json()).toEqual({ sent: 1 });
    expect((await send({ title: 'Todos', message: 'Reunião geral', organization: true }, boss.token)).json()).toEqual({ sent: 3 });
    const got = (await t.call('GET', '/api/user/notification', members[1].token)).json();
    expect(got.items.map((n: { title: string }) => n.title)).toEqual(['Todos']);
    // Users of another organization are never reached, nor can be named.
    expect((await t.call('GET', '/api/user/notification', reader.token)).json().items.map((n: { title: string }) => n.title)).not.toContain('Todos');
    expect((await send({ title: 'x', message: 'y', user_ids: [reader.id] }, boss.token)).statusCode).toBe(404);
    expect((await send({ title: 'x', message: 'y', unit_id: unit.id })).statusCode).toBe(404);
    // An empty user_ids is no destination: the other organization's unit is still refused (found by the fuzzer).
    expect((await send({ title: 'x', message: 'y', user_ids: [], unit_id: unit.id })).statusCode).toBe(404);
  });

  it('validates the body and needs USER permission', async () => {
    expect((await send({ title: '', message: 'y', user_ids: [reader.id] })).statusCode).toBe(422);
    expect((await send({ title: 'x', message: 'y' })).statusCode).toBe(422);
    expect((await send({ title: 'x', message: 'y', organization: true, unit_id: 1 })).statusCode).toBe(422);
    expect((await send({ title: 'x', message: 'y', user_ids: [sender.id] }, reader.token)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/user/notification')).statusCode).toBe(401);
  });

  it('e-mails the notification when email_notification is on (file transport without SMTP_URL)', async () => {
    const { readdirSync, readFileSync, existsSync } = await import('node:fs');
    const path = await import('node:path');
    const target = await t.createUser();
    const quiet = await t.createUser();
    await t.call('PUT', '/api/me', quiet.token, { settings: { email_notification: false } });
    await send({ title: 'Chamado 42', message: 'Atribuído a você', user_ids: [target.id, quiet.id], link: '/external-activity/manage/42' });
    const dir = path.join(t.dataDir, 'mail');
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      files = existsSync(dir) ? readdirSync(dir).filter((f) => readFileSync(path.join(dir, f), 'utf8').includes('Chamado 42')) : [];
    }
    const mails = files.map((f) => readFileSync(path.join(dir, f), 'utf8'));
    expect(mails.some((m) => m.includes(`${target.username}@example.com`))).toBe(true);
    expect(mails.some((m) => m.includes(`${quiet.username}@example.com`))).toBe(false);
    expect(mails.join('')).toContain('http://operacoes.test/external-activity/manage/42');
  });
});
