import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { RealtimeMessage } from '@operacoes/contract';
import { mailLayout } from '../../core/mail';
import { userTopic } from '../../core/tokens';
import type { DbOrTx } from '../../core/db';
import { users } from '../user/schema';
import { notifications } from './schema';

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
    const recipients = await tx
      .select({ id: users.id, organization_id: users.organization_id, email: users.email, settings: users.settings })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.is_active, true)));
    const rows: { id: number; user_id: number; created_at: Date }[] = [];
    for (let i = 0; i < recipients.length; i += 1000) {
      const chunk = recipients.slice(i, i + 1000);
      rows.push(
        ...(await tx
          .insert(notifications)
          .values(chunk.map((u) => ({ organization_id: u.organization_id, user_id: u.id, title: n.title, message: n.message, link: n.link ?? null, created_by: n.createdBy ?? null })))
          .returning({ id: notifications.id, user_id: notifications.user_id, created_at: notifications.created_at })),
      );
    }
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
