import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, type LoginResponse } from '@operacoes/contract';
import { organizations, persons, unitsOrganizational, users } from '../../core/schema';
import { filesCookie, organizationTopic, userTopic } from '../../core/tokens';

/**
 * SPEC §3: the session answered by login (and by a password change, with fresh tokens). With the
 * request and reply, the file session cookie is set too, so the browser's `<img>` can load uploads.
 */
export async function buildSession(app: FastifyInstance, userId: number, http?: { req: FastifyRequest; reply: FastifyReply }): Promise<LoginResponse> {
  const [row] = await app.db
    .select({ user: users, person: persons, org: organizations, unit: unitsOrganizational })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.person_id))
    .innerJoin(organizations, eq(organizations.id, users.organization_id))
    .leftJoin(unitsOrganizational, eq(unitsOrganizational.id, users.unit_organizational_id))
    .where(eq(users.id, userId));
  const { user, person, org, unit } = row;
  const topics = [userTopic(user.id), organizationTopic(org.id)];
  if (http) http.reply.header('set-cookie', filesCookie(await app.tokens.files(user.id, user.token_version, org.id), http.req.protocol === 'https'));
  return {
    token: await app.tokens.access(user.id, user.token_version, org.id),
    mercure_token: await app.tokens.mercure(user.id, user.token_version, topics),
    mercure_topics: topics,
    tinymce_key: app.config.tinymceKey,
    user: {
      id: user.id,
      username: user.username,
      picture: user.picture,
      person: { id: person.id, nickname: person.nickname, full_name: person.full_name },
      organization: { id: org.id, fantasy_name: org.fantasy_name, time_zone: org.time_zone },
      unit_organizational: unit ? { id: unit.id, name: unit.name, time_zone: unit.time_zone } : null,
      super_admin: user.super_admin ? 1 : 0,
      permissions: user.permissions,
      settings: { ...DEFAULT_SETTINGS, ...user.settings },
    },
  };
}
