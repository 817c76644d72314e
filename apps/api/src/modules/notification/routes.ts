import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notificationListQuery, notificationRead, notificationSend } from '@operacoes/contract';
import { userOf } from '../../core/access';
import { audit } from '../../core/audit';
import { HttpError, notFound } from '../../core/errors';
import { fastRead } from '../../core/prepared';
import { unitsOrganizational, users, userUnits } from '../../core/schema';
import { notifications } from './schema';

const present = (r: typeof notifications.$inferSelect) => ({
  id: r.id,
  title: r.title,
  message: r.message,
  is_read: r.is_read,
  created_at: r.created_at.toISOString(),
  link: r.link,
});

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notification'];

  // The list's statements, prepared once (named statements: no SQL building, parsing or planning per request).
  const page = (onlyUnread: boolean) =>
    fastRead<typeof notifications.$inferSelect>(
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, sql.placeholder('user')), onlyUnread ? eq(notifications.is_read, false) : undefined))
        .orderBy(desc(notifications.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
      onlyUnread ? 'notification_unread_page' : 'notification_page',
    );
  const allPage = page(false);
  const unreadPage = page(true);
  const countsOf = fastRead<{ total: number; unread: number }>(
    app.db
      .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where not ${notifications.is_read}))::int` })
      .from(notifications)
      .where(eq(notifications.user_id, sql.placeholder('user'))),
    'notification_counts',
  );

  app.get(
    '/user/notification',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        querystring: notificationListQuery,
        response: {
          200: z.object({ items: z.array(notificationRead), total_items: z.number(), total_pages: z.number(), current_page: z.number(), page_size: z.number(), unread_count: z.number() }),
        },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { page, pageSize, onlyUnread } = req.query;
      const values = { user: user.id, limit: pageSize, offset: (page - 1) * pageSize };
      const [rows, [counts]] = await Promise.all([(onlyUnread ? unreadPage : allPage).execute(values), countsOf.execute(values)]);
      const total = onlyUnread ? counts.unread : counts.total;
      return { items: rows.map(present), total_items: total, total_pages: Math.ceil(total / pageSize), current_page: page, page_size: pageSize, unread_count: counts.unread };
    },
  );

  // Declared before `/:id` so "readall" is never read as an id.
  app.patch('/user/notification/readall', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.object({ updated: z.number() }) } } }, async (req) => {
    const user = userOf(req);
    const rows = await app.db
      .update(notifications)
      .set({ is_read: true })
      .where(and(eq(notifications.user_id, user.id), eq(notifications.is_read, false)))
      .returning({ id: notifications.id });
    return { updated: rows.length };
  });

  app.patch(
    '/user/notification/:id',
    { config: { access: 'authenticated' }, schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: notificationRead } } },
    async (req) => {
      const user = userOf(req);
      const [row] = await app.db
        .update(notifications)
        .set({ is_read: true })
        .where(and(eq(notifications.id, req.params.id), eq(notifications.user_id, user.id)))
        .returning();
      if (!row) throw notFound({ label: 'Notificação', gender: 'f' });
      return present(row);
    },
  );

  app.post(
    '/notification',
    { config: { access: { write: 'USER' } }, schema: { tags, body: notificationSend, response: { 201: z.object({ sent: z.number() }) } } },
    async (req, reply) => {
      const user = userOf(req);
      const b = req.body;
      const orgId = user.organizationId;
      let recipients: number[];
      // An empty user_ids is "not given" (the contract's exactly-one-destination rule): the unit then decides.
      if (b.user_ids?.length) {
        const found = await app.db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, b.user_ids), user.superAdmin ? undefined : eq(users.organization_id, orgId)));
        if (found.length !== new Set(b.user_ids).size) throw new HttpError(404, 'Um ou mais destinatários não foram encontrados.');
        recipients = found.map((r) => r.id);
      } else if (b.unit_id) {
        const [unit] = await app.db
          .select({ id: unitsOrganizational.id })
          .from(unitsOrganizational)
          .where(and(eq(unitsOrganizational.id, b.unit_id), user.superAdmin ? undefined : eq(unitsOrganizational.organization_id, orgId)));
        if (!unit) throw notFound({ label: 'Unidade organizacional', gender: 'f' });
        const members = await app.db
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.unit_organizational_id} = ${unit.id} or ${users.id} in (select ${userUnits.user_id} from ${userUnits} where ${userUnits.unit_id} = ${unit.id})`);
        recipients = members.map((r) => r.id);
      } else {
        recipients = (await app.db.select({ id: users.id }).from(users).where(eq(users.organization_id, orgId))).map((r) => r.id);
      }
      const { count, deliver } = await app.db.transaction(async (tx) => {
        const result = await app.notifier.create(tx, recipients, { title: b.title, message: b.message, link: b.link, createdBy: user.id });
        await audit(tx, user, { entity: 'notification', entityId: user.id, organizationId: orgId, action: 'create', changes: { title: [null, b.title], recipients: [null, result.count] } });
        return result;
      });
      await deliver();
      reply.status(201);
      return { sent: count };
    },
  );
}
