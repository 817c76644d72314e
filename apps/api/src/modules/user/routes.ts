import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_SETTINGS, meUpdate, userListQuery, userRead, userResource, type UserCreate, type UserUpdate } from '@operacoes/contract';
import { type CurrentUser, unitScopeOf, userOf } from '../../core/access';
import { audit } from '../../core/audit';
import type { DbOrTx } from '../../core/db';
import { HttpError, notFound, unprocessable } from '../../core/errors';
import { searchText } from '../../core/list';
import { assertStrongPassword } from '../../core/password-strength';
import { findVisible } from '../../core/resource';
import { type ResourceSlots, defineApiResource } from '../../core/resource-kit';
import { organizations, revisions, unitsOrganizational } from '../../core/schema';
import { saveUpload, uploadedFile } from '../files';
import { notifications } from '../notification';
import { apiTokenRoutes } from './api-tokens';
import { loadUser, presentUsers } from './present';
import { zoneOf } from '../../core/time-zone';
import { persons, userUnits, users } from './schema';
import { usersOfUnits } from './scope';

type UserRow = typeof users.$inferSelect;

/** Whether the user holds `permission` themselves (`X` also covers `X.INDEX`). */
const holds = (user: CurrentUser, permission: string) => user.permissions.includes(permission) || user.permissions.includes(permission.replace(/\.INDEX$/, ''));

/** A non-super-admin may grant only what they hold, and never super admin. */
function checkGrantable(user: CurrentUser, permissions: string[] | undefined, superAdmin: boolean | undefined) {
  if (user.superAdmin) return;
  if (superAdmin) throw new HttpError(403, 'Somente um super administrador pode conceder o acesso de super administrador.');
  const denied = (permissions ?? []).filter((p) => !holds(user, p));
  if (denied.length) {
    throw new HttpError(403, `Você não pode conceder permissões que não possui: ${denied.join(', ')}.`);
  }
}

/**
 * A user manages only users who hold no more than they do: never a super admin (unless one
 * themselves), never someone with a permission they lack. Otherwise a user manager could take
 * over a stronger account by setting its password or e-mail.
 */
export function checkManageable(user: CurrentUser, target: Pick<UserRow, 'super_admin' | 'permissions'>) {
  if (user.superAdmin) return;
  if (target.super_admin) throw new HttpError(403, 'Somente um super administrador pode alterar ou excluir um super administrador.');
  const beyond = target.permissions.filter((p) => !holds(user, p));
  if (beyond.length) throw new HttpError(403, `Você não pode alterar ou excluir um usuário com permissões que você não possui: ${beyond.join(', ')}.`);
}

async function checkOrganization(db: DbOrTx, organizationId: number) {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new HttpError(422, 'Organização não encontrada.', [{ propertyPath: 'organization_id', message: 'Organização não encontrada' }]);
}

async function checkUnit(db: DbOrTx, unitId: number | null | undefined, organizationId: number) {
  if (!unitId) return;
  const [unit] = await db.select({ id: unitsOrganizational.id }).from(unitsOrganizational).where(and(eq(unitsOrganizational.id, unitId), eq(unitsOrganizational.organization_id, organizationId)));
  if (!unit) throw new HttpError(422, 'Unidade organizacional não encontrada nesta organização.', [{ propertyPath: 'unit_organizational_id', message: 'Unidade não encontrada' }]);
}

/**
 * Scopes: each names a permission the user holds (or gets in this write) and units of the user's
 * organization; a manager whose user management is itself scoped grants only inside those units
 * (every permission they grant is scoped, to their units at most).
 */
async function checkScopes(db: DbOrTx, user: CurrentUser, scopes: Record<string, number[]> | undefined, permissions: string[], organizationId: number) {
  const managerUnits = unitScopeOf(user, 'USER');
  const violations: { propertyPath: string; message: string }[] = [];
  if (managerUnits) {
    for (const p of permissions.map(baseOf)) {
      const units = scopes?.[p];
      if (!units) violations.push({ propertyPath: `permission_scopes.${p}`, message: 'Você só pode conceder esta permissão nas suas unidades' });
      else if (units.some((u) => !managerUnits.includes(u))) violations.push({ propertyPath: `permission_scopes.${p}`, message: 'Unidade fora das suas unidades' });
    }
  }
  if (scopes) {
    const held = new Set(permissions.map(baseOf));
    const ids = [...new Set(Object.values(scopes).flat())];
    const found = ids.length
      ? new Set((await db.select({ id: unitsOrganizational.id }).from(unitsOrganizational).where(and(inArray(unitsOrganizational.id, ids), eq(unitsOrganizational.organization_id, organizationId)))).map((u) => u.id))
      : new Set<number>();
    for (const [p, units] of Object.entries(scopes)) {
      if (!held.has(p)) violations.push({ propertyPath: `permission_scopes.${p}`, message: 'O usuário não tem esta permissão' });
      if (units.some((u) => !found.has(u))) violations.push({ propertyPath: `permission_scopes.${p}`, message: 'Unidade não encontrada nesta organização' });
    }
  }
  if (violations.length) throw unprocessable(violations);
}

const baseOf = (permission: string) => permission.replace(/\.(INDEX|READ)$/, '');
/** The scopes of the permissions still held. */
const scopesOf = (scopes: Record<string, number[]>, permissions: string[]) => Object.fromEntries(Object.entries(scopes).filter(([p]) => permissions.some((x) => baseOf(x) === p)));

const userSlots: ResourceSlots<z.infer<typeof userListQuery>> = {
  table: users,
  unique: { username: 'o nome de usuário', email: 'o e-mail' },
  sortable: { id: users.id, username: users.username, email: users.email, created_at: users.created_at, is_active: users.is_active },
  defaultSort: [asc(users.username)],
  filters: (q) => [
    q.isActive ? eq(users.is_active, true) : undefined,
    q.organizationId ? eq(users.organization_id, q.organizationId) : undefined,
    q.unitId ? sql`(${users.unit_organizational_id} = ${q.unitId} or ${users.id} in (select ${userUnits.user_id} from ${userUnits} where ${userUnits.unit_id} = ${q.unitId}))` : undefined,
  ],
  present: (rows, db) => presentUsers(rows as UserRow[], db),
  // A user belongs to their main unit and to the units they are members of.
  unitScope: (ids) => sql`${users.id} in ${usersOfUnits(ids)}`,
  unitField: 'unit_organizational_id',
  async toValues(raw, { user, tx, app }, existing) {
    const input = raw as UserCreate & UserUpdate;
    const target = existing as UserRow | undefined;
    if (target) checkManageable(user, target);
    checkGrantable(user, input.permissions, input.super_admin as boolean | undefined);
    // Super admins choose the organization of a new user; everyone else creates in their own
    // (the kit refuses a body naming another organization: 422). A user never moves to another organization.
    let organizationId = target?.organization_id ?? user.organizationId;
    if (!target && user.superAdmin && input.organization_id) {
      await checkOrganization(tx, input.organization_id);
      organizationId = input.organization_id;
    }
    if (target && user.superAdmin && input.organization_id && input.organization_id !== target.organization_id) {
      throw new HttpError(422, 'A organização de um usuário não pode ser alterada.', [{ propertyPath: 'organization_id', message: 'Não pode ser alterada' }]);
    }
    await checkUnit(tx, input.unit_organizational_id, organizationId);
    // Permissions taken away without new scopes: their scopes go with them.
    const granted = input.permissions ?? target?.permissions ?? [];
    const scopes = input.permission_scopes ?? (target && input.permissions ? scopesOf(target.permission_scopes, granted) : target?.permission_scopes);
    if (input.permission_scopes === undefined && input.permissions !== undefined && target) input.permission_scopes = scopes;
    if (input.permission_scopes !== undefined || input.permissions !== undefined || unitScopeOf(user, 'USER')) {
      await checkScopes(tx, user, scopes, granted, organizationId);
    }
    const values: Record<string, unknown> = {};
    for (const k of ['username', 'email', 'permissions', 'permission_scopes', 'super_admin', 'unit_organizational_id', 'is_active'] as const) {
      if (input[k] !== undefined) values[k] = input[k];
    }
    if (!target) values.organization_id = organizationId;
    let person = { nickname: '', full_name: '' };
    if (target) {
      const [p] = await tx.select().from(persons).where(eq(persons.id, target.person_id));
      person = p;
      if (input.person) [person] = await tx.update(persons).set(input.person).where(eq(persons.id, p.id)).returning();
    }
    if (input.password) {
      const names = { ...person, ...(input.person ?? {}) };
      await assertStrongPassword(input.password, [input.username ?? target?.username, input.email ?? target?.email, names.nickname, names.full_name]);
      values.password_hash = await app.passwords.hash(input.password);
    }
    if (target) {
      // Deactivation, a new password or a new e-mail (the way to a password reset) end the
      // user's sessions at once; the audit row shows the password change as "***".
      const emailChanged = input.email !== undefined && input.email.toLowerCase() !== target.email.toLowerCase();
      if ((input.is_active === false && target.is_active) || input.password || emailChanged) values.token_version = target.token_version + 1;
    } else {
      const [p] = await tx.insert(persons).values({ organization_id: organizationId, nickname: input.person!.nickname, full_name: input.person!.full_name }).returning();
      person = p;
      values.person_id = p.id;
      values.settings = DEFAULT_SETTINGS;
      values.is_confirmed = true;
    }
    values.search_text = searchText(
      (values.username ?? existing?.username) as string,
      (values.email ?? existing?.email) as string,
      person.nickname,
      person.full_name,
    );
    return values;
  },
  async onDelete(row, { user, tx }) {
    checkManageable(user, row as UserRow);
    if (row.id === user.id) throw new HttpError(409, 'Você não pode excluir o seu próprio usuário.');
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(revisions).where(eq(revisions.user_id, row.id));
    const [{ m }] = await tx.select({ m: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.created_by, row.id));
    if (n + m > 0) {
      const [updated] = await tx
        .update(users)
        .set({ is_active: false, token_version: (row.token_version as number) + 1, updated_at: new Date() })
        .where(eq(users.id, row.id))
        .returning();
      await audit(tx, user, { entity: 'user', entityId: row.id, organizationId: row.organization_id as number, action: 'update', before: row, after: updated });
      return { deactivated: true, message: 'O usuário tem histórico e foi desativado em vez de excluído.' };
    }
    await tx.delete(users).where(eq(users.id, row.id));
    await tx.delete(persons).where(eq(persons.id, row.person_id as number));
    await audit(tx, user, { entity: 'user', entityId: row.id, organizationId: row.organization_id as number, action: 'delete', before: row });
    return null;
  },
};

const userAndUnit = z.object({ id: z.coerce.number().int().positive(), unitId: z.coerce.number().int().positive() });

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  // The current user's profile and settings; declared before `/user/:id` routes on purpose.
  // `time_zone`: the zone the user's screens show and take dates in (unit override, else organization).
  const meRead = userRead.extend({ settings: z.record(z.string(), z.unknown()), time_zone: z.string() });
  app.get('/me', { config: { access: 'authenticated' }, schema: { tags, response: { 200: meRead } } }, async (req) => {
    const user = userOf(req);
    const read = await loadUser(app.db, user.id);
    const [{ settings }] = await app.db.select({ settings: users.settings }).from(users).where(eq(users.id, user.id));
    return { ...read!, settings: { ...DEFAULT_SETTINGS, ...settings }, time_zone: zoneOf(req) };
  });

  app.put('/me', { config: { access: 'authenticated', noApiToken: true }, schema: { tags, body: meUpdate, response: { 200: meRead } } }, async (req) => {
    const user = userOf(req);
    await app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      const [person] = await tx.select().from(persons).where(eq(persons.id, before.person_id));
      const nextPerson = { ...person, ...(req.body.person ?? {}) };
      // An empty `person` changes nothing (and an empty SET is not SQL).
      if (req.body.person && Object.keys(req.body.person).length) await tx.update(persons).set(req.body.person).where(eq(persons.id, person.id));
      const [after] = await tx
        .update(users)
        .set({
          email: req.body.email ?? before.email,
          settings: { ...DEFAULT_SETTINGS, ...before.settings, ...(req.body.settings ?? {}) },
          search_text: searchText(before.username, req.body.email ?? before.email, nextPerson.nickname, nextPerson.full_name),
          updated_at: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      await audit(tx, user, { entity: 'user', entityId: user.id, organizationId: user.organizationId, action: 'update', before: { ...before, person: person }, after: { ...after, person: nextPerson } });
    });
    const read = await loadUser(app.db, user.id);
    const [{ settings }] = await app.db.select({ settings: users.settings }).from(users).where(eq(users.id, user.id));
    return { ...read!, settings, time_zone: zoneOf(req) };
  });

  app.post('/me/picture', { config: { access: 'authenticated' }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: z.object({ picture: z.string() }) } } }, async (req) => {
    const user = userOf(req);
    const file = await uploadedFile(req);
    const picture = await saveUpload(app, file, { kinds: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2 * 1024 * 1024, image: 'avatar', organizationId: user.organizationId });
    await app.db.transaction(async (tx) => {
      const [before] = await tx.select({ picture: users.picture }).from(users).where(eq(users.id, user.id));
      await tx.update(users).set({ picture, updated_at: new Date() }).where(eq(users.id, user.id));
      await audit(tx, user, { entity: 'user', entityId: user.id, organizationId: user.organizationId, action: 'update', changes: { picture: [before.picture, picture] } });
    });
    return { picture };
  });

  const userDef = defineApiResource(fastify, userResource, userSlots);
  apiTokenRoutes(fastify, userDef, checkManageable);

  // An update or deletion that revoked a user's tokens (deactivation, new password or e-mail)
  // also ends their open realtime streams; after the response, so the change has committed.
  fastify.addHook('onResponse', async (req, reply) => {
    if ((req.method !== 'PUT' && req.method !== 'DELETE') || reply.statusCode >= 300) return;
    if (req.routeOptions.url !== '/api/user/:id') return;
    const id = Number((req.params as { id?: unknown }).id);
    if (Number.isSafeInteger(id)) await app.realtime.revokeUser(id).catch((err) => req.log.error({ err }, 'realtime revocation failed'));
  });

  const membership = async (req: { params: { id: number; unitId: number } } & Parameters<typeof userOf>[0], add: boolean) => {
    const user = userOf(req);
    const { id, unitId } = req.params;
    await app.db.transaction(async (tx) => {
      const target = await findVisible<UserRow>(userDef, tx, user, id, true);
      checkManageable(user, target);
      const [unit] = await tx.select().from(unitsOrganizational).where(and(eq(unitsOrganizational.id, unitId), eq(unitsOrganizational.organization_id, target.organization_id as number)));
      if (!unit) throw notFound({ label: 'Unidade organizacional', gender: 'f' });
      if (add) {
        const inserted = await tx.insert(userUnits).values({ user_id: id, unit_id: unitId }).onConflictDoNothing().returning();
        if (inserted.length) await audit(tx, user, { entity: 'user', entityId: id, organizationId: target.organization_id as number, action: 'update', changes: { units: [null, { added: unit.name }] } });
      } else {
        const removed = await tx.delete(userUnits).where(and(eq(userUnits.user_id, id), eq(userUnits.unit_id, unitId))).returning();
        if (!removed.length) throw notFound({ label: 'Vínculo com a unidade', gender: 'm' });
        if (target.unit_organizational_id === unitId) await tx.update(users).set({ unit_organizational_id: null }).where(eq(users.id, id));
        await audit(tx, user, { entity: 'user', entityId: id, organizationId: target.organization_id as number, action: 'update', changes: { units: [{ removed: unit.name }, null] } });
      }
    });
    return (await loadUser(app.db, id))!;
  };
  const opts = { config: { access: { write: 'USER' } as const }, schema: { tags, params: userAndUnit, response: { 200: userRead } } };
  app.put('/user/:id/insert/unit/:unitId', opts, (req) => membership(req, true));
  app.put('/user/:id/remove/unit/:unitId', opts, (req) => membership(req, false));
  app.delete('/user/:id/remove/unit/:unitId', opts, (req) => membership(req, false));
}
