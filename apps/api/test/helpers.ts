import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { ALL_PERMISSIONS } from '@operacoes/contract';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db';
import { answerContract } from './answer-contract';
import { insertUser, seedBase } from '../src/db/seed';
import { organizations } from '../src/modules/organization/schema';
import { searchText } from '../src/core/list';

export const ADMIN = { username: 'admin', password: 'admin-test-pass' };
export const PASSWORD = 'senha-de-teste-1';

/**
 * A new database on the PostgreSQL server of `serverUrl`, empty or a copy of `template`; `drop` removes it
 * (closing its connections).
 */
export async function freshPgDatabase(serverUrl: string, prefix = 't', template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

let template: Blob | undefined;
/** The migrated PGlite database of test/global-setup.ts, read once per worker. */
function pgliteTemplate() {
  const file = inject('pgliteTemplate');
  if (file && !template) template = new Blob([readFileSync(file)]);
  return template;
}

/**
 * A fresh API on a fresh database: in-memory PGlite (a copy of the migrated template), or a new PostgreSQL database created on
 * the server of `TEST_DATABASE_URL` (dropped at close).
 */
export async function createTestApp(overrides: Partial<Config> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'operacoes-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL) ({ url: databaseUrl, drop: dropDatabase } = await freshPgDatabase(process.env.TEST_DATABASE_URL, 't', inject('pgTemplate')));
  const config = loadConfig(
    { DATA_DIR: dataDir },
    {
      jwtSecret: 'test-secret-' + randomBytes(8).toString('hex'),
      argon2: { memoryCost: 1024, timeCost: 1 },
      rateLimit: { perIpPerMinute: 10_000, perUsernamePerWindow: 10_000, usernameWindowMs: 60_000 },
      logLevel: process.env.DEBUG_LOG ? 'debug' : 'silent',
      publicUrl: 'http://operacoes.test',
      ...overrides,
    },
  );
  const database = await openDatabase({ databaseUrl, poolSize: 5, pgliteTemplate: databaseUrl ? undefined : pgliteTemplate() });
  const app = await buildApp(config, database, { logger: Boolean(process.env.DEBUG_LOG) });
  const contract = answerContract(inject('openapiDocument'));
  contract.watch(app);
  /** Answers that differ from the published document fail the test that made them. */
  const holdToDocument = () => {
    const problems = contract.take();
    if (problems.length) throw new Error(`Answer differs from the OpenAPI document:\n${problems.join('\n')}`);
  };
  const base = await seedBase(app.db, app.passwords, { adminUsername: ADMIN.username, adminPassword: ADMIN.password }, app.log);
  await app.ready();

  const call = async (method: string, url: string, token?: string, payload?: unknown) => {
    const res = await app.inject({ method: method as 'GET', url, payload: payload as never, headers: token ? { authorization: `Bearer ${token}` } : {} });
    holdToDocument();
    return res;
  };

  const login = async (username: string, password = PASSWORD) => {
    const res = await call('POST', '/api/login', undefined, { username, password });
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
    return res.json() as { token: string; mercure_token: string; mercure_topics: string[]; user: { id: number } };
  };

  let counter = 0;
  /** A new organization (by direct insert: the organizations module has its own tests). */
  const createOrganization = async (name = `Org ${++counter}`) => {
    const [org] = await app.db.insert(organizations).values({ fantasy_name: name, search_text: searchText(name) }).returning();
    return org.id;
  };
  /** A user with the given permissions in the given organization, logged in. */
  const createUser = async (opts: { permissions?: string[]; organizationId?: number; username?: string; superAdmin?: boolean; nickname?: string; fullName?: string } = {}) => {
    const username = opts.username ?? `u${++counter}_${randomBytes(3).toString('hex')}`;
    const user = await insertUser(app.db, {
      organizationId: opts.organizationId ?? base.organizationId,
      username,
      email: `${username}@example.com`,
      passwordHash: await app.passwords.hash(PASSWORD),
      nickname: opts.nickname ?? username,
      fullName: opts.fullName ?? `Pessoa ${username}`,
      permissions: opts.permissions ?? [],
      superAdmin: opts.superAdmin,
    });
    const session = await login(username);
    return { id: user.id, username, token: session.token, session, organizationId: user.organization_id };
  };

  return {
    app,
    config,
    dataDir,
    platformOrganizationId: base.organizationId,
    call,
    login,
    createOrganization,
    createUser,
    adminToken: async () => (await login(ADMIN.username, ADMIN.password)).token,
    async close() {
      await app.close();
      try {
        holdToDocument();
      } finally {
        await database.close();
        await dropDatabase();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;
export const ALL = [...ALL_PERMISSIONS];
export type { FastifyInstance };

/** A fixture made once per test app and organization: `fixture(t, organizationId = the platform's)`. */
export function perOrganization<T>(make: (t: TestApp, organizationId: number) => Promise<T>) {
  const cache = new WeakMap<TestApp, Map<number, Promise<T>>>();
  return (t: TestApp, organizationId = t.platformOrganizationId): Promise<T> => {
    let perApp = cache.get(t);
    if (!perApp) cache.set(t, (perApp = new Map()));
    let made = perApp.get(organizationId);
    if (!made) perApp.set(organizationId, (made = make(t, organizationId)));
    return made;
  };
}

/** A 422 body's violations as { propertyPath: message }, to compare every fault of one answer at once. */
export const violationsByField = (body: { violations: { propertyPath: string; message: string }[] }) => Object.fromEntries(body.violations.map((v) => [v.propertyPath, v.message]));
