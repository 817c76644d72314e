import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../../core/schema';

/**
 * An address an organization wants its changes POSTed to. The signing secret is stored sealed
 * (AES-256-GCM, the data-source key): the server must read it back to compute each signature.
 */
export const webhooks = pgTable(
  'webhook',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer()
      .notNull()
      .references(() => organizations.id),
    url: text().notNull(),
    events: text().array().notNull().default(sql`'{}'::text[]`),
    is_active: boolean().notNull().default(true),
    secret_encrypted: text().notNull(),
    /** Failed attempts since the last delivered one; at 50 the webhook is switched off. */
    consecutive_failures: integer().notNull().default(0),
    disabled_reason: text(),
    search_text: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_org_idx').on(t.organization_id), index('webhook_events_gin').using('gin', t.events)],
);

/** One event for one webhook (the outbox): written in the transaction of the change, sent by the dispatcher. */
export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organization_id: integer().notNull(),
    webhook_id: integer()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['pendente', 'entregue', 'falhou', 'desativado'] }).notNull().default('pendente'),
    attempts: integer().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true }),
    /** Retries stop here (24 h after the event, or after a manual resend). */
    retry_until: timestamp({ withTimezone: true }).notNull(),
    last_status_code: integer(),
    last_duration_ms: integer(),
    last_response: text(),
    last_error: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_delivery_webhook_idx').on(t.webhook_id, t.id.desc()),
    index('webhook_delivery_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pendente'`),
  ],
);
