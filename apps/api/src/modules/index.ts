import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { dataSourceRoutes } from './data-source/routes';
import { localeRoutes } from './locale/routes';
import { logisticsRoutes } from './logistics/routes';
import { receivingRoutes } from './logistics/receiving';
import { organizationRoutes } from './organization/routes';
import { fileRoutes } from './files/store';
import { notificationRoutes } from './notification/routes';
import { organizationSettingsRoutes } from './organization-settings/routes';
import { releaseNoteRoutes } from './release-note/routes';
import { revisionRoutes } from './revision/routes';
import { unitRoutes } from './unit-organizational/routes';
import { userRoutes } from './user/routes';
import { warehouseRoutes } from './warehouse';

/** Every module's routes, mounted under /api. A new module adds its plugin here. */
export const modules: FastifyPluginAsync[] = [authRoutes, userRoutes, unitRoutes, notificationRoutes, releaseNoteRoutes, revisionRoutes, fileRoutes, organizationSettingsRoutes, organizationRoutes, localeRoutes, dataSourceRoutes, warehouseRoutes, logisticsRoutes, receivingRoutes];
