import { messages as pgMessages, protocol } from '@electric-sql/pglite';
import { Column, Param, Placeholder, SQL, is } from 'drizzle-orm';
import { PgTimestamp, PgTransaction } from 'drizzle-orm/pg-core';
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
type Serializer = (value: unknown) => string;
type ProtocolMessage = { name: string; dataTypeIDs?: number[]; fields?: unknown[] };
/** The parts of a PGlite instance (0.5) the named path uses: its two locks, its protocol entry and type tables. */
type PgliteClient = {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options: { syncToFs?: boolean }): Promise<ProtocolMessage[]>;
  execProtocolRawStream(message: Uint8Array, options: { syncToFs?: boolean; onRawData: (bytes: Uint8Array) => void }): Promise<void>;
  parsers: Record<number, Parser>;
  serializers: Record<number, Serializer>;
};

/** One buffer of several frontend messages (the serializer reuses its writer, so each part is copied first). */
function frames(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/**
 * PGlite's `query()` parses and plans the statement on every call and sends parse, describe, bind,
 * describe, execute and sync as six calls into the WASM module. A named read is parsed once per
 * database (PGlite has one session, so the name lives as long as the instance); each run is then one
 * call with bind, execute and sync, its parameters and columns typed from that first describe.
 * It takes the same two locks as `query()` (no other query, and no transaction of another caller,
 * runs in between) and skips the file-system sync `query()` does after each statement: a read writes nothing.
 */
function pgliteNamedRun(p: DrizzlePrepared, name: string) {
  const client = p.client as unknown as PgliteClient;
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
    const columns = (messages.find((m) => m.name === 'rowDescription')?.fields ?? []) as { dataTypeID: number }[];
    const typeIds = columns.map((c) => c.dataTypeID);
    // drizzle's per-query parsers win over PGlite's, as in PGlite's own result parsing.
    const own = (p.queryConfig.parsers ?? {}) as Record<number, Parser>;
    return { paramTypes, typeIds, parsers: typeIds.map((t) => own[t] ?? client.parsers[t]) };
  };

  return (values: unknown[]) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        if (!shape) shape = await describe();
        const { paramTypes, parsers, typeIds } = shape;
        const encoded = values.map((v, i) => (v === null || v === undefined ? null : (client.serializers[paramTypes[i]]?.(v) ?? String(v))));
        const chunks: Buffer[] = [];
        await client.execProtocolRawStream(frames(serialize.bind({ statement: name, values: encoded }).slice(), serialize.execute({}).slice(), serialize.sync().slice()), {
          syncToFs: false,
          // A view into the WASM memory, reused by the next write: copied.
          onRawData: (bytes) => void chunks.push(Buffer.from(bytes)),
        });
        const { rows, error } = backendRows(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), parsers, typeIds);
        if (error) throw error;
        return { rows };
      }),
    );
}

/** The fields of an ErrorResponse, by their one-letter code, under the names node-postgres and PGlite give them. */
const ERROR_FIELDS: Record<string, string> = { S: 'severity', C: 'code', D: 'detail', H: 'hint', P: 'position', W: 'where', s: 'schema', t: 'table', c: 'column', d: 'dataType', n: 'constraint', R: 'routine' };

/**
 * The rows of one bind-execute-sync answer, read straight from the backend's bytes: PGlite's own
 * parser copies every cell into a new ArrayBuffer before decoding it (a third of a small read's CPU).
 * Only the messages such an answer carries are read: data rows and an error; the rest are skipped.
 */
function backendRows(buf: Buffer, parsers: (Parser | undefined)[], typeIds: number[]) {
  const rows: unknown[][] = [];
  let error: Error | undefined;
  let at = 0;
  while (at + 5 <= buf.length) {
    const code = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    let p = at + 5;
    if (code === 0x44 /* D: data row */) {
      const n = buf.readInt16BE(p);
      p += 2;
      const row = new Array<unknown>(n);
      for (let i = 0; i < n; i++) {
        const length = buf.readInt32BE(p);
        p += 4;
        if (length < 0) {
          row[i] = null;
          continue;
        }
        const text = buf.toString('utf8', p, p + length);
        p += length;
        const parser = parsers[i];
        row[i] = parser ? parser(text, typeIds[i]) : text;
      }
      rows.push(row);
    } else if (code === 0x45 /* E: error */ && !error) {
      const fields: Record<string, string> = {};
      while (p < end && buf[p] !== 0) {
        const key = String.fromCharCode(buf[p]);
        const stop = buf.indexOf(0, p + 1);
        fields[key] = buf.toString('utf8', p + 1, stop);
        p = stop + 1;
      }
      error = Object.assign(new pgMessages.DatabaseError(fields.M ?? 'erro do banco', end - at, 'error'), Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (ERROR_FIELDS[k] ? [[ERROR_FIELDS[k], v]] : []))));
    }
    at = end;
  }
  return { rows, error };
}
