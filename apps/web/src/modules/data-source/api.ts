import { dataSourceResource, type dataSourceRead, type dataSourceRunRead, type dataSourceTestResult } from '@operacoes/contract';
import type { z } from 'zod';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export const dataSourceApi = resourceApi(dataSourceResource);

export type DataSource = z.infer<typeof dataSourceRead>;
export type DataSourceRun = z.infer<typeof dataSourceRunRead>;
export type DataSourceTest = z.infer<typeof dataSourceTestResult>;
export type StagedRecord = { external_key: string; data: Record<string, unknown>; updated_at: string };

export const PATH = '/organization-settings/data-source';

export const dsKeys = {
  one: (id: number) => ['data-source', id] as const,
  runs: (id: number) => ['data-source', id, 'runs'] as const,
  records: (id: number, page: number, pageSize: number) => ['data-source', id, 'records', page, pageSize] as const,
};

export const getSource = async (id: number) => (await api.get<DataSource>(`${PATH}/${id}`)).data;
export const createSource = async (b: unknown) => (await api.post<DataSource>(PATH, b)).data;
export const updateSource = async (id: number, b: unknown) => (await api.put<DataSource>(`${PATH}/${id}`, b)).data;
export const deleteSource = (id: number) => api.delete(`${PATH}/${id}`);
export const testSource = async (id: number) => (await api.post<DataSourceTest>(`${PATH}/${id}/test`)).data;
export const runSource = async (id: number) => (await api.post<DataSourceRun>(`${PATH}/${id}/run`)).data;
export const fetchRuns = async (id: number) => (await api.get<{ items: DataSourceRun[] }>(`${PATH}/${id}/runs`)).data.items;
export const fetchRecords = async (id: number, page: number, pageSize: number) =>
  (await api.get<{ items: StagedRecord[]; total_items: number }>(`${PATH}/${id}/records`, { params: { page, pageSize } })).data;
