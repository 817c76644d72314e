import { z } from 'zod';
import { listQuery, queryBoolean, updateOf } from '../kit/common';
import { code, id, name, optionalText, queryId, refCode } from './shared';
import { defineResource } from '../kit/define';
import { sectionEntity } from './module';
import { holderRef } from './patrimony';

export const sectionInput = z.object({
  stock_id: id,
  name,
  code: code('da seção'),
  description: optionalText(2000),
  is_active: z.boolean().default(true),
  /** The technician whose van this section is (their own stock on the road); null: a place of the warehouse. */
  technician_id: id.nullable().optional(),
});
export const sectionUpdate = updateOf(sectionInput);
export const sectionRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  stock_id: z.number(),
  stock: refCode.nullable(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  technician_id: z.number().nullable(),
  technician: holderRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SectionRead = z.infer<typeof sectionRead>;
/** `van`: only technicians' vans (true) or only the warehouse's own places (false). */
export const sectionListQuery = listQuery.extend({ stock: queryId, isActive: queryBoolean.optional(), technician: queryId, van: queryBoolean.optional() });

export const sectionResource = defineResource({
  ...sectionEntity,
  apiPath: '/section',
  permission: 'SECTION',
  tenancy: 'organization',
  schemas: { read: sectionRead, create: sectionInput, update: sectionUpdate, query: sectionListQuery },
});
