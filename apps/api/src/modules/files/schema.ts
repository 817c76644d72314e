import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../../core/schema';

/**
 * Who may download an upload: the members of its organization (and super admins). A file with
 * no organization (a platform release note's image) is for every logged-in user; so is a file
 * stored before this table existed (no row).
 */
export const storedFiles = pgTable('stored_file', {
  name: text().primaryKey(),
  organization_id: integer().references(() => organizations.id, { onDelete: 'cascade' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
