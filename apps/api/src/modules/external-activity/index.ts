/** Field service (`/api/external-activity`, `/api/external-activity/assistance-type`): what other modules may use. */
export { externalActivityRoutes } from './routes';
export { externalActivities } from './schema';
