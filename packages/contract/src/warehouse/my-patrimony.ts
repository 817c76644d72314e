import { z } from 'zod';
import { PATRIMONY_STATUSES } from './enums';
import { optionalText } from './shared';
import { patrimonyRead } from './patrimony';

export const myPatrimonyRead = patrimonyRead.extend({
  /** The delivery this item came from, if any. */
  solicitation_id: z.number().nullable(),
  /** An open return request (devolução) for this item, if any. */
  return_solicitation_id: z.number().nullable(),
});
export const myPatrimonyReturn = z.object({ reason: optionalText(1000) }).nullish();

export const warehouseSummary = z.object({
  /** Counts per status; null when the user may not see patrimony. */
  patrimony: z.record(z.enum(PATRIMONY_STATUSES), z.number()).nullable(),
  patrimony_total: z.number().nullable(),
  stocks: z.number().nullable(),
  sections: z.number().nullable(),
  products: z.number().nullable(),
  products_below_minimum: z.number().nullable(),
  movements_last_30_days: z.number().nullable(),
  /** Requests waiting for the current user: to approve (WAREHOUSE), to deliver or receive (PATRIMONY). */
  requests_waiting_for_me: z.number(),
  my_open_requests: z.number(),
  my_patrimony: z.number(),
  my_patrimony_unconfirmed: z.number(),
});
export type WarehouseSummary = z.infer<typeof warehouseSummary>;
