import type { CityImportReport, ListResult } from '@operacoes/contract';
import { api } from '../../core/api';

export type Country = { id: number; name: string; iso_code: string; created_at: string };
export type State = { id: number; country_id: number; name: string; uf: string; ibge_code: number | null; created_at: string };
export type City = { id: number; state_id: number; name: string; uf: string; ibge_code: number | null; created_at: string };

export const localeKeys = {
  countries: ['locale', 'countries'] as const,
  states: ['locale', 'states'] as const,
};

export async function fetchAllCountries(): Promise<Country[]> {
  return (await api.get<ListResult<Country>>('/country', { params: { page: 1, pageSize: 100 } })).data.items;
}
export async function fetchAllStates(): Promise<State[]> {
  return (await api.get<ListResult<State>>('/state', { params: { page: 1, pageSize: 100, sort: 'name' } })).data.items;
}

export async function importCities(csv: string, dryRun: boolean, signal?: AbortSignal) {
  return (await api.post<CityImportReport>('/city/import', { csv, dry_run: dryRun }, { signal })).data;
}
