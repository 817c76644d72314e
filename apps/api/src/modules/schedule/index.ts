/** Schedule (`/api/schedule`): events with participants and patrimony reservations, the calendar, .ics and the personal feed. */
export { scheduleRoutes } from './routes';
export { patrimonyReservations, scheduleEvents } from './schema';
