import { type AnyPgColumn, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from '../../../core/schema';
import { networkAssets } from '../asset/schema';
import { lmcs } from '../lmc/schema';

/** Generated MikroTik scripts: one row per device each time its script changed, with who and when. */
export const mikrotikScriptVersions = pgTable(
  'mikrotik_script_version',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    lmc_id: integer()
      .notNull()
      .references((): AnyPgColumn => lmcs.id, { onDelete: 'cascade' }),
    asset_id: integer()
      .notNull()
      .references((): AnyPgColumn => networkAssets.id, { onDelete: 'cascade' }),
    script: text().notNull(),
    /** The "Remover configuração" script of the same version. */
    removal_script: text().notNull().default(''),
    generated_by: integer().references(() => users.id),
    generated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mikrotik_script_version_device_idx').on(t.lmc_id, t.asset_id, t.id)],
);
