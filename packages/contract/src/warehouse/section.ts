import { z } from 'zod';
import { listQuery, queryBoolean, updateOf } from '../kit/common';
import { code, id, name, optionalText, queryId, refCode } from './shared';
import { defineResource } from '../kit/define';
import { sectionEntity } from './module';

export const sectionInput = z.object({
  stock_id: id,
  name,
  code: code('da seção'),
  description: optionalText(2000),
  is_active: z.boolean().default(true),
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
  created_at: z.string(),
  updated_at: z.string(),
});
export type SectionRead = z.infer<typeof sectionRead>;
export const sectionListQuery = listQuery.extend({ stock: queryId, isActive: queryBoolean.optional() });

export const sectionResource = defineResource({
  ...sectionEntity,
  apiPath: '/section',
  permission: 'SECTION',
  tenancy: 'organization',
  schemas: { read: sectionRead, create: sectionInput, update: sectionUpdate, query: sectionListQuery },
});
