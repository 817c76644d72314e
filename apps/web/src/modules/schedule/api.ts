/** Fetchers of the schedule: events, the calendar, moves, people, reservations and the personal feed. */
import { scheduleEventResource, type ActivityMoveBody, type CalendarItem, type CalendarQuery, type FeedStatus, type ListResult, type ReservationRead } from '@operacoes/contract';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export type { CalendarItem, ScheduleEventRead } from '@operacoes/contract';
export type Ref = { id: number; name: string };
export const eventApi = resourceApi(scheduleEventResource);

/** The period's items, and whether the server left some out (too many: a filter is needed). */
export async function fetchCalendar(q: CalendarQuery) {
  const r = await api.get<CalendarItem[]>('/schedule/calendar', { params: q });
  return { items: r.data, truncated: r.headers['x-calendar-truncated'] === '1' };
}
/** Silent: the caller shows a clash as a question and other errors itself. */
export const moveEvent = async (id: number, body: { starts_at: string; ends_at: string; all_day: boolean; force?: boolean }) => (await api.put(`/schedule/${id}`, body, { silent: true })).data;
export const moveActivity = async (id: number, body: ActivityMoveBody) => (await api.post(`/schedule/activity/${id}/move`, body, { silent: true })).data;

export const searchPeople = async (term: string) => (await api.get<Ref[]>('/schedule/people', { params: { search: term || undefined } })).data;
export const searchItems = async (term: string): Promise<Ref[]> =>
  (await api.get<ListResult<{ id: number; tag: string; product: { name: string }; status: string }>>('/patrimony', { params: { search: term || undefined, pageSize: 30 } })).data.items
    .filter((p) => p.status !== 'baixado')
    .map((p) => ({ id: p.id, name: `${p.tag} — ${p.product.name}` }));
/** Silent: a user without the type permission just gets no type filter. */
export const fetchTypes = async () => (await api.get<(Ref & { color: string })[]>('/external-activity/type-options', { silent: true })).data;

export const reservationsKey = (patrimonyId: number) => ['schedule_event', 'reservations', patrimonyId] as const;
export const fetchReservations = async (patrimonyId: number) => (await api.get<ReservationRead[]>('/schedule/reservation', { params: { patrimony: patrimonyId, upcoming: true } })).data;

export const feedKey = ['schedule_event', 'feed'] as const;
export const fetchFeed = async () => (await api.get<FeedStatus>('/schedule/feed')).data;
export const renewFeed = async () => (await api.post<FeedStatus>('/schedule/feed')).data;
export const revokeFeed = async () => void (await api.delete('/schedule/feed'));
/** Silent: the form shows violations on its fields and a clash as a question. */
export const saveEvent = async (id: number | null, body: unknown) => (id ? await api.put(`/schedule/${id}`, body, { silent: true }) : await api.post('/schedule', body, { silent: true })).data as { id: number };
/** Cancels one occurrence of a series by its original start. */
export const cancelOccurrence = async (id: number, occurrence: string) => (await api.post(`/schedule/${id}/cancel-occurrence`, { occurrence })).data;
