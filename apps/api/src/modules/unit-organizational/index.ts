/** Organizational units (`/api/unit-organizational`); the table lives in core/schema. */
export { unitRoutes } from './routes';
export { unitsOrganizational } from './schema';
