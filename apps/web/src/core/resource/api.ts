/**
 * resourceApi: the fetchers, query keys and invalidation of one contract
 * resource descriptor, in one place. `GET/POST /api{apiPath}`, `GET/PUT/DELETE /api{apiPath}/{id}`,
 * a workflow step is `POST /api{apiPath}/{id}/{verb}`.
 */
import { type AccessRule, type ListResult, type ResourceDescriptor, readPermissionsOf } from '@operacoes/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AxiosResponse } from 'axios';
import type { z } from 'zod';
import { api, isAxiosError } from '../api';
import { can } from '../permissions';

type Who = Parameters<typeof can>[0];

/** The descriptor fields the web uses (any `defineResource` result fits). */
export type WebResource = Pick<ResourceDescriptor, 'apiPath' | 'entity' | 'label' | 'plural' | 'gender' | 'webPath' | 'access' | 'schemas'>;

/** The record type of a descriptor: its read schema's output. */
export type ReadOf<D extends WebResource> = z.output<D['schemas']['read']> & { id: number };

/** Whether `user` passes one of the contract's access rules (super admins pass all; DESIGN §3). */
export function passes(user: Who, rule: AccessRule): boolean {
  if (rule === 'public' || rule === 'authenticated') return !!user;
  if (rule === 'superAdmin') return user?.super_admin === 1 || user?.super_admin === true;
  if (rule === 'orgAdmin') return can(user, ['ORG']);
  return 'write' in rule ? can(user, [rule.write]) : can(user, readPermissionsOf(rule.read));
}

/**
 * Record versions (stale edits): the `ETag` of the answer a record came in, kept beside
 * the record object (never inside it, so forms and caches see the record as the API reads it).
 */
const versions = new WeakMap<object, string>();
/** The version (`ETag`) a record was read at, if its answer carried one. */
export const versionOf = (record: unknown): string | undefined => (record && typeof record === 'object' ? versions.get(record) : undefined);
/** Remembers a record's version; returns the record. */
export function withVersion<T>(record: T, etag: string | undefined): T {
  if (etag && record && typeof record === 'object') versions.set(record, etag);
  return record;
}
/** An answer's record with its version remembered (for hand-written fetchers too). */
export const versioned = <T>(res: AxiosResponse<T>): T => withVersion(res.data, res.headers?.etag as string | undefined);
/** `If-Match` when the caller holds the version it edits (a PUT without one still writes). */
export const ifMatch = (version?: string) => (version ? { headers: { 'If-Match': version } } : undefined);

/** A save refused because the record changed meanwhile (412): who changed it, the current record and its version. */
export type StaleEdit<R = unknown> = { message: string; current: R; version: string | undefined };
export function staleEditOf<R = unknown>(error: unknown): StaleEdit<R> | undefined {
  if (!isAxiosError(error) || error.response?.status !== 412) return undefined;
  const data = (error.response.data ?? {}) as { message?: unknown; current?: unknown };
  const version = error.response.headers?.etag as string | undefined;
  return {
    message: typeof data.message === 'string' ? data.message : 'Este registro foi alterado por outra pessoa enquanto você editava.',
    current: withVersion(data.current as R, version),
    version,
  };
}

/** The list query key of a path (shared with ResourceList: `['list', path, params]`). */
export const listKey = (path: string) => ['list', path] as const;

export function resourceApi<D extends WebResource>(d: D) {
  type R = ReadOf<D>;
  const path = d.apiPath;
  const url = (id: number, verb?: string) => `${path}/${id}${verb ? `/${verb}` : ''}`;
  /** A grid of this resource, also one narrowed by a query string (`/section?stock=3`) or below it (`/stock/3/balances`). */
  const isListOf = (k: QueryKey) => k[0] === 'list' && typeof k[1] === 'string' && (k[1] === path || k[1].startsWith(`${path}?`) || k[1].startsWith(`${path}/`));
  return {
    ...d,
    path,
    keys: { all: [d.entity] as const, list: listKey(path), one: (id: number) => [d.entity, id] as const },
    list: async (params?: Record<string, unknown>) => (await api.get<ListResult<R>>(path, { params })).data,
    /** The record, with its version (`versionOf`). */
    get: async (id: number) => versioned(await api.get<R>(url(id))),
    create: async (body: unknown) => versioned(await api.post<R>(path, body)),
    /** PUT; with `version`, sent as `If-Match`: a record changed since answers 412 (`staleEditOf`). */
    update: async (id: number, body: unknown, version?: string) => versioned(await api.put<R>(url(id), body, ifMatch(version))),
    /** POST to create (`id` null), PUT to update (with `If-Match` when `version` is given); `silent` when the caller shows the refusal. */
    save: async (id: number | null, body: unknown, version?: string, silent?: boolean) =>
      versioned(id ? await api.put<R>(url(id), body, { ...ifMatch(version), silent }) : await api.post<R>(path, body, { silent })),
    remove: async (id: number) => {
      await api.delete(url(id));
    },
    /** A workflow step: `POST {apiPath}/{id}/{verb}` with `{reason}` when the step needs one. */
    step: async (id: number, verb: string, body?: unknown) => (await api.post<R>(url(id, verb), body ?? {})).data,
    /** Refetch every list of this resource and its records; `saved` primes the record's cache. */
    invalidate: (qc: QueryClient, saved?: R) => {
      if (saved) qc.setQueryData([d.entity, saved.id], saved);
      return Promise.all([
        qc.invalidateQueries({ predicate: (q) => isListOf(q.queryKey) }),
        // The saved record itself is fresh (primed above); everything else under the entity refetches.
        qc.invalidateQueries({ queryKey: [d.entity], predicate: (q) => !(saved && q.queryKey.length === 2 && q.queryKey[1] === saved.id) }),
      ]);
    },
    canRead: (user: Who) => passes(user, d.access.read),
    canWrite: (user: Who) => passes(user, d.access.write),
    canDelete: (user: Who) => passes(user, d.access.delete ?? d.access.write),
    canCreate: (user: Who) => passes(user, d.access.create ?? d.access.write),
  };
}

export type ResourceApi<D extends WebResource = WebResource> = ReturnType<typeof resourceApi<D>>;
