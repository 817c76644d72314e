/** Field service (`/api/external-activity`, `/api/external-activity/assistance-type`): what other modules may use. */
export { externalActivityRoutes } from './routes';
export { activityTechnicians, assistanceTypes, externalActivities } from './schema';
export { type ActivityRow } from './activity/present';
/** The schedule moves activities on its calendar (a reschedule on their timeline). */
export { MOVABLE_ACTIVITY_STATUSES, moveActivityWindow } from './activity/move';
/** The ownership rules read from the database (the schedule checks a move before its clashes). */
export { assertDispatch as assertActivityDispatch } from './activity/rights';
/** The day check (technicians busy, SLA deadline) of every way an order is put in a day, the calendar's drag included. */
export { checkTechniciansDay } from './activity/dispatch';
/** A user's unit scope for work orders, for the other places that list them (calendar, board, pickers). */
export { activityUnitCondition } from './activity/scope';
