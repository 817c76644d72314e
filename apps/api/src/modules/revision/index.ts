/** The audit log (`/api/revision`); the table lives in core/schema, written by core/audit. */
export { revisionRoutes } from './routes';
export { revisions } from './schema';
