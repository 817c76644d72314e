import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ActivityEventKind, ActivityPriority, ActivityStatus, ChecklistItem, ChecklistKind } from '@operacoes/contract';
import { cities, organizations, searchIndex, tenantColumns, unitsOrganizational, users } from '../../core/schema';
import { circuits, sites, svcs } from '../network';
import { movements, patrimonies, products, sections } from '../warehouse';

/** A kind of field visit: colour, duration, SLA and the checklist the technician answers. */
export const assistanceTypes = pgTable(
  'assistance_type',
  {
    ...tenantColumns(),
    name: text().notNull(),
    color: text().notNull().default('#1976d2'),
    /** Null: the organization's external-activity settings apply. */
    default_duration_minutes: integer(),
    sla_hours: integer(),
    /** BRL per visit (a project's cost counts it per linked activity). */
    visit_cost: numeric({ precision: 14, scale: 2 }),
    active: boolean().notNull().default(true),
    checklist: jsonb().$type<ChecklistItem[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('assistance_type_name_unique').on(t.organization_id, sql`lower(${t.name})`),
    index('assistance_type_org_idx').on(t.organization_id, t.id),
    searchIndex('assistance_type', t),
  ],
);

/** A work order. `code` comes from the organization's prefix and its counter (`external_activity_counter`). */
export const externalActivities = pgTable(
  'external_activity',
  {
    ...tenantColumns(),
    code: text().notNull(),
    assistance_type_id: integer()
      .notNull()
      .references((): AnyPgColumn => assistanceTypes.id),
    priority: text().$type<ActivityPriority>().notNull().default('media'),
    status: text().$type<ActivityStatus>().notNull().default('aberta'),
    client_name: text().notNull(),
    client_document: text(),
    client_phone: text(),
    client_email: text(),
    address: text(),
    city_id: integer().references((): AnyPgColumn => cities.id),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    site_id: integer().references((): AnyPgColumn => sites.id),
    svc_id: integer().references((): AnyPgColumn => svcs.id),
    circuit_id: integer().references((): AnyPgColumn => circuits.id),
    /** The unit the order belongs to (its site's unless chosen): unit-scoped permissions reach it through this. */
    unit_organizational_id: integer().references((): AnyPgColumn => unitsOrganizational.id),
    scheduled_start: timestamp({ withTimezone: true, mode: 'string' }),
    scheduled_end: timestamp({ withTimezone: true, mode: 'string' }),
    description: text(),
    due_at: timestamp({ withTimezone: true }).notNull(),
    finished_at: timestamp({ withTimezone: true }),
    cancel_reason: text(),
    /** The type's checklist when the activity was created. */
    checklist: jsonb().$type<ChecklistItem[]>().notNull().default([]),
    /** When the SLA notices went out (an hour before, at the breach): each once. */
    sla_warned_at: timestamp({ withTimezone: true }),
    sla_breach_notified_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('external_activity_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('external_activity_org_idx').on(t.organization_id, t.id),
    index('external_activity_due_idx').on(t.organization_id, t.status, t.due_at),
    index('external_activity_type_idx').on(t.assistance_type_id),
    index('external_activity_unit_idx').on(t.organization_id, t.unit_organizational_id, t.id),
    /** The schedule's calendar: the activities of a window. */
    index('external_activity_scheduled_idx').on(t.organization_id, t.scheduled_start),
    searchIndex('external_activity', t),
    check('external_activity_priority_check', sql`${t.priority} in ('baixa', 'media', 'alta', 'urgente')`),
    check('external_activity_status_check', sql`${t.status} in ('aberta', 'agendada', 'em_deslocamento', 'em_execucao', 'concluida', 'cancelada')`),
    check('external_activity_coordinates_check', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);

/**
 * The technicians of an activity, with the activity's status copied (kept in step by every
 * transition): "a technician's open work" is then an index range, not a scan of every activity.
 */
export const activityTechnicians = pgTable(
  'external_activity_technician',
  {
    activity_id: integer()
      .notNull()
      .references((): AnyPgColumn => externalActivities.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references((): AnyPgColumn => users.id),
    status: text().$type<ActivityStatus>().notNull().default('aberta'),
  },
  (t) => [primaryKey({ columns: [t.activity_id, t.user_id] }), index('external_activity_technician_user_idx').on(t.user_id, t.status, t.activity_id)],
);

/** The timeline: each transition (and the creation), who, when, and where the device was. */
export const activityEvents = pgTable(
  'external_activity_event',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    activity_id: integer()
      .notNull()
      .references((): AnyPgColumn => externalActivities.id, { onDelete: 'cascade' }),
    kind: text().$type<ActivityEventKind>().notNull(),
    from_status: text().$type<ActivityStatus>(),
    to_status: text().$type<ActivityStatus>(),
    reason: text(),
    user_id: integer().references((): AnyPgColumn => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    accuracy_m: doublePrecision(),
  },
  (t) => [index('external_activity_event_activity_idx').on(t.activity_id, t.id)],
);

/** A checklist answer (one per item, replaced as the technician types). */
export const activityAnswers = pgTable(
  'external_activity_answer',
  {
    activity_id: integer()
      .notNull()
      .references((): AnyPgColumn => externalActivities.id, { onDelete: 'cascade' }),
    item_key: text().notNull(),
    kind: text().$type<ChecklistKind>().notNull(),
    value: jsonb().$type<boolean | number | string | null>(),
    answered_by: integer().references((): AnyPgColumn => users.id),
    answered_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activity_id, t.item_key] })],
);

/** The last number given per organization: the row lock serialises creations, a rollback returns the number (no gaps). */
export const activityCounters = pgTable('external_activity_counter', {
  organization_id: integer()
    .primaryKey()
    .references((): AnyPgColumn => organizations.id),
  last: integer().notNull().default(0),
});

/** Materials used: a patrimony item installed at the client, or a quantity of a consumable taken from a section. */
export const activityMaterials = pgTable(
  'external_activity_material',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    activity_id: integer()
      .notNull()
      .references((): AnyPgColumn => externalActivities.id, { onDelete: 'cascade' }),
    kind: text().$type<'patrimonio' | 'consumivel'>().notNull(),
    product_id: integer()
      .notNull()
      .references((): AnyPgColumn => products.id),
    patrimony_id: integer().references((): AnyPgColumn => patrimonies.id),
    section_id: integer().references((): AnyPgColumn => sections.id),
    quantity: numeric({ precision: 14, scale: 3 }).notNull(),
    movement_id: integer()
      .notNull()
      .references((): AnyPgColumn => movements.id),
    user_id: integer().references((): AnyPgColumn => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('external_activity_material_activity_idx').on(t.activity_id, t.id), check('external_activity_material_kind_check', sql`${t.kind} in ('patrimonio', 'consumivel')`)],
);

/** Photos taken on site (resized by the phone before upload); a checklist photo item points at one. */
export const activityPhotos = pgTable(
  'external_activity_photo',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    activity_id: integer()
      .notNull()
      .references((): AnyPgColumn => externalActivities.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    caption: text(),
    item_key: text(),
    user_id: integer().references((): AnyPgColumn => users.id),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('external_activity_photo_activity_idx').on(t.activity_id, t.id)],
);

/** The client's signature: the drawing (a PNG data URL) and the name they signed with (apart: lists never carry it). */
export const activitySignatures = pgTable('external_activity_signature', {
  activity_id: integer()
    .primaryKey()
    .references((): AnyPgColumn => externalActivities.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  image: text().notNull(),
  signed_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  user_id: integer().references((): AnyPgColumn => users.id),
});
