import { eq } from 'drizzle-orm';
import { ACTIVITY_STATUS_LABELS, type ActivityStatus } from '@operacoes/contract';
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../../core/access';
import { afterCommit } from '../../../core/after-commit';
import { publishScheduleChanged } from '../../../core/realtime/schedule-changed';
import { audit } from '../../../core/audit';
import { brDateTime } from '../../../core/pdf';
import type { DbOrTx } from '../../../core/db';
import { conflict } from '../../../core/errors';
import { notify } from '../../../core/notify';
import { externalActivities } from '../schema';
import type { ActivityRow } from './present';
import { assertDispatch } from './rights';
import { manageLink, technicianIds, writeEvent } from './routes';

/** The statuses whose window may still move on a calendar (once the technician left, the manage screen reschedules). */
export const MOVABLE_ACTIVITY_STATUSES: readonly ActivityStatus[] = ['aberta', 'agendada'];

const windowText = (start: string | Date | null, end: string | Date | null) => (start ? `${brDateTime(new Date(start).toISOString())}${end ? `–${brDateTime(new Date(end).toISOString())}` : ''}` : 'sem horário');

/**
 * Moves a (locked) activity's scheduled window: a reschedule on its timeline, with the old and new
 * windows as its reason, an audit row and a notice to its technicians. The status does not change.
 * 403 for a user who neither dispatches nor is one of its technicians.
 */
export async function moveActivityWindow(app: FastifyInstance, tx: DbOrTx, user: CurrentUser, row: ActivityRow, start: Date, end: Date, note?: string) {
  // Moving it on a calendar is rescheduling: a dispatch action unless the order is the user's.
  await assertDispatch(tx, user, row.id, 'reagendar');
  if (!MOVABLE_ACTIVITY_STATUSES.includes(row.status)) {
    throw conflict(`A atividade ${row.code} está ${ACTIVITY_STATUS_LABELS[row.status].toLowerCase()}: só atividades abertas ou agendadas podem ser movidas na agenda.`);
  }
  const reason = `Movida na agenda: de ${windowText(row.scheduled_start, row.scheduled_end)} para ${windowText(start, end)}${note ? `. ${note}` : ''}`;
  await writeEvent(tx, row.id, 'reschedule', user, row.status, row.status, { reason });
  const [updated] = await tx
    .update(externalActivities)
    .set({ scheduled_start: start.toISOString(), scheduled_end: end.toISOString(), updated_at: new Date() })
    .where(eq(externalActivities.id, row.id))
    .returning();
  await audit(tx, user, {
    entity: 'external_activity',
    entityId: row.id,
    organizationId: row.organization_id,
    action: 'update',
    changes: { scheduled_start: [row.scheduled_start, updated.scheduled_start], scheduled_end: [row.scheduled_end, updated.scheduled_end] },
  });
  afterCommit(user, () => publishScheduleChanged(app, row.organization_id));
  const others = (await technicianIds(tx, row.id)).filter((id) => id !== user.id);
  if (others.length) afterCommit(user, await notify(app, tx, others, `Atividade ${row.code} reagendada`, `${row.client_name}: ${windowText(start, end)}.`, manageLink(row.id), user));
  return updated;
}
