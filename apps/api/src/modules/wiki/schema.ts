import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WikiVersionAction } from '@operacoes/contract';
import { organizations, users } from '../../core/schema';

/** PostgreSQL's full-text document type; written only through SQL (`wikiSearchVector`). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A wiki page. `body` is the sanitized HTML as stored: links to other pages carry
 * `data-wiki-page="<id>"` and are read with the target's current path. `body_text` is the body
 * as plain lines (search excerpts, diffs); `search_vector` its weighted Portuguese document
 * (title A, body B) under the accent-folding configuration `wiki_pt` (migration).
 */
export const wikiPages = pgTable(
  'wiki_page',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    parent_id: integer().references((): AnyPgColumn => wikiPages.id),
    path: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    body_text: text().notNull().default(''),
    search_vector: tsvector().notNull(),
    version: integer().notNull().default(1),
    created_by: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updated_by: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wiki_page_path_unique').on(t.organization_id, t.path),
    index('wiki_page_parent_idx').on(t.parent_id),
    index('wiki_page_search_idx').using('gin', t.search_vector),
  ],
);

/** Every save of a page (create, update, move, restore): who, when and the whole content then. */
export const wikiPageVersions = pgTable(
  'wiki_page_version',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    page_id: integer()
      .notNull()
      .references(() => wikiPages.id, { onDelete: 'cascade' }),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    version: integer().notNull(),
    action: text().$type<WikiVersionAction>().notNull(),
    path: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    body_text: text().notNull(),
    restored_from: integer(),
    user_id: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wiki_page_version_version_unique').on(t.page_id, t.version)],
);

/** An old path of a moved page: reading it answers the page (a later page created there wins). */
export const wikiRedirects = pgTable(
  'wiki_redirect',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    path: text().notNull(),
    page_id: integer()
      .notNull()
      .references(() => wikiPages.id, { onDelete: 'cascade' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wiki_redirect_path_unique').on(t.organization_id, t.path), index('wiki_redirect_page_idx').on(t.page_id)],
);

/**
 * Text as the search reads it: the parser takes `<word>` for an HTML tag and drops it, so a
 * space follows every `<` (the excerpts take it out again, see search.ts).
 */
export const searchable = (text: SQL | string) => sql`regexp_replace(${text}, '<', '< ', 'g')`;

/** The weighted document of a page: title (A) over body (B), accent-folded Portuguese. */
export const wikiSearchVector = (title: string, bodyText: string) =>
  sql`setweight(to_tsvector('wiki_pt', ${searchable(title)}), 'A') || setweight(to_tsvector('wiki_pt', ${searchable(bodyText)}), 'B')`;
