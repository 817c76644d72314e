import { z } from 'zod';
import { enumOf, listQuery, queryBoolean, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { money } from '../kit/validators';
import { name } from '../warehouse';
import { assistanceTypeEntity } from './module';

/** What a checklist item asks for. */
export const CHECKLIST_KIND_LABELS = { sim_nao: 'Sim / não', texto: 'Texto', numero: 'Número', foto: 'Foto' } as const;
export const CHECKLIST_KINDS = enumOf(CHECKLIST_KIND_LABELS);
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];

/** `key` names the item in the answers; the API gives one to a new item and keeps it across edits. */
export const checklistItem = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'Chave de item inválida')
    .optional(),
  label: z.string().trim().min(1, 'Informe o texto do item').max(200, 'Texto longo demais'),
  kind: z.enum(CHECKLIST_KINDS, { message: 'Tipo de resposta inválido' }),
  required: z.boolean().default(false),
});
export type ChecklistItemInput = z.input<typeof checklistItem>;
export const checklistItemRead = z.object({ key: z.string(), label: z.string(), kind: z.enum(CHECKLIST_KINDS), required: z.boolean() });
export type ChecklistItem = z.infer<typeof checklistItemRead>;

/** `#1976d2`. */
export const hexColor = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida (use #RRGGBB)');

export const assistanceTypeInput = z.object({
  name,
  color: hexColor.default('#1976d2'),
  /** Empty: the organization's external-activity settings. */
  default_duration_minutes: z.number({ message: 'Informe a duração em minutos' }).int('Use minutos inteiros').min(5, 'Duração entre 5 e 1.440 minutos').max(24 * 60, 'Duração entre 5 e 1.440 minutos').nullable().optional(),
  sla_hours: z.number({ message: 'Informe o SLA em horas' }).int('Use horas inteiras').min(1, 'SLA entre 1 e 720 horas').max(24 * 30, 'SLA entre 1 e 720 horas').nullable().optional(),
  /** BRL charged per visit of this type (a project's cost counts it per linked activity). */
  visit_cost: money.refine((v) => !v.startsWith('-'), 'O custo não pode ser negativo').nullable().optional(),
  active: z.boolean().default(true),
  checklist: z.array(checklistItem).max(60, 'No máximo 60 itens').default([]),
});
export const assistanceTypeUpdate = updateOf(assistanceTypeInput);
export type AssistanceTypeInput = z.input<typeof assistanceTypeInput>;

export const assistanceTypeRead = tenantRecord({
  name: z.string(),
  color: z.string(),
  default_duration_minutes: z.number().nullable(),
  sla_hours: z.number().nullable(),
  /** What applies: its own values, or the organization's settings. */
  effective_duration_minutes: z.number(),
  effective_sla_hours: z.number(),
  visit_cost: z.string().nullable(),
  active: z.boolean(),
  checklist: z.array(checklistItemRead),
});
export type AssistanceTypeRead = z.infer<typeof assistanceTypeRead>;

export const assistanceTypeListQuery = listQuery.extend({ active: queryBoolean.optional() });

export const assistanceTypeResource = defineResource({
  ...assistanceTypeEntity,
  apiPath: '/external-activity/assistance-type',
  permission: 'ASSISTANCE_TYPE',
  tenancy: 'organization',
  schemas: { read: assistanceTypeRead, create: assistanceTypeInput, update: assistanceTypeUpdate, query: assistanceTypeListQuery },
});
