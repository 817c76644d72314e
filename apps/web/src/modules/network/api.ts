/** Fetchers and query keys of the network module (DESIGN §4): sites, their map, network assets and their bulk actions. */
import { DEFAULT_MAP_TILE_URL, type AssetRead, type ListResult, type SiteMapResult, type SiteRead, networkAssetResource, siteResource } from '@operacoes/contract';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export type { AssetRead, SiteRead };
export const siteApi = resourceApi(siteResource);
export const assetApi = resourceApi(networkAssetResource);

export const netKeys = {
  map: (params: Record<string, string>) => ['site', 'map', params] as const,
  tiles: ['organization-settings', 'viability'] as const,
  assetsOf: (siteId: number) => ['network_asset', 'site', siteId] as const,
  assetOfPatrimony: (id: number) => ['network_asset', 'patrimony', id] as const,
};

export const fetchMarkers = async (params: Record<string, string>) => (await api.get<SiteMapResult>('/site/map', { params })).data;
/** The organization's map tiles (viability settings); OpenStreetMap's when it cannot be read. */
export const fetchTileUrl = async () => {
  try {
    return (await api.get<{ map_tile_url?: string }>('/organization-settings/viability', { silent: true })).data.map_tile_url || DEFAULT_MAP_TILE_URL;
  } catch {
    return DEFAULT_MAP_TILE_URL;
  }
};
export const fetchAssetsOf = async (siteId: number) => (await api.get<ListResult<AssetRead>>(assetApi.path, { params: { site: siteId, pageSize: 100 } })).data;
export const searchSites = async (term: string) => (await api.get<ListResult<SiteRead>>(siteApi.path, { params: { search: term || undefined, pageSize: 20 } })).data.items;
export type PatrimonyOption = { id: number; tag: string; serial: string | null; product: { name: string } | null };
export const searchPatrimony = async (term: string) =>
  (await api.get<ListResult<PatrimonyOption>>('/patrimony', { params: { search: term || undefined, pageSize: 20, sort: 'tag' } })).data.items;

export const bulkStatus = async (ids: number[], status: string) => (await api.post<{ updated: number }>('/asset/bulk/status', { ids, status })).data;
export const bulkMove = async (ids: number[], siteId: number) => (await api.post<{ updated: number }>('/asset/bulk/move', { ids, site_id: siteId })).data;
