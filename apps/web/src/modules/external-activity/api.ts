/** Fetchers of field service: assistance types, activities, technicians, timeline and checklist answers. */
import { assistanceTypeResource, externalActivityResource, type ActivityEvent, type ExternalActivityRead, type BalanceRead, type ChecklistAnswer, type ListResult, type MaterialInput, type MaterialRead, type PhotoRead, type VanRead } from '@operacoes/contract';
import { api } from '../../core/api';
import { balancesThrough, carriedThrough, fetchCarried, readThrough } from '../../core/offline/ordersCache';
import { type Outcome, submitRecord } from '../../core/offline/queue';
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
/** The reads of the manage screen: from the server, or from the phone's copy without signal (core/offline). */
export const fetchActivity = (id: number) => readThrough(id, 'activity', () => activityApi.get(id));
export const fetchTimeline = (id: number) => readThrough(id, 'timeline', async () => (await api.get<ActivityEvent[]>(`/external-activity/${id}/timeline`, { silent: !navigator.onLine })).data);
export const fetchAnswers = (id: number) => readThrough(id, 'answers', async () => (await api.get<ChecklistAnswer[]>(`/external-activity/${id}/answers`, { silent: !navigator.onLine })).data);

/**
 * What the technician records on site goes through the phone's queue (core/offline/queue.ts):
 * written there first, sent in order with an Idempotency-Key, kept while there is no signal.
 */
export const recordOnSite = (activityId: number, kind: Parameters<typeof submitRecord>[0]['kind'], label: string, method: 'POST' | 'PUT', path: string, body?: unknown, extra: { photo?: { blob: Blob; item_key?: string }; itemKey?: string } = {}): Promise<Outcome> =>
  submitRecord({ activityId, kind, label, method, url: `/external-activity/${activityId}${path}`, body, ...extra });

/** An error shaped like the API client's, for callers that tell a refusal from no connection. */
class QueueError extends Error {
  constructor(public response?: { status: number; data: { message: string } }) {
    super(response?.data.message ?? 'queued');
  }
  isAxiosError = true;
}
/**
 * A checklist answer, through the queue: resolves when the server has it; rejects like a call
 * without connection when it waits on the phone, or like a 409 with the reason when it is refused.
 */
export async function sendAnswer(id: number, key: string, value: ChecklistAnswer['value'], label = key): Promise<ChecklistAnswer> {
  const out = await recordOnSite(id, 'answer', `Checklist: ${label}`, 'PUT', `/answers/${encodeURIComponent(key)}`, { value }, { itemKey: key });
  if (out.status === 'sent') return out.data as ChecklistAnswer;
  throw new QueueError(out.status === 'refused' ? { status: 409, data: { message: out.error } } : undefined);
}

export const materialsKey = (id: number) => ['external_activity', id, 'materials'] as const;
export const photosKey = (id: number) => ['external_activity', id, 'photos'] as const;
export const signatureKey = (id: number) => ['external_activity', id, 'signature'] as const;
export const fetchMaterials = (id: number) => readThrough(id, 'materials', async () => (await api.get<MaterialRead[]>(`/external-activity/${id}/materials`, { silent: !navigator.onLine })).data);
export const addMaterial = (id: number, body: MaterialInput, label: string) => recordOnSite(id, 'material', label, 'POST', '/materials', body);
export const fetchPhotos = (id: number) => readThrough(id, 'photos', async () => (await api.get<PhotoRead[]>(`/external-activity/${id}/photos`, { silent: !navigator.onLine })).data);
/** Silent: a photo that fails stays on the screen as "não enviada" and is retried. */
export async function uploadPhoto(id: number, file: Blob, fields: { caption?: string; item_key?: string }) {
  const form = new FormData();
  if (fields.caption) form.append('caption', fields.caption);
  if (fields.item_key) form.append('item_key', fields.item_key);
  form.append('file', file, 'foto.jpg');
  return (await api.post<PhotoRead>(`/external-activity/${id}/photos`, form, { silent: true })).data;
}
export const fetchSignature = (id: number) => readThrough(id, 'signature', async () => (await api.get<{ name: string; image: string; signed_at: string } | null>(`/external-activity/${id}/signature`, { silent: !navigator.onLine })).data);
export const saveSignature = (id: number, name: string, image: string) => recordOnSite(id, 'signature', `Assinatura de ${name}`, 'PUT', '/signature', { name, image });
/** What the technician carries (their van, the items in their hands): from the server, or the phone's copy. */
export const carriedKey = ['external_activity', 'carried'] as const;
export const fetchCarriedItems = () => carriedThrough(fetchCarried);
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');
/**
 * Consumables to pick, the technician's own van first; then the warehouse's sections they may read
 * (none without the stock permission: the van is enough).
 */
export async function searchBalances(term: string, van: VanRead | null): Promise<BalanceRead[]> {
  const words = fold(term).split(/\s+/).filter(Boolean);
  const mine = (van?.balances ?? []).filter((b) => words.every((w) => fold(b.product.name).includes(w)));
  const others = await balancesThrough(term, async () => (await api.get<ListResult<BalanceRead>>('/consumable/balances', { params: { positive: 'true', search: term || undefined, pageSize: 30 }, silent: true })).data.items).catch(() => []);
  return [...mine, ...others.filter((b) => b.section.id !== van?.id)];
}
