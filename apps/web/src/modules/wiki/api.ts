/**
 * Fetchers and query keys of the wiki (the endpoint list is in the contract's
 * wiki/index.ts header). Pages are addressed by path on the web (`/wiki/redes/mikrotik`).
 */
import type {
  WikiDiff,
  WikiPage,
  WikiPageCreate,
  WikiPageView,
  WikiSearchResult,
  WikiStaleConflict,
  WikiTree,
  WikiUpload,
  WikiVersion,
  WikiVersionList,
} from '@operacoes/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api, isAxiosError } from '../../core/api';

export const wikiKeys = {
  all: ['wiki'] as const,
  tree: ['wiki', 'tree'] as const,
  page: (path: string) => ['wiki', 'page', path] as const,
  versions: (id: number, page: number) => ['wiki', 'versions', id, page] as const,
  version: (id: number, version: number) => ['wiki', 'version', id, version] as const,
  diff: (id: number, from: number, to: number) => ['wiki', 'diff', id, from, to] as const,
  search: (q: string, page: number) => ['wiki', 'search', q, page] as const,
};

/** The web address of a page path (`redes/mikrotik` → `/wiki/redes/mikrotik`; '' → `/wiki`). */
export const wikiHref = (path: string) => (path ? `/wiki/${path}` : '/wiki');

/** A page by path; null when there is none (404). Silent: the page shows "Página não encontrada" itself. */
export async function fetchPageByPath(path: string): Promise<WikiPageView | null> {
  try {
    return (await api.get<WikiPageView>('/wiki/page', { params: { path }, silent: true })).data;
  } catch (e) {
    if (isAxiosError(e) && e.response?.status === 404) return null;
    throw e;
  }
}

export const fetchTree = async () => (await api.get<WikiTree>('/wiki/tree')).data.items;
export const createPage = async (body: WikiPageCreate) => (await api.post<WikiPageView>('/wiki/page', body)).data;
/** A save; a stale `base_version` answers 409 with the current page (see `staleConflictOf`). */
export const updatePage = async (id: number, body: { title: string; body: string; base_version: number }) =>
  (await api.put<WikiPageView>(`/wiki/page/${id}`, body)).data;
export const movePage = async (id: number, path: string, baseVersion: number) =>
  (await api.post<WikiPageView>(`/wiki/page/${id}/move`, { path, base_version: baseVersion })).data;
export const restoreVersion = async (id: number, version: number, baseVersion: number) =>
  (await api.post<WikiPageView>(`/wiki/page/${id}/restore`, { version, base_version: baseVersion })).data;
export const deletePage = async (id: number) => {
  await api.delete(`/wiki/page/${id}`);
};
export const fetchVersions = async (id: number, page: number, pageSize = 20) =>
  (await api.get<WikiVersionList>(`/wiki/page/${id}/versions`, { params: { page, pageSize } })).data;
export const fetchVersion = async (id: number, version: number) => (await api.get<WikiVersion>(`/wiki/page/${id}/versions/${version}`)).data;
export const fetchDiff = async (id: number, from: number, to: number) => (await api.get<WikiDiff>(`/wiki/page/${id}/diff`, { params: { from, to } })).data;
export const searchWiki = async (q: string, page: number, pageSize = 10) =>
  (await api.get<WikiSearchResult>('/wiki/search', { params: { q, page, pageSize } })).data;

/** Stores a file for a page (image or PDF); the editor inserts the answer's URL. */
export async function uploadFile(file: File): Promise<WikiUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.post<WikiUpload>('/wiki/upload', form)).data;
}

/** The current page of a stale save's 409 (someone saved in between), or null for any other error. */
export function staleConflictOf(e: unknown): WikiPage | null {
  if (!isAxiosError(e) || e.response?.status !== 409) return null;
  const data = e.response.data as Partial<WikiStaleConflict> | undefined;
  return data?.current && typeof data.current.version === 'number' ? data.current : null;
}

/** The server's message of a failed call ("A página foi alterada por Ana enquanto você editava."). */
export function messageOf(e: unknown): string | null {
  if (!isAxiosError(e)) return null;
  const m = (e.response?.data as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' ? m : null;
}

/** After a write: the tree, every page view, the search and the histories may have changed. */
export const invalidateWiki = (qc: QueryClient) => qc.invalidateQueries({ queryKey: wikiKeys.all });
