import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { sqlList } from '../../../core/resource';
import { type InterfaceInput, ROUTEROS_ONLY_MIKROTIK, managementInterfaceProblem, networkAssetResource, patrimonyEntity, siteEntity } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { unprocessable } from '../../../core/errors';
import { defineApiResource } from '../../../core/resource-kit';
import { patrimonies } from '../../warehouse';
import { sites } from '../site/schema';
import { assetBulkRoutes } from './bulk';
import { guardInterfaces, syncInterfaces } from './interfaces';
import { type AssetRow, assetFilters, assetSearchText, canonicalIp, presentAssets } from './present';
import { networkAssets, networkInterfaces } from './schema';

/**
 * The management interface is one of the asset's interfaces, by name: on an edit it is checked
 * against the list sent (or the stored one), follows a rename of its row, and cannot be removed
 * from the list while chosen (422 on the field).
 */
async function followManagementInterface(tx: DbOrTx, values: Record<string, unknown>, existing: AssetRow, list: InterfaceInput[] | undefined) {
  const stored = await tx.select({ id: networkInterfaces.id, name: networkInterfaces.name }).from(networkInterfaces).where(eq(networkInterfaces.asset_id, existing.id));
  const names = list ?? stored;
  if ('management_interface' in values) {
    const problem = managementInterfaceProblem(values.management_interface as string | null, names);
    if (problem) throw unprocessable([{ propertyPath: 'management_interface', message: problem }]);
    return;
  }
  const current = existing.management_interface;
  if (!list || !current || list.some((i) => i.name === current)) return;
  const row = stored.find((i) => i.name === current);
  const renamed = row && list.find((i) => i.id === row.id);
  if (renamed) values.management_interface = renamed.name;
  else throw unprocessable([{ propertyPath: 'management_interface', message: `A interface de gerência "${current}" saiu da lista de interfaces: escolha outra interface de gerência antes de removê-la` }]);
}

/** Network assets (`/api/asset`): the kit's CRUD with interfaces as rows, plus bulk actions and the export. */
export async function assetRoutes(app: FastifyInstance) {
  const def = defineApiResource(app, networkAssetResource, {
    table: networkAssets,
    defaultSort: [asc(networkAssets.hostname), asc(networkAssets.id)],
    filters: (q) => assetFilters(q),
    searchOf: (r) => assetSearchText(r as Partial<AssetRow>),
    refs: {
      site_id: { table: sites, noun: siteEntity, show: ['id', 'code', 'name'] },
      patrimony_id: { table: patrimonies as never, noun: patrimonyEntity },
    },
    unique: { hostname: 'o hostname', management_ip: 'o IP de gerência', patrimony_id: 'este patrimônio vinculado' },
    // An asset is its site's unit's.
    unitScope: (ids) => sql`${networkAssets.site_id} in (select s.id from site s where s.unit_organizational_id in (${sqlList(ids)}))`,
    unitField: 'site_id',
    present: (rows, db) => presentAssets(rows as AssetRow[], db),
    async toValues(values, { tx }, existing) {
      const list = values.interfaces as InterfaceInput[] | undefined;
      delete values.interfaces;
      if (existing) await followManagementInterface(tx, values, existing as unknown as AssetRow, list);
      if (typeof values.management_ip === 'string') values.management_ip = canonicalIp(values.management_ip);
      // The RouterOS version belongs to MikroTik: a PUT changing only one of the two is checked against the row.
      if (existing && ('vendor' in values || 'routeros_version' in values)) {
        const vendor = 'vendor' in values ? values.vendor : existing.vendor;
        const version = 'routeros_version' in values ? values.routeros_version : existing.routeros_version;
        if (version && vendor !== 'mikrotik') throw unprocessable([{ propertyPath: 'routeros_version', message: ROUTEROS_ONLY_MIKROTIK }]);
      }
      return values;
    },
    async afterWrite(row, input, { tx, user }) {
      const list = (input as { interfaces?: InterfaceInput[] }).interfaces;
      if (list !== undefined) await syncInterfaces(tx, user, row as unknown as AssetRow, list);
    },
    async onDelete(row, { tx }) {
      // Interfaces go with their asset (cascade), unless something refers to one of them.
      await guardInterfaces(tx, await tx.select({ id: networkInterfaces.id, name: networkInterfaces.name }).from(networkInterfaces).where(eq(networkInterfaces.asset_id, row.id)));
      return undefined;
    },
  });
  await assetBulkRoutes(app, def);
}
