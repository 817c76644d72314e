/**
 * Baseline of the network benchmark: `GET /api/asset?search=…` answered with the same statements
 * as the API (the list with its total in one statement, then the page's sites and interfaces in
 * parallel), named and prepared as the API's are, the same token check and the same JSON, on the shared baseline server (baseline-kit).
 *
 * Env: PORT, JWT_SECRET, DATABASE_URL.
 */
import { type BaselineRoute, allowed, fold, forbiddenAnswer, iso, query, serveBaseline, uniq } from './baseline-kit';

const ASSET_COLS = ['id', 'created_at', 'updated_at', 'organization_id', 'hostname', 'role', 'vendor', 'model', 'serial', 'management_ip', 'routeros_version', 'site_id', 'status', 'patrimony_id', 'notes']
  .map((c) => `"${c}"`)
  .join(', ');

const assetList: BaselineRoute = async (u, url) => {
  if (!allowed(u, 'NETWORK_ASSET')) return forbiddenAnswer;
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const pageSize = Math.min(100, Math.max(1, Number(url.searchParams.get('pageSize') ?? 10)));
  const offset = (page - 1) * pageSize;
  const words = fold(url.searchParams.get('search') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const params: unknown[] = [u.organization_id];
  const likes = words.map((w) => {
    params.push(`%${w.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
    return ` and "search_text" like $${params.length}`;
  });
  params.push(pageSize, offset);
  const found = await query(
    `select ${ASSET_COLS}, (count(*) over ())::int as "__total" from "network_asset" where "organization_id" = $1${likes.join('')} order by "hostname" asc, "id" asc limit $${params.length - 1} offset $${params.length}`,
    params,
    `asset_list_${words.length}`,
  );
  const total = found.length ? (found[0].__total as number) : 0;
  const ids = found.map((r) => r.id as number);
  const siteIds = uniq(found.map((r) => r.site_id));
  const [sites, interfaces] = await Promise.all([
    siteIds.length ? query('select "id", "code", "name" from "site" where "id" = any($1)', [siteIds], 'sites_by_ids') : [],
    ids.length ? query('select "id", "asset_id", "name", "type", "mac", "speed_mbps", "description", "enabled" from "network_interface" where "asset_id" = any($1) order by "asset_id", "position", "id"', [ids], 'interfaces_of_assets') : [],
  ]);
  const siteOf = new Map(sites.map((s) => [s.id as number, s]));
  const itfOf = new Map<number, unknown[]>(ids.map((id) => [id, []]));
  for (const { asset_id, ...i } of interfaces) itfOf.get(asset_id as number)!.push(i);
  const items = found.map(({ __total: _t, ...r }) => {
    const s = r.site_id ? siteOf.get(r.site_id as number) : undefined;
    return { ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at), site: s ? { id: s.id, code: s.code, name: s.name } : null, patrimony: null, interfaces: itfOf.get(r.id as number), warnings: [] };
  });
  return [200, { items, total_items: total, total_pages: Math.ceil(total / pageSize), current_page: page, page_size: pageSize }] as const;
};

serveBaseline({ '/api/asset': assetList });
