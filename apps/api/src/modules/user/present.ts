import { eq, sql } from 'drizzle-orm';
import type { UserRead } from '@operacoes/contract';
import type { DbOrTx } from '../../core/db';
import { preparedRead } from '../../core/prepared';
import { byIds } from '../../core/resource';
import { organizations, unitsOrganizational } from '../../core/schema';
import { persons, userUnits, users } from './schema';

type UserRow = typeof users.$inferSelect;

/** User rows → the read shape, with person, organization and units loaded in three queries. */
export async function presentUsers(rows: UserRow[], db: DbOrTx): Promise<UserRead[]> {
  if (rows.length === 0) return [];
  const [personMap, orgMap, memberships] = await Promise.all([
    byIds<typeof persons.$inferSelect>(db, persons, rows.map((r) => r.person_id)),
    byIds<typeof organizations.$inferSelect>(db, organizations, rows.map((r) => r.organization_id)),
    preparedRead<{ user_id: number; id: number; name: string }>(db, presentUsers, 'user_units', (handle) =>
      handle
        .select({ user_id: userUnits.user_id, id: unitsOrganizational.id, name: unitsOrganizational.name })
        .from(userUnits)
        .innerJoin(unitsOrganizational, eq(unitsOrganizational.id, userUnits.unit_id))
        .where(sql`${userUnits.user_id} = any(${sql.placeholder('ids')})`),
    ).execute({ ids: rows.map((r) => r.id) }),
  ]);
  const mainUnitIds = rows.map((r) => r.unit_organizational_id).filter((x): x is number => x !== null);
  const unitMap = await byIds<typeof unitsOrganizational.$inferSelect>(db, unitsOrganizational, mainUnitIds);
  return rows.map((r) => {
    const person = personMap.get(r.person_id)!;
    const org = orgMap.get(r.organization_id)!;
    const unit = r.unit_organizational_id ? unitMap.get(r.unit_organizational_id) : undefined;
    return {
      id: r.id,
      username: r.username,
      email: r.email,
      picture: r.picture,
      person: { id: person.id, nickname: person.nickname, full_name: person.full_name },
      organization: { id: org.id, name: org.legal_name || org.fantasy_name, fantasy_name: org.fantasy_name },
      unit_organizational: unit ? { id: unit.id, name: unit.name } : null,
      units: memberships.filter((m) => m.user_id === r.id).map((m) => ({ id: m.id, name: m.name })),
      permissions: r.permissions,
      permission_scopes: r.permission_scopes ?? {},
      super_admin: r.super_admin ? 1 : 0,
      is_active: r.is_active,
      is_confirmed: r.is_confirmed,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}

export async function loadUser(db: DbOrTx, id: number): Promise<UserRead | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? (await presentUsers([row], db))[0] : undefined;
}
