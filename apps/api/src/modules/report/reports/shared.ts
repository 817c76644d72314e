import { type SQL, sql } from 'drizzle-orm';
import type { ReportColumn, ReportQuery } from '@operacoes/contract';
import { endOfDay, startOfDay } from '../../../core/dates';
import { currentTimeZone } from '../../../core/time-zone';
import type { DbOrTx } from '../../../core/db';
import { personDisplayNameSql } from '../../../core/people';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportScope } from '../definition';

/** Helpers the report definitions share: keyset paging, tenancy, periods, closed-list options. */

/**
 * A report's columns in order, one line each: `key: [label, type, width]` (the width a hint in
 * characters for the spreadsheet and the PDF).
 */
export const columnsOf = (spec: Record<string, [label: string, type: ReportColumn['type'], width?: number]>): ReportColumn[] =>
  Object.entries(spec).map(([key, [label, type, width]]) => ({ key, label, type, width }));

/** A `*_LABELS` map as a status filter's options, in the map's order. */
export const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The rows of the scope's organization (none: every organization, for a super admin). */
export const tenant = (column: SQL | unknown, scope: ReportScope): SQL | undefined => (scope.organizationId === null ? undefined : sql`${column} = ${scope.organizationId}`);

/** `from`/`to` (days in the organization's zone, inclusive) on a timestamp column. */
export const period = (column: SQL | unknown, q: ReportQuery, zone = currentTimeZone()): SQL[] => [
  ...(q.from ? [sql`${column} >= ${startOfDay(q.from, zone).toISOString()}::timestamptz`] : []),
  ...(q.to ? [sql`${column} <= ${endOfDay(q.to, zone).toISOString()}::timestamptz`] : []),
];

/** `a and b and …` of the present conditions (true when none). */
export const all = (conds: (SQL | undefined)[]): SQL => {
  const present = conds.filter((c): c is SQL => c !== undefined);
  return present.length ? sql.join(present.map((c) => sql`(${c})`), sql` and `) : sql`true`;
};

/** A keyset column: its expression and its SQL type (the last row's value is cast back to it). */
export type KeyPart = { expr: SQL; type: 'int' | 'text' | 'timestamptz' };
/**
 * Rows strictly after (or, descending, before) the last row of the previous batch:
 * `(k1, k2, …) > ($1, $2, …)`, the same tuple the batch is ordered by. Timestamps travel as
 * PostgreSQL's own text, so microseconds survive the round trip through JavaScript.
 */
export function after(keys: KeyPart[], last: unknown[] | null, descending = false): SQL | undefined {
  if (!last) return undefined;
  const values = keys.map((k, i) => sql`${last[i]}::${sql.raw(k.type)}`);
  return sql`(${sql.join(keys.map((k) => k.expr), sql`, `)}) ${sql.raw(descending ? '<' : '>')} (${sql.join(values, sql`, `)})`;
}
/** The select list of the keys (`k0`, `k1`…, timestamps as text) and the ORDER BY of them. */
export const keyColumns = (keys: KeyPart[]) => sql.join(keys.map((k, i) => sql`${k.type === 'timestamptz' ? sql`${k.expr}::text` : k.expr} as ${sql.raw(`k${i}`)}`), sql`, `);
export const orderOf = (keys: KeyPart[], descending = false) => sql.join(keys.map((k) => sql`${k.expr} ${sql.raw(descending ? 'desc' : 'asc')}`), sql`, `);
export const lastKey = (row: Record<string, unknown>, keys: KeyPart[]) => keys.map((_, i) => row[`k${i}`]);

/** Rows of a raw statement (node-postgres and PGlite answer the same shape). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** `select count(*) from <from> where <where>`: a report's total. */
export async function countRows(db: DbOrTx, from: SQL, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from ${from} where ${where}`);
  return Number(row.n);
}

/**
 * Every row of a keyset-paged statement, batch by batch: `page(last, limit)` answers the next rows
 * after `last` (null: from the start), `lastOf` the key of a row; stops at a short batch.
 */
export async function* keysetBatches<R>(page: (last: unknown[] | null, limit: number) => Promise<R[]>, lastOf: (row: R) => unknown[], batchSize: number): AsyncGenerator<R[]> {
  const limit = Math.max(1, Math.floor(batchSize));
  let last: unknown[] | null = null;
  for (;;) {
    const rows = await page(last, limit);
    if (rows.length) yield rows;
    if (rows.length < limit) return;
    last = lastOf(rows[rows.length - 1]);
  }
}

/** A keyset-paged statement: `select <select> from <from> where <where>` in the order of `keys`. */
export type KeysetQuery = { keys: KeyPart[]; descending?: boolean; select: SQL; from: SQL; where: SQL };

/**
 * Newest first, in creation order: the id of the table aliased `alias` walks the
 * (organization_id, id) index backwards, so each batch is an index range (ordering by `created_at`
 * would sort every remaining row per batch).
 */
export const newestFirst = (alias: string): Pick<KeysetQuery, 'keys' | 'descending'> => ({ keys: [{ expr: sql.raw(`${alias}.id`), type: 'int' }], descending: true });

/** The rows of a keyset-paged statement, batch by batch (each batch one statement from the last row's key on). */
export function keysetPages<R extends Record<string, unknown>>(db: DbOrTx, o: KeysetQuery, batchSize: number): AsyncGenerator<R[]> {
  return keysetBatches(
    (last, limit) =>
      rowsOf<R>(db, sql`select ${keyColumns(o.keys)}, ${o.select} from ${o.from} where ${all([o.where, after(o.keys, last, o.descending)])} order by ${orderOf(o.keys, o.descending)} limit ${limit}`),
    (row) => lastKey(row, o.keys),
    batchSize,
  );
}

/** A report's batches from a keyset-paged statement: each row made the report's cells by `cells`. */
export async function* keysetCells<R extends Record<string, unknown>>(db: DbOrTx, o: KeysetQuery, batchSize: number, cells: (row: R) => Cell[]): AsyncGenerator<Cell[][]> {
  for await (const rows of keysetPages<R>(db, o, batchSize)) yield rows.map(cells);
}

/** Rows from any run of arrays, re-cut into batches of exactly `batchSize` rows (the last one shorter). */
export async function* rebatch<R>(source: AsyncIterable<R[]>, batchSize: number): AsyncGenerator<R[]> {
  const size = Math.max(1, Math.floor(batchSize));
  let buffer: R[] = [];
  for await (const rows of source) {
    buffer = buffer.concat(rows);
    while (buffer.length >= size) {
      yield buffer.slice(0, size);
      buffer = buffer.slice(size);
    }
  }
  if (buffer.length) yield buffer;
}

/** A number from the driver (numeric and bigint arrive as strings), null kept. */
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
/** A timestamp from the driver (Date or text), null kept. */
export const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
/** Hours between two instants, two decimals. */
export const hoursBetween = (from: Date, to: Date) => Math.round(((to.getTime() - from.getTime()) / 3_600_000) * 100) / 100;
/** A user's name as reports show people: "Nome Completo (apelido)" (core/people). */
export const personName = personDisplayNameSql;
