/** Small zod helpers for forms built on the contract schemas. */
import { z } from 'zod';

/** Treats a blank text input as null before the contract's nullable field validates it (CNPJ, e-mail, CEP…). */
export const blankToNull = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema);

/** `blankToNull` over several fields of a contract shape, to spread into `.extend({ … })`. */
export const blanksToNull = <Sh extends Record<string, z.ZodType>, K extends keyof Sh & string>(shape: Sh, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, blankToNull(shape[k])])) as { [P in K]: ReturnType<typeof blankToNull<Sh[P]>> };
