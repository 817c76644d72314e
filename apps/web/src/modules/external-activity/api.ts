/** Fetchers of field service: assistance types, activities, technicians, timeline and checklist answers. */
import { assistanceTypeResource, externalActivityResource, type ActivityEvent, type ExternalActivityRead, type BalanceRead, type ChecklistAnswer, type ListResult, type MaterialInput, type MaterialRead, type PhotoRead } from '@operacoes/contract';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export type { AssistanceTypeRead, ExternalActivityRead } from '@operacoes/contract';
export const assistanceTypeApi = resourceApi(assistanceTypeResource);
export const activityApi = resourceApi(externalActivityResource);

export type Ref = { id: number; name: string };
export const searchTechnicians = async (term: string) => (await api.get<Ref[]>('/external-activity/technicians', { params: { search: term || undefined } })).data;
/** Active types to pick (anyone working with activities may list them, without the types' own permission). */
export const searchTypes = async (term: string) => (await api.get<(Ref & { color: string })[]>('/external-activity/type-options', { params: { search: term || undefined } })).data;

/**
 * The steps that put an order in its technicians' days (schedule, reschedule), silent: a 409 (a busy
 * technician, the SLA deadline) is asked as a question by the caller (core/clash.ts).
 */
export const takeDayStep = async (id: number, verb: string, body: Record<string, unknown>) => (await api.post<ExternalActivityRead>(`/external-activity/${id}/${verb}`, body, { silent: true })).data;

export const timelineKey = (id: number) => ['external_activity', id, 'timeline'] as const;
export const answersKey = (id: number) => ['external_activity', id, 'answers'] as const;
export const fetchTimeline = async (id: number) => (await api.get<ActivityEvent[]>(`/external-activity/${id}/timeline`)).data;
export const fetchAnswers = async (id: number) => (await api.get<ChecklistAnswer[]>(`/external-activity/${id}/answers`)).data;
/** Silent: the manage screen shows a failed answer on the item itself ("não enviado") and retries. */
export const sendAnswer = async (id: number, key: string, value: ChecklistAnswer['value']) => (await api.put<ChecklistAnswer>(`/external-activity/${id}/answers/${key}`, { value }, { silent: true })).data;

export const materialsKey = (id: number) => ['external_activity', id, 'materials'] as const;
export const photosKey = (id: number) => ['external_activity', id, 'photos'] as const;
export const signatureKey = (id: number) => ['external_activity', id, 'signature'] as const;
export const fetchMaterials = async (id: number) => (await api.get<MaterialRead[]>(`/external-activity/${id}/materials`)).data;
export const addMaterial = async (id: number, body: MaterialInput) => (await api.post<MaterialRead>(`/external-activity/${id}/materials`, body)).data;
export const fetchPhotos = async (id: number) => (await api.get<PhotoRead[]>(`/external-activity/${id}/photos`)).data;
/** Silent: a photo that fails stays on the screen as "não enviada" and is retried. */
export async function uploadPhoto(id: number, file: Blob, fields: { caption?: string; item_key?: string }) {
  const form = new FormData();
  if (fields.caption) form.append('caption', fields.caption);
  if (fields.item_key) form.append('item_key', fields.item_key);
  form.append('file', file, 'foto.jpg');
  return (await api.post<PhotoRead>(`/external-activity/${id}/photos`, form, { silent: true })).data;
}
export const fetchSignature = async (id: number) => (await api.get<{ name: string; image: string; signed_at: string } | null>(`/external-activity/${id}/signature`)).data;
export const saveSignature = async (id: number, name: string, image: string) => (await api.put<{ name: string; image: string; signed_at: string }>(`/external-activity/${id}/signature`, { name, image })).data;
export const searchBalances = async (term: string) =>
  (await api.get<ListResult<BalanceRead>>('/consumable/balances', { params: { positive: 'true', search: term || undefined, pageSize: 30 } })).data.items;
