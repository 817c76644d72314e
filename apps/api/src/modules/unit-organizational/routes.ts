import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { cityEntity, unitOrganizationalResource } from '@operacoes/contract';
import { HttpError } from '../../core/errors';
import { searchText } from '../../core/list';
import { defineApiResource } from '../../core/resource-kit';
import { forgetTimeZones } from '../../core/time-zone';
import { cities, userUnits, users } from '../../core/schema';
import { unitsOrganizational } from './schema';

type UnitRow = typeof unitsOrganizational.$inferSelect;

async function presentUnits(rows: UnitRow[], db: DbOrTx) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // Members are users whose main unit it is, plus users who joined it.
  const [main, joined] = await Promise.all([
    db.select({ unit: users.unit_organizational_id, user: users.id }).from(users).where(inArray(users.unit_organizational_id, ids)),
    db.select({ unit: userUnits.unit_id, user: userUnits.user_id }).from(userUnits).where(inArray(userUnits.unit_id, ids)),
  ]);
  const count = (id: number) => new Set([...main, ...joined].filter((m) => m.unit === id).map((m) => m.user)).size;
  return rows.map((r) => ({
    id: r.id,
    organization_id: r.organization_id,
    name: r.name,
    code: r.code,
    parent_id: r.parent_id,
    is_active: r.is_active,
    address: r.address,
    zip_code: r.zip_code,
    city_id: r.city_id,
    time_zone: r.time_zone,
    members_count: count(r.id),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

export async function unitRoutes(app: FastifyInstance) {
  // A request between the save and its commit may have cached the old zone again.
  app.addHook('onResponse', async (req, reply) => {
    if ((req.method === 'PUT' || req.method === 'PATCH') && reply.statusCode < 300 && req.routeOptions.url?.startsWith('/api/unit-organizational')) forgetTimeZones();
  });
  defineApiResource(app, unitOrganizationalResource, {
    table: unitsOrganizational,
    refs: {
      parent_id: { table: unitsOrganizational, noun: { label: 'Unidade superior', gender: 'f' } },
      city_id: { table: cities, noun: cityEntity },
    },
    unique: { code: 'o código' },
    filters: (q) => [q.organization_id ? eq(unitsOrganizational.organization_id, q.organization_id) : undefined],
    present: (rows, db) => presentUnits(rows as UnitRow[], db),
    toValues(values, _ctx, existing) {
      if (existing && values.parent_id === existing.id) throw new HttpError(422, 'Uma unidade não pode ser a sua própria unidade superior.', [{ propertyPath: 'parent_id', message: 'Unidade superior inválida' }]);
      // The cached zone is dropped now and again once the save has committed (see below).
      if ('time_zone' in values) forgetTimeZones();
      return values;
    },
    defaultSort: [asc(unitsOrganizational.name)],
    sortable: { id: unitsOrganizational.id, name: unitsOrganizational.name, code: unitsOrganizational.code },
    searchOf: (r) => searchText(r.name as string, r.code as string),
    async onDelete(row, { tx }) {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.unit_organizational_id} = ${row.id} or ${users.id} in (select ${userUnits.user_id} from ${userUnits} where ${eq(userUnits.unit_id, row.id)})`);
      if (n > 0) throw new HttpError(409, `A unidade possui ${n} usuário(s) vinculado(s) e não pode ser excluída.`);
      return undefined;
    },
  });
}
