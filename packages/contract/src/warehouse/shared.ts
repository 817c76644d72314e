import { z } from 'zod';
import { blankAsNull as kitBlankAsNull } from '../kit/common';
import { dateOrDateTime, macAddress } from '../kit/validators';

export const id = z.number().int().positive();
export const code = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Informe o código ${what}`)
    .max(40)
    .regex(/^[A-Za-z0-9._/-]+$/, 'Use letras, números, ponto, barra, hífen ou sublinhado');
export const name = z.string().trim().min(1, 'Informe o nome').max(200);
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
export const reason = z.string().trim().min(3, 'Informe o motivo (ao menos 3 caracteres)').max(1000);

/** A quantity of a consumable: positive, up to 3 decimal places (metres of cable, kilograms…). */
export const quantity = z
  .number({ message: 'Informe uma quantidade numérica' })
  .positive('A quantidade deve ser maior que zero')
  .max(1_000_000_000, 'Quantidade grande demais')
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'Use no máximo 3 casas decimais');
export const nonNegativeQuantity = z
  .number({ message: 'Informe uma quantidade numérica' })
  .min(0, 'A quantidade não pode ser negativa')
  .max(1_000_000_000, 'Quantidade grande demais')
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'Use no máximo 3 casas decimais');

/** A network device's MAC (ONU, router) as read from its label; blank is none. */
export const optionalMac = kitBlankAsNull(macAddress) as unknown as z.ZodOptional<z.ZodNullable<z.ZodType<string, string>>>;

export const ref = z.object({ id: z.number(), name: z.string() });
export const refCode = z.object({ id: z.number(), code: z.string(), name: z.string() });
/** Comma-separated ids in a query string (`?ids=1,2,3`). */
export const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Use ids separados por vírgula')
  .transform((s) => [...new Set(s.split(',').map(Number))]);
export const queryId = z.coerce.number().int().positive().optional();
export const period = {
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
};
