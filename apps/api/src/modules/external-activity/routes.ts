import type { FastifyInstance } from 'fastify';
import { registerAfterCommit } from '../../core/after-commit';
import { activityRoutes } from './activity/routes';
import { slaNoticeJob } from './activity/sla';
import { assistanceTypeRoutes } from './assistance-type/routes';

/** Field service (DESIGN §4): assistance types and external activities. */
export async function externalActivityRoutes(app: FastifyInstance) {
  registerAfterCommit(app);
  await assistanceTypeRoutes(app);
  await activityRoutes(app);
  slaNoticeJob(app);
}
