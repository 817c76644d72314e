/** The topology's query, shared by the page and its route's prefetch (core/lazyPage.ts). */
import type { LmcTopology } from '@operacoes/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { api } from '../../../core/api';

export const topologyKey = (id: number) => ['lmc', 'topology', id] as const;
export const fetchTopology = async (id: number, silent = false) => (await api.get<LmcTopology>(`/lmc/${id}/topology`, { silent })).data;

/** Fetched beside the page's chunk (silent: a failure is shown once, by the page's own query), and laid out. */
export function prefetchTopology(params: Params, queryClient: QueryClient) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return;
  // The layout worker starts now, and lays the picture out as soon as the data is here.
  const layouts = import('./laidOut');
  void layouts.then((m) => m.elkInstance());
  void queryClient.prefetchQuery({ queryKey: topologyKey(id), queryFn: () => fetchTopology(id, true) }).then(async () => {
    const topo = queryClient.getQueryData<LmcTopology>(topologyKey(id));
    if (topo) (await layouts).laidOut(topo).layout.catch(() => undefined);
  });
}
