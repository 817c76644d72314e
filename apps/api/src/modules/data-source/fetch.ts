import { HttpError } from '../../core/errors';
import { type AllowList, type SafeResponse, safeFetch, unreachable } from './safe-fetch';

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
const tooLarge = () => new HttpError(502, 'A resposta da fonte de dados é grande demais (máximo 20 MB).');

/**
 * Fetches the source's JSON (only from allowed addresses, see safe-fetch) and answers its array of
 * records; a slow, broken or refused source gets a clear pt-BR error that never shows internals.
 */
export async function fetchRecords(
  source: { url: string; method: string; headers: Record<string, string>; token?: string; items_path: string; timeout_ms: number },
  allow: AllowList,
) {
  const timedOut = () => new HttpError(504, `A fonte de dados não respondeu em ${Math.round(source.timeout_ms / 1000)} s. Nada foi alterado.`);
  let res: SafeResponse;
  try {
    res = await safeFetch(source.url, {
      method: source.method,
      headers: { accept: 'application/json', ...source.headers },
      authorization: source.token ? `Bearer ${source.token}` : undefined,
      signal: AbortSignal.timeout(source.timeout_ms),
      maxBytes: MAX_BYTES,
      allow,
      tooLarge,
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw timedOut();
    // Connection errors name addresses and ports (a port-scan oracle): never passed on.
    throw unreachable();
  }
  if (res.status < 200 || res.status >= 300) throw new HttpError(502, `A fonte de dados respondeu com erro HTTP ${res.status}. Nada foi alterado.`);
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
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
