/**
 * The web's route tables: one line per module (docs/adding-a-module.md). The app layer
 * (routes.tsx) gates each route by its permission, mounts them in the layout, and shows an
 * "em construção" placeholder for every other page the contract's registry declares.
 */
import type { RouteObject } from 'react-router';
import { accountRoutes } from './account/routes';
import { dashboardRoutes } from './dashboard/routes';
import { dataSourceRoutes } from './data-source/routes';
import { externalActivityRoutes } from './external-activity/routes';
import { faqRoutes } from './faq/routes';
import { localeRoutes } from './locale/routes';
import { logisticsRoutes } from './logistics/routes';
import { networkRoutes } from './network/routes';
import { notificationRoutes } from './notification/routes';
import { organizationRoutes } from './organization/routes';
import { organizationSettingsRoutes } from './organization-settings/routes';
import { projectRoutes } from './project/routes';
import { releaseNoteRoutes } from './release-note/routes';
import { reportRoutes } from './report/routes';
import { revisionRoutes } from './revision/routes';
import { scheduleRoutes } from './schedule/routes';
import { settingsRoutes } from './settings/routes';
import { unitRoutes } from './unit-organizational/routes';
import { userRoutes } from './user/routes';
import { viabilityRoutes } from './viability/routes';
import { warehouseRoutes } from './warehouse/routes';
import { webhookRoutes } from './webhook/routes';
import { wikiRoutes } from './wiki/routes';
import { PUBLIC_ROUTES } from './public-routes';

/** Behind the login, inside the layout. */
export const MODULE_ROUTES: RouteObject[] = [
  ...dashboardRoutes,
  ...accountRoutes,
  ...settingsRoutes,
  ...releaseNoteRoutes,
  ...notificationRoutes,
  ...userRoutes,
  ...organizationRoutes,
  ...unitRoutes,
  ...localeRoutes,
  ...revisionRoutes,
  ...organizationSettingsRoutes,
  ...dataSourceRoutes,
  ...webhookRoutes,
  ...logisticsRoutes,
  ...warehouseRoutes,
  ...networkRoutes,
  ...externalActivityRoutes,
  ...scheduleRoutes,
  ...projectRoutes,
  ...viabilityRoutes,
  ...reportRoutes,
  ...wikiRoutes,
  ...faqRoutes,
];

/** Paths with a working page (the rest of the contract's pages are placeholders, and "em breve" in the menu). */
export const BUILT_PATHS: ReadonlySet<string | undefined> = new Set([...MODULE_ROUTES, ...PUBLIC_ROUTES].map((r) => r.path));
