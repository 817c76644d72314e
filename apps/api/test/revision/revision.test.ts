import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

describe('revision log (GET /api/revision)', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<TestApp['createUser']>>;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.createUser({ permissions: ['USER', 'LOG'] });
    const u = await t.call('POST', '/api/user', manager.token, {
      username: 'auditado',
      email: 'auditado@example.com',
      password: 'senha-auditada',
      person: { nickname: 'Audi', full_name: 'Auditado da Silva' },
    });
    userId = u.json().id;
    await t.call('PUT', `/api/user/${userId}`, manager.token, { email: 'novo@example.com', password: 'outra-senha-1' });
  });
  afterAll(() => t.close());

  it('shows who changed what, old → new, without secrets', async () => {
    const res = await t.call('GET', `/api/revision?entity=user&entityId=${userId}`, manager.token);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((i: { action: string }) => i.action)).toEqual(['update', 'create']);
    expect(items[0].user).toEqual({ id: manager.id, username: manager.username });
    expect(items[0].changes.email).toEqual(['auditado@example.com', 'novo@example.com']);
    expect(items[0].changes.password).toEqual(['***', '***']);
    expect(JSON.stringify(items)).not.toMatch(/argon2|password_hash/);
  });

  it('filters by user, action and period', async () => {
    const byUser = (await t.call('GET', `/api/revision?userId=${manager.id}&action=create`, manager.token)).json();
    expect(byUser.items.length).toBeGreaterThan(0);
    expect(byUser.items.every((i: { action: string; user: { id: number } }) => i.action === 'create' && i.user.id === manager.id)).toBe(true);
    const future = (await t.call('GET', '/api/revision?from=2999-01-01', manager.token)).json();
    expect(future.total_items).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const upToNow = (await t.call('GET', `/api/revision?from=2000-01-01&to=${today}`, manager.token)).json();
    expect(upToNow.total_items).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/revision?from=ontem', manager.token)).statusCode).toBe(422);
  });

  it('needs LOG or LOG.READ, and shows only the own organization', async () => {
    const reader = await t.createUser({ permissions: ['LOG.READ'] });
    expect((await t.call('GET', '/api/revision', reader.token)).statusCode).toBe(200);
    const nobody = await t.createUser({ permissions: ['USER'] });
    expect((await t.call('GET', '/api/revision', nobody.token)).statusCode).toBe(403);
    const other = await t.createOrganization();
    const foreign = await t.createUser({ permissions: ['LOG'], organizationId: other });
    const seen = (await t.call('GET', `/api/revision?entity=user&entityId=${userId}`, foreign.token)).json();
    expect(seen.total_items).toBe(0);
  });
});
