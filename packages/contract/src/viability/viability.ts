import { z } from 'zod';
import { blankAsNull, enumOf, listQuery, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { cpfOrCnpj, phone } from '../kit/validators';
import { SVC_TYPE_LABELS, SVC_TYPES } from '../network';
import { code, id, optionalText, queryId, ref } from '../warehouse';
import { viabilityEntity } from './module';

/** A client's request. `concluida` when the client accepts a proposal; `cancelada` when every viable unit's proposal is declined (inviável units have none). */
export const VIABILITY_STATUS_LABELS = { aberta: 'Aberta', em_analise: 'Em análise', concluida: 'Concluída', cancelada: 'Cancelada' } as const;
export const VIABILITY_STATUSES = enumOf(VIABILITY_STATUS_LABELS);
export type ViabilityStatus = (typeof VIABILITY_STATUSES)[number];

/** The service asked for: the same types as the network's customer services (SVC). */
export const VIABILITY_SERVICE_LABELS = SVC_TYPE_LABELS;
export const VIABILITY_SERVICES = SVC_TYPES;

export const viabilityInput = z.object({
  /** Empty: the next `VIA-000123` of the organization. */
  code: blankAsNull(code('da viabilidade')),
  client_name: z.string().trim().min(1, 'Informe o nome do cliente').max(200, 'Nome longo demais'),
  client_document: cpfOrCnpj,
  contact_name: optionalText(200),
  contact_phone: blankAsNull(phone),
  contact_email: blankAsNull(z.email('E-mail inválido').max(180)),
  service_type: z.enum(VIABILITY_SERVICES, { message: 'Tipo de serviço inválido' }),
  bandwidth_mbps: z.number({ message: 'Informe a banda em Mbps' }).int('Use um número inteiro de Mbps').min(1, 'A banda deve ser de ao menos 1 Mbps').max(400_000, 'Banda grande demais'),
  seller_id: id,
  status: z.enum(VIABILITY_STATUSES, { message: 'Situação inválida' }).default('aberta'),
  notes: optionalText(4000),
  /** The branch that studies it (unit-scoped permissions reach the study through it). */
  unit_organizational_id: id.nullable().optional(),
});
export const viabilityUpdate = updateOf(viabilityInput);
export type ViabilityInput = z.input<typeof viabilityInput>;

export const viabilityRead = tenantRecord({
  code: z.string(),
  client_name: z.string(),
  client_document: z.string(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  service_type: z.enum(VIABILITY_SERVICES),
  bandwidth_mbps: z.number(),
  seller_id: z.number(),
  seller: ref.nullable(),
  status: z.enum(VIABILITY_STATUSES),
  notes: z.string().nullable(),
  unit_organizational_id: z.number().nullable(),
  unit_organizational: ref.nullable(),
  unit_count: z.number(),
});
export type ViabilityRead = z.infer<typeof viabilityRead>;

export const viabilityListQuery = listQuery.extend({ status: z.enum(VIABILITY_STATUSES).optional(), seller: queryId, unit: queryId });

export const viabilityResource = defineResource({
  ...viabilityEntity,
  apiPath: '/viability',
  permission: 'VIABILITY',
  // SPEC §2 opens /viability with either permission: template keepers read the studies too.
  access: { read: { read: ['VIABILITY', 'VIABILITY_TEMPLATE_PRODUCT'] }, write: { write: 'VIABILITY' } },
  tenancy: 'organization',
  schemas: { read: viabilityRead, create: viabilityInput, update: viabilityUpdate, query: viabilityListQuery },
});
