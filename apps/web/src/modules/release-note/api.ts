import { releaseNoteResource, type ReleaseNoteRead } from '@operacoes/contract';
import { resourceApi } from '../../core/resource';

export const releaseNoteApi = resourceApi(releaseNoteResource);

/** SPEC §9: release notes page size 99999 (one page holds them all). */
export const RELEASE_NOTES_QUERY = { page: 1, pageSize: 99999 };
/** Under the resource's key, so the kit's invalidation after a write refreshes the page and the "what's new" dialog. */
export const releaseNoteKeys = { all: [...releaseNoteApi.keys.all, 'all'] as const };

export async function fetchReleaseNotes(): Promise<ReleaseNoteRead[]> {
  const { items } = await releaseNoteApi.list(RELEASE_NOTES_QUERY);
  return [...(items ?? [])].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id);
}
