/** Public parts of the notification module: the bell and the realtime connection for the layout, the unread count for the dashboard. */
export { fetchUnreadCount, notificationKeys } from './api';
export { default as NotificationBell } from './NotificationBell';
export { RealtimeConnection, useRealtimeEvent } from './realtime';
