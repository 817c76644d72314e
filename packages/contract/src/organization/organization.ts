import { z } from 'zod';
import { listQuery, queryBoolean, updateOf } from '../kit/common';
import { cnpj, phone } from '../kit/validators';
import { defineResource } from '../kit/define';
import { DEFAULT_TIME_ZONE, timeZoneField } from '../kit/time-zone';
import { organizationEntity } from './module';

const zip = z
  .string()
  .trim()
  .regex(/^\d{5}-?\d{3}$/, 'CEP inválido (ex.: 80010-000)')
  .transform((v) => v.replace('-', ''));

/** Address fields shared by organizations, units and other places: the city comes from /locale. */
export const addressFields = {
  address: z.string().trim().max(300).default(''),
  zip_code: zip.nullable().optional(),
  city_id: z.number().int().positive().nullable().optional(),
};

export const organizationInput = z.object({
  fantasy_name: z.string().trim().min(2, 'Informe o nome fantasia').max(200),
  legal_name: z.string().trim().max(200).default(''),
  cnpj: cnpj.nullable().optional(),
  email: z.email('E-mail inválido').max(180).nullable().optional(),
  phone: phone.nullable().optional(),
  is_active: z.boolean().default(true),
  /** Fuso horário: the operator's local clock for screens, reports, SLA months and calendars. */
  time_zone: timeZoneField.default(DEFAULT_TIME_ZONE),
  ...addressFields,
});
export const organizationUpdate = updateOf(organizationInput);

const cityRef = z.object({ id: z.number(), name: z.string(), uf: z.string() }).nullable();

export const organizationRead = z.object({
  id: z.number(),
  fantasy_name: z.string(),
  legal_name: z.string(),
  cnpj: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string(),
  zip_code: z.string().nullable(),
  city_id: z.number().nullable(),
  city: cityRef,
  logo: z.string().nullable(),
  is_active: z.boolean(),
  is_platform: z.boolean(),
  time_zone: z.string(),
  users_count: z.number(),
  units_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrganizationRead = z.infer<typeof organizationRead>;
export const organizationListQuery = listQuery.extend({ isActive: queryBoolean.optional() });

export const ORGANIZATION_LABELS: Record<string, string> = {
  fantasy_name: 'Nome fantasia',
  legal_name: 'Razão social',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Telefone',
  address: 'Endereço',
  zip_code: 'CEP',
  city_id: 'Cidade',
  logo: 'Logotipo',
  is_active: 'Ativa',
  time_zone: 'Fuso horário',
};

/** Created and deleted by super admins; an org admin (`ORG`) edits their own. */
export const organizationResource = defineResource({
  ...organizationEntity,
  apiPath: '/organization',
  permission: 'ORG',
  access: { read: { read: 'ORG' }, write: { write: 'ORG' }, create: 'superAdmin', delete: 'superAdmin' },
  tenancy: 'organization',
  schemas: { read: organizationRead, create: organizationInput, update: organizationUpdate, query: organizationListQuery },
});
