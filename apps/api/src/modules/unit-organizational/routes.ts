import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { listQuery, unitInput, unitRead, unitUpdate } from '@operacoes/contract';
import { HttpError } from '../../core/errors';
import { searchText } from '../../core/list';
import { registerResource } from '../../core/resource';
import { userUnits, users } from '../user/schema';
import { unitsOrganizational } from './schema';

export async function unitRoutes(app: FastifyInstance) {
  registerResource(app, {
    entity: 'unit_organizational',
    label: 'Unidade organizacional',
    path: '/unit-organizational',
    table: unitsOrganizational,
    // Any member may list their organization's units (user forms, announcements); ORG manages them.
    access: { read: 'authenticated', write: { write: 'ORG' } },
    tenancy: 'organization',
    schemas: { read: unitRead, create: unitInput, update: unitUpdate, query: listQuery },
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
