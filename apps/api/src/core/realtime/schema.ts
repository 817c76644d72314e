import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Events pushed to the realtime hub, kept a while so reconnecting clients get what they missed (Last-Event-ID). */
export const realtimeEvents = pgTable(
  'realtime_event',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    batch: uuid().notNull(),
    topic: text().notNull(),
    data: jsonb().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_event_batch_idx').on(t.batch), index('realtime_event_topic_idx').on(t.topic, t.id)],
);
