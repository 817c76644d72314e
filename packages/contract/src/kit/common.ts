import { z } from 'zod';

/** Items per page of a list unless the resource declares another maximum. */
export const MAX_PAGE_SIZE = 100;
/** A list's `pageSize`: over its maximum is a 422 naming it (never silently fewer items). */
export const pageSizeParam = (max = MAX_PAGE_SIZE) =>
  z.coerce.number().int().min(1).max(max, `Máximo de ${max} itens por página.`).default(10);

/** Query of every list endpoint (DESIGN §3). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: pageSizeParam(),
  search: z.string().trim().max(200).optional(),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/, 'Ordenação inválida')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Answer of every list endpoint (DESIGN §3). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total_items: z.number().int(),
    total_pages: z.number().int(),
    current_page: z.number().int(),
    page_size: z.number().int(),
  });
export type ListResult<T> = {
  items: T[];
  total_items: number;
  total_pages: number;
  current_page: number;
  page_size: number;
};

export const apiError = z.object({
  code: z.number().int(),
  message: z.string(),
  violations: z.array(z.object({ propertyPath: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** Query-string booleans: "true"/"1" are true, "false"/"0"/"" false. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * The update (PUT) schema of a resource, from its create schema. The kit's rule: a PUT changes
 * only what it is sent and keeps every omitted field. So every field becomes optional and loses
 * its `.default()` (zod would otherwise fill the default in and silently reset the field);
 * nested objects keep their own rules (sent whole).
 */
export function updateOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) shape[key] = withoutDefault(field as z.ZodType).optional();
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodOptional<NoDefault<S[K]>> }>;
}
type NoDefault<T> = T extends z.ZodDefault<infer I> ? I : T extends z.ZodPrefault<infer I> ? I : T extends z.ZodOptional<infer I> ? NoDefault<I> : T;

function withoutDefault(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault || field instanceof z.ZodPrefault) return withoutDefault(field.unwrap() as z.ZodType);
  if (field instanceof z.ZodOptional) return withoutDefault(field.unwrap() as z.ZodType);
  if (field instanceof z.ZodNullable) return withoutDefault(field.unwrap() as z.ZodType).nullable();
  return field;
}

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const password = z
  .string()
  .min(8, 'A senha deve ter pelo menos 8 caracteres')
  .max(128, 'A senha deve ter no máximo 128 caracteres');

/** Lower-case, accent-free form used for accent-insensitive search. */
export const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The read shape of an organization's record: its own fields plus the kit's id, organization and timestamps. */
export const tenantRecord = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ id: z.number(), organization_id: z.number(), ...shape, created_at: z.string(), updated_at: z.string() });

/**
 * An enum from its pt-BR labels, written once: `enumOf({ novo: 'Novo', bom: 'Bom' })` gives the
 * values in order (a tuple, as z.enum wants) and `(typeof X)[number]` their type.
 */
export function enumOf<const L extends Record<string, string>>(labels: L) {
  return Object.keys(labels) as [keyof L & string, ...(keyof L & string)[]];
}

/** A form's blank text field means "none": `''` (or spaces) becomes null before `schema` checks it. */
export const blankAsNull = <T extends z.ZodType>(schema: T) => {
  const blank = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());
  // Forms send "" for an emptied field: the document says so, and a closed list names "" among its values
  // (what the API accepts and what the OpenAPI document promises must agree).
  const description = 'Vazio ("") equivale a nenhum (null).';
  return schema instanceof z.ZodEnum
    ? blank.meta({ description, anyOf: [{ type: 'string', enum: [...(schema.options as string[]), ''] }, { type: 'null' }] })
    : blank.meta({ description });
};
