/**
 * The release notes fetcher of the "what's new" dialog, which the layout loads on every page:
 * light on purpose (types only from the contract; a runtime import of the contract would bring
 * every zod schema into the layout). The page's full kit (resource.ts) uses the descriptor;
 * api.test.ts checks that path and key agree with it.
 */
import type { ListResult, ReleaseNoteRead } from '@operacoes/contract';
import { api } from '../../core/api';

export const RELEASE_NOTE_PATH = '/release-note';
/** SPEC §9: release notes page size 99999 (one page holds them all). */
export const RELEASE_NOTES_QUERY = { page: 1, pageSize: 99999 };
/** Under the resource's key (its entity), so the kit's invalidation after a write refreshes the page and the dialog. */
export const releaseNoteKeys = { all: ['release_note', 'all'] as const };

export async function fetchReleaseNotes(): Promise<ReleaseNoteRead[]> {
  const { items } = (await api.get<ListResult<ReleaseNoteRead>>(RELEASE_NOTE_PATH, { params: RELEASE_NOTES_QUERY })).data;
  return [...(items ?? [])].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id);
}
