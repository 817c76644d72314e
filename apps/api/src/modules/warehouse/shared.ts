import type { FastifyInstance } from 'fastify';
import { type AnyColumn, type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CurrentUser } from '../../core/access';
import type { DbOrTx } from '../../core/db';
import { HttpError, type Noun, agree } from '../../core/errors';
import { persons, users } from '../../core/schema';

type OrgTable = PgTable & { id: AnyColumn; organization_id: AnyColumn };

/** Reads as a number a numeric column (drizzle answers numeric as a string). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const iso = (d: Date | string | null | undefined) => (d ? (d instanceof Date ? d.toISOString() : new Date(d).toISOString()) : null);
/** 1.5 → "1,5"; 1000 → "1.000" (pt-BR). */
export const fmt = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

export const hasAny = (user: CurrentUser, perms: string[]) => user.superAdmin || perms.some((p) => user.permissions.includes(p));
/** Holds `X` or `X.INDEX`. */
export const canRead = (user: CurrentUser, name: string) => hasAny(user, [name, `${name}.INDEX`]);
export const canWrite = (user: CurrentUser, name: string) => hasAny(user, [name]);

/**
 * A row referenced by an input field, in the given organization; otherwise 422 with a violation on
 * that field (another organization's row is "not found", never revealed).
 */
export async function referenced<T extends Record<string, unknown>>(
  db: DbOrTx,
  table: OrgTable,
  id: number,
  organizationId: number | null,
  field: string,
  noun: Noun,
  opts: { lock?: boolean } = {},
): Promise<T> {
  let q = db
    .select()
    .from(table)
    .where(and(eq(table.id, id), organizationId === null ? undefined : eq(table.organization_id, organizationId)))
    .$dynamic();
  if (opts.lock) q = q.for('update');
  const [row] = (await q) as T[];
  if (!row) {
    const missing = `${noun.label} ${agree(noun, 'não encontrado')}`;
    throw new HttpError(422, `${missing} nesta organização.`, [{ propertyPath: field, message: missing }]);
  }
  return row;
}

export const violation = (field: string, message: string) => new HttpError(422, message, [{ propertyPath: field, message }]);

/** The organization a write goes to: a super admin may name one; everyone else writes to their own. */
export const targetOrganization = (user: CurrentUser, requested?: number | null) => (user.superAdmin && requested ? requested : user.organizationId);

export type PersonRef = { id: number; username: string; name: string };

/** Users by id as `{id, username, name}` (the person's nickname), in one query. */
export async function personRefs(db: DbOrTx, ids: (number | null | undefined)[]): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, nickname: persons.nickname, full_name: persons.full_name })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.person_id))
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, { id: r.id, username: r.username, name: r.nickname || r.full_name }]));
}

/** Counts rows of `table` matching `where`. */
export async function countWhere(db: DbOrTx, table: PgTable, where: ReturnType<typeof and>): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return n;
}

/** "2 seções, 3 patrimônios" from non-zero counts; undefined when nothing references the row. */
export function referencesMessage(counts: [number, string, string][]): string | undefined {
  const parts = counts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}`;
}

/**
 * Work to run after the transaction of a request commits (notifications: push and e-mail).
 * Keyed by the request's user object, which the resource kit hands to its hooks as `ctx.user`.
 */
const pending = new WeakMap<CurrentUser, (() => Promise<void>)[]>();
export function afterCommit(user: CurrentUser, work: () => Promise<void>) {
  const list = pending.get(user) ?? [];
  list.push(work);
  pending.set(user, list);
}
/** Runs the queued work of successful requests of this plugin; drops it on errors (rolled back). */
export function registerAfterCommit(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const user = req.currentUser;
    if (!user) return;
    const list = pending.get(user);
    if (!list) return;
    pending.delete(user);
    if (reply.statusCode >= 400) return;
    for (const work of list) {
      try {
        await work();
      } catch (err) {
        req.log.error({ err }, 'after-commit work failed');
      }
    }
  });
}

export type Refs = {
  products: Map<number, { id: number; code: string; name: string; tracking: 'patrimonio' | 'consumivel'; unit_of_measure: string; minimum_quantity: number }>;
  sections: Map<number, { id: number; name: string }>;
  stocks: Map<number, { id: number; name: string }>;
  users: Map<number, PersonRef>;
  units: Map<number, { id: number; name: string }>;
};

const idsOf = (xs: (number | null | undefined)[] | undefined) => [...new Set((xs ?? []).filter((x): x is number => typeof x === 'number'))];
const anyOf = (column: SQL, ids: number[]) => (ids.length ? sql`${column} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})` : sql`false`);

/** Names of the rows a list refers to, in one round trip (products, sections, stocks, users, units). */
export async function loadRefs(
  db: DbOrTx,
  want: { products?: (number | null)[]; sections?: (number | null)[]; stocks?: (number | null)[]; users?: (number | null)[]; units?: (number | null)[] },
): Promise<Refs> {
  const p = idsOf(want.products);
  const s = idsOf(want.sections);
  const t = idsOf(want.stocks);
  const u = idsOf(want.users);
  const o = idsOf(want.units);
  const refs: Refs = { products: new Map(), sections: new Map(), stocks: new Map(), users: new Map(), units: new Map() };
  if (!p.length && !s.length && !t.length && !u.length && !o.length) return refs;
  // Every branch names its columns: a UNION takes its column names from whichever branch comes first.
  const parts: SQL[] = [];
  if (p.length) parts.push(sql`select 'p' as k, id, code as a, name as b, tracking as c, unit_of_measure as d, minimum_quantity::text as e from product where ${anyOf(sql`id`, p)}`);
  if (s.length) parts.push(sql`select 's' as k, id, null as a, name as b, null as c, null as d, null as e from section where ${anyOf(sql`id`, s)}`);
  if (t.length) parts.push(sql`select 't' as k, id, null as a, name as b, null as c, null as d, null as e from stock where ${anyOf(sql`id`, t)}`);
  if (u.length) parts.push(sql`select 'u' as k, u.id, u.username as a, p.nickname as b, p.full_name as c, null as d, null as e from "user" u join person p on p.id = u.person_id where ${anyOf(sql`u.id`, u)}`);
  if (o.length) parts.push(sql`select 'o' as k, id, null as a, name as b, null as c, null as d, null as e from unit_organizational where ${anyOf(sql`id`, o)}`);
  const rows = (await db.execute(sql.join(parts, sql` union all `))).rows as { k: string; id: number; a: string | null; b: string; c: string | null; d: string | null; e: string | null }[];
  for (const r of rows) {
    const id = Number(r.id);
    if (r.k === 'p') refs.products.set(id, { id, code: r.a!, name: r.b, tracking: r.c as 'patrimonio', unit_of_measure: r.d!, minimum_quantity: num(r.e) });
    else if (r.k === 's') refs.sections.set(id, { id, name: r.b });
    else if (r.k === 't') refs.stocks.set(id, { id, name: r.b });
    else if (r.k === 'u') refs.users.set(id, { id, username: r.a!, name: r.b || r.c || r.a! });
    else refs.units.set(id, { id, name: r.b });
  }
  return refs;
}

/** A reference or null. */
export const refOf = <T>(map: Map<number, T>, id: number | null | undefined): T | null => (id ? (map.get(id) ?? null) : null);
