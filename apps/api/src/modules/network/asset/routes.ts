import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { type InterfaceInput, ROUTEROS_ONLY_MIKROTIK, networkAssetResource, patrimonyEntity, siteEntity } from '@operacoes/contract';
import { unprocessable } from '../../../core/errors';
import { defineApiResource } from '../../../core/resource-kit';
import { patrimonies } from '../../warehouse';
import { sites } from '../site/schema';
import { assetBulkRoutes } from './bulk';
import { guardInterfaces, syncInterfaces } from './interfaces';
import { type AssetRow, assetFilters, assetSearchText, canonicalIp, presentAssets } from './present';
import { networkAssets, networkInterfaces } from './schema';

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
    present: (rows, db) => presentAssets(rows as AssetRow[], db),
    toValues(values, _ctx, existing) {
      delete values.interfaces;
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
