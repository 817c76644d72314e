import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth';
import { dataSourceRoutes } from './data-source';
import { dashboardRoutes } from './dashboard';
import { externalActivityRoutes } from './external-activity';
import { faqRoutes } from './faq';
import { fileRoutes } from './files';
import { localeRoutes } from './locale';
import { logisticsRoutes, receivingRoutes } from './logistics';
import { networkRoutes } from './network';
import { notificationRoutes } from './notification';
import { organizationRoutes } from './organization';
import { organizationSettingsRoutes } from './organization-settings';
import { projectRoutes } from './project';
import { reportRoutes } from './report';
import { releaseNoteRoutes } from './release-note';
import { revisionRoutes } from './revision';
import { scheduleRoutes } from './schedule';
import { unitRoutes } from './unit-organizational';
import { userRoutes } from './user';
import { viabilityRoutes } from './viability';
import { warehouseRoutes } from './warehouse';
import { webhookRoutes } from './webhook';
import { wikiRoutes } from './wiki';

/** Every module's routes, mounted under /api. A new module adds its plugin here (each through its index.ts). */
export const modules: FastifyPluginAsync[] = [authRoutes, userRoutes, unitRoutes, notificationRoutes, releaseNoteRoutes, revisionRoutes, fileRoutes, organizationSettingsRoutes, organizationRoutes, localeRoutes, dataSourceRoutes, webhookRoutes, warehouseRoutes, logisticsRoutes, receivingRoutes, networkRoutes, externalActivityRoutes, scheduleRoutes, projectRoutes, viabilityRoutes, wikiRoutes, faqRoutes, reportRoutes, dashboardRoutes];
