import { z } from 'zod';
import { defineResource, listQuery, queryBoolean, tenantRecord, updateOf } from '../kit';
import { stockEntity } from './module';
import { code, id, name, optionalText, queryId, ref } from './shared';

export const stockInput = z.object({
  name,
  code: code('do estoque'),
  unit_organizational_id: id,
  description: optionalText(2000),
  address: optionalText(500),
  is_active: z.boolean().default(true),
});
export const stockUpdate = updateOf(stockInput);
export const stockRead = tenantRecord({
  name: z.string(),
  code: z.string(),
  unit_organizational_id: z.number(),
  unit_organizational: ref.nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  is_active: z.boolean(),
  section_count: z.number(),
});
export type StockRead = z.infer<typeof stockRead>;
export const stockListQuery = listQuery.extend({ unit: queryId, isActive: queryBoolean.optional() });

export const stockResource = defineResource({
  ...stockEntity,
  apiPath: '/stock',
  permission: 'STOCK',
  tenancy: 'organization',
  schemas: { read: stockRead, create: stockInput, update: stockUpdate, query: stockListQuery },
});
