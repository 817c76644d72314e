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
  },
  (t) => [
    index('schedule_event_window_idx').on(t.organization_id, t.starts_at, t.ends_at),
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
  (t) => [uniqueIndex('patrimony_reservation_event_item_unique').on(t.event_id, t.patrimony_id), index('patrimony_reservation_item_idx').on(t.patrimony_id, t.ends_at, t.starts_at)],
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
