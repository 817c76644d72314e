import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MovementType, PatrimonyStatus } from '@operacoes/contract';
import { organizations, users } from '../../../core/schema';
import { patrimonySolicitations } from '../patrimony-solicitation/schema';
import { patrimonies } from '../patrimony/schema';
import { products } from '../product/schema';
import { sections } from '../section/schema';
import { stocks } from '../stock/schema';

/**
 * The append-only history of every change of place, holder, status or quantity (DESIGN §4).
 * Each row keeps the state before (`from_*`) and after (`to_*`): a patrimony's current state is
 * the `to_*` of its last movement, and a balance is the sum of quantities into a section minus
 * the quantities out of it. A trigger refuses UPDATE and DELETE.
 */
export const movements = pgTable(
  'movement',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    type: text().$type<MovementType>().notNull(),
    product_id: integer()
      .notNull()
      .references(() => products.id),
    patrimony_id: integer().references(() => patrimonies.id),
    quantity: numeric({ precision: 14, scale: 3 }).notNull(),
    from_stock_id: integer().references(() => stocks.id),
    from_section_id: integer().references(() => sections.id),
    to_stock_id: integer().references(() => stocks.id),
    to_section_id: integer().references(() => sections.id),
    from_holder_id: integer().references(() => users.id),
    to_holder_id: integer().references(() => users.id),
    from_status: text().$type<PatrimonyStatus>(),
    to_status: text().$type<PatrimonyStatus>(),
    user_id: integer().references(() => users.id),
    reason: text(),
    /** The document that caused it: invoice number, "Solicitação #12"… */
    document: text(),
    solicitation_id: integer().references(() => patrimonySolicitations.id),
    /** The project a write-off goes to (the project module owns the table: checked on write, no foreign key across modules). */
    project_id: integer(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movement_org_idx').on(t.organization_id, t.id),
    index('movement_patrimony_idx').on(t.patrimony_id, t.id),
    index('movement_product_idx').on(t.product_id, t.id),
    index('movement_from_stock_idx').on(t.from_stock_id, t.id),
    index('movement_to_stock_idx').on(t.to_stock_id, t.id),
    index('movement_from_section_idx').on(t.from_section_id),
    index('movement_to_section_idx').on(t.to_section_id),
    index('movement_user_idx').on(t.user_id, t.id),
    index('movement_from_holder_idx').on(t.from_holder_id),
    index('movement_to_holder_idx').on(t.to_holder_id),
    index('movement_solicitation_idx').on(t.solicitation_id),
    index('movement_project_idx').on(t.project_id),
    index('movement_org_created_idx').on(t.organization_id, t.created_at),
    check('movement_quantity_positive', sql`${t.quantity} > 0`),
    check('movement_type_check', sql`${t.type} in ('entrada', 'saida', 'transferencia', 'devolucao', 'ajuste', 'baixa', 'reserva', 'liberacao')`),
  ],
);
