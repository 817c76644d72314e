import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ShipmentDestinationType, ShipmentSolicitationStatus, ShipmentStatus, ReceivingItemStatus } from '@operacoes/contract';
import { cities, organizations, unitsOrganizational, users } from '../../core/schema';
import { patrimonies, products, sections, stocks } from '../warehouse';

/** Where a shipment goes: shared by requests and shipments. */
const destination = () => ({
  destination_type: text().$type<ShipmentDestinationType>().notNull(),
  destination_unit_id: integer().references(() => unitsOrganizational.id),
  destination_section_id: integer().references(() => sections.id),
  destination_address: text(),
  destination_city_id: integer().references(() => cities.id),
  recipient_name: text().notNull(),
  recipient_email: text().notNull(),
  recipient_user_id: integer().references(() => users.id),
});

export const shipmentSolicitations = pgTable(
  'shipment_solicitation',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    origin_stock_id: integer()
      .notNull()
      .references(() => stocks.id),
    ...destination(),
    justification: text().notNull(),
    wanted_date: date({ mode: 'string' }),
    status: text().$type<ShipmentSolicitationStatus>().notNull().default('pendente'),
    refusal_reason: text(),
    requester_id: integer().references(() => users.id),
    decided_by: integer().references(() => users.id),
    decided_at: timestamp({ withTimezone: true }),
    shipment_id: integer(),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_solicitation_org_idx').on(t.organization_id, t.id),
    index('shipment_solicitation_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    check('shipment_solicitation_status_check', sql`${t.status} in ('pendente', 'aprovada', 'recusada', 'cancelada')`),
  ],
);

export const shipments = pgTable(
  'shipment',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    solicitation_id: integer().references(() => shipmentSolicitations.id),
    origin_stock_id: integer()
      .notNull()
      .references(() => stocks.id),
    ...destination(),
    carrier: text(),
    tracking_code: text(),
    invoice_number: text(),
    volumes: integer(),
    weight_kg: numeric({ precision: 10, scale: 3 }),
    expected_date: date({ mode: 'string' }),
    notes: text(),
    status: text().$type<ShipmentStatus>().notNull().default('preparando'),
    dispatched_at: timestamp({ withTimezone: true }),
    received_at: timestamp({ withTimezone: true }),
    cancelled_at: timestamp({ withTimezone: true }),
    /** The public receiving link's random hash (256 bits); works once, until it expires. */
    receiving_hash: text(),
    receiving_expires_at: timestamp({ withTimezone: true }),
    receiver_name: text(),
    receiver_comment: text(),
    receiver_signature: text(),
    created_by: integer().references(() => users.id),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_org_idx').on(t.organization_id, t.id),
    uniqueIndex('shipment_receiving_hash_unique').on(t.receiving_hash),
    index('shipment_search_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    check('shipment_status_check', sql`${t.status} in ('preparando', 'enviado', 'recebido', 'recebido_com_divergencia', 'cancelado')`),
  ],
);

/** An item of a request or of a shipment: a patrimony item, or a consumable quantity from a section. */
export const shipmentItems = pgTable(
  'shipment_item',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    solicitation_id: integer().references(() => shipmentSolicitations.id, { onDelete: 'cascade' }),
    shipment_id: integer().references(() => shipments.id, { onDelete: 'cascade' }),
    patrimony_id: integer().references(() => patrimonies.id),
    product_id: integer()
      .notNull()
      .references(() => products.id),
    section_id: integer().references(() => sections.id),
    quantity: numeric({ precision: 14, scale: 3 }).notNull(),
    received_status: text().$type<ReceivingItemStatus | 'pendente'>().notNull().default('pendente'),
    comment: text(),
    details: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('shipment_item_solicitation_idx').on(t.solicitation_id), index('shipment_item_shipment_idx').on(t.shipment_id), index('shipment_item_patrimony_idx').on(t.patrimony_id)],
);
