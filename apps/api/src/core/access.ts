import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { type AccessRule, readPermissionsOf } from '@operacoes/contract';
import { HttpError, forbidden } from './errors';
import { fastRead } from './prepared';
import { users } from './schema';
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
  tokenVersion: number;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route also takes the file session cookie (see Tokens.files) when no Bearer token comes. */
    filesCookie?: boolean;
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

export function allows(user: CurrentUser, access: Access): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if (user.superAdmin) return true;
  if (access === 'superAdmin') return false;
  if (access === 'orgAdmin') return user.permissions.includes('ORG');
  if ('read' in access) return readPermissionsOf(access.read).some((p) => user.permissions.includes(p));
  return user.permissions.includes(access.write);
}

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
  const loadUser = fastRead<{ id: number; username: string; organization_id: number; unit_organizational_id: number | null; super_admin: boolean; permissions: string[]; token_version: number; is_active: boolean }>(
    app.db
      .select({
        id: users.id,
        username: users.username,
        organization_id: users.organization_id,
        unit_organizational_id: users.unit_organizational_id,
        super_admin: users.super_admin,
        permissions: users.permissions,
        token_version: users.token_version,
        is_active: users.is_active,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
    'access_current_user',
  );

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
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
      tokenVersion: row.token_version,
    };
    if (!allows(req.currentUser, access)) throw forbidden();
    // The user's local clock: their unit's zone when it overrides, else the organization's.
    const unitZone = row.unit_organizational_id ? await unitOwnTimeZone(app.db, row.unit_organizational_id) : null;
    setRequestTimeZone(req, unitZone ?? (await organizationTimeZone(app.db, row.organization_id)));
  });
}
