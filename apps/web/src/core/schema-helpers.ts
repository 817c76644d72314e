/** Small zod helpers for forms built on the contract schemas. */
import { z } from 'zod';

/** Treats a blank text input as null before the contract's nullable field validates it (CNPJ, e-mail, CEP…). */
export const blankToNull = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema);
