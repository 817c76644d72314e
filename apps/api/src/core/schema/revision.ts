import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The append-only audit log: one row per create, update or delete, written in the same transaction. */
export const revisions = pgTable(
  'revision',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer(),
    user_id: integer(),
    entity: text().notNull(),
    entity_id: integer().notNull(),
    action: text({ enum: ['create', 'update', 'delete'] }).notNull(),
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull(),
    /** The name of the API token the change was made with; null for a change made in a session. */
    via_token: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('revision_entity_idx').on(t.entity, t.entity_id),
    index('revision_org_idx').on(t.organization_id, t.id.desc()),
    index('revision_user_idx').on(t.user_id),
  ],
);
