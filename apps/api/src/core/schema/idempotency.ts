import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { userAndOrganizationColumns } from './columns';

/**
 * The first answer to a request sent with an `Idempotency-Key` (core/idempotency.ts), per
 * organization, user and key: a replay is answered from here and writes nothing. `status` is null
 * while the first request runs. Rows expire (swept when the same user sends a new key).
 */
export const idempotencyKeys = pgTable(
  'idempotency_key',
  {
    ...userAndOrganizationColumns(),
    key: varchar({ length: 100 }).notNull(),
    /** Method, path and a hash of the body: the same key on another request is refused. */
    request: text().notNull(),
    status: integer(),
    content_type: text(),
    body: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.user_id, t.key] }), index('idempotency_key_created_idx').on(t.created_at)],
);
