/**
 * The ownership rules of a work order (contract external-activity/rights.ts) read from the
 * database: its technicians and its creator (the user of its "created" timeline entry; there is no
 * column for it, and the timeline is append-only).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACTIVITY_WORK_DENIED, type ActivityRights, activityDispatchDenied, activityRights } from '@operacoes/contract';
import type { CurrentUser } from '../../../core/access';
import type { DbOrTx } from '../../../core/db';
import { HttpError } from '../../../core/errors';
import { activityEvents, activityTechnicians } from '../schema';

export type Ownership = { technician_ids: number[]; created_by: number | null };

/** The technicians and the creator of some activities, by id. */
export async function ownershipOf(db: DbOrTx, ids: number[]): Promise<Map<number, Ownership>> {
  const out = new Map<number, Ownership>(ids.map((id) => [id, { technician_ids: [], created_by: null }]));
  if (!ids.length) return out;
  const [techs, created] = await Promise.all([
    db.select({ activity_id: activityTechnicians.activity_id, user_id: activityTechnicians.user_id }).from(activityTechnicians).where(inArray(activityTechnicians.activity_id, ids)).orderBy(asc(activityTechnicians.user_id)),
    db
      .select({ activity_id: activityEvents.activity_id, user_id: activityEvents.user_id })
      .from(activityEvents)
      .where(and(inArray(activityEvents.activity_id, ids), eq(activityEvents.kind, 'created')))
      .orderBy(asc(activityEvents.id)),
  ]);
  for (const t of techs) out.get(t.activity_id)!.technician_ids.push(t.user_id);
  for (const c of created) {
    const o = out.get(c.activity_id)!;
    if (o.created_by === null) o.created_by = c.user_id;
  }
  return out;
}

/** What `user` may do on activity `id` now. */
export async function rightsOn(db: DbOrTx, user: CurrentUser, id: number): Promise<ActivityRights & Ownership> {
  const own = (await ownershipOf(db, [id])).get(id)!;
  return { ...own, ...activityRights(user, own) };
}

/** 403 unless the user is one of the activity's assigned technicians (or a super admin). */
export async function assertOnSite(db: DbOrTx, user: CurrentUser, id: number) {
  if (user.superAdmin) return;
  if (!(await rightsOn(db, user, id)).work) throw new HttpError(403, ACTIVITY_WORK_DENIED);
}

/** 403 unless the user dispatches or the activity is theirs; `action` names it ("cancelar"). */
export async function assertDispatch(db: DbOrTx, user: CurrentUser, id: number, action: string) {
  if (user.superAdmin) return;
  if (!(await rightsOn(db, user, id)).dispatch) throw new HttpError(403, activityDispatchDenied(action));
}
