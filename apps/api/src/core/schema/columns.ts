import { sql } from 'drizzle-orm';
import { type AnyPgColumn, type IndexColumn, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organization';
import { users } from './user';

/** The columns every kit record has: identity id and timestamps. */
export const recordColumns = () => ({
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A record of one organization (DESIGN §3 tenancy), searchable by its folded `search_text`. */
export const tenantColumns = () => ({
  ...recordColumns(),
  organization_id: integer()
    .notNull()
    .references(() => organizations.id),
  search_text: text().notNull().default(''),
});

/** Plain b-tree indexes of a table, each named `<table>_<key>_idx` after its key in `on`. */
export const indexesOn = (table: string, on: Record<string, [IndexColumn, ...IndexColumn[]]>) => Object.entries(on).map(([key, [first, ...rest]]) => index(`${table}_${key}_idx`).on(first, ...rest));

/** The trigram index the kit's accent-insensitive search runs on. */
export const searchIndex = (table: string, t: { search_text: AnyPgColumn }) => index(`${table}_search_trgm`).using('gin', sql`${t.search_text} gin_trgm_ops`);

/** The organization and the user a private row is kept for (an API token, a replayable answer): it goes with either. */
export const userAndOrganizationColumns = () => ({
  organization_id: integer()
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

/** A row one user owns in an organization (a notification, an export job): it goes when the user goes. */
export const userOwnedColumns = () => ({
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  organization_id: integer()
    .notNull()
    .references(() => organizations.id),
  user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});
