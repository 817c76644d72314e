import { protocol } from '@electric-sql/pglite';
import { Column, Param, Placeholder, SQL, is } from 'drizzle-orm';
import { PgTimestamp, PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';
import { type Internals, bindExecute, encodeParams, frames } from './pglite-query';

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
  // node-postgres: query(config with name, text and type parsers, values); PGlite: query(text, values, options).
  const run =
    p.queryConfig.text !== undefined
      ? (values: unknown[]) => p.client.query(p.queryConfig, values)
      : name && '_runExclusiveQuery' in p.client
        ? pgliteNamedRun(p, name)
        : pgliteRun(p, fields.map((f) => f.field));
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

const TIMESTAMPTZ = 1184;
const LEAN = { rowMode: 'array' } as const;

/**
 * PGlite copies its whole parser table (`{...parsers, ...options.parsers}`) on every query given
 * per-query parsers, as drizzle's are (raw strings for timestamps, dates, intervals and some
 * arrays): about 0.3 ms of CPU per query. The first run takes drizzle's parsers and reads the
 * result's column types; when none of them needs drizzle's parser (a timestamptz read into a
 * Date-mode column comes out the same either way), later runs pass none.
 */
function pgliteRun(p: DrizzlePrepared, fields: unknown[]) {
  const raw = new Set(Object.keys(p.queryConfig.parsers ?? {}).map(Number));
  let lean = false;
  return async (values: unknown[]) => {
    if (lean) return p.client.query(p.queryString, values, LEAN);
    const result = await p.client.query(p.queryString, values, p.queryConfig);
    lean = (result.fields ?? []).every((f, i) => !raw.has(f.dataTypeID) || (f.dataTypeID === TIMESTAMPTZ && is(fields[i], PgTimestamp) && fields[i].withTimezone));
    return result;
  };
}

type Parser = (text: string, typeId: number) => unknown;
type DescribeField = { dataTypeID: number };

/**
 * PGlite parses and plans a statement on every `query()`. A named read is parsed once per database
 * (PGlite has one session, so the name lives as long as the instance); each run is then one call with
 * bind, execute and sync, its parameters and columns typed from that first describe. It takes the
 * same two locks as `query()` (no other query, and no transaction of another caller, runs in between)
 * and skips the file-system sync `query()` does after each statement: a read writes nothing.
 */
function pgliteNamedRun(p: DrizzlePrepared, name: string) {
  const client = p.client as unknown as Internals & { _checkReady(): Promise<void> };
  const text = p.queryString as string;
  const { serialize } = protocol;
  let shape: { paramTypes: number[]; parsers: (Parser | undefined)[]; typeIds: number[] } | undefined;

  const describe = async () => {
    await client._checkReady();
    const messages = await client.execProtocolStream(
      frames(serialize.parse({ name, text }).slice(), serialize.describe({ type: 'S', name }).slice(), serialize.sync().slice()),
      { syncToFs: false },
    );
    const paramTypes = messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
    const columns = (messages.find((m) => m.name === 'rowDescription')?.fields ?? []) as DescribeField[];
    const typeIds = columns.map((c) => c.dataTypeID);
    // drizzle's per-query parsers win over PGlite's, as in PGlite's own result parsing.
    const own = (p.queryConfig.parsers ?? {}) as Record<number, Parser>;
    return { paramTypes, typeIds, parsers: typeIds.map((t) => own[t] ?? client.parsers[t]) };
  };

  return (values: unknown[]) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        if (!shape) shape = await describe();
        const { rows } = await bindExecute(client, name, encodeParams(client, values, shape.paramTypes), shape.parsers, shape.typeIds);
        return { rows };
      }),
    );
}
