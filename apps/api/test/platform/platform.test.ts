import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/core/db';
import { createTestApp, type TestApp } from '../helpers';

describe('platform mechanisms', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('refuses to start when an /api route declares no access rule', async () => {
    const dir = (await import('node:fs')).mkdtempSync('/tmp/operacoes-undeclared-');
    const database = await openDatabase({});
    const app = await buildApp(loadConfig({ DATA_DIR: dir }, { jwtSecret: 'x', logLevel: 'silent' }), database, { logger: false });
    app.get('/api/esquecida', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/without a declared access rule: GET \/api\/esquecida/);
    await database.close();
  });

  it('publishes OpenAPI covering every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/login', '/api/user', '/api/user/{id}', '/api/user/notification', '/api/release-note', '/api/revision', '/api/user/changePassword', '/api/forgot-password/request']) {
      expect(paths).toContain(p);
    }
  });

  it('answers JSON errors in pt-BR: 404 for unknown routes, 401 without a token', async () => {
    const res = await t.call('GET', '/api/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Rota não encontrada/);
    const unauth = await t.call('GET', '/api/user');
    expect(unauth.json()).toEqual({ code: 401, message: 'Autenticação necessária.' });
  });

  it('sets security headers and limits body size', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Scripts only from our own origin, on the API, its documentation page and the error answers alike;
    // 'wasm-unsafe-eval' lets the label scanner compile its WebAssembly, and allows no eval() or inline script.
    for (const url of ['/api/health', '/api/docs', '/api/docs/static/index.html', '/api/nao-existe', '/qualquer/pagina']) {
      const csp = String((await t.call('GET', url)).headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc, url).toBe("'self' 'wasm-unsafe-eval'");
      expect(csp, url).toContain("object-src 'none'");
    }
    const admin = await t.adminToken();
    const big = await t.call('POST', '/api/release-note', admin, { version: '1', title: 'x', content: 'a'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/grande demais/);
  });

  it('answers 400/422, never 500, for malformed JSON and wrong types', async () => {
    const admin = await t.adminToken();
    const res = await t.app.inject({ method: 'POST', url: '/api/release-note', payload: '{"version":', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect((await t.call('GET', '/api/user/abc', admin)).statusCode).toBe(422);
    expect((await t.call('GET', '/api/user/99999999999999', admin)).statusCode).toBe(422);
  });
});

describe('database lifecycle', () => {
  it('a second start applies nothing and loses nothing (PGlite on disk)', async () => {
    const dir = (await import('node:fs')).mkdtempSync('/tmp/operacoes-restart-');
    const config = loadConfig({ DATA_DIR: dir }, { jwtSecret: 'x', logLevel: 'silent', argon2: { memoryCost: 1024, timeCost: 1 }, adminPassword: 'senha-admin-1' });
    const { seedBase } = await import('../../src/db/seed');
    const { users } = await import('../../src/modules/user/schema');
    const { states } = await import('../../src/modules/locale/schema');
    const first = await openDatabase({ pgliteDir: `${dir}/pglite` });
    const app1 = await buildApp(config, first, { logger: false });
    expect((await seedBase(app1.db, app1.passwords, { adminUsername: 'admin', adminPassword: 'senha-admin-1' }, app1.log)).created).toBe(true);
    expect(await app1.db.$count(states)).toBe(27);
    await app1.close();
    await first.close();
    const second = await openDatabase({ pgliteDir: `${dir}/pglite` });
    const app2 = await buildApp(config, second, { logger: false });
    expect((await seedBase(app2.db, app2.passwords, { adminUsername: 'admin' }, app2.log)).created).toBe(false);
    expect(await app2.db.$count(users)).toBe(1);
    expect(await app2.db.$count(states)).toBe(27);
    await app2.close();
    await second.close();
  });
});

describe('logs', () => {
  it('are JSON with request ids and never carry passwords or tokens', async () => {
    const { PassThrough } = await import('node:stream');
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (c: Buffer) => lines.push(...c.toString().split('\n').filter(Boolean)));
    const dir = (await import('node:fs')).mkdtempSync('/tmp/operacoes-logs-');
    const database = await openDatabase({});
    const config = loadConfig({ DATA_DIR: dir }, { jwtSecret: 'x', logLevel: 'debug', argon2: { memoryCost: 1024, timeCost: 1 } });
    const app = await buildApp(config, database, { logStream: stream });
    const { seedBase } = await import('../../src/db/seed');
    await seedBase(app.db, app.passwords, { adminUsername: 'admin', adminPassword: 'senha-muito-secreta' }, app.log);
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'senha-muito-secreta' } });
    const token = login.json().token as string;
    await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'pedido-123' } });
    await app.inject({ method: 'PUT', url: '/api/user/changePassword', headers: { authorization: `Bearer ${token}` }, payload: { current_password: 'senha-muito-secreta', new_password: 'outra-senha-secreta' } });
    await app.close();
    await database.close();
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.every((l) => JSON.parse(l))).toBeTruthy();
    // The client's id is logged as its own field; the request id is ours (a client cannot pick it).
    const me = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request' && l.client_request_id === 'pedido-123');
    expect(me).toBeDefined();
    expect(me.reqId).not.toBe('pedido-123');
    expect(me.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(all).not.toContain('senha-muito-secreta');
    expect(all).not.toContain('outra-senha-secreta');
    expect(all).not.toContain(token);
    expect(all).not.toContain(token.split('.')[2]);
  });
});

describe('security headers for a plain-HTTP deployment', () => {
  it('do not ask browsers to upgrade requests to HTTPS', async () => {
    const t = await createTestApp();
    try {
      const res = await t.call('GET', '/api/health');
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });
});

describe('headers that depend on the connection and the settings', () => {
  it('HSTS only on HTTPS (directly or as a trusted proxy reports it); a client cannot claim HTTPS without TRUST_PROXY', async () => {
    const plain = await createTestApp();
    const proxied = await createTestApp({ trustProxy: true });
    try {
      expect((await plain.call('GET', '/api/health')).headers['strict-transport-security']).toBeUndefined();
      const claimed = await plain.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
      const behindProxy = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(behindProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await proxied.call('GET', '/api/health')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
      await proxied.close();
    }
  });

  it("CSP img-src is 'self' data: blob: and the map tile hosts, not any https: an organization's tile host is added when saved", async () => {
    const t = await createTestApp();
    try {
      const imgSrc = async () => /img-src ([^;]*)/.exec(String((await t.call('GET', '/qualquer/pagina')).headers['content-security-policy']))?.[1];
      expect(await imgSrc()).toBe("'self' data: blob: https://tile.openstreetmap.org");
      const boss = await t.createUser({ permissions: ['ORG'] });
      const settings = (await t.call('GET', '/api/organization-settings/viability', boss.token)).json();
      const saved = await t.call('PUT', '/api/organization-settings/viability', boss.token, { ...settings, map_tile_url: 'https://{s}.tiles.operadora.com.br/{z}/{x}/{y}.png' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await imgSrc()).toBe("'self' data: blob: https://tile.openstreetmap.org https://*.tiles.operadora.com.br");
    } finally {
      await t.close();
    }
  });
});
