/** Data sources: external feeds fetched on demand into records (`/api/data-source`). */
export { dataSourceRoutes } from './routes';
