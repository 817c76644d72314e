import { Column, Param, Placeholder, SQL, is } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
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

type Client = DrizzlePrepared['client'];
/** The driver's client behind a handle: the pool, or the connection a transaction holds (drizzle keeps it on the session). */
const clientOf = (db: DbOrTx): Client => (db as unknown as { session: { client: Client } }).session.client;

/** A drizzle prepared select reduced to its text, parameters and row mapping: runs on any client of its driver. */
type Compiled<T> = { run: (client: Client, values: Record<string, unknown>) => Promise<T[]> };

/**
 * Works out once what drizzle's own `execute` re-inspects on every call (`is()` on every field of
 * every row and every parameter, which costs more CPU than the rest of a list request). Same SQL,
 * statement name, type parsers and values as drizzle's; undefined for a selection with nested
 * fields (joins), which keeps drizzle's path. drizzle's query logger and cache are not called
 * (the app configures neither).
 */
function compile<T>(p: DrizzlePrepared): Compiled<T> | undefined {
  const fields = p.fields;
  if (!fields || p.customResultMapper || fields.some((f) => f.path.length !== 1) || !p.client || !p.queryConfig) return undefined;
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
  const { queryConfig, queryString } = p;
  const query =
    queryConfig.text !== undefined
      ? (client: Client, values: unknown[]) => client.query(queryConfig, values)
      : (client: Client, values: unknown[]) => client.query(queryString, values, queryConfig);
  const n = keys.length;
  return {
    async run(client, values) {
      const { rows } = await query(client, params.map((param) => param(values)));
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

/** A drizzle prepared select run with its row mapping worked out once (see `compile`), on the handle it was built on. */
export function fastRead<T>(query: { prepare: (name: string) => unknown }, name: string): Prepared<T> {
  const p = query.prepare(name) as DrizzlePrepared;
  const compiled = compile<T>(p);
  if (!compiled) return p as unknown as Prepared<T>;
  return { execute: (values) => compiled.run(p.client, values) };
}

/** Prepared statement names must not repeat with another text (PostgreSQL keeps their first 63 bytes). */
let statements = 0;
export const statementName = (what: string) => `p${++statements}_${what}`;

type Buildable = { prepare: (name: string) => unknown };
/**
 * Statements by driver (the session's class: node-postgres or PGlite), since the text, name and
 * parsers depend on nothing else; null for a selection drizzle must map (nested fields).
 */
const perDriver = new WeakMap<object, Map<unknown, Compiled<unknown> | null>>();
const perHandle = new WeakMap<object, Map<unknown, Prepared<unknown>>>();

/**
 * The prepared read `key`, built and named on first use by `build`, on the pool or inside a
 * transaction alike: a transaction runs it on its own connection, with no SQL built per call. Each
 * connection keeps one copy of a named statement, so their number stays that of the keys.
 */
export function preparedRead<T>(db: DbOrTx, key: unknown, what: string, build: (db: DbOrTx) => Buildable): Prepared<T> {
  const driver = (db as unknown as { session: object }).session.constructor;
  let compiledStatements = perDriver.get(driver);
  if (!compiledStatements) perDriver.set(driver, (compiledStatements = new Map()));
  let compiled = compiledStatements.get(key);
  if (compiled === undefined) {
    compiled = compile<unknown>(build(db).prepare(statementName(what)) as DrizzlePrepared) ?? null;
    compiledStatements.set(key, compiled);
  }
  if (compiled) {
    const statement = compiled as Compiled<T>;
    return { execute: (values) => statement.run(clientOf(db), values) };
  }
  // drizzle's own path: bound to the handle. In a transaction it is built per call and unnamed, since a
  // statement named per transaction would pile up on its connection.
  if (is(db, PgTransaction)) return build(db).prepare('') as unknown as Prepared<T>;
  let prepared = perHandle.get(db);
  if (!prepared) perHandle.set(db, (prepared = new Map()));
  let statement = prepared.get(key);
  if (!statement) prepared.set(key, (statement = fastRead<T>(build(db), statementName(what))));
  return statement as Prepared<T>;
}

/**
 * A fixed SQL text with numbered parameters ($1, $2…), run on the pool or on a transaction's
 * connection with the rows as `db.execute` gives them (objects, drizzle's type parsers): for a hot
 * raw query, no SQL is built per call and the text is parsed once per connection.
 */
export function rawStatement<T>(what: string, text: string) {
  const name = statementName(what);
  const configs = new WeakMap<object, { query: (client: Client, values: unknown[]) => Promise<{ rows: unknown[] }> }>();
  return async (db: DbOrTx, values: unknown[]): Promise<T[]> => {
    const session = (db as unknown as { session: { constructor: object; prepareQuery: (q: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean) => unknown } }).session;
    let config = configs.get(session.constructor);
    if (!config) {
      const p = session.prepareQuery({ sql: text, params: [] }, undefined, name, false) as DrizzlePrepared & { rawQueryConfig: object };
      const { rawQueryConfig, queryString } = p;
      config = {
        query:
          (rawQueryConfig as { text?: string }).text !== undefined
            ? (client, values) => client.query(rawQueryConfig, values) as Promise<{ rows: unknown[] }>
            : (client, values) => client.query(queryString, values, rawQueryConfig) as Promise<{ rows: unknown[] }>,
      };
      configs.set(session.constructor, config);
    }
    return (await config.query(clientOf(db), values)).rows as T[];
  };
}

const dialect = new PgDialect();

/**
 * A raw drizzle SQL with `sql.placeholder(…)` for its values, rendered once into a `rawStatement`:
 * for a hot query too long to write out by hand (the wiki search), no SQL built per call.
 */
export function sqlStatement<T>(what: string, query: SQL) {
  const rendered = dialect.sqlToQuery(query);
  const params = rendered.params.map((param): ((values: Record<string, unknown>) => unknown) => (is(param, Placeholder) ? (values) => values[param.name] : () => param));
  const run = rawStatement<T>(what, rendered.sql);
  return (db: DbOrTx, values: Record<string, unknown>) => run(db, params.map((param) => param(values)));
}
