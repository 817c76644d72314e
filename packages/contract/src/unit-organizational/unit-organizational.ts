import { z } from 'zod';
import { listQuery, updateOf } from '../kit/common';
import { addressFields } from '../organization';
import { defineResource } from '../kit/define';
import { timeZoneField } from '../kit/time-zone';
import { unitOrganizationalEntity } from './module';

export const unitInput = z.object({
  name: z.string().trim().min(1, 'Informe o nome').max(200),
  code: z
    .string()
    .trim()
    .min(1, 'Informe o código')
    .max(30)
    .regex(/^[A-Za-z0-9._-]+$/, 'Use letras, números, ponto, hífen ou sublinhado'),
  parent_id: z.number().int().positive().nullable().optional(),
  is_active: z.boolean().default(true),
  /** Super admins only: the organization the unit belongs to (others: their own). */
  organization_id: z.number().int().positive().optional(),
  /** A unit in another zone (Cuiabá) overrides its organization's; null follows the organization. */
  time_zone: timeZoneField.nullable().optional(),
  ...addressFields,
});
export const unitUpdate = updateOf(unitInput);
export const unitRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  name: z.string(),
  code: z.string(),
  parent_id: z.number().nullable(),
  is_active: z.boolean(),
  address: z.string(),
  zip_code: z.string().nullable(),
  city_id: z.number().nullable(),
  time_zone: z.string().nullable(),
  members_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const unitListQuery = listQuery.extend({ organization_id: z.coerce.number().int().positive().optional() });

/** Any member reads the units; `ORG` writes them. */
export const unitOrganizationalResource = defineResource({
  ...unitOrganizationalEntity,
  apiPath: '/unit-organizational',
  permission: 'ORG',
  access: { read: 'authenticated', write: { write: 'ORG' } },
  tenancy: 'organization',
  schemas: { read: unitRead, create: unitInput, update: unitUpdate, query: unitListQuery },
});
