/**
 * The hardening suites' shared world: the living demo organization (A, "Demo Telecom",
 * rows in every module) beside an empty organization B, the users each cell of the authorization
 * matrix acts as, the OpenAPI operations to walk, concrete path parameters naming A's rows, and a
 * database snapshot to prove "nothing changed".
 *
 *   const f = await createHardeningFixture();   // ~10 s on PGlite (the demo seed goes through the API)
 *   const before = await f.snapshot();  ...  expect(diffSnapshots(before, await f.snapshot())).toEqual([]);
 *   await f.close();
 *
 * Works on in-memory PGlite and on PostgreSQL (TEST_DATABASE_URL), as createTestApp does.
 */
import { eq, sql } from 'drizzle-orm';
import { ALL, createTestApp, type TestApp } from '../helpers';
import { seedDemo } from '../../src/db/seed';
import { organizations } from '../../src/modules/organization/schema';
import { runContractNotices } from '../../src/modules/network/circuit/notices';
import { runSlaNotices } from '../../src/modules/external-activity/activity/sla';
import { removeExpiredExports } from '../../src/modules/report/jobs';
import { OTHER_TECHNICIAN } from './route-access';

/** The last first tick of the app's periodic jobs (core/jobs.ts: 5, 7 and 11 s after ready), with a margin. */
const FIRST_TICKS_MS = 12_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON schema as the OpenAPI document carries it (only the parts the suites look at). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  [k: string]: unknown;
};

export type Operation = {
  method: HttpMethod;
  /** The OpenAPI form: `/api/stock/{id}`. */
  path: string;
  /** `GET /api/stock/{id}`: the key of the expectations table. */
  key: string;
  pathParams: string[];
  /** The JSON request body's schema, when the route declares one. */
  body?: JsonSchema;
  query: { name: string; required: boolean; schema?: JsonSchema }[];
};

/** Every `X.INDEX` permission plus `LOG.READ`: a reader of every module, writer of none. */
export const INDEX_PERMISSIONS = ALL.filter((p) => p.endsWith('.INDEX') || p === 'LOG.READ');

/**
 * Path parameters that are not the first row of the route's collection list: a function of the
 * resolver's helpers, returning the value (or undefined when organization A has no such row).
 * Keys are `{param}` patterns matched against the operation path (first match wins).
 */
type Special = (h: ResolverHelpers) => Promise<string | number | Record<string, string | number> | undefined>;
type ResolverHelpers = { org: number; firstId: (listUrl: string) => Promise<number | undefined>; one: (query: string) => Promise<unknown>; rows: <T>(query: string) => Promise<T[]> };

const SPECIAL: [RegExp, Special][] = [
  // Public capability links (no tenancy: the hash is the secret); read straight from A's rows.
  [/^\/api\/register\/confirm\/\{hash\}$/, async () => 'no-such-confirmation-hash'],
  [/^\/api\/forgot-password\/reset\/\{hash\}$/, async () => 'no-such-reset-hash'],
  [/^\/api\/receiving\/\{hash\}/, (h) => h.one(`select receiving_hash as v from shipment where receiving_hash is not null and organization_id = ${h.org} order by id limit 1`) as Promise<string | undefined>],
  [/^\/api\/viability\/unit\/viewer\/\{hash\}/, (h) => h.one(`select public_hash as v from viability_unit where public_hash is not null and organization_id = ${h.org} order by id limit 1`) as Promise<string | undefined>],
  [/^\/api\/schedule\/feed\/\{token\}$/, async () => 'no-such-feed-token'],
  // API tokens: the demo's one is gestor's (a user's own, under /api/me; anyone's, under /api/user/{id}).
  // A webhook's delivery: the fixture queues one (parked) for the demo's webhook.
  [/^\/api\/organization-settings\/webhook\/\{id\}\/delivery\/\{deliveryId\}/, async (h) => {
    const [row] = await h.rows<{ id: number; webhook_id: number }>(`select id, webhook_id from webhook_delivery where organization_id = ${h.org} order by id limit 1`);
    return row ? { id: row.webhook_id, deliveryId: row.id } : undefined;
  }],
  [/^\/api\/me\/token\/\{id\}$/, (h) => h.one(`select id as v from api_token where organization_id = ${h.org} order by id limit 1`) as Promise<number | undefined>],
  [/^\/api\/user\/\{id\}\/token/, async (h) => {
    const [row] = await h.rows<{ id: number; user_id: number }>(`select id, user_id from api_token where organization_id = ${h.org} order by id limit 1`);
    return row ? { id: row.user_id, tokenId: row.id } : undefined;
  }],
  // CTOs are sites of one type, with no list of their own under /api/viability/cto.
  [/^\/api\/viability\/cto\/svc\/\{id\}$/, (h) => h.firstId('/api/svc')],
  [/^\/api\/viability\/cto\/\{id\}/, (h) => h.one(`select id as v from site where type = 'cto' and organization_id = ${h.org} order by id limit 1`) as Promise<number | undefined>],
  // A user's own notifications: the demo users of A have some (a new user has none).
  [/^\/api\/user\/notification\/\{id\}$/, (h) => h.one(`select id as v from notification where organization_id = ${h.org} order by id limit 1`) as Promise<number | undefined>],
  // The wiki's pages are addressed by path in its list; report jobs are per user (the fixture makes one for A's full user).
  [/^\/api\/wiki\/page\/\{id\}/, (h) => h.one(`select id as v from wiki_page where organization_id = ${h.org} order by id limit 1`) as Promise<number | undefined>],
  [/^\/api\/report\/job\/\{id\}/, (h) => h.one(`select id as v from report_export_job where organization_id = ${h.org} order by id limit 1`) as Promise<number | undefined>],
  [/^\/api\/files\/\{name\}$/, async () => '0123456789abcdef0123456789abcdef.png'], // well-formed, never uploaded
  [/^\/api\/report\/\{name\}/, async () => 'inventory'],
  // A finished activity (its report exists only then); an update revision (only updates revert).
  [/^\/api\/external-activity\/\{id\}\/report$/, (h) => h.one(`select id as v from external_activity where organization_id = ${h.org} and status = 'concluida' order by id limit 1`) as Promise<number | undefined>],
  // A request still pending (a delivered one answers 409 to a cancel before asking who cancels).
  [/^\/api\/patrimony-solicitation\/\{id\}\/cancel$/, (h) => h.one(`select id as v from patrimony_solicitation where organization_id = ${h.org} and status = 'pendente' order by id limit 1`) as Promise<number | undefined>],
  [/^\/api\/revision\/\{id\}/, (h) => h.one(`select id as v from revision where organization_id = ${h.org} and action = 'update' order by id limit 1`) as Promise<number | undefined>],
  // A project's linked activity: both ids from the link table.
  [/^\/api\/project\/\{id\}\/activity\/\{activityId\}$/, async (h) => (await h.rows<{ id: number; activityId: number }>(`select project_id as id, activity_id as "activityId" from project_activity pa join project p on p.id = pa.project_id where p.organization_id = ${h.org} order by 1, 2 limit 1`))[0]],
];

const PARAM_SPECIAL: Record<string, (h: ResolverHelpers) => Promise<string | number | undefined>> = {
  unitId: (h) => h.firstId('/api/unit-organizational'),
  version: async () => 1,
  key: async () => 'no-such-key',
  // A CTO's port: the demo's first box has 16, the last of them free.
  port: async () => 16,
};

/** `{id}` of paths whose list is not their prefix. */
const LIST_OF: [RegExp, string][] = [
  [/^\/api\/my-patrimony\//, '/api/patrimony'],
  [/^\/api\/schedule\/activity\//, '/api/external-activity'],
];

export async function createHardeningFixture(opts: { t?: TestApp } = {}) {
  const t = opts.t ?? (await createTestApp());
  const readyAt = performance.now();
  await seedDemo(t.app);
  const [demo] = await t.app.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.fantasy_name, 'Demo Telecom'));
  const orgA = demo.id;
  const orgB = await t.createOrganization('Organização B (isolamento)');

  const adminToken = await t.adminToken();
  const fullA = await t.createUser({ organizationId: orgA, permissions: ALL, username: 'matrix_full_a' });
  const indexA = await t.createUser({ organizationId: orgA, permissions: INDEX_PERMISSIONS, username: 'matrix_index_a' });
  const noneA = await t.createUser({ organizationId: orgA, permissions: [], username: 'matrix_none_a' });
  const fullB = await t.createUser({ organizationId: orgB, permissions: ALL, username: 'matrix_full_b' });
  // Works field service in A without dispatching, and none of A's orders is theirs.
  const techA = await t.createUser({ organizationId: orgA, permissions: OTHER_TECHNICIAN.permissions, username: 'matrix_tech_a' });

  // Rows the demo does not make: a data source (never run: its URL answers nothing) and a finished
  // export job whose file is gone (inserted: a real job would write in the background during the suites).
  const source = await t.call('POST', '/api/organization-settings/data-source', fullA.token, { name: 'Fonte da matriz', url: 'http://127.0.0.1:9/itens', key_field: 'id' });
  if (source.statusCode !== 201) throw new Error(`data source: ${source.statusCode} ${source.body}`);
  // A failed delivery of the demo's (inactive) webhook: nothing is sent, the redeliver route has a row.
  await t.app.db.execute(sql`insert into webhook_delivery (organization_id, webhook_id, event, payload, status, attempts, retry_until) select organization_id, id, 'site.updated', '{}'::jsonb, 'falhou', 1, now() from webhook where organization_id = ${orgA} order by id limit 1`);
  await t.app.db.execute(sql`insert into report_export_job (organization_id, user_id, report, format, filters, status, file_name, finished_at, expires_at) values (${orgA}, ${fullA.id}, 'inventory', 'csv', '{}'::jsonb, 'failed', 'estoques.csv', now(), now() + interval '1 day')`);

  const docRes = await t.call('GET', '/api/docs/json');
  if (docRes.statusCode !== 200) throw new Error(`GET /api/docs/json: ${docRes.statusCode}`);
  const doc = docRes.json() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };
  const operations: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase() as HttpMethod;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      operations.push({
        method,
        path: p,
        key: `${method} ${p}`,
        pathParams: [...p.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
        body: op.requestBody?.content?.['application/json']?.schema,
        query: (op.parameters ?? []).filter((q) => q.in === 'query').map((q) => ({ name: q.name, required: Boolean(q.required), schema: q.schema })),
      });
    }
  }

  const rows = async <T = Record<string, unknown>>(query: string): Promise<T[]> => (await t.app.db.execute(sql.raw(query))).rows as T[];

  /**
   * Path parameters naming one organization's rows, seen by its full user: `{id}` is the first
   * item of the list the path's prefix names (`/api/stock/{id}/balances` → `GET /api/stock`); the
   * rest: SPECIAL. Only found rows are remembered (B makes its rows while the suites run).
   */
  const resolverFor = (org: number, token: string) => {
    const listCache = new Map<string, number>();
    const firstId = async (listUrl: string) => {
      if (listCache.has(listUrl)) return listCache.get(listUrl);
      const res = await t.call('GET', listUrl, token);
      if (res.statusCode !== 200) return undefined;
      const body = res.json() as { items?: { id?: number }[] };
      const id = body.items?.find((i) => typeof i.id === 'number')?.id;
      if (id !== undefined) listCache.set(listUrl, id);
      return id;
    };
    /** The id of the list's `index`-th item (a second site for a link's other end…). */
    const idAt = async (listUrl: string, index: number) => {
      if (index === 0) return firstId(listUrl);
      const res = await t.call('GET', listUrl, token);
      if (res.statusCode !== 200) return undefined;
      return ((res.json() as { items?: { id?: number }[] }).items ?? []).filter((i) => typeof i.id === 'number')[index]?.id;
    };
    const helpers: ResolverHelpers = { org, firstId, rows, one: async (q) => (await rows<{ v: unknown }>(q))[0]?.v ?? undefined };
    /** Concrete values for an operation's path parameters (undefined when the organization has no such row). */
    const resolveParams = async (path: string): Promise<Record<string, string | number> | undefined> => {
      const values: Record<string, string | number> = {};
      const special = SPECIAL.find(([re]) => re.test(path));
      const whole = special ? await special[1](helpers) : undefined;
      if (special && whole === undefined) return undefined;
      if (whole !== undefined && typeof whole === 'object') return whole;
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1])) {
        let v: string | number | undefined;
        if (PARAM_SPECIAL[name]) v = await PARAM_SPECIAL[name](helpers);
        else if (whole !== undefined) v = whole;
        else v = await firstId(LIST_OF.find(([re]) => re.test(path))?.[1] ?? path.slice(0, path.indexOf(`/{${name}}`)));
        if (v === undefined || v === null) return undefined;
        values[name] = v;
      }
      return values;
    };
    /**
     * A route's required query, from the table's templates: `@/api/x` is the first id of the
     * organization's list, `$select … as v` a value read from the database (`{orgA}` replaced by the organization).
     */
    const resolveQuery = async (query: Record<string, string> | undefined) => {
      if (!query) return '';
      const out = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) {
        const value = v.startsWith('@') ? await firstId(v.slice(1)) : v.startsWith('$') ? await helpers.one(v.slice(1).replaceAll('{orgA}', String(org))) : v;
        if (value === undefined || value === null) throw new Error(`query ${k}=${v}: organization ${org} has no such row`);
        out.set(k, String(value));
      }
      return `?${out}`;
    };
    return { firstId, idAt, resolveParams, resolveQuery };
  };
  const a = resolverFor(orgA, fullA.token);
  const b = resolverFor(orgB, fullB.token);

  /** The URL of `path` with the given parameters (or A's rows). */
  const urlOf = (path: string, params: Record<string, string | number>) => path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(String(params[n])));

  /**
   * The periodic jobs (contract-end and SLA notices, export cleanup) write on their own schedule:
   * let their first ticks pass, then run them now. They notify "once each", so until the data
   * changes again their next ticks write nothing and a snapshot sees only the requests' changes.
   * Call it again after making rows (a new activity already past due is notified once).
   */
  const settleBackgroundJobs = async () => {
    const wait = readyAt + FIRST_TICKS_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await runContractNotices(t.app);
    await runSlaNotices(t.app);
    await removeExpiredExports(t.app);
  };
  await settleBackgroundJobs();

  return {
    t,
    settleBackgroundJobs,
    orgA,
    orgB,
    tokens: { admin: adminToken, fullA: fullA.token, indexA: indexA.token, noneA: noneA.token, fullB: fullB.token, techA: techA.token },
    users: { fullA, indexA, noneA, fullB, techA },
    operations,
    openapi: doc,
    /** Organization A's rows (path parameters, queries): the matrix's targets. */
    resolveParams: a.resolveParams,
    resolveQuery: a.resolveQuery,
    firstId: a.firstId,
    idAt: a.idAt,
    /** The same for organization B's own rows (B makes some during the suites). */
    b,
    urlOf,
    rows,
    snapshot: () => snapshot(t),
    close: () => t.close(),
  };
}

export type HardeningFixture = Awaited<ReturnType<typeof createHardeningFixture>>;

/**
 * Tables the server may write on requests that change nothing of the business, left out of the
 * snapshot (sessions are stateless JWTs: a login and a token's use write no row; the migrations
 * journal lives in schema drizzle). A table added here needs its reason beside it.
 */
export const VOLATILE_TABLES = new Set<string>([
  // The dashboard's stored figures: derived from the business rows, filled by an organization's
  // first dashboard read and refreshed by the periodic job.
  'dashboard_figures',
]);

export type Snapshot = Map<string, { count: number; checksum: string }>;

/** Row count and checksum of every table of schema public (but VOLATILE_TABLES), in one statement. */
const statements = new WeakMap<TestApp, Promise<string>>();
export async function snapshot(t: TestApp, only?: string[]): Promise<Snapshot> {
  const make = async () => {
    const tables = ((await t.app.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).rows as { name: string }[]).map((r) => r.name).filter((n) => !VOLATILE_TABLES.has(n));
    // An order-independent sum of 64-bit row hashes: no sort, cheap enough to take around every write cell.
    return tables.map((n) => `select '${n}' as name, count(*)::int as count, coalesce(sum(hashtextextended(x::text, 0)), 0)::text as checksum from "${n}" x`).join(' union all ');
  };
  let statement = statements.get(t);
  if (!statement) statements.set(t, (statement = make())); // the schema does not change during a suite
  const result = ((await t.app.db.execute(sql.raw(await statement))).rows as { name: string; count: number; checksum: string }[]).filter((r) => !only || only.includes(r.name));
  return new Map(result.map((r) => [r.name, { count: Number(r.count), checksum: r.checksum }]));
}

/** The tables whose count or checksum differ (empty when nothing changed). */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n)?.count !== after.get(n)?.count || before.get(n)?.checksum !== after.get(n)?.checksum).map((n) => `${n}: ${before.get(n)?.count ?? '-'} → ${after.get(n)?.count ?? '-'} rows${before.get(n)?.count === after.get(n)?.count ? ' (content changed)' : ''}`);
}
