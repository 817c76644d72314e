/**
 * What every benchmark baseline shares: a `node:http` + `pg` server (pool of 20, like the API) with
 * the API's JWT check (jose, HS256) and user lookup, and no framework, validation, serializer or
 * logging: what the API would cost if it were free. A baseline gives its routes to `serveBaseline`.
 *
 * Env: PORT, JWT_SECRET, DATABASE_URL.
 */
import http from 'node:http';
import { jwtVerify } from 'jose';
import pg from 'pg';

pg.types.setTypeParser(1082, (v: string) => v); // date → 'YYYY-MM-DD', as drizzle's date({ mode: 'string' })
export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
pool.on('error', () => undefined);
export type Row = Record<string, unknown>;
/** A query; with a `name`, a named prepared statement (planned once per connection, as the API's lists are). */
export const query = async (text: string, values: unknown[], name?: string) => (await pool.query(name ? { name, text, values } : { text, values })).rows as Row[];
const key = new TextEncoder().encode(process.env.JWT_SECRET!);
export const iso = (d: unknown) => (d === null || d === undefined ? null : (d instanceof Date ? d : new Date(d as string)).toISOString());
export const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
export const inList = (n: number, from: number) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');
export const uniq = (xs: unknown[]) => [...new Set(xs.filter((x) => x !== null && x !== undefined))] as number[];

const AUTH = 'select "id", "username", "organization_id", "super_admin", "permissions", "token_version", "is_active" from "user" where "user"."id" = $1';

export async function authenticate(req: http.IncomingMessage) {
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return undefined;
  try {
    const { payload } = await jwtVerify(h.slice(7), key, { algorithms: ['HS256'] });
    if (payload.typ !== 'access') return undefined;
    const [u] = await query(AUTH, [Number(payload.sub)]);
    if (!u || !u.is_active || u.token_version !== payload.ver) return undefined;
    return u as { id: number; organization_id: number; super_admin: boolean; permissions: string[] };
  } catch {
    return undefined;
  }
}
export const allowed = (u: { super_admin: boolean; permissions: string[] }, name: string) => u.super_admin || u.permissions.includes(name) || u.permissions.includes(`${name}.INDEX`);

export type BaselineUser = { id: number; organization_id: number; super_admin: boolean; permissions: string[] };
export type BaselineRoute = (user: BaselineUser, url: URL) => Promise<readonly [number, unknown]>;
export const forbiddenAnswer = [403, { code: 403, message: 'Você não tem permissão para esta ação.' }] as const;

/** Serves `GET <path>` routes behind the token check, plus /api/health. */
export function serveBaseline(routes: Record<string, BaselineRoute>) {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      const json = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
      res.end(json);
    };
    void (async () => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/api/health') return send(200, { status: 'ok' });
      const user = await authenticate(req);
      if (!user) return send(401, { code: 401, message: 'Sessão inválida ou expirada.' });
      const route = req.method === 'GET' ? routes[url.pathname] : undefined;
      if (route) {
        const [status, body] = await route(user, url);
        return send(status, body);
      }
      send(404, { code: 404, message: 'Rota não encontrada' });
    })().catch((err) => {
      console.error(err);
      send(500, { code: 500, message: 'Erro interno do servidor.' });
    });
  });
  server.keepAliveTimeout = 72_000;
  server.listen(Number(process.env.PORT ?? 3998), '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
}
