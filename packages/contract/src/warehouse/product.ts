import { z } from 'zod';
import { listQuery, queryBoolean, updateOf } from '../kit/common';
import { money } from '../kit/validators';
import { PRODUCT_TRACKINGS, UNITS_OF_MEASURE } from './enums';
import { code, id, name, nonNegativeQuantity, optionalText } from './shared';
import { defineResource } from '../kit/define';
import { productEntity } from './module';

export const productInput = z.object({
  code: code('do produto'),
  name,
  category: z.string().trim().max(100).nullable().optional(),
  tracking: z.enum(PRODUCT_TRACKINGS, { message: 'Escolha patrimônio ou consumível' }),
  unit_of_measure: z.enum(UNITS_OF_MEASURE, { message: 'Unidade de medida inválida' }).default('un'),
  manufacturer: optionalText(120),
  model: optionalText(120),
  price: money.nullable().optional(),
  minimum_quantity: nonNegativeQuantity.default(0),
  description: optionalText(4000),
  is_active: z.boolean().default(true),
  organization_id: id.optional(),
});
export const productUpdate = updateOf(productInput.omit({ organization_id: true }));
export const productRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  code: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  tracking: z.enum(PRODUCT_TRACKINGS),
  unit_of_measure: z.enum(UNITS_OF_MEASURE),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  price: z.string().nullable(),
  minimum_quantity: z.number(),
  /** Consumable: sum of balances; patrimony: items `disponivel`. */
  available_quantity: z.number(),
  below_minimum: z.boolean(),
  photo: z.string().nullable(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductRead = z.infer<typeof productRead>;
export const productListQuery = listQuery.extend({
  tracking: z.enum(PRODUCT_TRACKINGS).optional(),
  category: z.string().trim().max(100).optional(),
  belowMinimum: queryBoolean.optional(),
  isActive: queryBoolean.optional(),
});

export const productResource = defineResource({
  ...productEntity,
  apiPath: '/product',
  permission: 'PRODUCT',
  tenancy: 'organization',
  schemas: { read: productRead, create: productInput, update: productUpdate, query: productListQuery },
});
