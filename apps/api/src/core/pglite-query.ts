import { type PGlite, messages as pgMessages, protocol } from '@electric-sql/pglite';

type Parser = (text: string, typeId: number) => unknown;
type Serializer = (value: unknown) => string;
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, Parser>; serializers?: Record<number, Serializer>; paramTypes?: number[]; blob?: unknown };
type Field = { name: string; dataTypeID: number };
type Results = { rows: unknown[]; fields: Field[]; affectedRows: number; command?: string; rowCount?: number };
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;
type DescribeMessage = { name: string; dataTypeIDs?: number[]; fields?: Field[] };

/** The parts of a PGlite instance (0.5) used here: its two locks, its protocol entries and type tables. */
type Internals = {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options: { syncToFs?: boolean }): Promise<DescribeMessage[]>;
  execProtocolRawStream(message: Uint8Array, options: { syncToFs?: boolean; onRawData: (bytes: Uint8Array) => void }): Promise<void>;
  syncToFs(): Promise<void>;
  parsers: Record<number, Parser>;
  serializers: Record<number, Serializer>;
};
type Tx = { query: Query; readonly closed: boolean };

const { serialize } = protocol;

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

/** The fields of an ErrorResponse, by their one-letter code, under the names node-postgres and PGlite give them. */
const ERROR_FIELDS: Record<string, string> = { S: 'severity', C: 'code', D: 'detail', H: 'hint', P: 'position', W: 'where', s: 'schema', t: 'table', c: 'column', d: 'dataType', n: 'constraint', R: 'routine' };

/**
 * An answer read straight from the backend's bytes: PGlite's own parser copies every cell into a new
 * ArrayBuffer before decoding it (a third of a small read's CPU). Reads the messages an execute and
 * sync answer carries (data rows, the command tag, an error); the rest are skipped.
 */
function backendAnswer(buf: Buffer, parsers: (Parser | undefined)[], typeIds: number[]) {
  const rows: unknown[][] = [];
  let error: Error | undefined;
  let command: string | undefined;
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
    } else if (code === 0x43 /* C: command complete */) {
      command = buf.toString('utf8', p, end - 1);
    } else if (code === 0x45 /* E: error */ && !error) {
      const fields: Record<string, string> = {};
      while (p < end && buf[p] !== 0) {
        const key = String.fromCharCode(buf[p]);
        const stop = buf.indexOf(0, p + 1);
        fields[key] = buf.toString('utf8', p + 1, stop);
        p = stop + 1;
      }
      error = Object.assign(
        new pgMessages.DatabaseError(fields.M ?? 'erro do banco', end - at, 'error'),
        Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (ERROR_FIELDS[k] ? [[ERROR_FIELDS[k], v]] : []))),
      );
    }
    at = end;
  }
  return { rows, error, command };
}

/** Runs bind, execute and sync as one call and reads the answer (throws the database's error). */
async function bindExecute(client: Internals, statement: string, values: (string | null)[], parsers: (Parser | undefined)[], typeIds: number[]) {
  const chunks: Buffer[] = [];
  await client.execProtocolRawStream(frames(serialize.bind({ statement, values }).slice(), serialize.execute({}).slice(), serialize.sync().slice()), {
    syncToFs: false,
    // A view into the WASM memory, reused by the next write: copied.
    onRawData: (bytes) => void chunks.push(Buffer.from(bytes)),
  });
  const answer = backendAnswer(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), parsers, typeIds);
  if (answer.error) throw answer.error;
  return answer;
}

/** Parameters as text, by the types the statement's describe gave (PGlite's own serializers, as its `query` does). */
const encodeParams = (client: Internals, values: unknown[], paramTypes: number[], own?: Record<number, Serializer>) =>
  values.map((v, i) => (v === null || v === undefined ? null : ((own?.[paramTypes[i]] ?? client.serializers[paramTypes[i]])?.(v) ?? String(v))));

type Statement = { name: string; paramTypes: number[]; fields: Field[] };
/** Statements kept parsed per instance, most recently used last. */
const parsed = new WeakMap<object, Map<string, Statement>>();
const KEPT_STATEMENTS = 500;
let statementCount = 0;

/** Parses `text` under a new name (closing the least recently used one past the limit) and describes it. */
async function parse(client: Internals, kept: Map<string, Statement>, key: string, text: string, paramTypes?: number[], replaced?: Statement): Promise<Statement> {
  const name = `q${++statementCount}`;
  const parts = [serialize.parse({ name, text, types: paramTypes }).slice(), serialize.describe({ type: 'S', name }).slice(), serialize.sync().slice()];
  if (!replaced && kept.size >= KEPT_STATEMENTS) {
    const [oldest, statement] = kept.entries().next().value!;
    kept.delete(oldest);
    replaced = statement;
  }
  if (replaced) parts.unshift(serialize.close({ type: 'S', name: replaced.name }).slice());
  const described = await client.execProtocolStream(frames(...parts), { syncToFs: false });
  const statement = {
    name,
    paramTypes: described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
    fields: (described.find((m) => m.name === 'rowDescription')?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
  kept.set(key, statement);
  return statement;
}

/**
 * PGlite's `query` sends parse, describe, bind, describe, execute and sync as six calls into the WASM
 * module, plans the statement every time, and decodes the answer through a parser that copies every
 * cell. Here each statement text is parsed and described once under a name (kept for the
 * instance's life, the least recently used closed past 500; the parameter types the
 * describe answers choose PGlite's own serializers, as its `query` does); each run is then one call
 * with bind, execute and sync, the rows read from the bytes. Same locks, the same file-system sync
 * after a statement outside a transaction, the same result shape and errors.
 */
async function runQuery(client: Internals, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
  let kept = parsed.get(client);
  if (!kept) parsed.set(client, (kept = new Map()));
  const key = options?.paramTypes?.length ? `${text}\u0000${options.paramTypes.join(',')}` : text;
  let statement = kept.get(key);
  let stale: Statement | undefined;
  let answer: Awaited<ReturnType<typeof bindExecute>> | undefined;
  for (let attempt = 0; !answer; attempt++) {
    if (statement) {
      kept.delete(key);
      kept.set(key, statement);
    } else {
      try {
        statement = await parse(client, kept, key, text, options?.paramTypes, stale);
      } catch (err) {
        throw Object.assign(err as Error, { query: text, params, queryOptions: options });
      }
    }
    const typeIds = statement.fields.map((f) => f.dataTypeID);
    const parsers = typeIds.map((t) => options?.parsers?.[t] ?? client.parsers[t]);
    try {
      answer = await bindExecute(client, statement.name, encodeParams(client, params, statement.paramTypes, options?.serializers), parsers, typeIds);
    } catch (err) {
      // A table changed under a kept statement ("cached plan must not change result type"): parse it again, once.
      if ((err as { code?: string }).code === '0A000' && attempt === 0) {
        kept.delete(key);
        stale = statement;
        statement = undefined;
        continue;
      }
      throw Object.assign(err as Error, { query: text, params, queryOptions: options });
    }
  }
  const { fields } = statement!;
  const rows =
    options?.rowMode === 'array'
      ? answer.rows
      : answer.rows.map((row) => {
          const object: Record<string, unknown> = {};
          for (let i = 0; i < fields.length; i++) object[fields[i].name] = row[i];
          return object;
        });
  const tag = (answer.command ?? '').split(' ');
  const command = tag[0] || undefined;
  const count = parseInt(tag[tag.length - 1], 10);
  const affectedRows = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command ?? '') ? count : 0;
  return { rows, fields, affectedRows, command, ...(Number.isNaN(count) ? {} : { rowCount: count }) };
}

/**
 * Gives a PGlite instance (and the transactions it opens) the faster `query` above. Queries with a
 * blob (COPY to or from `/dev/blob`) keep PGlite's own path.
 */
export function fasterQueries(pglite: PGlite): void {
  const client = pglite as unknown as Internals & { query: Query; transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> };
  const own = client.query.bind(client);
  client.query = (text, params, options) =>
    options?.blob
      ? own(text, params, options)
      : client._runExclusiveTransaction(() =>
          client._runExclusiveQuery(async () => {
            const result = await runQuery(client, text, params, options);
            await client.syncToFs();
            return result;
          }),
        );
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      const ownTx = tx.query.bind(tx);
      tx.query = async (text, params, options) => {
        if (options?.blob) return ownTx(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return client._runExclusiveQuery(() => runQuery(client, text, params, options));
      };
      return fn(tx);
    });
}
