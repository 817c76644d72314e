import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { userAndOrganizationColumns } from './columns';

/**
 * Personal API tokens (`Authorization: Bearer opr_…`) for scripts and other systems: only the
 * SHA-256 of the secret is kept. What a token may do is its permissions met with its user's current
 * ones (core/access.ts), so losing a permission or being deactivated reaches every token at once.
 */
export const apiTokens = pgTable(
  'api_token',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    ...userAndOrganizationColumns(),
    name: varchar({ length: 80 }).notNull(),
    /** The first characters of the secret ("opr_AbC12xYz"), to recognise it in a list or a leak report. */
    prefix: varchar({ length: 16 }).notNull(),
    token_hash: varchar({ length: 64 }).notNull(),
    permissions: text().array().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    last_used_at: timestamp({ withTimezone: true }),
    last_used_ip: varchar({ length: 64 }),
    revoked_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_token_hash_idx').on(t.token_hash), index('api_token_user_idx').on(t.user_id, t.id.desc())],
);
