import { inArray } from 'drizzle-orm';
import { type CurrentUser, unitScopeOf } from '../../../core/access';
import { externalActivities } from '../schema';

/** A work order belongs to its own unit (chosen, or its site's when it was opened). */
export const activityUnitScope = (unitIds: number[]) => inArray(externalActivities.unit_organizational_id, unitIds);

/** The orders a user scoped for work orders reaches, for the calendar, the board and pickers (undefined: all of the organization). */
export function activityUnitCondition(user: CurrentUser) {
  const units = unitScopeOf(user, 'EXTERNAL_ACTIVITY');
  return units ? activityUnitScope(units) : undefined;
}
