import { z } from 'zod';
import { listQuery } from '../kit/common';
import { MOVEMENT_TYPES, PATRIMONY_STATUSES } from './enums';
import { period, queryId, ref, refCode } from './shared';
import { holderRef } from './patrimony';
import { balanceRead } from './consumable';

export const movementRead = z.object({
  id: z.number(),
  type: z.enum(MOVEMENT_TYPES),
  product: refCode,
  patrimony: z.object({ id: z.number(), tag: z.string() }).nullable(),
  quantity: z.number(),
  from_stock: ref.nullable(),
  from_section: ref.nullable(),
  to_stock: ref.nullable(),
  to_section: ref.nullable(),
  from_holder: holderRef.nullable(),
  to_holder: holderRef.nullable(),
  from_status: z.enum(PATRIMONY_STATUSES).nullable(),
  to_status: z.enum(PATRIMONY_STATUSES).nullable(),
  user: holderRef.nullable(),
  reason: z.string().nullable(),
  document: z.string().nullable(),
  solicitation_id: z.number().nullable(),
  created_at: z.string(),
});
export type MovementRead = z.infer<typeof movementRead>;
export const MOVEMENT_EXPORT_MAX_ROWS = 100_000;
export const movementListQuery = listQuery.extend({
  /** A patrimony item. */
  item: queryId,
  product: queryId,
  stock: queryId,
  section: queryId,
  /** Who did it, or who held the item before or after. */
  user: queryId,
  type: z.enum(MOVEMENT_TYPES).optional(),
  solicitation: queryId,
  ...period,
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});

export const consumableResult = z.object({ movements: z.array(movementRead), balances: z.array(balanceRead) });
