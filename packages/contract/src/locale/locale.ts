import { z } from 'zod';
import { listQuery, updateOf } from '../kit/common';
import { defineResource, type EntityDescriptor, type ResourceSchemas } from '../kit/define';
import { cityEntity, countryEntity, stateEntity } from './module';

export const countryInput = z.object({
  name: z.string().trim().min(2, 'Informe o nome').max(100),
  iso_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Código ISO de 2 letras (ex.: BR)')
    .transform((v) => v.toUpperCase()),
});
export const countryUpdate = updateOf(countryInput);
export const countryRead = z.object({ id: z.number(), name: z.string(), iso_code: z.string(), created_at: z.string() });

export const stateInput = z.object({
  country_id: z.number().int().positive(),
  name: z.string().trim().min(2, 'Informe o nome').max(100),
  uf: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'UF de 2 letras (ex.: PR)')
    .transform((v) => v.toUpperCase()),
  ibge_code: z.number().int().min(10).max(99).nullable().optional(),
});
export const stateUpdate = updateOf(stateInput);
export const stateRead = z.object({
  id: z.number(),
  country_id: z.number(),
  name: z.string(),
  uf: z.string(),
  ibge_code: z.number().nullable(),
  created_at: z.string(),
});
export const stateListQuery = listQuery.extend({ country_id: z.coerce.number().int().positive().optional() });

export const cityInput = z.object({
  state_id: z.number().int().positive(),
  name: z.string().trim().min(2, 'Informe o nome').max(150),
  ibge_code: z.number().int().min(1000000, 'Código IBGE de 7 dígitos').max(9999999, 'Código IBGE de 7 dígitos').nullable().optional(),
});
export const cityUpdate = updateOf(cityInput);
export const cityRead = z.object({
  id: z.number(),
  state_id: z.number(),
  name: z.string(),
  uf: z.string(),
  ibge_code: z.number().nullable(),
  created_at: z.string(),
});
export const cityListQuery = listQuery.extend({ state_id: z.coerce.number().int().positive().optional(), uf: z.string().length(2).optional() });

/** City import: an IBGE-format CSV (code, name, UF); `dry_run` previews without writing. */
export const cityImportBody = z.object({
  csv: z.string().min(1, 'Envie o conteúdo do CSV').max(5_000_000),
  dry_run: z.boolean().default(false),
});
export const cityImportReport = z.object({
  total: z.number(),
  accepted: z.number(),
  created: z.number(),
  updated: z.number(),
  rejected: z.array(z.object({ line: z.number(), reason: z.string(), content: z.string() })),
  preview: z.array(z.object({ ibge_code: z.number(), name: z.string(), uf: z.string() })),
});
export type CityImportReport = z.infer<typeof cityImportReport>;

/** Countries, states and cities are shared by every organization: anyone reads, super admins write. */
const shared = <const S extends ResourceSchemas>(entity: EntityDescriptor, apiPath: string, schemas: S) =>
  defineResource({ ...entity, apiPath, access: { read: 'authenticated', write: 'superAdmin' }, tenancy: 'global', schemas });
export const countryResource = shared(countryEntity, '/country', { read: countryRead, create: countryInput, update: countryUpdate, query: listQuery });
export const stateResource = shared(stateEntity, '/state', { read: stateRead, create: stateInput, update: stateUpdate, query: stateListQuery });
export const cityResource = shared(cityEntity, '/city', { read: cityRead, create: cityInput, update: cityUpdate, query: cityListQuery });
