import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DestinationType, SolicitationKind, SolicitationStatus } from '@operacoes/contract';
import { organizations, unitsOrganizational, users } from '../../../core/schema';
import { patrimonies } from '../patrimony/schema';
import { products } from '../product/schema';
import { stocks } from '../stock/schema';

/** An out-request (retirada) or a return request (devolução); see the contract for the transitions. */
export const patrimonySolicitations = pgTable(
  'patrimony_solicitation',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    kind: text().$type<SolicitationKind>().notNull().default('retirada'),
    status: text().$type<SolicitationStatus>().notNull().default('pendente'),
    requester_id: integer()
      .notNull()
      .references(() => users.id),
    reason: text().notNull(),
    destination_type: text().$type<DestinationType>().notNull().default('usuario'),
    destination_unit_id: integer().references(() => unitsOrganizational.id),
    /** The work order the items go to (field service owns the table; checked on write, no foreign key across modules). */
    destination_activity_id: integer(),
    /** The project the items go to (the project module owns the table: checked on write, no foreign key across modules). */
    destination_project_id: integer(),
    destination_note: text(),
    stock_id: integer().references(() => stocks.id),
    /** For a devolução: the retirada the items came from, if any. */
    origin_id: integer().references((): AnyPgColumn => patrimonySolicitations.id),
    decided_by: integer().references(() => users.id),
    decided_at: timestamp({ withTimezone: true }),
    decision_reason: text(),
    delivered_by: integer().references(() => users.id),
    delivered_at: timestamp({ withTimezone: true }),
    returned_by: integer().references(() => users.id),
    returned_at: timestamp({ withTimezone: true }),
    cancelled_by: integer().references(() => users.id),
    cancelled_at: timestamp({ withTimezone: true }),
    cancel_reason: text(),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('solicitation_org_idx').on(t.organization_id, t.status, t.id),
    index('solicitation_requester_idx').on(t.requester_id, t.id),
    index('solicitation_destination_project_idx').on(t.destination_project_id),
    index('solicitation_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    check('solicitation_status_check', sql`${t.status} in ('pendente', 'aprovada', 'recusada', 'entregue', 'devolvida', 'cancelada')`),
    check('solicitation_kind_check', sql`${t.kind} in ('retirada', 'devolucao')`),
  ],
);

/** A line: one patrimony item, or a quantity of a consumable product. */
export const patrimonySolicitationItems = pgTable(
  'patrimony_solicitation_item',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    solicitation_id: integer()
      .notNull()
      .references(() => patrimonySolicitations.id),
    patrimony_id: integer().references(() => patrimonies.id),
    product_id: integer()
      .notNull()
      .references(() => products.id),
    quantity: numeric({ precision: 14, scale: 3 }).notNull().default('1'),
    delivered_at: timestamp({ withTimezone: true }),
    returned_at: timestamp({ withTimezone: true }),
  },
  (t) => [index('solicitation_item_solicitation_idx').on(t.solicitation_id), index('solicitation_item_patrimony_idx').on(t.patrimony_id)],
);
