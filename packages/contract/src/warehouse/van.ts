/**
 * A technician's van: a stock section that belongs to a technician (`section.technician_id`). The
 * warehouse loads it (`POST /api/van/{id}/transfer`: one movement per product or item), the
 * managers see every van's balance, its technician sees their own, and the work orders consume from it.
 */
import { z } from 'zod';
import { listQuery, queryBoolean } from '../kit/common';
import { balanceRead } from './consumable';
import { movementRead } from './movement';
import { holderRef } from './patrimony';
import { id, optionalText, quantity, queryId, ref } from './shared';

export const VAN_MAX_LINES = 50;

/** A patrimony item in the van. */
export const vanItem = z.object({ id: z.number(), tag: z.string(), serial: z.string().nullable(), mac: z.string().nullable(), product: ref });
export type VanItem = z.infer<typeof vanItem>;

export const vanRead = z.object({
  /** The section's id. */
  id: z.number(),
  code: z.string(),
  name: z.string(),
  stock: ref,
  technician: holderRef,
  /** Consumables in the van (quantity above zero). */
  balances: z.array(balanceRead),
  items: z.array(vanItem),
});
export type VanRead = z.infer<typeof vanRead>;

/** `mine`: only the caller's own van. */
export const vanListQuery = listQuery.extend({ mine: queryBoolean.optional(), technician: queryId, stock: queryId });

/** What the warehouse puts in a van: quantities of consumables and patrimony items, all from one section. */
export const vanTransfer = z
  .object({
    from_section_id: id,
    consumables: z
      .array(z.object({ product_id: id, quantity }))
      .max(VAN_MAX_LINES, `No máximo ${VAN_MAX_LINES} produtos por vez`)
      .default([]),
    patrimony_ids: z.array(id).max(VAN_MAX_LINES, `No máximo ${VAN_MAX_LINES} itens por vez`).default([]),
    reason: optionalText(1000),
  })
  .refine((v) => v.consumables.length > 0 || v.patrimony_ids.length > 0, { message: 'Informe ao menos um consumível ou item de patrimônio', path: ['consumables'] })
  .refine((v) => new Set(v.consumables.map((c) => c.product_id)).size === v.consumables.length, { message: 'O mesmo produto aparece mais de uma vez', path: ['consumables'] })
  .refine((v) => new Set(v.patrimony_ids).size === v.patrimony_ids.length, { message: 'O mesmo item aparece mais de uma vez', path: ['patrimony_ids'] });
export type VanTransfer = z.input<typeof vanTransfer>;

export const vanTransferResult = z.object({ movements: z.array(movementRead), van: vanRead });
