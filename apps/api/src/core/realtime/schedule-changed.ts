import type { FastifyInstance } from 'fastify';
import { SCHEDULE_CHANGED, type ScheduleRealtimeMessage } from '@operacoes/contract';
import { organizationTopic } from '../tokens';

/**
 * Tells the organization's open calendars to refetch: an event written, an occurrence moved or
 * cancelled, a work order's visit scheduled, moved, cancelled or assigned. In core because both the
 * schedule and field service write the calendar, and field service may not import the schedule
 * (which imports it). Call it after the commit (core/after-commit), never inside the transaction.
 */
export async function publishScheduleChanged(app: FastifyInstance, organizationId: number | null | undefined) {
  if (!organizationId) return;
  await app.realtime.publish([{ topic: organizationTopic(organizationId), data: { type: SCHEDULE_CHANGED } satisfies ScheduleRealtimeMessage }]);
}
