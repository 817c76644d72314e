/**
 * Who may do what on a work order, beyond the EXTERNAL_ACTIVITY permission: one rule for the API
 * (which enforces it) and the web (which hides what the user may not do).
 *
 * An order is "one's own" when one is among its assigned technicians. Then:
 * - `work`: the on-site steps and records (depart, start, checklist answers, materials, photos,
 *   the client's signature, finish) are the assigned technicians' only. Dispatch does not give
 *   them: whoever signs for the client must be the one who was sent there.
 * - `dispatch`: scheduling, rescheduling, cancelling and (re)assigning an order need
 *   EXTERNAL_ACTIVITY_DISPATCH, unless the order is one's own.
 * - `edit`: the order's data (client, e-mail, address…; the PUT) and its deletion: as `dispatch`,
 *   and also its creator while nobody is assigned (an order logged for the dispatch to hand out
 *   stays its author's to correct until then).
 * Super admins may do everything, as elsewhere.
 */
export const EXTERNAL_ACTIVITY_DISPATCH = 'EXTERNAL_ACTIVITY_DISPATCH';

/** The caller: the API's current user, or the web's session user (`superAdmin` from `super_admin`). */
export type ActivityActor = { id: number; superAdmin: boolean; permissions: readonly string[] };
/** What the rule reads of an order: its technicians and who opened it (null when unknown). */
export type ActivityOwnership = { technician_ids: readonly number[]; created_by?: { id: number } | number | null };
export type ActivityRights = { work: boolean; dispatch: boolean; edit: boolean };

/** The steps each right governs (the workflow's verbs). */
export const ACTIVITY_ON_SITE_STEPS = ['depart', 'start', 'finish'] as const;
export const ACTIVITY_DISPATCH_STEPS = ['schedule', 'reschedule', 'cancel'] as const;

export const ACTIVITY_WORK_DENIED = 'Somente os técnicos designados podem registrar este atendimento.';
/** "Somente os técnicos designados ou quem tem a permissão "Despachar atividades externas" podem cancelar esta atividade." */
export const activityDispatchDenied = (action: string) =>
  `Somente os técnicos designados ou quem tem a permissão "Despachar atividades externas" podem ${action} esta atividade.`;
export const ACTIVITY_ASSIGN_DENIED =
  'Sem a permissão "Despachar atividades externas", você só pode designar a si mesmo: inclua-se entre os técnicos ou deixe a atividade sem técnico para o despacho designar.';

/** Holds EXTERNAL_ACTIVITY_DISPATCH (or is a super admin). */
export const isDispatcher = (actor: ActivityActor) => actor.superAdmin || actor.permissions.includes(EXTERNAL_ACTIVITY_DISPATCH);

export function activityRights(actor: ActivityActor, order: ActivityOwnership): ActivityRights {
  if (actor.superAdmin) return { work: true, dispatch: true, edit: true };
  if (!actor.permissions.includes('EXTERNAL_ACTIVITY')) return { work: false, dispatch: false, edit: false };
  const assigned = order.technician_ids.includes(actor.id);
  const creator = typeof order.created_by === 'number' ? order.created_by : (order.created_by?.id ?? null);
  const dispatch = assigned || isDispatcher(actor);
  return { work: assigned, dispatch, edit: dispatch || (order.technician_ids.length === 0 && creator === actor.id) };
}

/**
 * Whether technicians `next` may be named by someone who is not a dispatcher and not (yet) assigned
 * (a creator): only themselves, or nobody.
 */
export const mayNameTechnicians = (actor: ActivityActor, next: readonly number[]) => isDispatcher(actor) || next.length === 0 || next.includes(actor.id);
