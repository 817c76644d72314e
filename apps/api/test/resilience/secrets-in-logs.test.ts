import { createServer, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { ADMIN_PASSWORD, call, hubUrl, login, openSse, type ServerProcess, sleep, startServer } from './server-process';
import { freshPgDatabase } from '../helpers';

const PG_SERVER = process.env.TEST_DATABASE_URL;
const PORT = 3237;
const JWT_SECRET = 'segredo-do-jwt-para-o-teste-de-logs-0123456789';
const DATA_SOURCE_KEY = 'chave-das-fontes-de-dados-para-o-teste-0123456789';

/** The link sent by e-mail to `email` (quoted-printable soft breaks joined). */
async function mailedLink(dataDir: string, email: string, pattern: RegExp) {
  for (let i = 0; i < 60; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(path.join(dataDir, 'mail'));
    } catch {
      // none yet
    }
    for (const f of files) {
      const text = readFileSync(path.join(dataDir, 'mail', f), 'utf8').replace(/=\r?\n/g, '');
      const m = text.includes(email) ? pattern.exec(text) : null;
      if (m) return m[1];
    }
    await sleep(50);
  }
  throw new Error(`no mail to ${email}`);
}

/**
 * A representative session against a server logging at debug level, then the whole log is
 * searched for every secret the session used or received: passwords (the admin's from the
 * environment, wrong ones, old and new), tokens (session JWTs, realtime tokens, the reset
 * link), argon2 hashes, the JWT and data-source keys, a data source's credential. None may appear.
 */
describe('secrets never reach the logs', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'operacoes-logs-'));
  let server: ServerProcess | undefined;
  let drop = async () => {};
  const upstream = { server: createServer(), headers: [] as IncomingHttpHeaders[] };
  afterAll(async () => {
    await server?.stop();
    await drop();
    upstream.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs at debug level a full session without a password, token, hash or key', async () => {
    let databaseUrl: string | undefined;
    if (PG_SERVER) {
      const fresh = await freshPgDatabase(PG_SERVER);
      databaseUrl = fresh.url;
      drop = fresh.drop;
    }
    // A data source's upstream on this machine: records the credential it receives.
    upstream.server.on('request', (req, res) => {
      upstream.headers.push(req.headers);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([{ id: 1, name: 'A' }]));
    });
    await new Promise<void>((r) => upstream.server.listen(0, '127.0.0.1', r));
    const upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}/clientes`;

    server = await startServer({
      port: PORT,
      dataDir,
      databaseUrl,
      env: { LOG_LEVEL: 'debug', JWT_SECRET, DATA_SOURCE_KEY, DATA_SOURCE_ALLOWED_HOSTS: '127.0.0.1' },
    });
    const base = server.url;
    const secrets: Record<string, string> = { 'admin password': ADMIN_PASSWORD, 'JWT secret': JWT_SECRET, 'data-source key': DATA_SOURCE_KEY };

    // Logins: wrong password, right one.
    const wrong = 'Senha-Errada-Tentativa-91';
    secrets['wrong password'] = wrong;
    expect((await call(base, 'POST', '/api/login', undefined, { username: 'admin', password: wrong })).status).toBe(401);
    const admin = await login(base, 'admin', ADMIN_PASSWORD);
    secrets['admin JWT'] = admin.token;
    secrets['admin realtime token'] = admin.mercure_token;

    // A user made with a password, who changes it, then forgets it and resets it by e-mail.
    const first = 'Primeira-Senha-Forte-472';
    const second = 'Segunda-Senha-Forte-913';
    const third = 'Terceira-Senha-Forte-285';
    Object.assign(secrets, { 'first password': first, 'second password': second, 'third password': third });
    const created = await call(base, 'POST', '/api/user', admin.token, {
      username: 'maria.logs',
      email: 'maria.logs@example.com',
      password: first,
      person: { nickname: 'Maria', full_name: 'Maria dos Logs' },
      permissions: ['DATA_SOURCE'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const maria = await login(base, 'maria.logs', first);
    secrets['user JWT'] = maria.token;
    secrets['user realtime token'] = maria.mercure_token;
    const changed = await call(base, 'PUT', '/api/user/changePassword', maria.token, { current_password: first, new_password: second });
    expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
    for (const [k, v] of Object.entries(changed.body)) if (typeof v === 'string' && v.length > 20) secrets[`changePassword ${k}`] = v;
    expect((await call(base, 'PUT', '/api/user/changePassword', maria.token, { current_password: wrong, new_password: third })).status).toBeGreaterThanOrEqual(400);
    expect((await call(base, 'POST', '/api/forgot-password/request', undefined, { email: 'maria.logs@example.com' })).status).toBe(200);
    const resetHash = await mailedLink(dataDir, 'maria.logs@example.com', /\/forgot-password\/reset\/([A-Za-z0-9_-]+)/);
    secrets['reset link'] = resetHash;
    // A weak password first (refused), then a good one.
    expect((await call(base, 'POST', `/api/forgot-password/reset/${resetHash}`, undefined, { password: 'maria' })).status).toBeGreaterThanOrEqual(400);
    expect((await call(base, 'POST', `/api/forgot-password/reset/${resetHash}`, undefined, { password: third })).status).toBe(200);
    const again = await login(base, 'maria.logs', third);
    secrets['user JWT after reset'] = again.token;
    secrets['user realtime token after reset'] = again.mercure_token;

    // A data source with a credential and a secret header, tested against the upstream.
    const dsToken = 'ds-credencial-secreta-8f3a9c';
    const dsHeader = 'valor-de-cabecalho-secreto-55d1';
    Object.assign(secrets, { 'data-source token': dsToken, 'data-source header': dsHeader });
    const source = await call(base, 'POST', '/api/organization-settings/data-source', again.token, {
      name: 'Clientes do ERP',
      url: upstreamUrl,
      headers: { 'X-Api-Key': dsHeader },
      token: dsToken,
      key_field: 'id',
    });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    const tested = await call(base, 'POST', `/api/organization-settings/data-source/${source.body.id}/test`, again.token);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(upstream.headers.some((h) => String(h.authorization).includes(dsToken) && h['x-api-key'] === dsHeader)).toBe(true);

    // Realtime: a subscription with the token in the query string, and one with a bad token.
    const sub = await openSse(hubUrl(base, `/users/${again.user.id}`, again.mercure_token));
    expect(sub.status).toBe(200);
    sub.close();
    expect((await openSse(hubUrl(base, `/users/${again.user.id}`, `${again.mercure_token}x`))).status).toBe(401);
    // Old tokens are refused (logged as failures, still without the token).
    expect((await call(base, 'GET', '/api/me', maria.token)).status).toBe(401);
    expect((await call(base, 'POST', '/api/logout', again.token)).status).toBeLessThan(300);

    // The hashes stored in the database are secrets too.
    const hashes = await (async () => {
      await server!.stop();
      if (databaseUrl) {
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        const rows = (await c.query('select password_hash from "user"')).rows as { password_hash: string }[];
        await c.end();
        return rows.map((r) => r.password_hash);
      }
      const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
      const rows = (await db.query<{ password_hash: string }>('select password_hash from "user"')).rows;
      await db.close();
      return rows.map((r) => r.password_hash);
    })();
    hashes.forEach((h, i) => (secrets[`password hash ${i}`] = h));

    const log = server.output();
    // The run really logged (requests at debug level), so an empty log cannot pass.
    expect(log.split('\n').length).toBeGreaterThan(20);
    const found = Object.entries(secrets).filter(([, value]) => value && log.includes(value));
    expect(found.map(([name]) => name)).toEqual([]);
    expect(log).not.toMatch(/\$argon2(id|i|d)\$/);
    // No JWT of any kind (three base64url parts starting with a JSON header).
    expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./);
  }, 300_000);
});
