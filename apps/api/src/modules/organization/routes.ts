import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { organizationListQuery, organizationResource } from '@operacoes/contract';
import { userOf } from '../../core/access';
import { audit } from '../../core/audit';
import type { DbOrTx } from '../../core/db';
import { HttpError } from '../../core/errors';
import { searchText } from '../../core/list';
import { findVisible } from '../../core/resource';
import { type ResourceSlots, defineApiResource } from '../../core/resource-kit';
import { forgetTimeZones } from '../../core/time-zone';
import { unitsOrganizational, users } from '../../core/schema';
import { saveUpload, uploadedFile } from '../files';
import { presentCities } from '../locale';
import { organizations } from './schema';

type OrgRow = typeof organizations.$inferSelect;

async function presentOrganizations(rows: OrgRow[], db: DbOrTx) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [userCounts, unitCounts, cities] = await Promise.all([
    db.select({ id: users.organization_id, n: sql<number>`count(*)::int` }).from(users).where(inArray(users.organization_id, ids)).groupBy(users.organization_id),
    db
      .select({ id: unitsOrganizational.organization_id, n: sql<number>`count(*)::int` })
      .from(unitsOrganizational)
      .where(inArray(unitsOrganizational.organization_id, ids))
      .groupBy(unitsOrganizational.organization_id),
    presentCities(db, rows.map((r) => r.city_id)),
  ]);
  const count = (list: { id: number; n: number }[], id: number) => list.find((c) => c.id === id)?.n ?? 0;
  return rows.map((r) => ({
    id: r.id,
    fantasy_name: r.fantasy_name,
    legal_name: r.legal_name,
    cnpj: r.cnpj,
    email: r.email,
    phone: r.phone,
    address: r.address,
    zip_code: r.zip_code,
    city_id: r.city_id,
    city: r.city_id ? (cities.get(r.city_id) ?? null) : null,
    logo: r.logo,
    is_active: r.is_active,
    is_platform: r.is_platform,
    time_zone: r.time_zone,
    users_count: count(userCounts, r.id),
    units_count: count(unitCounts, r.id),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

/** Org admins (ORG) see and edit their own organization; only super admins create, delete or see others. */
const organizationSlots: ResourceSlots<z.infer<typeof organizationListQuery>> = {
  table: organizations,
  tenancyColumn: organizations.id,
  unique: { cnpj: 'o CNPJ' },
  sortable: { id: organizations.id, fantasy_name: organizations.fantasy_name, legal_name: organizations.legal_name, created_at: organizations.created_at },
  defaultSort: [asc(organizations.fantasy_name)],
  filters: (q) => [q.isActive ? eq(organizations.is_active, true) : undefined],
  searchOf: (r) => searchText(r.fantasy_name as string, r.legal_name as string, r.cnpj as string),
  present: (rows, db) => presentOrganizations(rows as OrgRow[], db),
  async toValues(input, { user, tx }, existing) {
    if (existing && !user.superAdmin && input.is_active === false) throw new HttpError(403, 'Somente o administrador da plataforma pode desativar uma organização.');
    if (existing?.is_platform && input.is_active === false) throw new HttpError(409, 'A organização da plataforma não pode ser desativada.');
    // Deactivating blocks its users' logins at once (their tokens stop working); the data stays.
    if (existing && existing.is_active && input.is_active === false) {
      await tx.update(users).set({ token_version: sql`${users.token_version} + 1` }).where(eq(users.organization_id, existing.id));
    }
    // Every request reads the zone from a cache: dropped now and again after the commit (onResponse).
    if (existing && 'time_zone' in input) forgetTimeZones();
    return { ...input };
  },
  async onDelete(row, { tx }) {
    if (row.is_platform) throw new HttpError(409, 'A organização da plataforma não pode ser excluída.');
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.organization_id, row.id));
    if (n > 0) throw new HttpError(409, `A organização possui ${n} usuário(s). Desative-a em vez de excluir: os dados são preservados.`);
    const [{ u }] = await tx.select({ u: sql<number>`count(*)::int` }).from(unitsOrganizational).where(eq(unitsOrganizational.organization_id, row.id));
    if (u > 0) throw new HttpError(409, `A organização possui ${u} unidade(s). Exclua-as antes ou desative a organização.`);
    return undefined;
  },
};

export async function organizationRoutes(fastify: FastifyInstance) {
  const organizationDef = defineApiResource(fastify, organizationResource, organizationSlots);

  // Deactivating an organization revoked its members' tokens; their open realtime streams end
  // too, after the response so the change has committed.
  fastify.addHook('onResponse', async (req, reply) => {
    if ((req.method === 'PUT' || req.method === 'PATCH') && reply.statusCode < 300 && req.routeOptions.url === '/api/organization/:id') forgetTimeZones();
    if (req.method !== 'PUT' || reply.statusCode >= 300 || req.routeOptions.url !== '/api/organization/:id') return;
    if ((req.body as { is_active?: unknown } | undefined)?.is_active !== false) return;
    const id = Number((req.params as { id?: unknown }).id);
    if (!Number.isSafeInteger(id)) return;
    const members = await fastify.db.select({ id: users.id }).from(users).where(eq(users.organization_id, id));
    for (const m of members) await fastify.realtime.revokeUser(m.id).catch((err) => req.log.error({ err }, 'realtime revocation failed'));
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/organization/:id/logo',
    {
      config: { access: { write: 'ORG' } },
      schema: { tags: ['organization'], consumes: ['multipart/form-data'], params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: z.object({ logo: z.string() }) } },
    },
    async (req) => {
      const user = userOf(req);
      const org = await findVisible<OrgRow>(organizationDef, app.db, user, req.params.id);
      const file = await uploadedFile(req);
      const logo = await saveUpload(app, file, { kinds: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2 * 1024 * 1024, image: 'logo', organizationId: org.id });
      await app.db.transaction(async (tx) => {
        await tx.update(organizations).set({ logo, updated_at: new Date() }).where(eq(organizations.id, org.id));
        await audit(tx, user, { entity: 'organization', entityId: org.id, organizationId: org.id, action: 'update', changes: { logo: [org.logo, logo] } });
      });
      return { logo };
    },
  );
}
