import { stockResource } from '@operacoes/contract';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../api';
import { resourceApi, staleEditOf, versionOf } from './api';

/** The requests the resource kit sends, answered by `answer` (no server: only the headers are under test). */
function recording(answer: (c: InternalAxiosRequestConfig) => { status: number; data: unknown; etag?: string }) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const { status, data, etag } = answer(config);
    const response = { data, status, statusText: String(status), headers: etag ? { etag } : {}, config };
    if (status >= 400) throw new AxiosError('failed', String(status), config, undefined, response as never);
    return response;
  };
  api.defaults.adapter = adapter;
  return sent;
}
const original = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = original;
});

describe('record versions (ETag / If-Match) in the resource kit', () => {
  const stock = resourceApi(stockResource);

  it('keeps the ETag of a read beside the record and sends it as If-Match on save', async () => {
    const sent = recording((c) => (c.method === 'get' ? { status: 200, data: { id: 3, name: 'A' }, etag: '"v1"' } : { status: 200, data: { id: 3, name: 'B' }, etag: '"v2"' }));
    const record = await stock.get(3);
    expect(record).toEqual({ id: 3, name: 'A' });
    expect(versionOf(record)).toBe('"v1"');
    const saved = await stock.save(3, { name: 'B' }, versionOf(record));
    expect(AxiosHeaders.from(sent[1].headers).get('If-Match')).toBe('"v1"');
    expect(versionOf(saved)).toBe('"v2"');
    // Without a version (old callers, creates) no If-Match is sent.
    await stock.save(3, { name: 'C' });
    expect(AxiosHeaders.from(sent[2].headers).has('If-Match')).toBe(false);
  });

  it('reads a 412 as a stale edit: the message naming who, the current record and its version', async () => {
    recording(() => ({ status: 412, data: { code: 412, message: 'Este registro foi alterado por Ana enquanto você editava.', current: { id: 3, name: 'Da Ana' } }, etag: '"v9"' }));
    const error = await stock.save(3, { name: 'Meu' }, '"v1"').catch((e: unknown) => e);
    const stale = staleEditOf<{ id: number; name: string }>(error);
    expect(stale?.message).toBe('Este registro foi alterado por Ana enquanto você editava.');
    expect(stale?.current).toEqual({ id: 3, name: 'Da Ana' });
    expect(stale?.version).toBe('"v9"');
    expect(versionOf(stale?.current)).toBe('"v9"');
    expect(staleEditOf(new Error('other'))).toBeUndefined();
  });
});
