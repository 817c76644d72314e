import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const releaseNotes = pgTable('release_note', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  version: text().notNull(),
  title: text().notNull(),
  content: text().notNull(),
  search_text: text().notNull().default(''),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
