/**
 * The benchmark's baseline: a minimal `node:http` server with `pg` (or PGlite) answering the
 * two benchmarked routes with the SAME SQL the API sends (captured from it: same texts, same
 * parameters, same round trips in the same order and concurrency), the same JWT check (jose,
 * HS256) and the same JSON. No framework, no validation, no serializer, no logging: what the
 * API would cost if it were free.
 *
 * Env: PORT, JWT_SECRET, and DATABASE_URL (PostgreSQL, pool of 20 like the API) or PGLITE_DIR.
 */
import http from 'node:http';
import { jwtVerify } from 'jose';
import pg from 'pg';

/** `name`: a named (prepared) statement where the API prepares one (PostgreSQL only; PGlite has none). */
type Query = (text: string, params: unknown[], rowMode?: 'array', name?: string) => Promise<Record<string, unknown>[]>;

async function connect(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
    pool.on('error', () => undefined);
    return async (text, values, rowMode, name) => {
      const config: pg.QueryConfig = rowMode ? ({ text, values, rowMode, name } as pg.QueryArrayConfig) : { text, values, name };
      return (await pool.query(config)).rows as Record<string, unknown>[];
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm, unaccent } });
  return async (text, params, rowMode) => (await db.query<Record<string, unknown>>(text, params, rowMode ? { rowMode } : undefined)).rows;
}

const query = await connect();
const key = new TextEncoder().encode(process.env.JWT_SECRET!);
const iso = (d: unknown) => (d instanceof Date ? d : new Date(d as string)).toISOString();
const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

const AUTH = 'select "id", "username", "organization_id", "super_admin", "permissions", "permission_scopes", "token_version", "is_active" from "user" where "user"."id" = $1';

async function authenticate(req: http.IncomingMessage) {
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return undefined;
  try {
    const { payload } = await jwtVerify(h.slice(7), key, { algorithms: ['HS256'] });
    if (payload.typ !== 'access') return undefined;
    const [u] = await query(AUTH, [Number(payload.sub)], undefined, 'auth');
    if (!u || !u.is_active || u.token_version !== payload.ver) return undefined;
    return u as { id: number; organization_id: number; super_admin: boolean; permissions: string[] };
  } catch {
    return undefined;
  }
}

// The API's list statement: no secret or search columns, rows and total in one statement.
const USER_COLS = '"id", "organization_id", "person_id", "unit_organizational_id", "username", "email", "picture", "permissions", "permission_scopes", "super_admin", "is_active", "is_confirmed", "settings", "created_at", "updated_at", (count(*) over ())::int as "__total"';

async function users(u: { organization_id: number; permissions: string[]; super_admin: boolean }, url: URL) {
  if (!u.super_admin && !u.permissions.includes('USER') && !u.permissions.includes('USER.INDEX')) return [403, { code: 403, message: 'Acesso negado.' }] as const;
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const pageSize = Math.min(100, Math.max(1, Number(url.searchParams.get('pageSize') ?? 10)));
  const words = fold(url.searchParams.get('search') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const patterns = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
  const where = ['"user"."organization_id" = $1', ...words.map((_, i) => `"user"."search_text" like $${i + 2}`)].join(' and ');
  const w = words.length ? `(${where})` : where;
  const offset = (page - 1) * pageSize;
  const n = patterns.length + 1;
  // The API's statement, prepared once per number of search words (the sort is the default).
  const rows = await query(`select ${USER_COLS} from "user" where ${w} order by "user"."username" asc limit $${n + 1} offset $${n + 2}`, [u.organization_id, ...patterns, pageSize, offset], undefined, `users_${words.length}`);
  const total = rows.length ? rows[0].__total : offset === 0 ? 0 : (await query(`select count(*)::int from "user" where ${w}`, [u.organization_id, ...patterns]))[0].count;
  let items: unknown[] = [];
  if (rows.length) {
    const personIds = rows.map((r) => r.person_id);
    const orgIds = [...new Set(rows.map((r) => r.organization_id))];
    const userIds = rows.map((r) => r.id);
    const [persons, orgs, memberships] = await Promise.all([
      query('select "id", "organization_id", "nickname", "full_name", "created_at" from "person" where "person"."id" = any($1)', [[...new Set(personIds)]], undefined, 'persons'),
      query('select "id", "fantasy_name", "legal_name", "cnpj", "email", "phone", "address", "zip_code", "city_id", "logo", "is_platform", "is_active", "settings", "search_text", "created_at", "updated_at" from "organization" where "organization"."id" = any($1)', [orgIds], undefined, 'organizations'),
      query('select "user_unit"."user_id", "unit_organizational"."id", "unit_organizational"."name" from "user_unit" inner join "unit_organizational" on "unit_organizational"."id" = "user_unit"."unit_id" where "user_unit"."user_id" = any($1)', [userIds], undefined, 'user_units'),
    ]);
    const unitIds = rows.map((r) => r.unit_organizational_id).filter((x) => x !== null);
    const units = unitIds.length ? await query('select * from "unit_organizational" where "unit_organizational"."id" = any($1)', [[...new Set(unitIds)]], undefined, 'units') : [];
    const pm = new Map(persons.map((p) => [p.id, p]));
    const om = new Map(orgs.map((o) => [o.id, o]));
    const um = new Map(units.map((x) => [x.id, x]));
    items = rows.map((r) => {
      const p = pm.get(r.person_id)!;
      const o = om.get(r.organization_id)!;
      const unit = r.unit_organizational_id ? um.get(r.unit_organizational_id) : undefined;
      return {
        id: r.id,
        username: r.username,
        email: r.email,
        picture: r.picture,
        person: { id: p.id, nickname: p.nickname, full_name: p.full_name },
        organization: { id: o.id, name: o.legal_name || o.fantasy_name, fantasy_name: o.fantasy_name },
        unit_organizational: unit ? { id: unit.id, name: unit.name } : null,
        units: memberships.filter((m) => m.user_id === r.id).map((m) => ({ id: m.id, name: m.name })),
        permissions: r.permissions,
        permission_scopes: r.permission_scopes,
        super_admin: r.super_admin ? 1 : 0,
        is_active: r.is_active,
        is_confirmed: r.is_confirmed,
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
      };
    });
  }
  const t = total as number;
  return [200, { items, total_items: t, total_pages: Math.ceil(t / pageSize), current_page: page, page_size: pageSize }] as const;
}

async function notifications(u: { id: number }, url: URL) {
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const pageSize = Math.min(100, Math.max(1, Number(url.searchParams.get('pageSize') ?? 10)));
  const offset = (page - 1) * pageSize;
  const [rows, [counts]] = await Promise.all([
    query(
      'select "id", "organization_id", "user_id", "title", "message", "link", "is_read", "created_by", "created_at" from "notification" where "notification"."user_id" = $1 order by "notification"."id" desc limit $2 offset $3',
      [u.id, pageSize, offset],
      undefined,
      'notification_page',
    ),
    query('select count(*)::int, (count(*) filter (where not "is_read"))::int from "notification" where "notification"."user_id" = $1', [u.id], 'array', 'notification_counts'),
  ]);
  const c = counts as unknown as number[];
  const total = c[0];
  return [
    200,
    {
      items: rows.map((r) => ({ id: r.id, title: r.title, message: r.message, is_read: r.is_read, created_at: iso(r.created_at), link: r.link })),
      total_items: total,
      total_pages: Math.ceil(total / pageSize),
      current_page: page,
      page_size: pageSize,
      unread_count: c[1],
    },
  ] as const;
}

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
    if (req.method === 'GET' && url.pathname === '/api/user') {
      const [status, body] = await users(user, url);
      return send(status, body);
    }
    if (req.method === 'GET' && url.pathname === '/api/user/notification') {
      const [status, body] = await notifications(user, url);
      return send(status, body);
    }
    send(404, { code: 404, message: 'Rota não encontrada' });
  })().catch((err) => {
    console.error(err);
    send(500, { code: 500, message: 'Erro interno do servidor.' });
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 3999), '127.0.0.1');
// A clean exit (so `--cpu-prof` writes its profile).
process.on('SIGTERM', () => process.exit(0));
