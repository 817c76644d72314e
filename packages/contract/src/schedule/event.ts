import { z } from 'zod';
import { blankAsNull, listQuery, queryBoolean, tenantRecord, updateOf } from '../kit/common';
import { whenValid } from '../kit/cross-field';
import { defineResource } from '../kit/define';
import { dateOrDateTime } from '../kit/validators';
import { DEFAULT_TIME_ZONE } from '../kit/time-zone';
import { hexColor } from '../external-activity/assistance-type';
import { ACTIVITY_STATUSES, MAX_VISIT_DAYS } from '../external-activity/external-activity';
import { id, optionalText, queryId, ref } from '../warehouse';
import { scheduleEventEntity } from './module';
import { recurrenceInput, recurrenceRead } from './recurrence';

/** Schedule (DESIGN §4): own events, with participants and patrimony reservations. */
export const EVENT_END_BEFORE_START = 'O fim deve ser depois do início';
/** Only the fallback before the organization's zone is known: screens use the session's `time_zone`. */
export const SCHEDULE_TIME_ZONE: string = DEFAULT_TIME_ZONE;
/** The longest window an event (or an activity on the calendar) may have: the calendar looks this far back for what is still going on. */
export const MAX_WINDOW_DAYS = 62;
export const WINDOW_TOO_LONG = `Um evento dura no máximo ${MAX_WINDOW_DAYS} dias`;

const windowInOrder = (v: { starts_at?: string; ends_at?: string; all_day?: boolean }, ctx: z.RefinementCtx, maxDays = MAX_WINDOW_DAYS, tooLong = WINDOW_TOO_LONG) => {
  if (!v.starts_at || !v.ends_at) return;
  const start = Date.parse(v.starts_at);
  const end = Date.parse(v.ends_at);
  // An all-day event may end on the day it starts (the end day is counted).
  if (v.all_day ? end < start : end <= start) ctx.addIssue({ code: 'custom', message: EVENT_END_BEFORE_START, path: ['ends_at'] });
  else if (end - start > maxDays * 86_400_000) ctx.addIssue({ code: 'custom', message: tooLong, path: ['ends_at'] });
};

export const scheduleEventInput = z.object({
  title: z.string().trim().min(1, 'Informe o título').max(200, 'Título longo demais'),
  starts_at: dateOrDateTime,
  ends_at: dateOrDateTime,
  all_day: z.boolean().default(false),
  participant_ids: z.array(id).max(50, 'No máximo 50 participantes').default([]),
  patrimony_ids: z.array(id).max(30, 'No máximo 30 itens reservados').default([]),
  location: optionalText(300),
  description: optionalText(4000),
  color: blankAsNull(hexColor),
  unit_organizational_id: id.nullable().optional(),
  /** Keep the write although a participant is busy then (the 409's clash is recorded on the event). */
  force: z.boolean().optional(),
  /** Repeats (a series): every occurrence has the event's duration and time of day. Null: a one-off event. */
  recurrence: recurrenceInput.nullish(),
  /** Creating a moved occurrence of a series: the series and the occurrence's original start. */
  series_id: id.optional(),
  recurrence_id: dateOrDateTime.optional(),
});
/** The window is checked with the other fields, not after them (every violation in one answer). */
const windowFields = whenValid('starts_at', 'ends_at', 'all_day');
export const scheduleEventCreate = scheduleEventInput.superRefine((v, ctx) => windowInOrder(v, ctx), windowFields);
export const scheduleEventUpdate = updateOf(scheduleEventInput).superRefine((v, ctx) => windowInOrder(v, ctx), windowFields);
export type ScheduleEventInput = z.input<typeof scheduleEventInput>;

export const reservationRead = z.object({
  id: z.number(),
  event_id: z.number(),
  event_title: z.string(),
  patrimony_id: z.number(),
  tag: z.string(),
  product: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type ReservationRead = z.infer<typeof reservationRead>;

export const scheduleEventRead = tenantRecord({
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  all_day: z.boolean(),
  participant_ids: z.array(z.number()),
  participants: z.array(ref),
  patrimony_ids: z.array(z.number()),
  reservations: z.array(reservationRead),
  location: z.string().nullable(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  unit_organizational_id: z.number().nullable(),
  unit_organizational: ref.nullable(),
  created_by: ref.nullable(),
  /**
   * The zone its days and repetition are read in: its unit's when the unit has its own zone, else
   * its organization's (an all-day event is the same days for a viewer anywhere).
   */
  time_zone: z.string(),
  /** The clash the author chose to keep at the last write ("Marina já tem … das 14:00 às 17:00"). */
  clash_note: z.string().nullable(),
  recurrence: recurrenceRead.nullable(),
  /** "Semanal às segundas, 10 vezes". */
  recurrence_label: z.string().nullable(),
  /** The original starts of the cancelled occurrences. */
  exdates: z.array(z.string()),
  /** The occurrences moved out of this series (each its own event). */
  exceptions: z.array(z.object({ id: z.number(), recurrence_id: z.string(), starts_at: z.string(), ends_at: z.string() })),
  /** For a moved occurrence: its series and its original start. */
  series_id: z.number().nullable(),
  recurrence_id: z.string().nullable(),
});
export type ScheduleEventRead = z.infer<typeof scheduleEventRead>;

export const scheduleEventListQuery = listQuery.extend({
  /** Events that overlap [from, to]. */
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
  participant: queryId,
  unit: queryId,
  mine: queryBoolean.optional(),
});

export const scheduleEventResource = defineResource({
  ...scheduleEventEntity,
  apiPath: '/schedule',
  permission: 'SCHEDULE',
  tenancy: 'organization',
  schemas: { read: scheduleEventRead, create: scheduleEventCreate, update: scheduleEventUpdate, query: scheduleEventListQuery },
});

/** The calendar: own events and the organization's scheduled activities in one window. */
export const calendarQuery = z.object({
  from: dateOrDateTime,
  to: dateOrDateTime,
  mine: queryBoolean.optional(),
  technician: queryId,
  unit: queryId,
  /** Only the activities of this assistance type (events are left out). */
  assistance_type: queryId,
});
export type CalendarQuery = z.input<typeof calendarQuery>;

export const calendarItem = z.object({
  /** `event-12`, `activity-5`: unique across kinds. */
  key: z.string(),
  kind: z.enum(['event', 'activity']),
  id: z.number(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  color: z.string(),
  people: z.array(ref),
  location: z.string().nullable(),
  /** For activities. */
  code: z.string().nullable(),
  status: z.enum(ACTIVITY_STATUSES).nullable(),
  assistance_type: ref.nullable(),
  reserved_items: z.number(),
  /** This user may drag it (write permission; an activity still open and not started). */
  editable: z.boolean(),
  /** An occurrence of a recurring event: its original start (the event's page takes it to move or cancel just this one). */
  occurrence: z.string().nullable().optional(),
});
export type CalendarItem = z.infer<typeof calendarItem>;

/** Moving an activity on the calendar: a reschedule written on its timeline. */
export const activityMoveBody = z
  .object({ scheduled_start: dateOrDateTime, scheduled_end: dateOrDateTime, force: z.boolean().optional() })
  .superRefine((v, ctx) => windowInOrder({ starts_at: v.scheduled_start, ends_at: v.scheduled_end }, ctx, MAX_VISIT_DAYS, `Uma visita agendada dura no máximo ${MAX_VISIT_DAYS} dias`), whenValid('scheduled_start', 'scheduled_end'));
export type ActivityMoveBody = z.input<typeof activityMoveBody>;

/** A 409 for a busy participant carries one violation per clash on this path: the client may resend with `force`. */
export const SCHEDULE_CLASH_FIELD = 'force';

export const reservationQuery = z.object({ patrimony: queryId, upcoming: queryBoolean.optional() });

/** The personal iCalendar feed: the URL is shown once, when made (only its hash is kept). */
export const feedStatus = z.object({ active: z.boolean(), created_at: z.string().nullable(), url: z.string().nullable() });
export type FeedStatus = z.infer<typeof feedStatus>;

/** Cancelling one occurrence of a series: its original start. */
export const occurrenceBody = z.object({ occurrence: dateOrDateTime });
export type OccurrenceBody = z.input<typeof occurrenceBody>;
