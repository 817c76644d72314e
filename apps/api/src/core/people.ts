import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Access, userOf } from './access';
import type { DbOrTx } from './db';
import { unprocessable } from './errors';
import { persons, users } from './schema';

/**
 * A person as people are named on screen and on paper: "Nome Completo (apelido)", the nickname in
 * parentheses only when there is one and it differs; the nickname (else the username) when the
 * full name is blank.
 */
export function personDisplayName(fullName: string | null | undefined, nickname: string | null | undefined, username?: string | null): string {
  const full = fullName?.trim();
  const nick = nickname?.trim();
  if (!full) return nick || username || '';
  return nick && nick !== full ? `${full} (${nick})` : full;
}

/**
 * The same name in SQL, of a user row `u` and its person `p` (aliases of a join); null when the user
 * is (an outer join's missing user).
 */
export const personDisplayNameSql = (u: SQL, p: SQL): SQL =>
  sql`(case when nullif(trim(${p}.full_name), '') is null then coalesce(nullif(trim(${p}.nickname), ''), ${u}.username)
    when nullif(trim(${p}.nickname), '') is null or trim(${p}.nickname) = trim(${p}.full_name) then trim(${p}.full_name)
    else trim(${p}.full_name) || ' (' || trim(${p}.nickname) || ')' end)`;

/**
 * Active people of an organization to pick (technicians, participants): id and display name
 * ("Full Name (Nickname)"), searched by name, nickname or username; optionally only holders of a
 * permission. With `ids`: those people of the organization, active or not (a picker's saved value);
 * organization null: any (a super admin's saved values).
 */
export async function peopleOptions(db: DbOrTx, organizationId: number | null, search?: string, permission?: string, ids?: number[]) {
  const term = search ? `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({ id: users.id, username: users.username, nickname: persons.nickname, full_name: persons.full_name })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.person_id))
    .where(
      and(
        organizationId === null ? undefined : eq(users.organization_id, organizationId),
        ids ? inArray(users.id, ids) : eq(users.is_active, true),
        permission && !ids ? sql`${users.permissions} @> ARRAY[${permission}]::text[]` : undefined,
        term ? sql`(${persons.full_name} ilike ${term} or ${persons.nickname} ilike ${term} or ${users.username} ilike ${term})` : undefined,
      ),
    )
    .orderBy(asc(persons.full_name))
    .limit(30);
  return rows.map((r) => ({ id: r.id, name: personDisplayName(r.full_name, r.nickname, r.username) }));
}

/**
 * The people picker of a module (`GET /api/<module>/people`): search, or `ids` for saved values,
 * in the user's organization (a super admin names another with `organization`). Names only: the
 * route's access decides who may list them.
 */
export function registerPeopleRoute(
  fastify: FastifyInstance,
  o: { url: string; access: Access; tag: string; operationId: string; summary: string; description: string; permission?: string },
) {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    o.url,
    {
      config: { access: o.access },
      schema: {
        tags: [o.tag],
        operationId: o.operationId,
        summary: o.summary,
        description: o.description,
        querystring: z.object({
          search: z.string().trim().max(100).optional(),
          ids: z.string().regex(/^\d+(,\d+){0,49}$/, 'Use até 50 ids separados por vírgula').optional(),
          organization: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: z.array(z.object({ id: z.number(), name: z.string() })) },
      },
    },
    async (req) => {
      const user = userOf(req);
      const ids = req.query.ids?.split(',').map(Number);
      // A super admin's saved values may be of any organization; their searches stay in one.
      const organizationId = user.superAdmin ? (req.query.organization ?? (ids ? null : user.organizationId)) : user.organizationId;
      return peopleOptions(fastify.db, organizationId, req.query.search, o.permission, ids);
    },
  );
}

/**
 * The distinct ids, all active users of the organization; otherwise 422 on `field` naming the
 * missing ones ("Técnico não encontrado nesta organização (ou inativo): #12").
 */
export async function activePeople(db: DbOrTx, ids: number[], organizationId: number, field: string, what = 'Pessoa não encontrada nesta organização (ou inativa)') {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = new Set((await db.select({ id: users.id }).from(users).where(and(inArray(users.id, unique), eq(users.organization_id, organizationId), eq(users.is_active, true)))).map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw unprocessable([{ propertyPath: field, message: `${what}: ${missing.map((id) => `#${id}`).join(', ')}` }]);
  return unique;
}
