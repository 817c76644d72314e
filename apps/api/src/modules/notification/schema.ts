import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userOwnedColumns } from '../../core/schema';

export const notifications = pgTable(
  'notification',
  {
    ...userOwnedColumns(),
    title: text().notNull(),
    message: text().notNull(),
    link: text(),
    is_read: boolean().notNull().default(false),
    created_by: integer(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_user_idx').on(t.user_id, t.id.desc()), index('notification_user_unread_idx').on(t.user_id, t.is_read)],
);
