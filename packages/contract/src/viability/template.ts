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
