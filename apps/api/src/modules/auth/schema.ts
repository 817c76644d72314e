import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../core/schema';

/** One-use links sent by e-mail (register confirmation, password reset). Only the SHA-256 of the hash is stored. */
export const oneTimeTokens = pgTable(
  'one_time_token',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['confirm', 'reset'] }).notNull(),
    token_sha256: text().notNull().unique(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_token_user_idx').on(t.user_id)],
);
