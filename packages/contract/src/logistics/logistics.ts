import { z } from 'zod';
import { enumOf, listQuery, updateOf } from '../kit/common';
import { dateOnly, pngDataUrl } from '../kit/validators';
import { quantity } from '../warehouse';
import { defineResource } from '../kit/define';
import { workflowSteps } from '../kit/workflow';
import { shipmentEntity, shipmentSolicitationEntity } from './module';

/**
 * Logistics (DESIGN §4): shipment solicitations → shipments → public receiving confirmation.
 * Permission ASSET_SHIPMENT (and .INDEX).
 */

export const SHIPMENT_DESTINATION_LABELS = { unidade: 'Unidade organizacional', endereco: 'Endereço', pessoa: 'Pessoa' } as const;
export const SHIPMENT_DESTINATION_TYPES = enumOf(SHIPMENT_DESTINATION_LABELS);
export type ShipmentDestinationType = (typeof SHIPMENT_DESTINATION_TYPES)[number];

/** pendente →approve→ aprovada (a shipment is created) | →refuse→ recusada | →cancel→ cancelada. */
export const SHIPMENT_SOLICITATION_STATUS_LABELS = { pendente: 'Aguardando aprovação', aprovada: 'Aprovada', recusada: 'Recusada', cancelada: 'Cancelada' } as const;
export const SHIPMENT_SOLICITATION_STATUSES = enumOf(SHIPMENT_SOLICITATION_STATUS_LABELS);
export type ShipmentSolicitationStatus = (typeof SHIPMENT_SOLICITATION_STATUSES)[number];

/** preparando →dispatch→ enviado →receive→ recebido | recebido_com_divergencia; preparando|enviado →cancel→ cancelado. */
export const SHIPMENT_STATUS_LABELS = { preparando: 'Preparando', enviado: 'Enviado', recebido: 'Recebido', recebido_com_divergencia: 'Recebido com divergência', cancelado: 'Cancelado' } as const;
export const SHIPMENT_STATUSES = enumOf(SHIPMENT_STATUS_LABELS);
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const RECEIVING_ITEM_STATUSES = ['recebido', 'faltando', 'danificado'] as const;
export type ReceivingItemStatus = (typeof RECEIVING_ITEM_STATUSES)[number];
export const RECEIVING_ITEM_STATUS_LABELS: Record<ReceivingItemStatus | 'pendente', string> = {
  pendente: 'Pendente',
  recebido: 'Recebido',
  faltando: 'Faltando',
  danificado: 'Danificado',
};

const id = z.number().int().positive();

/** A patrimony item (by id) or a consumable quantity taken from a section of the origin stock. */
export const shipmentItemInput = z.union([
  z.object({ patrimony_id: id }),
  z.object({ product_id: id, section_id: id, quantity }),
]);

const destination = {
  destination_type: z.enum(SHIPMENT_DESTINATION_TYPES),
  destination_unit_id: id.nullable().optional(),
  /** Where received items go: a section of a stock (when the destination keeps a stock). */
  destination_section_id: id.nullable().optional(),
  destination_address: z.string().trim().max(500).nullable().optional(),
  destination_city_id: id.nullable().optional(),
  recipient_name: z.string().trim().min(2, 'Informe o nome do destinatário').max(200),
  recipient_email: z.email('E-mail do destinatário inválido').max(180),
  /** When the recipient is a user of the organization, received items go to them as holder. */
  recipient_user_id: id.nullable().optional(),
};

const shipmentSolicitationFields = z.object({
  origin_stock_id: id,
  ...destination,
  justification: z.string().trim().min(3, 'Informe a justificativa').max(2000),
  wanted_date: dateOnly.nullable().optional(),
  items: z.array(shipmentItemInput).min(1, 'Inclua ao menos um item').max(500),
});
/** Received patrimony must never be place-less: it enters a section, or goes to a user who holds it. */
export const UNTRACEABLE_PATRIMONY = 'Itens de patrimônio precisam de um destino rastreável: informe a seção de destino ou o usuário destinatário';
export const isTraceableDestination = (b: { destination_section_id?: number | null; recipient_user_id?: number | null; items?: readonly object[] }) =>
  Boolean(b.destination_section_id || b.recipient_user_id || !(b.items ?? []).some((i) => 'patrimony_id' in i && (i as { patrimony_id?: unknown }).patrimony_id));

export const shipmentSolicitationInput = shipmentSolicitationFields.superRefine((b, ctx) => {
    if (b.destination_type === 'unidade' && !b.destination_unit_id) ctx.addIssue({ code: 'custom', path: ['destination_unit_id'], message: 'Informe a unidade de destino' });
    if (b.destination_type === 'endereco' && !b.destination_address) ctx.addIssue({ code: 'custom', path: ['destination_address'], message: 'Informe o endereço de destino' });
    if (!isTraceableDestination(b)) for (const path of ['destination_section_id', 'recipient_user_id']) ctx.addIssue({ code: 'custom', path: [path], message: UNTRACEABLE_PATRIMONY });
  });

/** A PUT keeps what it omits; the API checks the merged request with `shipmentSolicitationInput`. */
export const shipmentSolicitationUpdate = updateOf(shipmentSolicitationFields);

const ref = z.object({ id: z.number(), name: z.string() });
export const shipmentItemRead = z.object({
  id: z.number(),
  patrimony: z.object({ id: z.number(), tag: z.string(), serial: z.string().nullable() }).nullable(),
  product: z.object({ id: z.number(), code: z.string(), name: z.string(), unit_of_measure: z.string() }),
  section: ref.nullable(),
  quantity: z.number(),
  received_status: z.enum(['pendente', ...RECEIVING_ITEM_STATUSES]),
  comment: z.string().nullable(),
});

const destinationRead = {
  destination_type: z.enum(SHIPMENT_DESTINATION_TYPES),
  destination_unit: ref.nullable(),
  destination_section: ref.nullable(),
  destination_address: z.string().nullable(),
  destination_city: z.object({ id: z.number(), name: z.string(), uf: z.string() }).nullable(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  recipient_user: z.object({ id: z.number(), username: z.string(), name: z.string() }).nullable(),
};

export const shipmentSolicitationRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  origin_stock: ref,
  ...destinationRead,
  justification: z.string(),
  wanted_date: z.string().nullable(),
  status: z.enum(SHIPMENT_SOLICITATION_STATUSES),
  refusal_reason: z.string().nullable(),
  requester: z.object({ id: z.number(), username: z.string(), name: z.string() }).nullable(),
  decided_by: z.object({ id: z.number(), username: z.string(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  shipment_id: z.number().nullable(),
  items: z.array(shipmentItemRead),
  /** The steps this user may take now (approve, refuse, cancel / dispatch, cancel). */
  steps: workflowSteps,
  created_at: z.string(),
  updated_at: z.string(),
});
export const shipmentSolicitationListQuery = listQuery.extend({ status: z.enum(SHIPMENT_SOLICITATION_STATUSES).optional() });

export const shipmentUpdate = z.object({
  carrier: z.string().trim().max(100).nullable().optional(),
  tracking_code: z.string().trim().max(100).nullable().optional(),
  invoice_number: z.string().trim().max(60).nullable().optional(),
  volumes: z.number().int().min(1).max(10_000).nullable().optional(),
  weight_kg: z.number().min(0).max(100_000).nullable().optional(),
  expected_date: dateOnly.nullable().optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
});

export const shipmentRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  solicitation_id: z.number().nullable(),
  origin_stock: ref,
  ...destinationRead,
  carrier: z.string().nullable(),
  tracking_code: z.string().nullable(),
  invoice_number: z.string().nullable(),
  volumes: z.number().nullable(),
  weight_kg: z.number().nullable(),
  expected_date: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  dispatched_at: z.string().nullable(),
  received_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  receiving_expires_at: z.string().nullable(),
  receiver_name: z.string().nullable(),
  receiver_comment: z.string().nullable(),
  items: z.array(shipmentItemRead),
  /** The steps this user may take now (approve, refuse, cancel / dispatch, cancel). */
  steps: workflowSteps,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShipmentRead = z.infer<typeof shipmentRead>;
export const shipmentListQuery = listQuery.extend({ status: z.enum(SHIPMENT_STATUSES).optional() });

export const refuseBody = z.object({ reason: z.string().trim().min(3, 'Informe o motivo da recusa').max(1000) });
export const cancelBody = z.object({ reason: z.string().trim().max(1000).optional() });

/** Public receiving page. */
export const receivingView = z.object({
  status: z.enum(['aguardando', 'confirmado']),
  organization: z.string(),
  shipment_id: z.number(),
  recipient_name: z.string(),
  carrier: z.string().nullable(),
  tracking_code: z.string().nullable(),
  dispatched_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.number(),
      description: z.string(),
      tag: z.string().nullable(),
      serial: z.string().nullable(),
      quantity: z.number(),
      unit_of_measure: z.string(),
      received_status: z.enum(['pendente', ...RECEIVING_ITEM_STATUSES]),
      comment: z.string().nullable(),
    }),
  ),
  receipt: z
    .object({ name: z.string(), comment: z.string().nullable(), received_at: z.string(), shipment_status: z.enum(SHIPMENT_STATUSES), has_signature: z.boolean() })
    .nullable(),
});
export type ReceivingView = z.infer<typeof receivingView>;

export const receivingConfirm = z.object({
  name: z.string().trim().min(3, 'Informe seu nome completo').max(200),
  comment: z.string().trim().max(2000).optional(),
  /** Optional drawn signature as a PNG data URL. */
  signature: pngDataUrl.optional(),
  items: z
    .array(z.object({ id: z.number().int().positive(), status: z.enum(RECEIVING_ITEM_STATUSES), comment: z.string().trim().max(500).optional() }))
    .min(1, 'Confirme os itens'),
});

export const shipmentSolicitationResource = defineResource({
  ...shipmentSolicitationEntity,
  apiPath: '/shipment-solicitation',
  permission: 'ASSET_SHIPMENT',
  tenancy: 'organization',
  schemas: { read: shipmentSolicitationRead, create: shipmentSolicitationInput, update: shipmentSolicitationUpdate, query: shipmentSolicitationListQuery },
});
/** Shipments are born of an approved request (no plain create). */
export const shipmentResource = defineResource({
  ...shipmentEntity,
  apiPath: '/shipment',
  permission: 'ASSET_SHIPMENT',
  tenancy: 'organization',
  schemas: { read: shipmentRead, create: shipmentUpdate, update: shipmentUpdate, query: shipmentListQuery },
});
