import { z } from 'zod';
import { listQuery, queryBoolean, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { money } from '../kit/validators';
import { optionalText } from '../warehouse';
import { viabilityPlanEntity } from './module';
import { VIABILITY_MEDIUMS } from './template';

const fee = (label: string) => money.refine((v) => !v.startsWith('-'), `${label} não pode ser negativa`);

/** A plan the organization sells: what a proposal charges per month, at installation, and for how long. */
export const viabilityPlanInput = z.object({
  name: z.string().trim().min(1, 'Informe o nome do plano').max(120, 'Nome longo demais'),
  medium: z.enum(VIABILITY_MEDIUMS, { message: 'Meio inválido' }),
  bandwidth_mbps: z.number({ message: 'Velocidade: informe um número' }).int('Use Mbps inteiros').min(1, 'A velocidade vai de 1 a 100.000 Mbps').max(100_000, 'A velocidade vai de 1 a 100.000 Mbps'),
  monthly_fee: fee('A mensalidade'),
  installation_fee: fee('A taxa de instalação').default('0'),
  contract_months: z.number({ message: 'Prazo: informe um número de meses' }).int('Use meses inteiros').min(1, 'O prazo vai de 1 a 120 meses').max(120, 'O prazo vai de 1 a 120 meses'),
  active: z.boolean().default(true),
  notes: optionalText(2000),
});
export const viabilityPlanUpdate = updateOf(viabilityPlanInput);
export type ViabilityPlanInput = z.input<typeof viabilityPlanInput>;

export const viabilityPlanRead = tenantRecord({
  name: z.string(),
  medium: z.enum(VIABILITY_MEDIUMS),
  bandwidth_mbps: z.number(),
  monthly_fee: z.string(),
  installation_fee: z.string(),
  contract_months: z.number(),
  active: z.boolean(),
  notes: z.string().nullable(),
});
export type ViabilityPlanRead = z.infer<typeof viabilityPlanRead>;

export const viabilityPlanListQuery = listQuery.extend({ medium: z.enum(VIABILITY_MEDIUMS).optional(), active: queryBoolean.optional() });

export const viabilityPlanResource = defineResource({
  ...viabilityPlanEntity,
  apiPath: '/viability/plan',
  permission: 'VIABILITY_TEMPLATE_PRODUCT',
  // Sellers choose a plan for a unit; the keepers of templates (prices and costs) write the plans.
  access: { read: { read: ['VIABILITY_TEMPLATE_PRODUCT', 'VIABILITY'] }, write: { write: 'VIABILITY_TEMPLATE_PRODUCT' } },
  tenancy: 'organization',
  schemas: { read: viabilityPlanRead, create: viabilityPlanInput, update: viabilityPlanUpdate, query: viabilityPlanListQuery },
});
