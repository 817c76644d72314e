/** Public parts of the schedule: its routes, and an item's reservations for the patrimony page. */
export { scheduleRoutes } from './routes';
export { UpcomingReservations } from './UpcomingReservations';
