import { z } from 'zod';
import { listQuery, updateOf } from '../kit/common';
import { defineResource, type EntityDescriptor } from '../kit/define';
import { MODULES } from '../modules';
import { webhookEntity } from './module';

/** What happened to a record; an event is `<entity>.<action>` ("stock.created"). */
export const WEBHOOK_ACTIONS = { create: 'created', update: 'updated', delete: 'deleted' } as const;
const ACTION_LABELS = {
  created: { m: 'criado', f: 'criada' },
  updated: { m: 'alterado', f: 'alterada' },
  deleted: { m: 'excluído', f: 'excluída' },
} as const;

/**
 * Records with a workflow (approve, deliver, conclude…): a change of their `status` is also an
 * event of its own, `<entity>.status_changed`, whose `changes.status` is `[from, to]`.
 */
export const WEBHOOK_STATUS_ENTITIES: ReadonlySet<string> = new Set(['patrimony_solicitation', 'shipment_solicitation', 'shipment', 'external_activity']);

/** Entities whose changes are not offered: the webhooks themselves (their secret is theirs alone). */
const NOT_OFFERED = new Set(['webhook']);

export type WebhookEvent = { name: string; label: string; entity: string; entity_label: string };

/** Every event a webhook may subscribe to: created/updated/deleted of each audited entity, labelled in pt-BR. */
export function webhookEvents(): WebhookEvent[] {
  const seen = new Set<string>();
  const entities: EntityDescriptor[] = [];
  for (const m of MODULES) {
    for (const e of m.entities ?? []) {
      if (NOT_OFFERED.has(e.entity) || seen.has(e.entity)) continue;
      seen.add(e.entity);
      entities.push(e);
    }
  }
  return entities.flatMap((e) => [
    ...Object.values(WEBHOOK_ACTIONS).map((action) => ({
      name: `${e.entity}.${action}`,
      label: `${e.label} ${ACTION_LABELS[action][e.gender === 'f' ? 'f' : 'm']}`,
      entity: e.entity,
      entity_label: e.label,
    })),
    ...(WEBHOOK_STATUS_ENTITIES.has(e.entity) ? [{ name: `${e.entity}.status_changed`, label: `${e.label}: situação alterada`, entity: e.entity, entity_label: e.label }] : []),
  ]);
}

let names: Set<string> | undefined;
const isEvent = (name: string) => (names ??= new Set(webhookEvents().map((e) => e.name))).has(name);

export const WEBHOOK_DELIVERY_STATUS_LABELS = { pendente: 'Pendente', entregue: 'Entregue', falhou: 'Falhou', desativado: 'Desativado' } as const;
export const WEBHOOK_DELIVERY_STATUSES = ['pendente', 'entregue', 'falhou', 'desativado'] as const;

export const webhookInput = z.object({
  url: z.url({ protocol: /^https?$/, message: 'URL inválida (http ou https)' }).max(2000),
  events: z
    .array(z.string().max(100).refine(isEvent, 'Evento desconhecido'))
    .min(1, 'Escolha ao menos um evento')
    .max(1000),
  is_active: z.boolean().default(true),
});
export const webhookUpdate = updateOf(webhookInput);

export const webhookRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  is_active: z.boolean(),
  consecutive_failures: z.number(),
  disabled_reason: z.string().nullable(),
  last_delivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), status_code: z.number().nullable(), at: z.string() }).nullable(),
  /** Only in the answer of the create: the signing secret is shown once. */
  secret: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const webhookSecret = z.object({ secret: z.string() });
export const webhookEventRead = z.object({ name: z.string(), label: z.string(), entity: z.string(), entity_label: z.string() });

export const webhookDeliveryRead = z.object({
  id: z.number(),
  webhook_id: z.number(),
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().nullable(),
  last_duration_ms: z.number().nullable(),
  last_response: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const webhookResource = defineResource({
  ...webhookEntity,
  apiPath: '/organization-settings/webhook',
  permission: 'DATA_SOURCE',
  tenancy: 'organization',
  schemas: { read: webhookRead, create: webhookInput, update: webhookUpdate, query: listQuery },
});
