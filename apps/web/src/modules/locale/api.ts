import type { CityImportReport, cityRead, countryRead, ListResult, stateRead } from '@operacoes/contract';
import type { z } from 'zod';
import { api } from '../../core/api';

export type Country = z.infer<typeof countryRead>;
export type State = z.infer<typeof stateRead>;
export type City = z.infer<typeof cityRead>;

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
