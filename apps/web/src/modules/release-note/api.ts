import type { releaseNoteInput, ReleaseNoteRead } from '@operacoes/contract';
import type { z } from 'zod';
import { api } from '../../core/api';

/** SPEC §9: release notes page size 99999 (one page holds them all). */
export const RELEASE_NOTES_QUERY = { page: 1, pageSize: 99999 };
export const releaseNoteKeys = { all: ['release-notes'] as const };

export async function fetchReleaseNotes(): Promise<ReleaseNoteRead[]> {
  const r = await api.get<{ items: ReleaseNoteRead[] }>('/release-note', { params: RELEASE_NOTES_QUERY });
  return [...(r.data.items ?? [])].sort(
    (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id,
  );
}

export type ReleaseNoteBody = z.output<typeof releaseNoteInput>;
export const createReleaseNote = (b: ReleaseNoteBody) => api.post<ReleaseNoteRead>('/release-note', b);
export const updateReleaseNote = (id: number, b: ReleaseNoteBody) => api.put<ReleaseNoteRead>(`/release-note/${id}`, b);
export const deleteReleaseNote = (id: number) => api.delete(`/release-note/${id}`);
