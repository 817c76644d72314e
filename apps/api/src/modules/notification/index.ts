/** Notifications: the bell's list (`/api/notification`), the table and the notifier that creates them. */
export { notificationRoutes } from './routes';
export { type NewNotification, Notifier } from './service';
export { notifications } from './schema';
