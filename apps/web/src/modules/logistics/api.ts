/** Fetchers and query keys of the logistics module (shipment requests, shipments, public receiving). */
import { shipmentSolicitationResource, type BalanceRead, type ListResult, type PatrimonyRead, type ReceivingView, type SectionRead, type StockRead, type shipmentSolicitationRead, type ShipmentRead } from '@operacoes/contract';
import type { z } from 'zod';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export type SolicitationRead = z.infer<typeof shipmentSolicitationRead>;
export type { ShipmentRead, ReceivingView };
export type ShipmentItem = ShipmentRead['items'][number];

export const solicitationApi = resourceApi(shipmentSolicitationResource);
export const SOLICITATION_PATH = solicitationApi.path;
export const SHIPMENT_PATH = '/shipment';

export const logisticsKeys = {
  solicitation: solicitationApi.keys.one,
  shipment: (id: number) => ['shipment', id] as const,
  receiving: (hash: string) => ['receiving', hash] as const,
  stocks: ['logistics', 'stocks'] as const,
  sections: (stockId: number) => ['logistics', 'sections', stockId] as const,
  units: ['logistics', 'units'] as const,
  carriers: ['logistics', 'carriers'] as const,
};

// Shipment requests
export const getSolicitation = async (id: number) => (await api.get<SolicitationRead>(`${SOLICITATION_PATH}/${id}`)).data;
export const createSolicitation = async (b: unknown) => (await api.post<SolicitationRead>(SOLICITATION_PATH, b)).data;
export const updateSolicitation = async (id: number, b: unknown) => (await api.put<SolicitationRead>(`${SOLICITATION_PATH}/${id}`, b)).data;
export const deleteSolicitation = (id: number) => api.delete(`${SOLICITATION_PATH}/${id}`);

// Shipments
export const getShipment = async (id: number) => (await api.get<ShipmentRead>(`${SHIPMENT_PATH}/${id}`)).data;
export const updateShipment = async (id: number, b: unknown) => (await api.put<ShipmentRead>(`${SHIPMENT_PATH}/${id}`, b)).data;
export const dispatchShipment = async (id: number) => (await api.post<ShipmentRead>(`${SHIPMENT_PATH}/${id}/dispatch`)).data;
export const cancelShipment = async (id: number, reason?: string) =>
  (await api.post<ShipmentRead>(`${SHIPMENT_PATH}/${id}/cancel`, reason ? { reason } : {})).data;

/** The carriers of the organization's logistic settings. */
export const fetchCarriers = async () => (await api.get<{ carriers: string[] }>('/organization-settings/logistic')).data.carriers ?? [];

// Warehouse pickers (read permissions of the warehouse module)
export const fetchStocks = async () =>
  (await api.get<ListResult<StockRead>>('/stock', { params: { pageSize: 100, sort: 'name', isActive: 'true' } })).data.items;
export const fetchSections = async (stockId: number) =>
  (await api.get<ListResult<SectionRead>>('/section', { params: { stock: stockId, pageSize: 100, sort: 'name' } })).data.items;
export const searchPatrimony = async (stockId: number, search: string) =>
  (
    await api.get<ListResult<PatrimonyRead>>('/patrimony', {
      params: { stock: stockId, status: 'disponivel', search: search || undefined, pageSize: 20, sort: 'tag' },
    })
  ).data.items;
export const searchBalances = async (stockId: number, search: string) =>
  (await api.get<ListResult<BalanceRead>>(`/stock/${stockId}/balances`, { params: { positive: 'true', search: search || undefined, pageSize: 30 } })).data.items;

// Public receiving (no login; errors are shown by the page, never as the session toast)
export const getReceiving = async (hash: string) => (await api.get<ReceivingView>(`/receiving/${hash}`, { silent: true })).data;
export const confirmReceiving = async (hash: string, body: unknown) => (await api.post<ReceivingView>(`/receiving/${hash}`, body, { silent: true })).data;
export const receiptUrl = (hash: string) => `/api/receiving/${hash}/receipt`;
