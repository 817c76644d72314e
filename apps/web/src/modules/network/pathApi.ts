/** Fetchers of the paths: SVCs, LMCs with their LMX segments, unions, and the pickers' searches. */
import { lmcResource, lmxResource, svcResource, unionResource, type AssetRead, type CircuitRead, type LmcRead, type ListResult } from '@operacoes/contract';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export type { LmcRead, LmxRead, SvcRead, UnionRead } from '@operacoes/contract';
export const svcApi = resourceApi(svcResource);
export const lmcApi = resourceApi(lmcResource);
export const lmxApi = resourceApi(lmxResource);
export const unionApi = resourceApi(unionResource);

const search = <T>(path: string) => async (term: string) => (await api.get<ListResult<T>>(path, { params: { search: term || undefined, pageSize: 20 } })).data.items;
export const searchLmcs = search<LmcRead>('/lmc');
export const searchAssets = search<AssetRead>('/asset');
export const searchCircuits = search<CircuitRead>('/circuit');

/** The crumbs of a page under one LMC (its segments, its scripts): the list, then the LMC. */
export const lmcTrail = (lmc: Pick<LmcRead, 'id' | 'code' | 'name'>) => [
  { to: '/lmc', label: 'LMC' },
  { to: `/lmc/edit/${lmc.id}`, label: `${lmc.code} · ${lmc.name}` },
];
export const reorderSegments = async (lmcId: number, segmentIds: number[]) => (await api.post<LmcRead>(`/lmc/${lmcId}/reorder`, { segment_ids: segmentIds })).data;
export const fetchAsset = async (id: number) => (await api.get<AssetRead>(`/asset/${id}`)).data;
