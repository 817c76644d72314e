import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { oneTimeTokens } from '../../src/modules/auth/schema';
import { users } from '../../src/modules/user/schema';
import { loadConfig, parseTrustProxy } from '../../src/config';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from '../helpers';
import { startSmtpServer } from '../smtp';

describe('login (SPEC §3)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('answers exactly the session shape', async () => {
    const res = await t.call('POST', '/api/login', undefined, ADMIN);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(Object.keys(s).sort()).toEqual(['mercure_token', 'mercure_topics', 'tinymce_key', 'token', 'user']);
    expect(s.tinymce_key).toBe('gpl');
    expect(s.mercure_topics).toEqual([`/users/${s.user.id}`, `/organizations/${s.user.organization.id}`]);
    expect(Object.keys(s.user).sort()).toEqual(['id', 'organization', 'permissions', 'person', 'picture', 'settings', 'super_admin', 'unit_organizational', 'username']);
    expect(s.user.super_admin).toBe(1);
    expect(Object.keys(s.user.person).sort()).toEqual(['full_name', 'id', 'nickname']);
    // SPEC §3's organization{id, fantasy_name}, plus its time zone: every date on screen is on the operator's clock.
    expect(Object.keys(s.user.organization).sort()).toEqual(['fantasy_name', 'id', 'time_zone']);
    expect(s.user.settings).toEqual({ sandwichMenuOpen: true, email_notification: true, app_notification: true, theme: 1, layout: 'standart', pageSize: 10 });
    const payload = JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(750 * 60);
  });

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    const wrong = await t.call('POST', '/api/login', undefined, { username: ADMIN.username, password: 'errada' });
    const unknown = await t.call('POST', '/api/login', undefined, { username: 'ninguem', password: 'errada' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: 'Invalid credentials.' });
    }
  });

  it('is case-insensitive on the username', async () => {
    expect((await t.call('POST', '/api/login', undefined, { username: 'ADMIN', password: ADMIN.password })).statusCode).toBe(200);
  });

  it('answers 422 for a malformed body', async () => {
    const res = await t.call('POST', '/api/login', undefined, { username: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain('password');
  });

  it('refuses unconfirmed users with a pt-BR message', async () => {
    const u = await t.createUser();
    await t.app.db.update(users).set({ is_confirmed: false }).where(eq(users.id, u.id));
    const res = await t.call('POST', '/api/login', undefined, { username: u.username, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Confirme seu e-mail/);
  });

  it('logout revokes every token of the user at once', async () => {
    const u = await t.createUser({ permissions: ['USER.INDEX'] });
    const second = await t.login(u.username);
    expect((await t.call('POST', '/api/logout', u.token)).statusCode).toBe(204);
    expect((await t.call('GET', '/api/me', u.token)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/me', second.token)).statusCode).toBe(401);
    const fresh = await t.login(u.username);
    expect((await t.call('GET', '/api/me', fresh.token)).statusCode).toBe(200);
  });

  it('refuses tampered, foreign-signed and mercure tokens on the API', async () => {
    const u = await t.createUser();
    const [h, p, s] = u.token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${s}`;
    expect((await t.call('GET', '/api/me', forged)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/me', u.session.mercure_token)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/me', 'lixo')).statusCode).toBe(401);
  });

  it('changing the password revokes old tokens and answers a fresh session', async () => {
    const u = await t.createUser();
    const bad = await t.call('PUT', '/api/user/changePassword', u.token, { current_password: 'errada', new_password: 'nova-senha-123' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations[0].propertyPath).toBe('current_password');
    const short = await t.call('PUT', '/api/user/changePassword', u.token, { current_password: PASSWORD, new_password: 'curta' });
    expect(short.statusCode).toBe(422);
    const res = await t.call('PUT', '/api/user/changePassword', u.token, { current_password: PASSWORD, new_password: 'nova-senha-123' });
    expect(res.statusCode).toBe(200);
    expect((await t.call('GET', '/api/me', u.token)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/me', res.json().token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/login', undefined, { username: u.username, password: PASSWORD })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/login', undefined, { username: u.username, password: 'nova-senha-123' })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ rateLimit: { perIpPerMinute: 1000, perUsernamePerWindow: 3, usernameWindowMs: 60_000 } })));
  afterAll(() => t.close());

  it('limits login attempts per username with a pt-BR 429', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call('POST', '/api/login', undefined, { username: 'alvo', password: 'x' })).statusCode).toBe(401);
    const res = await t.call('POST', '/api/login', undefined, { username: 'alvo', password: 'x' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Muitas tentativas/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['ratelimit-limit']).toBe('3');
    // Other usernames are not affected.
    expect((await t.call('POST', '/api/login', undefined, ADMIN)).statusCode).toBe(200);
  });

  it('limits login attempts per IP', async () => {
    const t2 = await createTestApp({ rateLimit: { perIpPerMinute: 2, perUsernamePerWindow: 100, usernameWindowMs: 60_000 } });
    try {
      await t2.call('POST', '/api/login', undefined, { username: 'a', password: 'x' });
      await t2.call('POST', '/api/login', undefined, { username: 'b', password: 'x' });
      expect((await t2.call('POST', '/api/login', undefined, ADMIN)).statusCode).toBe(429);
      const reset = [];
      for (let i = 0; i < 3; i++) reset.push((await t2.call('POST', '/api/forgot-password/request', undefined, { email: `x${i}@example.com` })).statusCode);
      expect(reset).toContain(429);
    } finally {
      await t2.close();
    }
  });

  const loginFrom = (t2: TestApp, forwardedFor: string) =>
    t2.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'alguem', password: 'x' }, headers: { 'x-forwarded-for': forwardedFor } });

  it('a client-sent X-Forwarded-For does not reset the per-IP limit (TRUST_PROXY unset)', async () => {
    const t2 = await createTestApp({ rateLimit: { perIpPerMinute: 2, perUsernamePerWindow: 100, usernameWindowMs: 60_000 } });
    try {
      expect(t2.config.trustProxy).toBe(false);
      expect((await loginFrom(t2, '203.0.113.1')).statusCode).toBe(401);
      expect((await loginFrom(t2, '203.0.113.2')).statusCode).toBe(401);
      const third = await loginFrom(t2, '203.0.113.3');
      expect(third.statusCode).toBe(429);
    } finally {
      await t2.close();
    }
  });

  it('behind a configured proxy, the forwarded address is the one limited', async () => {
    const t2 = await createTestApp({ trustProxy: parseTrustProxy('127.0.0.1/8'), rateLimit: { perIpPerMinute: 2, perUsernamePerWindow: 100, usernameWindowMs: 60_000 } });
    try {
      expect((await loginFrom(t2, '203.0.113.1')).statusCode).toBe(401);
      expect((await loginFrom(t2, '203.0.113.1')).statusCode).toBe(401);
      expect((await loginFrom(t2, '203.0.113.1')).statusCode).toBe(429);
      expect((await loginFrom(t2, '203.0.113.2')).statusCode).toBe(401);
    } finally {
      await t2.close();
    }
  });

  it('TRUST_PROXY: off by default; true, a hop count or a list of addresses', () => {
    expect(loadConfig({ DATA_DIR: t.dataDir }).trustProxy).toBe(false);
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.5, 192.168.1.0/24 ')).toBe('10.0.0.5,192.168.1.0/24');
  });
});

describe('e-mail flows through a real SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('forgot password: always 200, mails a one-use link that expires', async () => {
    const u = await t.createUser();
    const unknown = await t.call('POST', '/api/forgot-password/request', undefined, { email: 'naoexiste@example.com' });
    const known = await t.call('POST', '/api/forgot-password/request', undefined, { email: `${u.username}@example.com` });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = await smtp.waitFor(`${u.username}@example.com`);
    const link = /http:\/\/operacoes\.test\/forgot-password\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const hash = link![1];
    expect(hash.length).toBeGreaterThanOrEqual(40);
    expect((await t.call('POST', `/api/forgot-password/reset/${hash}`, undefined, { password: 'curta' })).statusCode).toBe(422);
    const reset = await t.call('POST', `/api/forgot-password/reset/${hash}`, undefined, { password: 'senha-redefinida' });
    expect(reset.statusCode).toBe(200);
    // Old sessions end; the new password works; the link works once.
    expect((await t.call('GET', '/api/me', u.token)).statusCode).toBe(401);
    expect((await t.call('POST', '/api/login', undefined, { username: u.username, password: 'senha-redefinida' })).statusCode).toBe(200);
    const again = await t.call('POST', `/api/forgot-password/reset/${hash}`, undefined, { password: 'outra-senha-123' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/inválido, expirado ou já utilizado/);
  });

  it('an expired reset link is refused', async () => {
    const u = await t.createUser();
    await t.call('POST', '/api/forgot-password/request', undefined, { email: `${u.username}@example.com` });
    const mail = await smtp.waitFor(`${u.username}@example.com`);
    const hash = /reset\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    await t.app.db.update(oneTimeTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(oneTimeTokens.user_id, u.id));
    expect((await t.call('POST', `/api/forgot-password/reset/${hash}`, undefined, { password: 'senha-redefinida' })).statusCode).toBe(404);
  });

  it('register: a new organization and its admin, confirmed through the e-mailed link', async () => {
    const body = {
      organization: { fantasy_name: 'Fibra Sul Telecom' },
      username: 'fibrasul',
      email: 'admin@fibrasul.com.br',
      password: 'senha-fibra-sul',
      person: { nickname: 'Ana', full_name: 'Ana Paula Ribeiro' },
    };
    const res = await t.call('POST', '/api/register', undefined, body);
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.call('POST', '/api/register', undefined, { ...body, email: 'x' })).statusCode).toBe(422);
    // Pending confirmation: cannot log in yet.
    expect((await t.call('POST', '/api/login', undefined, { username: 'fibrasul', password: 'senha-fibra-sul' })).statusCode).toBe(403);
    const mail = await smtp.waitFor('admin@fibrasul.com.br');
    const url = /http:\/\/operacoes\.test(\/api\/register\/confirm\/[A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const click = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('/confirmed');
    const login = await t.call('POST', '/api/login', undefined, { username: 'fibrasul', password: 'senha-fibra-sul' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.organization.fantasy_name).toBe('Fibra Sul Telecom');
    expect(login.json().user.permissions).toContain('USER');
    // Used once: the second click goes to /cannot-confirm/:hash.
    const second = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(second.headers.location).toMatch(/^\/cannot-confirm\//);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('register does not reveal existing accounts', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  let n = 0;
  const body = (over: Record<string, unknown> = {}) => {
    n++;
    return {
      organization: { fantasy_name: `Provedor Enumeração ${n}` },
      username: `cadastro.${n}`,
      email: `cadastro.${n}@example.com`,
      password: 'ipe-amarelo-na-serra-42',
      person: { nickname: 'Bia', full_name: 'Beatriz Nunes' },
      ...over,
    };
  };

  it('answers a taken e-mail, a taken username and a new account alike; tells the e-mail owner', async () => {
    const existing = await t.createUser();
    const fresh = await t.call('POST', '/api/register', undefined, body());
    const takenEmail = await t.call('POST', '/api/register', undefined, body({ email: `${existing.username.toUpperCase()}@example.com` }));
    const takenUsername = await t.call('POST', '/api/register', undefined, body({ username: existing.username.toUpperCase() }));
    for (const res of [fresh, takenEmail, takenUsername]) expect({ status: res.statusCode, body: res.json() }).toEqual({ status: fresh.statusCode, body: fresh.json() });
    expect(fresh.statusCode).toBe(201);
    // The owner of the taken e-mail is told, with no link that changes anything.
    const notice = await smtp.waitFor(`${existing.username.toUpperCase()}@example.com`);
    expect(notice.subject).toMatch(/Tentativa_de_cadastro/);
    expect(notice.text).toContain(existing.username);
    expect(notice.text).not.toMatch(/confirm\//);
    // The one who asked for a taken username learns it in their own mailbox, not in the answer.
    const usernameMail = await smtp.waitFor(`cadastro.${n}@example.com`);
    expect(usernameMail.text).toContain(`http://operacoes.test/register`);
    expect(usernameMail.text).not.toMatch(/confirm\//);
    // Nothing was created for either.
    const sameEmail = await t.app.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${`${existing.username}@example.com`.toLowerCase()}`);
    expect(sameEmail).toHaveLength(1);
    const sameUsername = await t.app.db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${existing.username.toLowerCase()}`);
    expect(sameUsername).toHaveLength(1);
    const lost = await t.call('POST', '/api/login', undefined, { username: existing.username, password: 'ipe-amarelo-na-serra-42' });
    expect(lost.statusCode).toBe(401);
  });
});

describe('password strength (zxcvbn, pt-BR)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const STRONG = 'ipe-amarelo-na-serra-42';
  const weakViolation = (res: { statusCode: number; json: () => unknown }, field = 'password') => {
    expect(res.statusCode).toBe(422);
    const b = res.json() as { message: string; violations: { propertyPath: string; message: string }[] };
    expect(b.violations.map((v) => v.propertyPath)).toContain(field);
    expect(b.violations.find((v) => v.propertyPath === field)!.message).toMatch(/^Senha muito fraca: /);
  };

  it('register refuses 12345678 and senha123, accepts a strong one', async () => {
    const body = (password: string, k: string) => ({
      organization: { fantasy_name: `Forte ${k}` },
      username: `forte.${k}`,
      email: `forte.${k}@example.com`,
      password,
      person: { nickname: 'Caio', full_name: 'Caio Prado' },
    });
    weakViolation(await t.call('POST', '/api/register', undefined, body('12345678', 'a')));
    weakViolation(await t.call('POST', '/api/register', undefined, body('senha123', 'b')));
    // The user's own words are a dictionary too.
    weakViolation(await t.call('POST', '/api/register', undefined, body('forte.c2024', 'c')));
    expect((await t.call('POST', '/api/register', undefined, body(STRONG, 'd'))).statusCode).toBe(201);
  });

  it('changing one\'s own password refuses weak ones on new_password', async () => {
    const u = await t.createUser();
    for (const weak of ['12345678', 'senha123']) weakViolation(await t.call('PUT', '/api/user/changePassword', u.token, { current_password: PASSWORD, new_password: weak }), 'new_password');
    // Nothing changed: the old token still works.
    expect((await t.call('GET', '/api/me', u.token)).statusCode).toBe(200);
    expect((await t.call('PUT', '/api/user/changePassword', u.token, { current_password: PASSWORD, new_password: STRONG })).statusCode).toBe(200);
  });

  it('a reset link refuses a weak password and stays usable', async () => {
    const u = await t.createUser();
    await t.call('POST', '/api/forgot-password/request', undefined, { email: `${u.username}@example.com` });
    const hash = /reset\/([A-Za-z0-9_-]+)/.exec((await smtp.waitFor(`${u.username}@example.com`)).text)![1];
    weakViolation(await t.call('POST', `/api/forgot-password/reset/${hash}`, undefined, { password: '12345678' }));
    weakViolation(await t.call('POST', `/api/forgot-password/reset/${hash}`, undefined, { password: 'senha123' }));
    expect((await t.call('POST', `/api/forgot-password/reset/${hash}`, undefined, { password: STRONG })).statusCode).toBe(200);
  });

  it('a manager creating or updating a user gets the same rule', async () => {
    const manager = await t.createUser({ permissions: ['USER'] });
    const body = (password: string, k: string) => ({ username: `fraco.${k}`, email: `fraco.${k}@example.com`, password, person: { nickname: 'Ed', full_name: 'Edson Lima' } });
    weakViolation(await t.call('POST', '/api/user', manager.token, body('12345678', 'a')));
    weakViolation(await t.call('POST', '/api/user', manager.token, body('senha123', 'b')));
    const created = await t.call('POST', '/api/user', manager.token, body(STRONG, 'c'));
    expect(created.statusCode).toBe(201);
    weakViolation(await t.call('PUT', `/api/user/${created.json().id}`, manager.token, { password: '12345678' }));
    expect((await t.call('PUT', `/api/user/${created.json().id}`, manager.token, { password: 'outra-frase-bem-longa-7' })).statusCode).toBe(200);
  });

  it('the demo password still logs in (seeding writes hashes, no strength check on login)', async () => {
    const u = await t.createUser();
    await t.app.db.update(users).set({ password_hash: await t.app.passwords.hash('demo12345') }).where(eq(users.id, u.id));
    expect((await t.call('POST', '/api/login', undefined, { username: u.username, password: 'demo12345' })).statusCode).toBe(200);
  });
});

describe('argon2 cost of the stored hashes', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());
  const stored = async (id: number) => (await t.app.db.select({ h: users.password_hash }).from(users).where(eq(users.id, id)))[0].h;

  it('a hash of another cost still logs in and is replaced at that login with the configured cost; a wrong password replaces nothing', async () => {
    const u = await t.createUser();
    // argon2id (algorithm 2) at a cost other than the tests' 1024 KiB × 1.
    const older = await hash(PASSWORD, { algorithm: 2, memoryCost: 2048, timeCost: 2, parallelism: 1 });
    await t.app.db.update(users).set({ password_hash: older }).where(eq(users.id, u.id));

    expect((await t.call('POST', '/api/login', undefined, { username: u.username, password: 'errada' })).statusCode).toBe(401);
    expect(await stored(u.id)).toBe(older);

    const session = await t.login(u.username);
    const renewed = await stored(u.id);
    expect(renewed).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    // A new hash of the same password, and the session of that login is valid.
    expect((await t.call('GET', '/api/user/notification', session.token)).statusCode).toBe(200);

    await t.login(u.username);
    expect(await stored(u.id)).toBe(renewed);
  });

  it('a hash of the configured cost is left as it is', async () => {
    const u = await t.createUser();
    const before = await stored(u.id);
    await t.login(u.username);
    expect(await stored(u.id)).toBe(before);
  });
});
