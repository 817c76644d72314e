import { z } from 'zod';
import { queryBoolean } from '../kit/common';

export const notificationRead = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  link: z.string().nullable(),
});
export type NotificationRead = z.infer<typeof notificationRead>;

export const NOTIFICATION_PAGE_SIZE = 10;

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  onlyUnread: queryBoolean.optional(),
});

/** Announcement: to listed users, to a unit, or to the whole organization. */
export const notificationSend = z
  .object({
    title: z.string().trim().min(1, 'Informe o título').max(200),
    message: z.string().trim().min(1, 'Informe a mensagem').max(5000),
    link: z.string().max(500).optional(),
    user_ids: z.array(z.number().int().positive()).max(10000).optional(),
    unit_id: z.number().int().positive().optional(),
    organization: z.boolean().optional(),
  })
  .refine((b) => [b.user_ids?.length, b.unit_id, b.organization].filter(Boolean).length === 1, {
    message: 'Informe exatamente um destino: user_ids, unit_id ou organization',
    path: ['user_ids'],
  });

/** Realtime message data (SPEC §7: JSON with title, message and more). */
export type RealtimeMessage = {
  id?: number;
  type: 'notification';
  title: string;
  message: string;
  link?: string | null;
  created_at?: string;
};
