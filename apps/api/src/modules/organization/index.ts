/** Organizations (tenants), `/api/organization`; the table lives in core/schema. */
export { organizationRoutes } from './routes';
export { organizations } from './schema';
