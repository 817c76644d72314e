import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_TOKEN_INVALID, API_TOKEN_NOT_ALLOWED } from '@operacoes/contract';
import { apiTokens, organizations, users } from '../../src/core/schema';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Personal API tokens: created with a subset of the user's permissions, shown once, kept hashed,
 * limited at every call by the user's current permissions and tenancy, and refused where only a
 * person may act (tokens, passwords, users).
 */
type User = Awaited<ReturnType<TestApp['createUser']>>;

describe('API tokens', () => {
  let t: TestApp;
  let engineer: User;
  let manager: User;
  let reader: User;
  let stranger: User;

  beforeAll(async () => {
    t = await createTestApp();
    engineer = await t.createUser({ permissions: ['SITE', 'LMC.INDEX', 'SCHEDULE'], fullName: 'Engenheira de Redes' });
    manager = await t.createUser({ permissions: ['USER', 'SITE', 'LMC.INDEX', 'SCHEDULE'] });
    reader = await t.createUser({ permissions: ['SITE.INDEX'] });
    const other = await t.createOrganization('Outra Telecom');
    stranger = await t.createUser({ permissions: ['USER', 'SITE'], organizationId: other });
  });
  afterAll(() => t.close());

  const create = (who: User, body: Record<string, unknown>) => t.call('POST', '/api/me/token', who.token, body);

  it('is created with a subset of the user\'s permissions; the secret comes once, prefixed opr_, and only its hash is stored', async () => {
    const res = await create(engineer, { name: 'ERP', permissions: ['SITE', 'SCHEDULE.INDEX'] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^opr_[A-Za-z0-9_-]{40}$/);
    expect(body.prefix).toBe(body.token.slice(0, 12));
    expect(res.headers.location).toBe(`/api/me/token/${body.id}`);
    // 90 days ahead by default, to the end of that day.
    const days = (new Date(body.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThan(91.5);
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, body.id));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(body.token);
    const list = (await t.call('GET', '/api/me/token', engineer.token)).json();
    expect(list).toEqual([expect.objectContaining({ id: body.id, name: 'ERP', prefix: body.prefix, permissions: ['SITE', 'SCHEDULE.INDEX'], status: 'ativo', last_used_at: null })]);
    expect(JSON.stringify(list)).not.toContain(body.token);
  });

  it('refuses bad input with every error at once, in pt-BR, and writes nothing', async () => {
    const before = (await t.call('GET', '/api/me/token', engineer.token)).json().length;
    const res = await create(engineer, { name: '', permissions: ['NOPE'], expires_at: '2020-01-01' });
    expect(res.statusCode).toBe(422);
    const paths = res.json().violations.map((v: { propertyPath: string }) => v.propertyPath);
    expect(paths).toEqual(expect.arrayContaining(['name', 'permissions.0']));
    const beyond = await create(engineer, { name: 'Longo', permissions: ['USER', 'SITE'], expires_at: '2099-01-01' });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().violations).toEqual(
      expect.arrayContaining([expect.objectContaining({ propertyPath: 'expires_at' }), { propertyPath: 'permissions', message: 'Você não possui: USER' }]),
    );
    expect((await t.call('GET', '/api/me/token', engineer.token)).json()).toHaveLength(before);
  });

  it('calls the API as its user, limited to its permissions and to the user\'s current ones, and records the last use', async () => {
    const { token, id } = (await create(engineer, { name: 'Monitoramento', permissions: ['SITE.INDEX', 'LMC.INDEX'] })).json();
    expect((await t.call('GET', '/api/site', token)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/lmc', token)).statusCode).toBe(200);
    // Not in the token: writing sites, the schedule.
    expect((await t.call('POST', '/api/site', token, { name: 'X' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/schedule', token)).statusCode).toBe(403);
    // A session of the same user still can.
    expect((await t.call('GET', '/api/schedule', engineer.token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row.last_used_at).not.toBeNull();
    // The user loses LMC: the token loses it at once.
    await t.app.db.update(users).set({ permissions: ['SITE', 'SCHEDULE'] }).where(eq(users.id, engineer.id));
    expect((await t.call('GET', '/api/lmc', token)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/site', token)).statusCode).toBe(200);
    await t.app.db.update(users).set({ permissions: ['SITE', 'LMC.INDEX', 'SCHEDULE'] }).where(eq(users.id, engineer.id));
  });

  it('a write token of a user who now only reads can only read', async () => {
    const who = await t.createUser({ permissions: ['SITE'] });
    const { token } = (await create(who, { name: 'Carga', permissions: ['SITE'] })).json();
    await t.app.db.update(users).set({ permissions: ['SITE.INDEX'] }).where(eq(users.id, who.id));
    expect((await t.call('GET', '/api/site', token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/site', token, {})).statusCode).toBe(403);
  });

  it('answers 401 in pt-BR when revoked, expired, unknown, or its user or organization is deactivated', async () => {
    const revoked = (await create(engineer, { name: 'Revogado', permissions: ['SITE.INDEX'] })).json();
    expect((await t.call('DELETE', `/api/me/token/${revoked.id}`, engineer.token)).statusCode).toBe(204);
    const expired = (await create(engineer, { name: 'Vencido', permissions: ['SITE.INDEX'] })).json();
    await t.app.db.update(apiTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, expired.id));
    for (const token of [revoked.token, expired.token, 'opr_unknownunknownunknownunknownunknown0000', `opr_${'x'.repeat(500)}`]) {
      const res = await t.call('GET', '/api/site', token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(API_TOKEN_INVALID);
    }
    const who = await t.createUser({ permissions: ['SITE'] });
    const { token } = (await create(who, { name: 'Script', permissions: ['SITE.INDEX'] })).json();
    await t.app.db.update(users).set({ is_active: false }).where(eq(users.id, who.id));
    expect((await t.call('GET', '/api/site', token)).statusCode).toBe(401);
    const org = await t.createOrganization('Provedor Desativado');
    const member = await t.createUser({ permissions: ['SITE'], organizationId: org });
    const memberToken = (await create(member, { name: 'Script', permissions: ['SITE.INDEX'] })).json().token;
    expect((await t.call('GET', '/api/site', memberToken)).statusCode).toBe(200);
    await t.app.db.update(organizations).set({ is_active: false }).where(eq(organizations.id, org));
    expect((await t.call('GET', '/api/site', memberToken)).statusCode).toBe(401);
  });

  it('cannot create tokens, change passwords or e-mail, or manage users', async () => {
    const { token } = (await create(manager, { name: 'Tudo', permissions: ['USER', 'SITE'] })).json();
    for (const [method, url, body] of [
      ['POST', '/api/me/token', { name: 'Outro', permissions: ['SITE'] }],
      ['PUT', '/user/changePassword', { current_password: 'x', new_password: 'y' }],
      ['PUT', '/api/me', { email: 'novo@example.com' }],
    ] as const) {
      const res = await t.call(method, url.startsWith('/api') ? url : `/api${url}`, token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(API_TOKEN_NOT_ALLOWED);
    }
    expect((await t.call('PUT', `/api/user/${reader.id}`, token, { permissions: ['SITE'] })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/user', token)).statusCode).toBe(200);
  });

  it('a user manager sees and revokes another user\'s tokens; a read-only user and another organization cannot', async () => {
    const { id, token } = (await create(engineer, { name: 'Integração NOC', permissions: ['SITE.INDEX'] })).json();
    const listed = (await t.call('GET', `/api/user/${engineer.id}/token`, manager.token)).json();
    expect(listed.map((x: { id: number }) => x.id)).toContain(id);
    expect((await t.call('GET', `/api/user/${engineer.id}/token`, reader.token)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/user/${engineer.id}/token`, stranger.token)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/user/${engineer.id}/token/${id}`, stranger.token)).statusCode).toBe(404);
    // Someone else's token is not theirs to revoke through /me.
    expect((await t.call('DELETE', `/api/me/token/${id}`, manager.token)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/site', token)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/user/${engineer.id}/token/${id}`, manager.token)).statusCode).toBe(204);
    expect((await t.call('GET', '/api/site', token)).statusCode).toBe(401);
  });

  it('records "via token" in the revision log of a change made with one', async () => {
    const { token } = (await create(engineer, { name: 'ERP Sites', permissions: ['SCHEDULE'] })).json();
    const res = await t.call('POST', '/api/schedule', token, { title: 'Janela do ERP', starts_at: '2027-06-01T10:00:00Z', ends_at: '2027-06-01T11:00:00Z' });
    expect(res.statusCode, res.body).toBe(201);
    const auditor = await t.createUser({ permissions: ['LOG.READ'] });
    const log = await t.call('GET', `/api/revision?entity=schedule_event&entityId=${res.json().id}`, auditor.token);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items).toEqual([expect.objectContaining({ action: 'create', via_token: 'ERP Sites', user: expect.objectContaining({ id: engineer.id }) })]);
  });
});
