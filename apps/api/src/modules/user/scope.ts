import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { sqlList } from '../../core/resource';

/** The users of these units (a subquery): their main unit, or a membership. Where a person's records belong among units. */
export const usersOfUnits = (unitIds: number[]): SQL =>
  sql`(select u.id from "user" u where u.unit_organizational_id in (${sqlList(unitIds)}) union select uu.user_id from user_unit uu where uu.unit_id in (${sqlList(unitIds)}))`;
