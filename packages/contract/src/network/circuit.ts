import { z } from 'zod';
import { enumOf, listQuery, queryBoolean, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { dateOnly, money } from '../kit/validators';
import { id, optionalText, queryId } from '../warehouse';
import { circuitEntity } from './module';
import { siteRef } from './site';

/** Operator circuits: a circuit leased from a carrier, with its contract and SLA. */
export const CIRCUIT_TYPE_LABELS = { link_dedicado: 'Link dedicado', mpls: 'MPLS', l2l: 'L2L', ip_transito: 'IP trânsito', fibra_apagada: 'Fibra apagada', lan_to_lan: 'LAN to LAN', outro: 'Outro' } as const;
export const CIRCUIT_TYPES = enumOf(CIRCUIT_TYPE_LABELS);
export type CircuitType = (typeof CIRCUIT_TYPES)[number];

export const CIRCUIT_STATUS_LABELS = { em_ativacao: 'Em ativação', ativo: 'Ativo', cancelado: 'Cancelado' } as const;
export const CIRCUIT_STATUSES = enumOf(CIRCUIT_STATUS_LABELS);
export type CircuitStatus = (typeof CIRCUIT_STATUSES)[number];

/** Decimal places a number may carry ("99.999" has 3). */
const places = (n: number, max: number) => Math.abs(Math.round(n * 10 ** max) - n * 10 ** max) < 1e-6;

export const circuitContact = z.object({
  name: z.string().trim().min(1, 'Informe o nome do contato').max(200),
  phone: optionalText(40),
  email: z.email('E-mail inválido').max(180).nullable().optional(),
  notes: optionalText(300),
});
export type CircuitContact = z.infer<typeof circuitContact>;

export const circuitInput = z.object({
  carrier: z.string().trim().min(1, 'Informe a operadora').max(100, 'Nome da operadora longo demais'),
  designation: z.string().trim().min(1, 'Informe a designação do circuito').max(100, 'Designação longa demais'),
  type: z.enum(CIRCUIT_TYPES, { message: 'Tipo de circuito inválido' }),
  bandwidth_mbps: z.number({ message: 'Informe a banda em Mbps' }).int('Banda em Mbps inteiros').positive('A banda deve ser maior que zero').max(10_000_000, 'Banda grande demais'),
  site_a_id: id,
  site_b_id: id.nullable().optional(),
  monthly_cost: money.refine((v) => !v.startsWith('-'), 'O custo mensal não pode ser negativo'),
  installed_on: dateOnly.nullable().optional(),
  contract_ends_on: dateOnly.nullable().optional(),
  sla_percent: z
    .number({ message: 'Informe o SLA (%)' })
    .min(90, 'O SLA deve estar entre 90 e 100')
    .max(100, 'O SLA deve estar entre 90 e 100')
    .refine((v) => places(v, 3), 'Use no máximo 3 casas decimais'),
  credit_factor: z
    .number({ message: 'Informe o fator de crédito' })
    .min(0, 'O fator de crédito não pode ser negativo')
    .max(100, 'Fator de crédito grande demais')
    .refine((v) => places(v, 4), 'Use no máximo 4 casas decimais')
    .default(1),
  status: z.enum(CIRCUIT_STATUSES, { message: 'Situação inválida' }).default('ativo'),
  support_contacts: z.array(circuitContact).max(20, 'No máximo 20 contatos').default([]),
  notes: optionalText(4000),
});
/** The create body (and the web form): site B, when given, differs from site A. */
export const circuitCreate = circuitInput.refine((v) => !v.site_b_id || v.site_b_id !== v.site_a_id, { message: 'A ponta B deve ser outro site', path: ['site_b_id'] });
export const circuitUpdate = updateOf(circuitInput);
export type CircuitInput = z.input<typeof circuitInput>;

export const circuitRead = tenantRecord({
  carrier: z.string(),
  designation: z.string(),
  type: z.enum(CIRCUIT_TYPES),
  bandwidth_mbps: z.number(),
  site_a_id: z.number(),
  site_a: siteRef.nullable(),
  site_b_id: z.number().nullable(),
  site_b: siteRef.nullable(),
  monthly_cost: z.string(),
  installed_on: z.string().nullable(),
  contract_ends_on: z.string().nullable(),
  sla_percent: z.number(),
  credit_factor: z.number(),
  status: z.enum(CIRCUIT_STATUSES),
  contract_file: z.string().nullable(),
  support_contacts: z.array(circuitContact),
  notes: z.string().nullable(),
  /** An unavailability period is open now ("fora do ar"), and since when. */
  down: z.boolean(),
  down_since: z.string().nullable(),
});
export type CircuitRead = z.infer<typeof circuitRead>;

export const circuitListQuery = listQuery.extend({
  carrier: z.string().trim().max(100).optional(),
  status: z.enum(CIRCUIT_STATUSES).optional(),
  site: queryId,
  down: queryBoolean.optional(),
});
export type CircuitListQuery = z.infer<typeof circuitListQuery>;

/** `GET /api/circuit/carriers`: the organization's carriers so far (the form's suggestions). */
export const circuitCarriers = z.object({ items: z.array(z.string()) });

export const circuitResource = defineResource({
  ...circuitEntity,
  apiPath: '/circuit',
  permission: 'OPERATOR_CIRCUIT',
  tenancy: 'organization',
  schemas: { read: circuitRead, create: circuitCreate, update: circuitUpdate, query: circuitListQuery },
});

/** The realtime message a circuit's list and the dashboard listen to (organization topic). */
export type CircuitRealtimeMessage = { type: 'circuit'; circuit_id: number; down: boolean };

// ————— Carrier SLA report —————

export const slaQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mês inválido (use AAAA-MM)').refine((m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2100, 'Mês fora do intervalo aceito (2000 a 2100)'),
  carrier: z.string().trim().max(100).optional(),
  format: z.enum(['json', 'csv', 'xlsx']).optional(),
});
export type SlaQuery = z.infer<typeof slaQuery>;
export const slaItem = z.object({
  circuit_id: z.number(),
  carrier: z.string(),
  designation: z.string(),
  minutes_in_month: z.number(),
  downtime_minutes: z.number(),
  availability_percent: z.number(),
  sla_percent: z.number(),
  breached: z.boolean(),
  incidents: z.number(),
  mttr_minutes: z.number().nullable(),
  monthly_cost: z.string(),
  credit: z.string(),
});
export type SlaItem = z.infer<typeof slaItem>;
export const slaCarrier = z.object({ carrier: z.string(), circuits: z.number(), downtime_minutes: z.number(), credit: z.string() });
export const slaReport = z.object({ items: z.array(slaItem), carriers: z.array(slaCarrier) });
export type SlaReport = z.infer<typeof slaReport>;
export const slaLetterQuery = z.object({ month: slaQuery.shape.month, carrier: z.string().trim().min(1, 'Informe a operadora').max(100) });
