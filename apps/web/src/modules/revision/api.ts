import type { ListResult, RevisionRevertResult } from '@operacoes/contract';
import { api } from '../../core/api';
import type { Revision } from './labels';

export type RevisionFilters = {
  entity?: string;
  entityId?: number;
  userId?: number;
  action?: string;
  from?: string;
  to?: string;
};

export const revisionKeys = {
  all: ['revision'] as const,
  list: (f: RevisionFilters & { page: number; pageSize: number }) => ['revision', f] as const,
};

export async function fetchRevisions(f: RevisionFilters & { page: number; pageSize: number }) {
  const params = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));
  return (await api.get<ListResult<Revision>>('/revision', { params })).data;
}

/**
 * One-click revert of an update: the server writes a new update putting the old values
 * back, or refuses with a pt-BR message (the caller shows it: the answer is not toasted).
 */
export async function revertRevision(id: number) {
  return (await api.post<RevisionRevertResult>(`/revision/${id}/revert`, undefined, { silent: true })).data;
}
