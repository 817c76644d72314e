/** Notification calls and query keys (SPEC §7, §9), kept beside each other. */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { NotificationRead } from '@operacoes/contract';
import { api } from '../../core/api';

/** SPEC §9: notifications page size 10, initial page 1. */
export const NOTIFICATION_PAGE_SIZE = 10;

export type NotificationPage = {
  items: NotificationRead[];
  total_pages: number;
  current_page: number;
  total_items?: number;
  unread_count?: number;
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (onlyUnread: boolean) => ['notifications', 'list', { onlyUnread }] as const,
  unread: ['notifications', 'unread'] as const,
};

export async function fetchNotifications(page: number, onlyUnread: boolean): Promise<NotificationPage> {
  const r = await api.get<NotificationPage>('/user/notification', {
    params: { pageSize: NOTIFICATION_PAGE_SIZE, page, onlyUnread },
  });
  return r.data;
}

export async function fetchUnreadCount(): Promise<number> {
  const r = await api.get<NotificationPage>('/user/notification', { params: { pageSize: 1, page: 1, onlyUnread: true } });
  return r.data.unread_count ?? r.data.total_items ?? 0;
}

/** SPEC §9: further pages load while the current page is below total_pages. */
export const nextPageParam = (last: NotificationPage) =>
  last.current_page < last.total_pages ? last.current_page + 1 : undefined;

export const markRead = (id: number) => api.patch<NotificationRead>(`/user/notification/${id}`);
export const markAllRead = () => api.patch<{ updated: number }>('/user/notification/readall');

type Pages = InfiniteData<NotificationPage, number>;

/** Realtime: prepend a new notification to every cached list and bump the unread count. */
export function prependNotification(qc: QueryClient, n: NotificationRead): void {
  qc.setQueriesData<Pages>({ queryKey: ['notifications', 'list'] }, (old) => {
    if (!old || old.pages.length === 0) return old;
    const [first, ...rest] = old.pages;
    if (first.items.some((i) => i.id === n.id)) return old;
    return { ...old, pages: [{ ...first, items: [n, ...first.items] }, ...rest] };
  });
  qc.setQueryData<number>(notificationKeys.unread, (c) => (c ?? 0) + 1);
}

/** Local update after marking read. */
export function applyRead(qc: QueryClient, ids: number[] | 'all'): void {
  qc.setQueriesData<Pages>({ queryKey: ['notifications', 'list'] }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((p) => ({
            ...p,
            items: p.items.map((i) => (ids === 'all' || ids.includes(i.id) ? { ...i, is_read: true } : i)),
          })),
        }
      : old,
  );
  qc.setQueryData<number>(notificationKeys.unread, (c) => (ids === 'all' ? 0 : Math.max(0, (c ?? 0) - ids.length)));
}
