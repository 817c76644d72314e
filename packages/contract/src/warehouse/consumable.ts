import { z } from 'zod';
import { listQuery, queryBoolean } from '../kit/common';
import { money } from '../kit/validators';
import { UNITS_OF_MEASURE } from './enums';
import { id, nonNegativeQuantity, optionalText, quantity, queryId, reason, ref, refCode } from './shared';

export const consumableEntry = z.object({
  product_id: id,
  section_id: id,
  quantity,
  unit_price: money.nullable().optional(),
  invoice_number: optionalText(60),
  supplier: optionalText(200),
  reason: optionalText(1000),
});
export const consumableTransfer = z
  .object({ product_id: id, from_section_id: id, to_section_id: id, quantity, reason: optionalText(1000) })
  .refine((v) => v.from_section_id !== v.to_section_id, { message: 'Origem e destino devem ser seções diferentes', path: ['to_section_id'] });
/** An inventory count: the balance becomes `counted_quantity`. */
export const consumableAdjustment = z.object({ product_id: id, section_id: id, counted_quantity: nonNegativeQuantity, reason });
/** `project_id`: the project the consumption goes to (it counts in the project's cost). */
export const consumableWriteOff = z.object({ product_id: id, section_id: id, quantity, reason, project_id: id.nullable().optional() });

export const balanceRead = z.object({
  id: z.number(),
  product: refCode.extend({ unit_of_measure: z.enum(UNITS_OF_MEASURE), minimum_quantity: z.number() }),
  stock: ref,
  section: ref,
  quantity: z.number(),
  updated_at: z.string(),
});
export type BalanceRead = z.infer<typeof balanceRead>;
export const balanceListQuery = listQuery.extend({ stock: queryId, section: queryId, product: queryId, positive: queryBoolean.optional() });
