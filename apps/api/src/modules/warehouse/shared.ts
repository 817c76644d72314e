import { type AnyColumn, type SQL, eq, sql } from 'drizzle-orm';
import { type CurrentUser, unitScopeOf } from '../../core/access';
import { unprocessable } from '../../core/errors';
import { stocks } from './stock/schema';
import type { DbOrTx } from '../../core/db';
import { sqlList } from '../../core/resource';
import { type PersonRef, num } from '../../core/rows';

/** Warehouse helpers: permission shortcuts and the names of the warehouse rows a list refers to. */

export const hasAny = (user: CurrentUser, perms: string[]) => user.superAdmin || perms.some((p) => user.permissions.includes(p));
/**
 * `column` (a section id) is not a technician's van: what is in a van is its technician's, so
 * out-requests neither reserve nor deliver from one (only the van's own transfers and orders take from it).
 */
export const notAVan = (column: AnyColumn) => sql`not exists (select 1 from section van where van.id = ${column} and van.technician_id is not null)`;

/** The stocks of these units (a subquery): where sections, balances and items belong among units. */
export const stocksOfUnits = (unitIds: number[]): SQL => sql`(select s.id from stock s where s.unit_organizational_id in (${sqlList(unitIds)}))`;

/**
 * A write by a user whose `permission` is scoped to units may place things only in a section of a
 * stock of those units (hand-written routes: the kit checks its own writes). 422 on `field`.
 */
export async function refuseSectionOutOfScope(db: DbOrTx, user: CurrentUser, permission: string, section: { stock_id: number | null }, field: string) {
  const units = unitScopeOf(user, permission);
  if (!units) return;
  const [stock] = section.stock_id ? await db.select({ unit: stocks.unit_organizational_id }).from(stocks).where(eq(stocks.id, section.stock_id)) : [];
  if (!stock || !units.includes(stock.unit)) throw unprocessable([{ propertyPath: field, message: 'Seção fora das unidades em que você tem esta permissão.' }]);
}

/** Holds `X` or `X.INDEX`. */
export const canRead = (user: CurrentUser, name: string) => hasAny(user, [name, `${name}.INDEX`]);
export const canWrite = (user: CurrentUser, name: string) => hasAny(user, [name]);

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

