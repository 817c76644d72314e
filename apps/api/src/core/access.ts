import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Placeholder, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { type AccessRule, API_TOKEN_INVALID, API_TOKEN_NOT_ALLOWED, API_TOKEN_PREFIX, readPermissionsOf } from '@operacoes/contract';
import type { Db } from './db';
import { HttpError, forbidden } from './errors';
import { fastRead } from './prepared';
import { RateLimiter } from './rate-limit';
import { apiTokens, organizations, users } from './schema';
import { FILES_COOKIE, cookieValue } from './tokens';
import { organizationTimeZone, setRequestTimeZone, unitOwnTimeZone } from './time-zone';

/**
 * What a route needs (DESIGN §3). Every /api route declares one in `config.access`;
 * the API refuses to start when one does not.
 * - `public`: no token.
 * - `authenticated`: any logged-in user.
 * - `{read: 'X'}`: `X` or `X.INDEX` (and `LOG.READ` for LOG).
 * - `{write: 'X'}`: `X`.
 * - `orgAdmin`: modules without a permission of their own (settings, wiki, release notes): `ORG` or super admin.
 * - `superAdmin`: super admins only.
 * Super admins pass every check.
 */
/** The contract's access rule: permission names are the catalogue's, checked by the compiler. */
export type Access = AccessRule;

export type CurrentUser = {
  id: number;
  username: string;
  organizationId: number;
  superAdmin: boolean;
  permissions: string[];
  /** Permissions that reach only some units (permission → unit ids); absent: organization-wide. */
  scopes?: Record<string, number[]>;
  tokenVersion: number;
  /** Set when the call came with a personal API token (`opr_…`) instead of a session. */
  viaToken?: { id: number; name: string };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route also takes the file session cookie (see Tokens.files) when no Bearer token comes. */
    filesCookie?: boolean;
    /** Refused to personal API tokens (creating tokens, passwords, e-mail): only a person logged in may. */
    noApiToken?: boolean;
  }
  interface FastifyRequest {
    currentUser?: CurrentUser;
  }
}

/** The logged-in user of a route that is not public. */
export function userOf(req: FastifyRequest): CurrentUser {
  if (!req.currentUser) throw new HttpError(401, 'Autenticação necessária.');
  return req.currentUser;
}

/**
 * The units a permission reaches for this user, or undefined when it is organization-wide (a
 * super admin's always is). `STOCK.INDEX` follows `STOCK`'s scope.
 */
export function unitScopeOf(user: CurrentUser, permission: string): number[] | undefined {
  if (user.superAdmin || !user.scopes) return undefined;
  return user.scopes[permission.replace(/\.(INDEX|READ)$/, '')];
}

export function allows(user: CurrentUser, access: Access): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if (user.superAdmin) return true;
  if (access === 'superAdmin') return false;
  if (access === 'orgAdmin') return user.permissions.includes('ORG');
  if ('read' in access) return readPermissionsOf(access.read).some((p) => user.permissions.includes(p));
  return user.permissions.includes(access.write);
}

/** The SHA-256 (hex) of an API token's secret: all the database keeps of it. */
export const apiTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The row of a secret kept as its hash (an API token, a calendar link) with the user it belongs to:
 * the caller's `fields` of both, plus `org_active` (whether the user's organization is active).
 * `tokenHash` is the hash looked up, or a placeholder for a prepared statement.
 */
export function tokenOwner<F extends SelectedFields>(db: Db, table: PgTable & { user_id: PgColumn; token_hash: PgColumn }, fields: F, tokenHash: string | Placeholder) {
  return db
    .select({ ...fields, org_active: organizations.is_active })
    .from(table)
    .innerJoin(users, eq(users.id, table.user_id))
    .innerJoin(organizations, eq(organizations.id, users.organization_id))
    .where(eq(table.token_hash, tokenHash));
}

/**
 * What an API token may do now: each of its permissions its user still holds, a write one narrowed
 * to reading where the user now only reads (a super admin's token: its own permissions, in its
 * organization: it never crosses organizations).
 */
export function tokenPermissions(token: string[], user: string[], superAdmin: boolean): string[] {
  if (superAdmin) return token;
  const out = new Set<string>();
  for (const p of token) {
    const base = p.replace(/\.(INDEX|READ)$/, '');
    if (user.includes(p) || (base !== p && user.includes(base))) out.add(p);
    else if (base === p && user.includes(`${p}.INDEX`)) out.add(`${p}.INDEX`);
  }
  return [...out];
}

/** Calls per token and minute: a runaway script slows itself, not the operator's people. */
const TOKEN_CALLS_PER_MINUTE = 600;

export function registerAccessControl(app: FastifyInstance) {
  const undeclared: string[] = [];
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api') || route.method === 'HEAD') return;
    if (url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), access: 'public' };
      return;
    }
    if (!route.config?.access) undeclared.push(`${route.method} ${url}`);
  });
  app.addHook('onReady', async () => {
    if (undeclared.length) throw new Error(`Routes without a declared access rule: ${undeclared.join(', ')}`);
  });

  // Every authenticated call loads its user (revocation and permissions are checked live): prepared once.
  const loadUser = fastRead<{ id: number; username: string; organization_id: number; unit_organizational_id: number | null; super_admin: boolean; permissions: string[]; permission_scopes: Record<string, number[]>; token_version: number; is_active: boolean }>(
    app.db
      .select({
        id: users.id,
        username: users.username,
        organization_id: users.organization_id,
        unit_organizational_id: users.unit_organizational_id,
        super_admin: users.super_admin,
        permissions: users.permissions,
        permission_scopes: users.permission_scopes,
        token_version: users.token_version,
        is_active: users.is_active,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
    'access_current_user',
  );

  const loadToken = fastRead<{
    id: number;
    name: string;
    permissions: string[];
    expires_at: Date;
    revoked_at: Date | null;
    user_id: number;
    username: string;
    organization_id: number;
    unit_organizational_id: number | null;
    super_admin: boolean;
    user_permissions: string[];
    permission_scopes: Record<string, number[]>;
    token_version: number;
    is_active: boolean;
    org_active: boolean;
  }>(
    tokenOwner(
      app.db,
      apiTokens,
      {
        id: apiTokens.id,
        name: apiTokens.name,
        permissions: apiTokens.permissions,
        expires_at: apiTokens.expires_at,
        revoked_at: apiTokens.revoked_at,
        user_id: users.id,
        username: users.username,
        organization_id: users.organization_id,
        unit_organizational_id: users.unit_organizational_id,
        super_admin: users.super_admin,
        user_permissions: users.permissions,
        permission_scopes: users.permission_scopes,
        token_version: users.token_version,
        is_active: users.is_active,
      },
      sql.placeholder('hash'),
    ),
    'access_api_token',
  );
  const tokenCalls = new RateLimiter(TOKEN_CALLS_PER_MINUTE, 60_000);
  // "Last used": written at most once a minute per token, after the answer (never on the call's path).
  const lastUse = new Map<number, number>();
  app.addHook('onResponse', async (req) => {
    const via = req.currentUser?.viaToken;
    if (!via || (lastUse.get(via.id) ?? 0) > Date.now() - 60_000) return;
    lastUse.set(via.id, Date.now());
    if (lastUse.size > 10_000) lastUse.clear();
    await app.db.update(apiTokens).set({ last_used_at: new Date(), last_used_ip: req.ip.slice(0, 64) }).where(eq(apiTokens.id, via.id)).catch((e: unknown) => req.log.warn({ err: e }, 'api token last use not recorded'));
  });

  /** The user behind a personal API token: its permissions met with the user's current ones (401 when expired, revoked or its user cannot log in). */
  async function tokenUser(req: FastifyRequest, token: string) {
    const [row] = token.length <= 100 ? await loadToken.execute({ hash: apiTokenHash(token) }) : [];
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now() || !row.is_active || !row.org_active) throw new HttpError(401, API_TOKEN_INVALID);
    if (req.routeOptions.config?.noApiToken) throw new HttpError(403, API_TOKEN_NOT_ALLOWED);
    tokenCalls.hit(`token:${row.id}`);
    req.currentUser = {
      id: row.user_id,
      username: row.username,
      organizationId: row.organization_id,
      superAdmin: false,
      permissions: tokenPermissions(row.permissions, row.user_permissions, row.super_admin),
      // A token carries its user's scopes (a super admin's token is an ordinary, organization-wide caller).
      scopes: row.super_admin ? undefined : row.permission_scopes,
      tokenVersion: row.token_version,
      viaToken: { id: row.id, name: row.name },
    };
    return row;
  }

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (token?.startsWith(API_TOKEN_PREFIX)) {
      const row = await tokenUser(req, token);
      // Users' accounts and permissions are managed by people, not by scripts.
      if (!allows(req.currentUser!, access) || (typeof access === 'object' && 'write' in access && access.write === 'USER')) throw forbidden();
      const unitZone = row.unit_organizational_id ? await unitOwnTimeZone(app.db, row.unit_organizational_id) : null;
      setRequestTimeZone(req, unitZone ?? (await organizationTimeZone(app.db, row.organization_id)));
      return;
    }
    const cookie = !token && req.routeOptions.config?.filesCookie ? cookieValue(req.headers.cookie, FILES_COOKIE) : undefined;
    if (!token && !cookie) throw new HttpError(401, 'Autenticação necessária.');
    const claims = token ? await app.tokens.verifyAccess(token) : app.tokens.verifyFiles(cookie!);
    if (!claims) throw new HttpError(401, 'Sessão inválida ou expirada.');
    const [row] = await loadUser.execute({ id: Number(claims.sub) });
    if (!row || !row.is_active || row.token_version !== claims.ver) throw new HttpError(401, 'Sessão inválida ou expirada.');
    req.currentUser = {
      id: row.id,
      username: row.username,
      organizationId: row.organization_id,
      superAdmin: row.super_admin,
      permissions: row.permissions,
      scopes: row.permission_scopes,
      tokenVersion: row.token_version,
    };
    if (!allows(req.currentUser, access)) throw forbidden();
    // The user's local clock: their unit's zone when it overrides, else the organization's.
    const unitZone = row.unit_organizational_id ? await unitOwnTimeZone(app.db, row.unit_organizational_id) : null;
    setRequestTimeZone(req, unitZone ?? (await organizationTimeZone(app.db, row.organization_id)));
  });
}
