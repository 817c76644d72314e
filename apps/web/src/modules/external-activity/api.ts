/** Fetchers of field service (issue 13): assistance types, activities, technicians, timeline and checklist answers. */
import { assistanceTypeResource, externalActivityResource, type ActivityEvent, type AssistanceTypeRead, type ChecklistAnswer, type ListResult } from '@operacoes/contract';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export type { AssistanceTypeRead, ExternalActivityRead } from '@operacoes/contract';
export const assistanceTypeApi = resourceApi(assistanceTypeResource);
export const activityApi = resourceApi(externalActivityResource);

export type Ref = { id: number; name: string };
export const searchTechnicians = async (term: string) => (await api.get<Ref[]>('/external-activity/technicians', { params: { search: term || undefined } })).data;
export const searchTypes = async (term: string) =>
  (await api.get<ListResult<AssistanceTypeRead>>('/external-activity/assistance-type', { params: { search: term || undefined, active: true, pageSize: 30 } })).data.items;

export const timelineKey = (id: number) => ['external_activity', id, 'timeline'] as const;
export const answersKey = (id: number) => ['external_activity', id, 'answers'] as const;
export const fetchTimeline = async (id: number) => (await api.get<ActivityEvent[]>(`/external-activity/${id}/timeline`)).data;
export const fetchAnswers = async (id: number) => (await api.get<ChecklistAnswer[]>(`/external-activity/${id}/answers`)).data;
/** Silent: the manage screen shows a failed answer on the item itself ("não enviado") and retries. */
export const sendAnswer = async (id: number, key: string, value: ChecklistAnswer['value']) => (await api.put<ChecklistAnswer>(`/external-activity/${id}/answers/${key}`, { value }, { silent: true })).data;
