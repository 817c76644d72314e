import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIndex, tenantColumns, unitsOrganizational, users } from '../../core/schema';
import { patrimonies } from '../warehouse';

/** An event of the schedule. External activities are not copied here: the calendar reads them. */
export const scheduleEvents = pgTable(
  'schedule_event',
  {
    ...tenantColumns(),
    title: text().notNull(),
    starts_at: timestamp({ withTimezone: true }).notNull(),
    ends_at: timestamp({ withTimezone: true }).notNull(),
    all_day: boolean().notNull().default(false),
    location: text(),
    description: text(),
    color: text(),
    unit_organizational_id: integer().references((): AnyPgColumn => unitsOrganizational.id),
    created_by: integer().references((): AnyPgColumn => users.id),
    /** The clash the author confirmed (`force`) at the last write, kept for whoever reads the event. */
    clash_note: text(),
    /**
     * A series: its iCalendar RRULE (`FREQ=WEEKLY;BYDAY=MO;COUNT=10`) read in the wall-clock time of
     * the event's zone (Monday 09:00 stays Monday 09:00 there), from the first occurrence
     * (starts_at/ends_at). Occurrences are expanded when read, not stored: a rule edit is one row.
     */
    rrule: text(),
    /** The original starts of the cancelled occurrences (iCalendar's EXDATE). */
    exdates: timestamp({ withTimezone: true }).array().notNull().default(sql`'{}'::timestamptz[]`),
    /** The end of a series' last occurrence: "does it touch this window?" is one index range, as for a one-off. */
    series_until: timestamp({ withTimezone: true }),
    /** A moved occurrence is its own event: its series and the original start it replaces (iCalendar's RECURRENCE-ID). */
    series_id: integer().references((): AnyPgColumn => scheduleEvents.id, { onDelete: 'cascade' }),
    recurrence_id: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('schedule_event_window_idx').on(t.organization_id, t.starts_at, t.ends_at),
    index('schedule_event_series_idx').on(t.organization_id, t.series_until).where(sql`${t.rrule} is not null`),
    uniqueIndex('schedule_event_moved_occurrence_unique').on(t.series_id, t.recurrence_id),
    searchIndex('schedule_event', t),
    check('schedule_event_window_check', sql`${t.ends_at} > ${t.starts_at}`),
  ],
);

/** Who takes part in an event: each is "busy" for its window. */
export const scheduleEventParticipants = pgTable(
  'schedule_event_participant',
  {
    event_id: integer()
      .notNull()
      .references((): AnyPgColumn => scheduleEvents.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references((): AnyPgColumn => users.id),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.user_id] }), index('schedule_event_participant_user_idx').on(t.user_id, t.event_id)],
);

/**
 * A patrimony item held for an event's window (a splicing machine for Tuesday). The window is
 * copied from the event (kept in step by every write) so that "is it free then?" is one index range.
 * A series holds the item with one row per occurrence (bounded by MAX_OCCURRENCES), written with the
 * series: every reader (this module's check, the warehouse's "reserved on the schedule") sees it
 * busy on each occurrence and free between them, without knowing about recurrence.
 */
export const patrimonyReservations = pgTable(
  'patrimony_reservation',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer().notNull(),
    event_id: integer()
      .notNull()
      .references((): AnyPgColumn => scheduleEvents.id, { onDelete: 'cascade' }),
    patrimony_id: integer()
      .notNull()
      .references((): AnyPgColumn => patrimonies.id),
    starts_at: timestamp({ withTimezone: true }).notNull(),
    ends_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('patrimony_reservation_event_item_unique').on(t.event_id, t.patrimony_id, t.starts_at), index('patrimony_reservation_item_idx').on(t.patrimony_id, t.ends_at, t.starts_at)],
);

/**
 * A user's personal iCalendar feed: only the token's SHA-256 is kept; a new token revokes the old
 * link, and so do a new password, deactivation and the loss of SCHEDULE. A logout does not: a
 * phone's calendar subscription outlives a browser session (the feed dialog says so).
 */
export const scheduleFeedTokens = pgTable('schedule_feed_token', {
  user_id: integer()
    .primaryKey()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
  token_hash: text().notNull().unique(),
  /** A hash of the owner's password hash when the link was made: a new password ends the link. */
  password_fingerprint: text(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
