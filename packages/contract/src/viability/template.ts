import { z } from 'zod';
import { enumOf, listQuery, queryBoolean, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { money } from '../kit/validators';
import { id, optionalText } from '../warehouse';
import { viabilityTemplateEntity } from './module';

/** How a client is served. */
export const VIABILITY_MEDIUM_LABELS = { fibra_propria: 'Fibra própria', radio: 'Rádio', circuito_terceiro: 'Circuito de terceiro' } as const;
export const VIABILITY_MEDIUMS = enumOf(VIABILITY_MEDIUM_LABELS);
export type ViabilityMedium = (typeof VIABILITY_MEDIUMS)[number];

const nonNegativeMoney = (label: string) => money.refine((v) => !v.startsWith('-'), `${label} não pode ser negativo`);

/** One line of the bill of materials: a catalogue product, fixed or per metre of the estimated route. */
export const templateItemInput = z.object({
  product_id: id,
  quantity: z
    .number({ message: 'Informe uma quantidade numérica' })
    .positive('A quantidade deve ser maior que zero')
    .max(100_000, 'Quantidade grande demais')
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'Use no máximo 3 casas decimais'),
  /** true: `quantity` per metre of route (1.1 m of drop cable per metre); false: fixed (2 connectors). */
  per_meter: z.boolean().default(false),
});
export type TemplateItemInput = z.input<typeof templateItemInput>;

export const viabilityTemplateInput = z.object({
  name: z.string().trim().min(1, 'Informe o nome').max(120, 'Nome longo demais'),
  medium: z.enum(VIABILITY_MEDIUMS, { message: 'Meio inválido' }),
  items: z
    .array(templateItemInput)
    .max(100, 'No máximo 100 produtos')
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, i) => {
        if (seen.has(item.product_id)) ctx.addIssue({ code: 'custom', message: 'Produto repetido na lista de materiais', path: [i, 'product_id'] });
        seen.add(item.product_id);
      });
    })
    .default([]),
  labour_cost: nonNegativeMoney('A mão de obra').default('0'),
  labour_per_meter: nonNegativeMoney('A mão de obra por metro').default('0'),
  /** A recurring cost (a third-party circuit's monthly fee). */
  monthly_cost: nonNegativeMoney('O custo mensal').default('0'),
  active: z.boolean().default(true),
  notes: optionalText(2000),
  /* The medium's rules for this template; empty takes the organization's default (settings › viabilidade). */
  /** Fibre: the max route from a POP for a new build. */
  max_distance_m: z.number({ message: 'Distância máxima: informe um número' }).int('Use metros inteiros').min(1, 'A distância máxima vai de 1 m a 100 km').max(100_000, 'A distância máxima vai de 1 m a 100 km').nullable().default(null),
  /** Fibre: streets are longer than a straight line. */
  route_factor: z.number({ message: 'Fator de rota: informe um número' }).min(1, 'O fator de rota vai de 1 a 5').max(5, 'O fator de rota vai de 1 a 5').nullable().default(null),
  /** Fibre: the build cost per metre beyond the max distance. */
  price_per_meter: nonNegativeMoney('O custo por metro').nullable().default(null),
  /** Fibre: a drop's reach from a CTO. */
  drop_reach_m: z.number({ message: 'Alcance do drop: informe um número' }).int('Use metros inteiros').min(1, 'O alcance do drop vai de 1 m a 5 km').max(5_000, 'O alcance do drop vai de 1 m a 5 km').nullable().default(null),
  /** Radio: the link's reach in a straight line. */
  link_range_m: z.number({ message: 'Alcance do enlace: informe um número' }).int('Use metros inteiros').min(100, 'O alcance do enlace vai de 100 m a 100 km').max(100_000, 'O alcance do enlace vai de 100 m a 100 km').nullable().default(null),
});
export const viabilityTemplateUpdate = updateOf(viabilityTemplateInput);
export type ViabilityTemplateInput = z.input<typeof viabilityTemplateInput>;

export const templateItemRead = z.object({
  product_id: z.number(),
  product: z.object({ id: z.number(), code: z.string(), name: z.string(), unit_of_measure: z.string(), price: z.string().nullable() }),
  quantity: z.number(),
  per_meter: z.boolean(),
});
export type TemplateItemRead = z.infer<typeof templateItemRead>;

export const viabilityTemplateRead = tenantRecord({
  name: z.string(),
  medium: z.enum(VIABILITY_MEDIUMS),
  items: z.array(templateItemRead),
  labour_cost: z.string(),
  labour_per_meter: z.string(),
  monthly_cost: z.string(),
  active: z.boolean(),
  notes: z.string().nullable(),
  max_distance_m: z.number().nullable(),
  route_factor: z.number().nullable(),
  price_per_meter: z.string().nullable(),
  drop_reach_m: z.number().nullable(),
  link_range_m: z.number().nullable(),
});
export type ViabilityTemplateRead = z.infer<typeof viabilityTemplateRead>;

export const viabilityTemplateListQuery = listQuery.extend({ medium: z.enum(VIABILITY_MEDIUMS).optional(), active: queryBoolean.optional() });

export const viabilityTemplateResource = defineResource({
  ...viabilityTemplateEntity,
  apiPath: '/viability/unit/template',
  permission: 'VIABILITY_TEMPLATE_PRODUCT',
  // Sellers (VIABILITY) read the templates they choose for a unit; only template keepers write them.
  access: { read: { read: ['VIABILITY_TEMPLATE_PRODUCT', 'VIABILITY'] }, write: { write: 'VIABILITY_TEMPLATE_PRODUCT' } },
  tenancy: 'organization',
  schemas: { read: viabilityTemplateRead, create: viabilityTemplateInput, update: viabilityTemplateUpdate, query: viabilityTemplateListQuery },
});
