import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS, API_TOKEN_MAX_PER_USER, API_TOKEN_PREFIX, apiTokenCreate, apiTokenCreated, apiTokenRead, idParam } from '@operacoes/contract';
import { type CurrentUser, apiTokenHash, userOf } from '../../core/access';
import { audit } from '../../core/audit';
import { endOfDay, localToday, nextDay } from '../../core/dates';
import { HttpError, notFound, unprocessable } from '../../core/errors';
import { findVisible } from '../../core/resource';
import { apiTokens } from '../../core/schema';

type TokenRow = typeof apiTokens.$inferSelect;
const tags = ['user'];
const tokenNoun = { label: 'Token de API', gender: 'm' } as const;

const present = (r: TokenRow) => ({
  id: r.id,
  user_id: r.user_id,
  name: r.name,
  prefix: r.prefix,
  permissions: r.permissions,
  created_at: r.created_at.toISOString(),
  expires_at: r.expires_at.toISOString(),
  last_used_at: r.last_used_at?.toISOString() ?? null,
  last_used_ip: r.last_used_ip,
  status: r.expires_at.getTime() > Date.now() ? ('ativo' as const) : ('expirado' as const),
});

/** A day `n` days after today on the organization's clock. */
const daysAhead = (n: number) => {
  let day = localToday();
  for (let i = 0; i < n; i++) day = nextDay(day);
  return day;
};

/** Whether the user may hand this permission to a token: they hold it (`X` also covers `X.INDEX`). */
const holds = (user: CurrentUser, permission: string) => user.superAdmin || user.permissions.includes(permission) || user.permissions.includes(permission.replace(/\.(INDEX|READ)$/, ''));

/**
 * Personal API tokens: `/api/me/token` for one's own, `/api/user/{id}/token` for a super admin or
 * a user manager looking after someone else's. The secret is answered once and kept only hashed.
 */
type Target = { id: number; organization_id: number; super_admin: boolean; permissions: string[] };
export function apiTokenRoutes(fastify: FastifyInstance, userDef: Parameters<typeof findVisible>[0], checkManageable: (user: CurrentUser, target: Target) => void) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const live = (userId: number) => and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at));
  const listOf = async (userId: number) => (await app.db.select().from(apiTokens).where(live(userId)).orderBy(desc(apiTokens.id))).map(present);

  async function revoke(user: CurrentUser, ownerId: number, tokenId: number, organizationId: number) {
    await app.db.transaction(async (tx) => {
      const [row] = await tx.update(apiTokens).set({ revoked_at: new Date() }).where(and(eq(apiTokens.id, tokenId), live(ownerId))).returning();
      if (!row) throw notFound(tokenNoun);
      await audit(tx, user, { entity: 'api_token', entityId: row.id, organizationId, action: 'delete', changes: { name: [row.name, null], prefix: [row.prefix, null] } });
    });
  }

  app.post(
    '/me/token',
    {
      config: { access: 'authenticated', noApiToken: true },
      schema: {
        tags,
        summary: 'Criar um token de API',
        description: `Um token pessoal (\`Authorization: Bearer ${API_TOKEN_PREFIX}…\`) com as permissões escolhidas entre as suas; vale até o fim do dia \`expires_at\` (padrão: ${API_TOKEN_DEFAULT_DAYS} dias; no máximo ${API_TOKEN_MAX_DAYS}). O segredo só aparece nesta resposta. Um token não cria tokens.`,
        body: apiTokenCreate,
        response: { 201: apiTokenCreated },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const b = req.body;
      const day = b.expires_at ?? daysAhead(API_TOKEN_DEFAULT_DAYS);
      const violations: { propertyPath: string; message: string }[] = [];
      if (day < nextDay(localToday()) || day > daysAhead(API_TOKEN_MAX_DAYS)) violations.push({ propertyPath: 'expires_at', message: `Escolha uma data entre amanhã e ${API_TOKEN_MAX_DAYS} dias à frente` });
      const denied = b.permissions.filter((p) => !holds(user, p));
      if (denied.length) violations.push({ propertyPath: 'permissions', message: `Você não possui: ${denied.join(', ')}` });
      if (violations.length) throw unprocessable(violations);
      const token = `${API_TOKEN_PREFIX}${randomBytes(30).toString('base64url')}`;
      const row = await app.db.transaction(async (tx) => {
        const [{ n }] = await tx.select({ n: count() }).from(apiTokens).where(and(live(user.id), gt(apiTokens.expires_at, new Date())));
        if (n >= API_TOKEN_MAX_PER_USER) throw new HttpError(409, `Você já tem ${API_TOKEN_MAX_PER_USER} tokens ativos: revogue algum antes de criar outro.`);
        const [created] = await tx
          .insert(apiTokens)
          .values({ organization_id: user.organizationId, user_id: user.id, name: b.name, prefix: token.slice(0, 12), token_hash: apiTokenHash(token), permissions: [...new Set(b.permissions)], expires_at: endOfDay(day) })
          .returning();
        await audit(tx, user, { entity: 'api_token', entityId: created.id, organizationId: user.organizationId, action: 'create', changes: { name: [null, created.name], prefix: [null, created.prefix], permissions: [null, created.permissions], expires_at: [null, created.expires_at.toISOString()] } });
        return created;
      });
      return reply.code(201).header('location', `/api/me/token/${row.id}`).send({ ...present(row), token });
    },
  );

  app.get('/me/token', { config: { access: 'authenticated' }, schema: { tags, summary: 'Meus tokens de API', response: { 200: z.array(apiTokenRead) } } }, async (req) => listOf(userOf(req).id));

  app.delete('/me/token/:id', { config: { access: 'authenticated' }, schema: { tags, summary: 'Revogar um token de API meu', params: idParam } }, async (req, reply) => {
    const user = userOf(req);
    await revoke(user, user.id, req.params.id, user.organizationId);
    return reply.code(204).send();
  });

  // Someone else's tokens: a super admin, or a user manager of the same organization.
  const manage = { access: { write: 'USER' } as const };
  app.get('/user/:id/token', { config: manage, schema: { tags, summary: 'Tokens de API de um usuário', params: idParam, response: { 200: z.array(apiTokenRead) } } }, async (req) => {
    const target = await findVisible<Target>(userDef, app.db, userOf(req), req.params.id);
    return listOf(target.id);
  });
  app.delete(
    '/user/:id/token/:tokenId',
    { config: manage, schema: { tags, summary: 'Revogar um token de API de um usuário', params: z.object({ id: z.coerce.number().int().positive(), tokenId: z.coerce.number().int().positive() }) } },
    async (req, reply) => {
      const target = await findVisible<Target>(userDef, app.db, userOf(req), req.params.id);
      // A user manager never acts on a stronger account (the same rule as editing it).
      checkManageable(userOf(req), target);
      await revoke(userOf(req), target.id, req.params.tokenId, target.organization_id);
      return reply.code(204).send();
    },
  );
}
