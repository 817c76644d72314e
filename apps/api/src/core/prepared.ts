import { Column, Param, Placeholder, SQL, is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';

/** A prepared read: drizzle builds the SQL once; `execute` fills the placeholders and maps the rows. */
export type Prepared<T> = { execute: (values: Record<string, unknown>) => Promise<T[]> };

type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
/** The parts of drizzle's prepared query (node-postgres or PGlite session, drizzle-orm 0.45) this reads. */
type DrizzlePrepared = {
  execute: (values: Record<string, unknown>) => Promise<unknown[]>;
  fields?: { path: string[]; field: unknown }[];
  params: unknown[];
  client: { query: (...args: unknown[]) => Promise<{ rows: unknown[][]; fields?: { dataTypeID: number }[] }> };
  queryConfig: { text?: string; rowMode: 'array'; parsers?: Record<number, unknown> };
  queryString?: string;
  customResultMapper?: unknown;
};

const identity = Column.prototype.mapFromDriverValue;

function decoderOf(field: unknown): Decoder | undefined {
  // `decoder` is internal to drizzle's SQL (set by `.mapWith()`).
  const decoder = is(field, Column) ? field : is(field, SQL) ? (field as unknown as { decoder: Decoder }).decoder : is(field, SQL.Aliased) ? (field.sql as unknown as { decoder: Decoder }).decoder : undefined;
  return decoder && decoder.mapFromDriverValue !== identity ? (decoder as Decoder) : undefined;
}

/**
 * Runs a drizzle prepared select through its driver with the row mapping worked out once:
 * drizzle's own `execute` re-inspects every field of every row (`is()` on each cell) and every
 * parameter, which costs more CPU than the rest of a list request. Same SQL, statement name,
 * type parsers and values as drizzle's; a selection with nested fields (joins) keeps drizzle's path.
 * drizzle's query logger and cache are not called (the app configures neither).
 */
export function fastRead<T>(query: { prepare: (name: string) => unknown }, name: string): Prepared<T> {
  const p = query.prepare(name) as DrizzlePrepared;
  const fields = p.fields;
  if (!fields || p.customResultMapper || fields.some((f) => f.path.length !== 1) || !p.client || !p.queryConfig) {
    return p as unknown as Prepared<T>;
  }
  const keys = fields.map((f) => f.path[0]);
  const decoders = fields.map((f) => decoderOf(f.field));
  const params = p.params.map((param): ((values: Record<string, unknown>) => unknown) => {
    if (is(param, Placeholder)) return (values) => values[param.name];
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder, value } = param as Param & { value: Placeholder };
      return (values) => encoder.mapToDriverValue(values[value.name]);
    }
    return () => param;
  });
  // node-postgres: query(config with name, text and type parsers, values). PGlite: query(text, values,
  // options), which keeps each text parsed under its own name (core/pglite-query.ts).
  const run =
    p.queryConfig.text !== undefined
      ? (values: unknown[]) => p.client.query(p.queryConfig, values)
      : (values: unknown[]) => p.client.query(p.queryString, values, p.queryConfig);
  const n = keys.length;
  return {
    async execute(values) {
      const { rows } = await run(params.map((param) => param(values)));
      const out = new Array<T>(rows.length);
      for (let r = 0; r < rows.length; r++) {
        const raw = rows[r];
        const row: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          const v = raw[i];
          const decoder = decoders[i];
          row[keys[i]] = v === null ? null : decoder ? decoder.mapFromDriverValue(v) : v;
        }
        out[r] = row as T;
      }
      return out;
    },
  };
}

/** Prepared statement names must not repeat with another text (PostgreSQL keeps their first 63 bytes). */
let statements = 0;
export const statementName = (what: string) => `p${++statements}_${what}`;

type Buildable = { prepare: (name: string) => unknown };
const perHandle = new WeakMap<object, Map<unknown, Prepared<unknown>>>();

/**
 * The prepared read `key` for this database handle, built on first use by `build` and named. In a
 * transaction it is built per call and unnamed: a named statement lives as long as its connection,
 * so naming one per transaction would pile them up on the server.
 */
export function preparedRead<T>(db: DbOrTx, key: unknown, what: string, build: (db: DbOrTx) => Buildable): Prepared<T> {
  if (is(db, PgTransaction)) return fastRead<T>(build(db), '');
  let prepared = perHandle.get(db);
  if (!prepared) perHandle.set(db, (prepared = new Map()));
  let statement = prepared.get(key);
  if (!statement) prepared.set(key, (statement = fastRead<T>(build(db), statementName(what))));
  return statement as Prepared<T>;
}
