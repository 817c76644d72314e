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

/**
 * The workflow's named events, each a moment people speak of ("o pedido foi aprovado"): a
 * record created, a field reaching one of some values (`to`), or a field leaving null
 * (`set`: an outage's end written is the outage closed), or any change of some fields (`fields`).
 * Each is sent beside the record's own `<entity>.created|updated` event.
 */
export type WorkflowEvent = {
  entity: string;
  name: string;
  label: string;
  when: { created: true } | { field: string; to: readonly string[] } | { field: string; set: true } | { fields: readonly string[] };
};
export const WEBHOOK_WORKFLOW_EVENTS: readonly WorkflowEvent[] = [
  { entity: 'patrimony_solicitation', name: 'requested', label: 'Pedido de saída solicitado', when: { created: true } },
  { entity: 'patrimony_solicitation', name: 'approved', label: 'Pedido de saída aprovado', when: { field: 'status', to: ['aprovada'] } },
  { entity: 'patrimony_solicitation', name: 'refused', label: 'Pedido de saída recusado', when: { field: 'status', to: ['recusada'] } },
  { entity: 'patrimony_solicitation', name: 'delivered', label: 'Pedido de saída entregue', when: { field: 'status', to: ['entregue'] } },
  { entity: 'patrimony_solicitation', name: 'returned', label: 'Pedido de saída devolvido', when: { field: 'status', to: ['devolvida'] } },
  { entity: 'patrimony_solicitation', name: 'cancelled', label: 'Pedido de saída cancelado', when: { field: 'status', to: ['cancelada'] } },
  { entity: 'shipment_solicitation', name: 'approved', label: 'Pedido de envio aprovado', when: { field: 'status', to: ['aprovada'] } },
  { entity: 'shipment_solicitation', name: 'refused', label: 'Pedido de envio recusado', when: { field: 'status', to: ['recusada'] } },
  { entity: 'shipment', name: 'dispatched', label: 'Envio despachado', when: { field: 'status', to: ['enviado'] } },
  { entity: 'shipment', name: 'received', label: 'Envio recebido', when: { field: 'status', to: ['recebido', 'recebido_com_divergencia'] } },
  { entity: 'shipment', name: 'cancelled', label: 'Envio cancelado', when: { field: 'status', to: ['cancelado'] } },
  { entity: 'external_activity', name: 'scheduled', label: 'Ordem de serviço agendada', when: { field: 'status', to: ['agendada'] } },
  { entity: 'external_activity', name: 'started', label: 'Ordem de serviço iniciada', when: { field: 'status', to: ['em_execucao'] } },
  { entity: 'external_activity', name: 'concluded', label: 'Ordem de serviço concluída', when: { field: 'status', to: ['concluida'] } },
  { entity: 'external_activity', name: 'cancelled', label: 'Ordem de serviço cancelada', when: { field: 'status', to: ['cancelada'] } },
  { entity: 'circuit_unavailability', name: 'opened', label: 'Indisponibilidade de circuito aberta', when: { created: true } },
  { entity: 'circuit_unavailability', name: 'closed', label: 'Indisponibilidade de circuito encerrada', when: { field: 'ended_at', set: true } },
  { entity: 'viability_unit', name: 'proposal_accepted', label: 'Proposta de viabilidade aceita', when: { field: 'decision', to: ['aceita'] } },
  { entity: 'viability_unit', name: 'proposal_declined', label: 'Proposta de viabilidade recusada', when: { field: 'decision', to: ['recusada'] } },
  { entity: 'network_union', name: 'state_changed', label: 'União: estado alterado', when: { fields: ['state', 'capacity_mbps'] } },
];

/** The named events an audited change raises (see `WEBHOOK_WORKFLOW_EVENTS`): `["shipment.dispatched"]`. */
export function workflowEventsOf(entry: { entity: string; action: 'create' | 'update' | 'delete'; after?: Record<string, unknown> | null; changes: Record<string, [unknown, unknown]> }): string[] {
  return WEBHOOK_WORKFLOW_EVENTS.filter((e) => {
    if (e.entity !== entry.entity || entry.action === 'delete') return false;
    const w = e.when;
    if ('created' in w) return entry.action === 'create';
    if ('fields' in w) return entry.action === 'update' && w.fields.some((f) => f in entry.changes);
    // A record created already in the state (an order created scheduled) raises it too.
    const [from, to] = entry.action === 'create' ? [null, entry.after?.[w.field] ?? entry.changes[w.field]?.[1]] : (entry.changes[w.field] ?? [undefined, undefined]);
    if (to === undefined || from === to) return false;
    return 'set' in w ? from === null && to !== null : w.to.includes(String(to));
  }).map((e) => `${e.entity}.${e.name}`);
}

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
    ...WEBHOOK_WORKFLOW_EVENTS.filter((w) => w.entity === e.entity).map((w) => ({ name: `${w.entity}.${w.name}`, label: w.label, entity: e.entity, entity_label: e.label })),
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
