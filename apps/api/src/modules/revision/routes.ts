import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { listOf, revisionListQuery, revisionRead } from '@operacoes/contract';
import { userOf } from '../../core/access';
import { endOfDay, startOfDay } from '../../core/dates';
import { listPage } from '../../core/resource-kit';
import { users } from '../../core/schema';
import { revisionRevertRoutes } from './revert';
import { revisions } from './schema';

/** `GET /api/revision`: the audit log, filtered by entity, record, user, action and period; `POST /api/revision/:id/revert`. */
export async function revisionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/revision',
    { config: { access: { read: 'LOG' } }, schema: { tags: ['revision'], querystring: revisionListQuery, response: { 200: listOf(revisionRead) } } },
    async (req) => {
      const user = userOf(req);
      const q = req.query;
      const where = and(
        user.superAdmin ? undefined : eq(revisions.organization_id, user.organizationId),
        q.entity ? eq(revisions.entity, q.entity) : undefined,
        q.entityId ? eq(revisions.entity_id, q.entityId) : undefined,
        q.userId ? eq(revisions.user_id, q.userId) : undefined,
        q.action ? eq(revisions.action, q.action) : undefined,
        q.from ? gte(revisions.created_at, startOfDay(q.from)) : undefined,
        q.to ? lte(revisions.created_at, endOfDay(q.to)) : undefined,
      );
      const sortable = { id: revisions.id, created_at: revisions.created_at, entity: revisions.entity, action: revisions.action };
      return listPage(app.db, { table: revisions, where, query: q, sortable, defaultSort: [desc(revisions.id)] }, async (rows: (typeof revisions.$inferSelect)[]) => {
        const userIds = [...new Set(rows.map((r) => r.user_id).filter((x): x is number => x !== null))];
        const actors = userIds.length ? await app.db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds)) : [];
        const byId = new Map(actors.map((a) => [a.id, a]));
        return rows.map((r) => ({
          id: r.id,
          entity: r.entity,
          entity_id: r.entity_id,
          action: r.action,
          changes: r.changes,
          user: r.user_id ? (byId.get(r.user_id) ?? null) : null,
          via_token: r.via_token,
          created_at: r.created_at.toISOString(),
        }));
      });
    },
  );
  await revisionRevertRoutes(fastify);
}
