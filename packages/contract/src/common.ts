import { z } from 'zod';

/** Query of every list endpoint (DESIGN §3). `pageSize` is capped by the API. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).default(10),
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
