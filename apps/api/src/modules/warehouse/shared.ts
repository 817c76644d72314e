import { type AnyColumn, type SQL, eq, sql } from 'drizzle-orm';
import { type CurrentUser, unitScopeOf } from '../../core/access';
import { unprocessable } from '../../core/errors';
import { stocks } from './stock/schema';
import type { DbOrTx } from '../../core/db';
import { sqlList } from '../../core/resource';
import { rawStatement } from '../../core/prepared';
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
  activities: Map<number, { id: number; code: string; client_name: string }>;
  projects: Map<number, { id: number; code: string; name: string }>;
};

const idsOf = (xs: (number | null | undefined)[] | undefined) => [...new Set((xs ?? []).filter((x): x is number => typeof x === 'number'))];

type RefRow = { k: string; id: number; a: string | null; b: string; c: string | null; d: string | null; e: string | null };
// One branch per kind, in the order of `loadRefs`' ids. Every branch names its columns: a UNION takes
// its column names from whichever branch comes first.
const BRANCHES = [
  (n: number) => `select 'p' as k, id, code as a, name as b, tracking as c, unit_of_measure as d, minimum_quantity::text as e from product where id = any($${n}::int[])`,
  (n: number) => `select 's' as k, id, null as a, name as b, null as c, null as d, null as e from section where id = any($${n}::int[])`,
  (n: number) => `select 't' as k, id, null as a, name as b, null as c, null as d, null as e from stock where id = any($${n}::int[])`,
  (n: number) => `select 'u' as k, u.id, u.username as a, p.nickname as b, p.full_name as c, null as d, null as e from "user" u join person p on p.id = u.person_id where u.id = any($${n}::int[])`,
  (n: number) => `select 'o' as k, id, null as a, name as b, null as c, null as d, null as e from unit_organizational where id = any($${n}::int[])`,
  (n: number) => `select 'a' as k, id, code as a, client_name as b, null as c, null as d, null as e from external_activity where id = any($${n}::int[])`,
  (n: number) => `select 'j' as k, id, code as a, name as b, null as c, null as d, null as e from project where id = any($${n}::int[])`,
];
// A statement per set of kinds asked for (a handful in practice), each of one text whatever the
// number of ids: parsed once per connection, built never.
const refStatements = new Map<number, (db: DbOrTx, values: unknown[]) => Promise<RefRow[]>>();
function refStatement(kinds: number[]) {
  const key = kinds.reduce((mask, kind) => mask | (1 << kind), 0);
  let statement = refStatements.get(key);
  if (!statement) refStatements.set(key, (statement = rawStatement<RefRow>('warehouse_refs', kinds.map((kind, i) => BRANCHES[kind](i + 1)).join(' union all '))));
  return statement;
}

/** Names of the rows a list refers to, in one round trip (products, sections, stocks, users, units, field activities, projects). */
export async function loadRefs(
  db: DbOrTx,
  want: {
    products?: (number | null)[];
    sections?: (number | null)[];
    stocks?: (number | null)[];
    users?: (number | null)[];
    units?: (number | null)[];
    activities?: (number | null)[];
    projects?: (number | null)[];
  },
): Promise<Refs> {
  const ids = [want.products, want.sections, want.stocks, want.users, want.units, want.activities, want.projects].map(idsOf);
  const refs: Refs = { products: new Map(), sections: new Map(), stocks: new Map(), users: new Map(), units: new Map(), activities: new Map(), projects: new Map() };
  const kinds = ids.flatMap((kind, i) => (kind.length ? [i] : []));
  if (kinds.length === 0) return refs;
  for (const r of await refStatement(kinds)(db, kinds.map((kind) => ids[kind]))) {
    const id = Number(r.id);
    if (r.k === 'p') refs.products.set(id, { id, code: r.a!, name: r.b, tracking: r.c as 'patrimonio', unit_of_measure: r.d!, minimum_quantity: num(r.e) });
    else if (r.k === 's') refs.sections.set(id, { id, name: r.b });
    else if (r.k === 't') refs.stocks.set(id, { id, name: r.b });
    else if (r.k === 'u') refs.users.set(id, { id, username: r.a!, name: r.b || r.c || r.a! });
    else if (r.k === 'o') refs.units.set(id, { id, name: r.b });
    else if (r.k === 'a') refs.activities.set(id, { id, code: r.a!, client_name: r.b });
    else refs.projects.set(id, { id, code: r.a!, name: r.b });
  }
  return refs;
}

