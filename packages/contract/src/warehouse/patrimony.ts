import { z } from 'zod';
import { listQuery } from '../kit/common';
import { dateOnly, money } from '../kit/validators';
import { EDITABLE_PATRIMONY_STATUSES, PATRIMONY_CONDITIONS, PATRIMONY_STATUSES, PRODUCT_TRACKINGS } from './enums';
import { id, idList, optionalMac, optionalText, queryId, ref, refCode } from './shared';
import { defineResource } from '../kit/define';
import { patrimonyEntity } from './module';

const patrimonyFields = {
  /** Left empty: generated from the organization's prefix and digits (organization settings, warehouse). */
  tag: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9._/-]*$/, 'Use letras, números, ponto, barra, hífen ou sublinhado')
    .nullable()
    .optional(),
  serial: optionalText(120),
  /** A network device's MAC (ONU, router): "AA:BB:CC:DD:EE:FF". */
  mac: optionalMac,
  condition: z.enum(PATRIMONY_CONDITIONS, { message: 'Estado de conservação inválido' }).default('novo'),
  acquisition_date: dateOnly.nullable().optional(),
  acquisition_value: money.nullable().optional(),
  invoice_number: optionalText(60),
  supplier: optionalText(200),
  notes: optionalText(4000),
};

export const patrimonyCreate = z
  .object({
    product_id: id,
    ...patrimonyFields,
    /** Where it is (a section) or who holds it (a user): exactly one. */
    section_id: id.nullable().optional(),
    holder_user_id: id.nullable().optional(),
    status: z.enum(['disponivel', 'em_uso', 'manutencao'], { message: 'Situação inválida para um item novo' }).optional(),
  })
  .refine((v) => Boolean(v.section_id) !== Boolean(v.holder_user_id), {
    message: 'Informe a seção onde o item está ou o usuário que o detém (um dos dois)',
    path: ['section_id'],
  });
export const patrimonyUpdate = z.object({
  product_id: id.optional(),
  tag: z
    .string()
    .trim()
    .min(1, 'Informe o número de patrimônio')
    .max(40)
    .regex(/^[A-Za-z0-9._/-]+$/, 'Use letras, números, ponto, barra, hífen ou sublinhado')
    .optional(),
  serial: patrimonyFields.serial,
  mac: patrimonyFields.mac,
  condition: z.enum(PATRIMONY_CONDITIONS, { message: 'Estado de conservação inválido' }).optional(),
  acquisition_date: patrimonyFields.acquisition_date,
  acquisition_value: patrimonyFields.acquisition_value,
  invoice_number: patrimonyFields.invoice_number,
  supplier: patrimonyFields.supplier,
  notes: patrimonyFields.notes,
  section_id: id.nullable().optional(),
  holder_user_id: id.nullable().optional(),
  status: z.enum(EDITABLE_PATRIMONY_STATUSES, { message: 'Situação inválida: reservas e trânsito são controlados pelas solicitações e envios' }).optional(),
  /** Why the place, holder or status changed; kept in the movement. */
  reason: z.string().trim().max(1000).optional(),
});
export const holderRef = z.object({ id: z.number(), username: z.string(), name: z.string() });
export const patrimonyRead = z.object({
  id: z.number(),
  organization_id: z.number(),
  tag: z.string(),
  serial: z.string().nullable(),
  mac: z.string().nullable(),
  product_id: z.number(),
  product: refCode.extend({ tracking: z.enum(PRODUCT_TRACKINGS) }).nullable(),
  condition: z.enum(PATRIMONY_CONDITIONS),
  status: z.enum(PATRIMONY_STATUSES),
  stock_id: z.number().nullable(),
  stock: ref.nullable(),
  section_id: z.number().nullable(),
  section: ref.nullable(),
  holder_user_id: z.number().nullable(),
  holder: holderRef.nullable(),
  /** When the holder confirmed receipt (/my-patrimony); cleared when the holder changes. */
  holder_confirmed_at: z.string().nullable(),
  acquisition_date: z.string().nullable(),
  acquisition_value: z.string().nullable(),
  invoice_number: z.string().nullable(),
  supplier: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PatrimonyRead = z.infer<typeof patrimonyRead>;
export const patrimonyListQuery = listQuery.extend({
  status: z.enum(PATRIMONY_STATUSES).optional(),
  product: queryId,
  stock: queryId,
  section: queryId,
  holder: queryId,
  condition: z.enum(PATRIMONY_CONDITIONS).optional(),
});

export const BULK_MAX_ITEMS = 500;
/** N items of one product into one section; serials pasted one per line (or a quantity without serials). */
export const patrimonyBulk = z
  .object({
    product_id: id,
    section_id: id,
    serials: z
      .union([z.string().max(100_000), z.array(z.string().max(120)).max(BULK_MAX_ITEMS)])
      .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean))
      .optional(),
    quantity: z.number().int('Informe um número inteiro').min(1).max(BULK_MAX_ITEMS, `No máximo ${BULK_MAX_ITEMS} itens por vez`).optional(),
    condition: patrimonyFields.condition,
    acquisition_date: patrimonyFields.acquisition_date,
    acquisition_value: patrimonyFields.acquisition_value,
    invoice_number: patrimonyFields.invoice_number,
    supplier: patrimonyFields.supplier,
    notes: patrimonyFields.notes,
  })
  .refine((v) => (v.serials?.length ?? 0) > 0 || (v.quantity ?? 0) > 0, { message: 'Cole os números de série (um por linha) ou informe a quantidade', path: ['serials'] })
  .refine((v) => (v.serials?.length ?? 0) <= BULK_MAX_ITEMS, { message: `No máximo ${BULK_MAX_ITEMS} itens por vez`, path: ['serials'] })
  .refine((v) => !v.serials?.length || new Set(v.serials).size === v.serials.length, { message: 'Há números de série repetidos na lista', path: ['serials'] })
  .refine((v) => !v.serials?.length || !v.quantity || v.quantity === v.serials.length, { message: 'A quantidade não confere com o número de séries', path: ['quantity'] });
export const patrimonyBulkResult = z.object({ items: z.array(patrimonyRead) });
export const patrimonyLabelsQuery = z.object({ ids: idList });

export const patrimonyResource = defineResource({
  ...patrimonyEntity,
  apiPath: '/patrimony',
  permission: 'PATRIMONY',
  tenancy: 'organization',
  schemas: { read: patrimonyRead, create: patrimonyCreate, update: patrimonyUpdate, query: patrimonyListQuery },
});
