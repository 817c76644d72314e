import { z } from 'zod';
import { dateOrDateTime } from '../kit/validators';
import { ACTIVITY_PRIORITIES, ACTIVITY_STATUSES } from '../external-activity/external-activity';

/** The dispatch board answers at most this span (a day or a week, with room for a fortnight). */
export const BOARD_MAX_DAYS = 14;
/** At most this many technicians (rows) and unassigned orders (the side list) per answer. */
export const BOARD_MAX_TECHNICIANS = 500;
export const BOARD_MAX_UNASSIGNED = 300;

/** `GET /api/schedule/board?from&to`: a day (`from` = `to`) or a week of local days, or two instants. */
export const boardQuery = z.object({ from: dateOrDateTime, to: dateOrDateTime });

/** Something in a technician's row: an event they take part in, or an order assigned to them. */
export const boardItem = z.object({
  kind: z.enum(['event', 'activity']),
  id: z.number(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  color: z.string(),
  code: z.string().nullable(),
  status: z.enum(ACTIVITY_STATUSES).nullable(),
});
export type BoardItem = z.infer<typeof boardItem>;

/** An open order nobody is assigned to yet: the side list the dispatcher drags from. */
export const boardOrder = z.object({
  id: z.number(),
  code: z.string(),
  client_name: z.string(),
  address: z.string().nullable(),
  priority: z.enum(ACTIVITY_PRIORITIES),
  due_at: z.string(),
  scheduled_start: z.string().nullable(),
  /** The visit's expected length: the type's duration, else the organization's. */
  duration_minutes: z.number(),
  assistance_type: z.object({ id: z.number(), name: z.string(), color: z.string() }),
});
export type BoardOrder = z.infer<typeof boardOrder>;

export const boardRead = z.object({
  from: z.string(),
  to: z.string(),
  /** This user may drop an order on a technician (schedule write, field service write and dispatch). */
  can_assign: z.boolean(),
  technicians: z.array(z.object({ id: z.number(), name: z.string(), items: z.array(boardItem) })),
  unassigned: z.array(boardOrder),
  /** More technicians or unassigned orders than the caps: the screen says so. */
  truncated: z.boolean(),
});
export type BoardRead = z.infer<typeof boardRead>;
