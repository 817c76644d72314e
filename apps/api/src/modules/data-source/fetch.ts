import { HttpError } from '../../core/errors';

/** Reads a dot path ("data.items.0.name") out of a JSON value. */
export function pick(value: unknown, path: string): unknown {
  if (!path) return value;
  let cur: unknown = value;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const MAX_BYTES = 20 * 1024 * 1024;

/** Fetches the source's JSON and answers its array of records; a slow or broken source gets a clear pt-BR error. */
export async function fetchRecords(source: { url: string; method: string; headers: Record<string, string>; token?: string; items_path: string; timeout_ms: number }) {
  const headers: Record<string, string> = { accept: 'application/json', ...source.headers };
  if (source.token) headers.authorization = `Bearer ${source.token}`;
  let res: Response;
  try {
    res = await fetch(source.url, { method: source.method, headers, signal: AbortSignal.timeout(source.timeout_ms), redirect: 'follow' });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') {
      throw new HttpError(504, `A fonte de dados não respondeu em ${Math.round(source.timeout_ms / 1000)} s. Nada foi alterado.`);
    }
    throw new HttpError(502, `Não foi possível conectar à fonte de dados (${(e.cause as Error)?.message ?? e.message}). Nada foi alterado.`);
  }
  if (!res.ok) throw new HttpError(502, `A fonte de dados respondeu com erro HTTP ${res.status}. Nada foi alterado.`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_BYTES) throw new HttpError(502, 'A resposta da fonte de dados é grande demais (máximo 20 MB).');
  let body: unknown;
  try {
    const text = await res.text();
    if (text.length > MAX_BYTES) throw new HttpError(502, 'A resposta da fonte de dados é grande demais (máximo 20 MB).');
    body = JSON.parse(text);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new HttpError(504, `A fonte de dados não respondeu em ${Math.round(source.timeout_ms / 1000)} s. Nada foi alterado.`);
    throw new HttpError(502, 'A fonte de dados não respondeu com um JSON válido. Nada foi alterado.');
  }
  const items = pick(body, source.items_path);
  if (!Array.isArray(items)) {
    throw new HttpError(502, `O caminho "${source.items_path || '(raiz)'}" da resposta não é uma lista de registros. Nada foi alterado.`);
  }
  return items as unknown[];
}

/** Applies the field mapping to one record (target field → source path); with no mapping, the record as it is. */
export function mapRecord(record: unknown, mapping: Record<string, string>): Record<string, unknown> {
  if (Object.keys(mapping).length === 0) return (record ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(mapping).map(([target, source]) => [target, pick(record, source) ?? null]));
}
