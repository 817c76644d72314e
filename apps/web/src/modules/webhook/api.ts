import { webhookResource, type webhookDeliveryRead, type webhookEventRead, type webhookRead } from '@operacoes/contract';
import type { z } from 'zod';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export const webhookApi = resourceApi(webhookResource);

export type Webhook = z.infer<typeof webhookRead>;
export type WebhookDelivery = z.infer<typeof webhookDeliveryRead>;
export type WebhookEvent = z.infer<typeof webhookEventRead>;

export const PATH = '/organization-settings/webhook';

export const whKeys = {
  one: (id: number) => ['webhook', id] as const,
  events: ['webhook', 'events'] as const,
  deliveries: (id: number, page: number, pageSize: number) => ['webhook', id, 'delivery', page, pageSize] as const,
  allDeliveries: (id: number) => ['webhook', id, 'delivery'] as const,
};

export const getWebhook = async (id: number) => (await api.get<Webhook>(`${PATH}/${id}`)).data;
export const createWebhook = async (b: unknown) => (await api.post<Webhook>(PATH, b)).data;
export const updateWebhook = async (id: number, b: unknown) => (await api.put<Webhook>(`${PATH}/${id}`, b)).data;
export const rotateSecret = async (id: number) => (await api.post<{ secret: string }>(`${PATH}/${id}/rotate-secret`)).data.secret;
export const fetchEvents = async () => (await api.get<{ items: WebhookEvent[] }>(`${PATH}/events`)).data.items;
export const fetchDeliveries = async (id: number, page: number, pageSize: number) =>
  (await api.get<{ items: WebhookDelivery[]; total_items: number }>(`${PATH}/${id}/delivery`, { params: { page, pageSize } })).data;
export const redeliver = async (id: number, deliveryId: number) => (await api.post<WebhookDelivery>(`${PATH}/${id}/delivery/${deliveryId}/redeliver`)).data;
