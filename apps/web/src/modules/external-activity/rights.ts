/** The contract's work-order rights (external-activity/rights.ts) for the logged-in user: the screens hide what the API would refuse. */
import { type ActivityActor, type ActivityOwnership, type ActivityRights, activityRights, isDispatcher } from '@operacoes/contract';
import { useCan } from '../../core/permissions';

const NONE: ActivityRights = { work: false, dispatch: false, edit: false };

/** The session user as the rule reads them (null when logged out). */
export function useActivityActor(): ActivityActor | null {
  const { user } = useCan();
  return user ? { id: user.id, superAdmin: user.super_admin === 1, permissions: user.permissions } : null;
}

export const rightsOf = (actor: ActivityActor | null, activity: ActivityOwnership): ActivityRights => (actor ? activityRights(actor, activity) : NONE);
export const dispatches = (actor: ActivityActor | null) => !!actor && isDispatcher(actor);

/** Why the edit form of an order is read-only for this user, or false when they may edit it. */
export const lockedFor = (actor: ActivityActor | null) => (a: ActivityOwnership) =>
  !rightsOf(actor, a).edit && 'Esta atividade é dos técnicos designados: só eles ou quem despacha atividades externas podem alterá-la.';
