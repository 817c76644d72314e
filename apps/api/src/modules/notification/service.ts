import type { FastifyInstance } from 'fastify';
import type { RealtimeMessage, UserSettings } from '@operacoes/contract';
import type { DbOrTx } from '../../core/db';
import { mailLayout } from '../../core/mail';
import { rawStatement } from '../../core/prepared';
import { userTopic } from '../../core/tokens';

// One set-based statement for any number of recipients (ids as one JSON parameter), of one text:
// parsed once per connection, never built per call.
const insertNotifications = rawStatement<{ id: number; user_id: number; created_at: Date | string; email: string; settings: UserSettings | null }>(
  'notification_insert',
  `with inserted as (
     insert into "notification" (organization_id, user_id, title, message, link, created_by)
     select u.organization_id, u.id, $1, $2, $3, $4
     from "user" u
     where u.is_active and u.id in (select (value)::int from jsonb_array_elements_text($5::jsonb))
     returning id, user_id, created_at
   )
   select i.id, i.user_id, i.created_at, u.email, u.settings
   from inserted i join "user" u on u.id = i.user_id
   order by i.id`,
);

export type NewNotification = { title: string; message: string; link?: string | null; createdBy?: number | null };

/**
 * Creates notifications anywhere in the product: stored, pushed over the realtime hub to each
 * user's topic when their `app_notification` is on, e-mailed when `email_notification` is on.
 */
export class Notifier {
  constructor(private app: FastifyInstance) {}

  /** Stores the rows inside `tx`; returns a function that pushes and mails them, to call after commit. */
  async create(tx: DbOrTx, userIds: number[], n: NewNotification): Promise<{ count: number; deliver: () => Promise<void> }> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return { count: 0, deliver: async () => undefined };
    // One set-based statement for any number of recipients (ids as one JSON parameter).
    const result = await insertNotifications(tx, [n.title, n.message, n.link ?? null, n.createdBy ?? null, JSON.stringify(ids)]);
    const rows = result.map((r) => ({
      ...r,
      id: Number(r.id),
      user_id: Number(r.user_id),
      created_at: new Date(r.created_at),
    }));
    const recipients = rows.map((r) => ({ id: r.user_id, email: r.email, settings: r.settings }));
    const byUser = new Map(recipients.map((u) => [u.id, u]));
    const deliver = async () => {
      const push = rows
        .filter((r) => byUser.get(r.user_id)?.settings?.app_notification !== false)
        .map((r) => ({
          topic: userTopic(r.user_id),
          data: { id: r.id, type: 'notification', title: n.title, message: n.message, link: n.link ?? null, created_at: r.created_at.toISOString() } satisfies RealtimeMessage,
        }));
      await this.app.realtime.publish(push);
      for (const u of recipients) {
        if (u.settings?.email_notification === false) continue;
        const link = n.link ? `${this.app.config.publicUrl}${n.link.startsWith('/') ? '' : '/'}${n.link}` : undefined;
        const mail = mailLayout(n.title, [n.message], link ? { label: 'Abrir no Operações', url: link } : undefined);
        this.app.mailer.sendInBackground({ to: u.email, subject: `[Operações] ${n.title}`, ...mail });
      }
    };
    return { count: rows.length, deliver };
  }

  /** Creates and delivers in one go (its own transaction). */
  async send(userIds: number[], n: NewNotification) {
    const { count, deliver } = await this.app.db.transaction((tx) => this.create(tx, userIds, n));
    await deliver();
    return count;
  }
}
