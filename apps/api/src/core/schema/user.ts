import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UserSettings } from '@operacoes/contract';
import { organizations } from './organization';
import { unitsOrganizational } from './unit-organizational';

export const persons = pgTable('person', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  organization_id: integer()
    .notNull()
    .references(() => organizations.id),
  nickname: text().notNull(),
  full_name: text().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'user',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    person_id: integer()
      .notNull()
      .references(() => persons.id),
    unit_organizational_id: integer().references(() => unitsOrganizational.id),
    username: text().notNull(),
    email: text().notNull(),
    password_hash: text().notNull(),
    picture: text(),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    /** Permissions that reach only some units: permission → unit ids; a permission absent here is organization-wide. */
    permission_scopes: jsonb().$type<Record<string, number[]>>().notNull().default({}),
    super_admin: boolean().notNull().default(false),
    is_active: boolean().notNull().default(true),
    is_confirmed: boolean().notNull().default(true),
    /** Bumped on logout, password change and deactivation: older tokens stop working. */
    token_version: integer().notNull().default(0),
    settings: jsonb().$type<UserSettings>().notNull(),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('user_email_unique').on(sql`lower(${t.email})`),
    index('user_org_idx').on(t.organization_id, t.id),
    index('user_org_username_idx').on(t.organization_id, t.username),
    index('user_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);

export const userUnits = pgTable(
  'user_unit',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unit_id: integer()
      .notNull()
      .references(() => unitsOrganizational.id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.unit_id] }), index('user_unit_unit_idx').on(t.unit_id)],
);
