import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from './db';
import { unprocessable } from './errors';
import { persons, users } from './schema';

/**
 * Active people of an organization to pick (technicians, participants): id and display name
 * ("Full Name (Nickname)"), searched by name, nickname or username; optionally only holders of a permission.
 */
export async function peopleOptions(db: DbOrTx, organizationId: number, search?: string, permission?: string) {
  const term = search ? `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({ id: users.id, username: users.username, nickname: persons.nickname, full_name: persons.full_name })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.person_id))
    .where(
      and(
        eq(users.organization_id, organizationId),
        eq(users.is_active, true),
        permission ? sql`${users.permissions} @> ARRAY[${permission}]::text[]` : undefined,
        term ? sql`(${persons.full_name} ilike ${term} or ${persons.nickname} ilike ${term} or ${users.username} ilike ${term})` : undefined,
      ),
    )
    .orderBy(asc(persons.full_name))
    .limit(30);
  return rows.map((r) => ({ id: r.id, name: r.nickname && r.nickname !== r.full_name ? `${r.full_name} (${r.nickname})` : r.full_name }));
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
