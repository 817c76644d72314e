/** Per-organization settings by section (`/api/organization-settings/{section}`) and their reader. */
export { organizationSettingsRoutes } from './routes';
export { getOrganizationSettings } from './service';
