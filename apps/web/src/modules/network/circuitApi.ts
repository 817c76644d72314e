/** Operator circuits on the web: the kit's fetchers for circuits and unavailability periods, plus the SLA report's. */
import { circuitResource, unavailabilityResource, type SlaReport } from '@operacoes/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';
import { appTimeZone } from '../../core/time-zone';

export type { CircuitRead, SlaItem, SlaReport, UnavailabilityRead } from '@operacoes/contract';

export const circuitApi = resourceApi(circuitResource);
export const unavailabilityApi = resourceApi(unavailabilityResource);

export const circuitKeys = {
  carriers: ['circuit', 'carriers'] as const,
  sla: (month: string, carrier: string) => ['circuit', 'sla', month, carrier] as const,
  periods: (circuitId: number) => ['list', `/circuit/${circuitId}/unavailability`] as const,
};

export const fetchCarriers = async () => (await api.get<{ items: string[] }>('/circuit/carriers')).data.items;
export const fetchSla = async (month: string, carrier: string) => (await api.get<SlaReport>('/circuit/sla', { params: { month, carrier: carrier || undefined } })).data;

/** What shows a circuit's state: its own views, and the paths (LMCs, segments, unions, topology) that run over circuits. */
const CIRCUIT_VIEWS = ['/circuit', '/lmc', '/lmx', '/union'];

/** After a circuit went down or up (realtime) or a period was saved: every view of circuits and the report refetch. */
export const refreshCircuits = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'list' && typeof q.queryKey[1] === 'string' && CIRCUIT_VIEWS.some((v) => (q.queryKey[1] as string).startsWith(v)) }),
    ...['circuit', 'lmc', 'lmx', 'network_union'].map((entity) => qc.invalidateQueries({ queryKey: [entity] })),
    qc.invalidateQueries({ queryKey: ['dashboard', 'circuits'] }),
  ]);

/** The current month "YYYY-MM" in São Paulo. */
export const thisMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: appTimeZone(), year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

/** `POST /api/circuit/{id}/contract`: the contract PDF. */
export async function uploadContract(id: number, file: File) {
  const fd = new FormData();
  fd.append('file', file);
  return (await api.post<import('@operacoes/contract').CircuitRead>(`/circuit/${id}/contract`, fd)).data;
}
