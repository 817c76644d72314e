import type { FastifyInstance } from 'fastify';
import { registerAfterCommit } from '../../core/after-commit';
import { acceptIdempotencyKey } from '../../core/idempotency';
import { activityRoutes } from './activity/routes';
import { slaNoticeJob } from './activity/sla';
import { assistanceTypeRoutes } from './assistance-type/routes';

/** Field service (DESIGN §4): assistance types and external activities. */
export async function externalActivityRoutes(app: FastifyInstance) {
  registerAfterCommit(app);
  // What the technician's phone records on site is queued there and may be resent after a lost answer.
  acceptIdempotencyKey(app, [
    'POST /api/external-activity/:id/depart',
    'POST /api/external-activity/:id/start',
    'POST /api/external-activity/:id/finish',
    'POST /api/external-activity/:id/reschedule',
    'POST /api/external-activity/:id/materials',
    'POST /api/external-activity/:id/photos',
    'PUT /api/external-activity/:id/signature',
    'PUT /api/external-activity/:id/answers/:key',
  ]);
  await assistanceTypeRoutes(app);
  await activityRoutes(app);
  slaNoticeJob(app);
}
