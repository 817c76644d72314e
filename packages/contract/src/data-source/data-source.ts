import { z } from 'zod';
import { listQuery, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { dataSourceEntity } from './module';

const headerName = /^[A-Za-z0-9-]{1,100}$/;

export const DATA_SOURCE_TARGETS = ['staging', 'site', 'network_asset'] as const;
export const DATA_SOURCE_TARGET_LABELS: Record<(typeof DATA_SOURCE_TARGETS)[number], string> = {
  staging: 'Área de preparação (genérica)',
  site: 'Sites',
  network_asset: 'Ativos de rede',
};
export const DATA_SOURCE_SCHEDULES = ['manual', 'hourly', 'daily'] as const;
export const DATA_SOURCE_SCHEDULE_LABELS: Record<(typeof DATA_SOURCE_SCHEDULES)[number], string> = {
  manual: 'Somente manual',
  hourly: 'De hora em hora',
  daily: 'Diariamente',
};

export const dataSourceInput = z.object({
  name: z.string().trim().min(2, 'Informe o nome').max(120),
  url: z.url({ protocol: /^https?$/, message: 'URL inválida (http ou https)' }).max(2000),
  method: z.enum(['GET', 'POST']).default('GET'),
  headers: z
    .record(z.string().regex(headerName, 'Nome de cabeçalho inválido'), z.string().max(2000))
    .refine((h) => !Object.keys(h).some((k) => k.toLowerCase() === 'authorization'), 'Use o campo "token" para credenciais, não um cabeçalho Authorization')
    .default({}),
  /** Write-only: stored encrypted, never sent back. Omit on update to keep it; `null` clears it. */
  token: z.string().max(4000).nullable().optional(),
  target: z.enum(DATA_SOURCE_TARGETS).default('staging'),
  /** Dot path to the array of records in the JSON answer ("" = the answer itself). */
  items_path: z
    .string()
    .trim()
    .max(200)
    .regex(/^([A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)?$/, 'Caminho inválido (ex.: data.items)')
    .default(''),
  /** The source field that identifies a record (upsert key). */
  key_field: z.string().trim().min(1, 'Informe o campo-chave').max(200),
  /** target field → source field (dot path). */
  mapping: z.record(z.string().regex(/^[a-z_][a-z0-9_]{0,59}$/, 'Campo de destino inválido'), z.string().min(1).max(200)).default({}),
  schedule: z.enum(DATA_SOURCE_SCHEDULES).default('manual'),
  timeout_ms: z.number().int().min(500).max(60_000).default(10_000),
  is_active: z.boolean().default(true),
});
export const dataSourceUpdate = updateOf(dataSourceInput);

export const dataSourceRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  name: z.string(),
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  headers: z.record(z.string(), z.string()),
  has_token: z.boolean(),
  target: z.enum(DATA_SOURCE_TARGETS),
  items_path: z.string(),
  key_field: z.string(),
  mapping: z.record(z.string(), z.string()),
  schedule: z.enum(DATA_SOURCE_SCHEDULES),
  timeout_ms: z.number(),
  is_active: z.boolean(),
  last_run_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const dataSourceRunRead = z.object({
  id: z.number(),
  data_source_id: z.number(),
  status: z.enum(['running', 'success', 'failed']),
  created: z.number(),
  updated: z.number(),
  rejected: z.number(),
  log: z.array(z.object({ row: z.number(), reason: z.string() })),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

export const dataSourceTestResult = z.object({
  total: z.number(),
  rows: z.array(z.record(z.string(), z.unknown())),
  mapped: z.array(z.record(z.string(), z.unknown())),
});

export const dataSourceResource = defineResource({
  ...dataSourceEntity,
  apiPath: '/organization-settings/data-source',
  permission: 'DATA_SOURCE',
  tenancy: 'organization',
  schemas: { read: dataSourceRead, create: dataSourceInput, update: dataSourceUpdate, query: listQuery },
});
