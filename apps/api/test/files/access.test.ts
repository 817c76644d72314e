import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../helpers';
import { multipart, realPng } from './images';

/**
 * Uploads are served only to logged-in members of the file's organization: by the Bearer token
 * (API clients) or the HttpOnly file-session cookie that login sets (the browser's `<img>`).
 */
describe('who may download an uploaded file', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const raw = res.headers['set-cookie'];
    const line = (Array.isArray(raw) ? raw : [raw]).find((c) => typeof c === 'string' && c.startsWith('operacoes_files=')) as string | undefined;
    return { line, pair: line?.split(';')[0] };
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('a member of the organization reads it by token or cookie; nobody else does, and a logout ends the cookie', async () => {
    const owner = await t.createUser({ permissions: [] });
    const colleague = await t.createUser({ permissions: [] });
    const outsider = await t.createUser({ permissions: ['ORG', 'USER'], organizationId: await t.createOrganization('Outra operadora') });
    const png = await realPng(4, 4);
    const body = multipart({ data: png, type: 'image/png' });
    const saved = await t.app.inject({ method: 'POST', url: '/api/me/picture', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${owner.token}` } });
    expect(saved.statusCode, saved.body).toBe(200);
    const url = saved.json().picture as string;
    expect(url).toMatch(/^\/api\/files\/[a-f0-9]{32}\.png$/);

    // No login: 401, never the bytes.
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Autenticação necessária.');

    // The owner and a colleague of the same organization, and a super admin.
    for (const token of [owner.token, colleague.token, await t.adminToken()]) {
      const res = await get(url, { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    // Another organization's user, even with every permission: 404, as if it did not exist.
    const foreign = await get(url, { authorization: `Bearer ${outsider.token}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Arquivo não encontrado.');

    // The browser's way: login sets an HttpOnly cookie for /api/files only.
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: colleague.username, password: PASSWORD } });
    const { line, pair } = cookieOf(login);
    expect(line).toMatch(/; Path=\/api\/files; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect((await get(url, { cookie: pair! })).statusCode).toBe(200);
    const outsiderLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: outsider.username, password: PASSWORD } });
    expect((await get(url, { cookie: cookieOf(outsiderLogin).pair! })).statusCode).toBe(404);

    // The cookie is no API credential, and an API token is no file cookie.
    const cookieToken = pair!.split('=')[1];
    expect((await get('/api/me', { authorization: `Bearer ${cookieToken}` })).statusCode).toBe(401);
    expect((await get(url, { cookie: `operacoes_files=${login.json().token}` })).statusCode).toBe(401);
    // The cookie is read by the file routes only.
    expect((await get('/api/me', { cookie: pair! })).statusCode).toBe(401);

    // Logout clears the cookie and ends it (a copy kept by someone stops working too).
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${login.json().token}` } });
    expect(logout.statusCode).toBe(204);
    expect(cookieOf(logout).line).toMatch(/^operacoes_files=; Path=\/api\/files;.*Max-Age=0/);
    expect((await get(url, { cookie: pair! })).statusCode).toBe(401);

    // A session restored in the browser asks for the cookie again.
    const renewed = await t.app.inject({ method: 'POST', url: '/api/files/session', headers: { authorization: `Bearer ${owner.token}` } });
    expect(renewed.statusCode).toBe(204);
    expect((await get(url, { cookie: cookieOf(renewed).pair! })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/files/session' })).statusCode).toBe(401);
  });

  it('a file stored before ownership was recorded is still only for logged-in users', async () => {
    const { writeFileSync, mkdirSync } = await import('node:fs');
    const path = await import('node:path');
    const name = 'ab'.repeat(16) + '.png';
    mkdirSync(path.join(t.app.config.dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(t.app.config.dataDir, 'uploads', name), await realPng());
    expect((await get(`/api/files/${name}`)).statusCode).toBe(401);
    const member = await t.createUser({ permissions: [] });
    expect((await get(`/api/files/${name}`, { authorization: `Bearer ${member.token}` })).statusCode).toBe(200);
  });
});
