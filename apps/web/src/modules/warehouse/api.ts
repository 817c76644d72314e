/** Fetchers and query keys of the warehouse module (DESIGN §4): stocks, sections, products, patrimony, requests, movements. */
import type {
  BalanceRead,
  ListResult,
  MovementRead,
  PatrimonyRead,
  ProductRead,
  SectionRead,
  SolicitationRead,
  StockRead,
  VanRead,
  VanTransfer,
  WarehouseSummary,
  myPatrimonyRead,
} from '@operacoes/contract';
import { patrimonySolicitationResource, productResource, sectionResource, stockResource } from '@operacoes/contract';
import type { z } from 'zod';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export type { BalanceRead, MovementRead, PatrimonyRead, ProductRead, SectionRead, SolicitationRead, StockRead, VanRead, WarehouseSummary };
export type MyPatrimonyRead = z.infer<typeof myPatrimonyRead>;

export const stockApi = resourceApi(stockResource);
export const sectionApi = resourceApi(sectionResource);
export const productApi = resourceApi(productResource);
export const requestApi = resourceApi(patrimonySolicitationResource);
export const PATRIMONY_PATH = '/patrimony';
export const MOVEMENT_PATH = '/movements';
export const MY_PATRIMONY_PATH = '/my-patrimony';

export const whKeys = {
  patrimony: (id: number) => ['patrimony', id] as const,
  summary: ['warehouse', 'summary'] as const,
  stocks: ['warehouse', 'stocks'] as const,
  sectionsOf: (stockId: number) => ['warehouse', 'sections', stockId] as const,
  vans: ['warehouse', 'vans'] as const,
  myVan: ['warehouse', 'vans', 'mine'] as const,
};

const get = async <T>(path: string, params?: Record<string, unknown>) => (await api.get<T>(path, { params })).data;

export const getPatrimony = (id: number) => get<PatrimonyRead>(`${PATRIMONY_PATH}/${id}`);
/** Silent: a user with no warehouse permission gets 403 and the hub shows only what is theirs. */
export const getSummary = async () => (await api.get<WarehouseSummary>('/warehouse/summary', { silent: true })).data;

/** POST to create, PUT to update a record of `path`. */
export async function saveRecord<T>(path: string, id: number | null, body: unknown): Promise<T> {
  return (id ? await api.put<T>(`${path}/${id}`, body) : await api.post<T>(path, body)).data;
}

// Pickers
export const fetchStocks = async () => (await get<ListResult<StockRead>>(stockApi.path, { pageSize: 100, sort: 'name', isActive: 'true' })).items;
export const fetchSectionsOf = async (stockId: number) =>
  (await get<ListResult<SectionRead>>(sectionApi.path, { stock: stockId, pageSize: 100, sort: 'name' })).items;
export const searchSections = async (term: string) =>
  (await get<ListResult<SectionRead>>(sectionApi.path, { search: term || undefined, isActive: 'true', pageSize: 30, sort: 'name' })).items;
export const searchProducts = async (term: string, tracking?: 'patrimonio' | 'consumivel') =>
  (await get<ListResult<ProductRead>>(productApi.path, { search: term || undefined, tracking, isActive: 'true', pageSize: 30, sort: 'name' })).items;
export const searchAvailablePatrimony = async (term: string) =>
  (await get<ListResult<PatrimonyRead>>(PATRIMONY_PATH, { status: 'disponivel', search: term || undefined, pageSize: 20, sort: 'tag' })).items;
export const searchBalances = async (term: string, stockId?: number) =>
  (await get<ListResult<BalanceRead>>('/consumable/balances', { stock: stockId, positive: 'true', search: term || undefined, pageSize: 30 })).items;

// Patrimony
export const createPatrimonyBulk = async (b: unknown) => (await api.post<{ items: PatrimonyRead[] }>(`${PATRIMONY_PATH}/bulk`, b)).data;

// Consumables
export type ConsumableOp = 'entry' | 'transfer' | 'adjustment' | 'write-off';
export const consumableOp = async (op: ConsumableOp, b: unknown) => (await api.post(`/consumable/${op}`, b)).data;

// Requests (out-requests)

// My patrimony
export const confirmMine = async (id: number) => (await api.post<MyPatrimonyRead>(`${MY_PATRIMONY_PATH}/${id}/confirm`)).data;
export const returnMine = async (id: number, reason?: string) => (await api.post<SolicitationRead>(`${MY_PATRIMONY_PATH}/${id}/return`, reason ? { reason } : {})).data;

/** Open work orders an out-request may name as its destination (field service's list, read over HTTP). */
export type ActivityOption = { id: number; code: string; client_name: string };
export const searchOpenActivities = async (term: string) =>
  (await api.get<ListResult<ActivityOption & { status: string }>>('/external-activity', { params: { search: term || undefined, pageSize: 20 } })).data.items.filter((a) => a.status !== 'concluida' && a.status !== 'cancelada');
export const getActivityOption = async (id: number) => (await api.get<ActivityOption>(`/external-activity/${id}`)).data;
/** Projects still open (the project module builds on the warehouse: read through the API, for PROJECT holders). */
export type ProjectOption = { id: number; code: string; name: string };
export const searchOpenProjects = async (term: string) =>
  (await api.get<ListResult<ProjectOption & { status: string }>>('/project', { params: { search: term || undefined, pageSize: 20 } })).data.items.filter((p) => p.status !== 'concluido' && p.status !== 'cancelado');
export const getProjectOption = async (id: number) => (await api.get<ProjectOption>(`/project/${id}`)).data;

// Technicians' vans
export const VAN_PATH = '/van';
/** The vans the user sees (a stock reader: the organization's; anyone else: their own). */
export const fetchVans = async (mine = false) => (await get<ListResult<VanRead>>(VAN_PATH, { pageSize: 100, mine: mine ? 'true' : undefined })).items;
export const transferToVan = async (vanId: number, body: VanTransfer) => (await api.post<{ van: VanRead }>(`${VAN_PATH}/${vanId}/transfer`, body)).data;
/** The warehouse's own sections (not vans), to load a van from. */
export const searchWarehouseSections = async (term: string) =>
  (await get<ListResult<SectionRead>>(sectionApi.path, { search: term || undefined, isActive: 'true', van: 'false', pageSize: 30, sort: 'name' })).items;
export const fetchSectionBalances = async (sectionId: number) => (await get<ListResult<BalanceRead>>('/consumable/balances', { section: sectionId, positive: 'true', pageSize: 100 })).items;
export const fetchSectionItems = async (sectionId: number) =>
  (await get<ListResult<PatrimonyRead>>(PATRIMONY_PATH, { section: sectionId, status: 'disponivel', pageSize: 100, sort: 'tag' })).items;
