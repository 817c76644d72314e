import { type SQL, eq } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { ASSET_ROLE_LABELS, ASSET_VENDOR_LABELS, type AssetListQuery, type AssetRead } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { searchText } from '../../../core/list';
import { byIds } from '../../../core/resource';
import { patrimonies, products } from '../../warehouse';
import { sites } from '../site/schema';
import { interfacesOf } from './interfaces';
import { networkAssets } from './schema';

export type AssetRow = typeof networkAssets.$inferSelect;

/** The canonical text of an IP (IPv6 compressed and lower case, IPv4-mapped kept as written), so the unique index sees one spelling. */
export const canonicalIp = (ip: string) => (ipaddr.isValid(ip) ? ipaddr.parse(ip).toString() : ip);

/** The list's module filters (the list and its export). */
export const assetFilters = (q: Partial<AssetListQuery>): (SQL | undefined)[] => [
  q.site ? eq(networkAssets.site_id, q.site) : undefined,
  q.status ? eq(networkAssets.status, q.status) : undefined,
  q.role ? eq(networkAssets.role, q.role) : undefined,
  q.vendor ? eq(networkAssets.vendor, q.vendor) : undefined,
  q.patrimony ? eq(networkAssets.patrimony_id, q.patrimony) : undefined,
];

/** The folded text an asset is found by: hostname, IP, serial, model, vendor and role. */
export const assetSearchText = (r: Partial<AssetRow>) =>
  searchText(r.hostname, r.management_ip, r.serial, r.model, r.vendor ? ASSET_VENDOR_LABELS[r.vendor] : undefined, r.role ? ASSET_ROLE_LABELS[r.role] : undefined);

/** Assets as the API answers them: site and patrimony references, interfaces, and warnings (serial differs from the patrimony item's). */
export async function presentAssets(rows: AssetRow[], db: DbOrTx, opts: { interfaces?: boolean } = {}): Promise<AssetRead[]> {
  const [siteRows, items, itfs] = await Promise.all([
    byIds(db, sites as never, rows.map((r) => r.site_id).filter((v): v is number => v !== null)),
    byIds(db, patrimonies as never, rows.map((r) => r.patrimony_id).filter((v): v is number => v !== null)),
    opts.interfaces === false ? new Map() : interfacesOf(db, rows.map((r) => r.id)),
  ]);
  const productIds = [...items.values()].map((p) => p.product_id as number);
  const productRows = await byIds(db, products as never, productIds);
  return rows.map(({ search_text: _search, ...r }) => {
    const site = r.site_id ? siteRows.get(r.site_id) : undefined;
    const item = r.patrimony_id ? items.get(r.patrimony_id) : undefined;
    const warnings: string[] = [];
    if (item && r.serial && item.serial && String(item.serial).trim().toLowerCase() !== r.serial.trim().toLowerCase()) {
      warnings.push(`O número de série do ativo (${r.serial}) difere do registrado no patrimônio ${String(item.tag)} (${String(item.serial)}).`);
    }
    return {
      ...r,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      routeros_version: r.routeros_version as AssetRead['routeros_version'],
      site: site ? { id: site.id, code: site.code as string, name: site.name as string } : null,
      patrimony: item ? { id: item.id, tag: item.tag as string, serial: (item.serial as string | null) ?? null, product: (productRows.get(item.product_id as number)?.name as string | undefined) ?? null } : null,
      interfaces: itfs.get(r.id) ?? [],
      warnings,
    };
  });
}

