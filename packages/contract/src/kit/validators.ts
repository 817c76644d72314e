import { z } from 'zod';

/** CNPJ check digits (the 14 digits; punctuation ignored). */
export function isValidCnpj(value: string): boolean {
  const d = value.replace(/\D/g, '');
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const calc = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * Number(d[i]), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return calc(12) === Number(d[12]) && calc(13) === Number(d[13]);
}

/** CPF check digits (the 11 digits; punctuation ignored). */
export function isValidCpf(value: string): boolean {
  const d = value.replace(/\D/g, '');
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const calc = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return calc(9) === Number(d[9]) && calc(10) === Number(d[10]);
}

export const cnpj = z
  .string()
  .trim()
  .refine(isValidCnpj, 'CNPJ inválido')
  .transform((v) => v.replace(/\D/g, ''));

export const cpfOrCnpj = z
  .string()
  .trim()
  .refine((v) => isValidCpf(v) || isValidCnpj(v), 'CPF/CNPJ inválido')
  .transform((v) => v.replace(/\D/g, ''));

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export const isIpv4 = (v: string) => IPV4.test(v);
export const isIpv6 = (v: string) => z.ipv6().safeParse(v).success;
export const ipAddress = z.string().trim().refine((v) => isIpv4(v) || isIpv6(v), 'Endereço IP inválido');
export const cidr = z
  .string()
  .trim()
  .refine((v) => {
    const [ip, bits, extra] = v.split('/');
    if (extra !== undefined || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
    const n = Number(bits);
    return (isIpv4(ip) && n <= 32) || (isIpv6(ip) && n <= 128);
  }, 'Bloco CIDR inválido (ex.: 10.0.0.0/24)');
/** A MAC address in any usual spelling (`aa:bb:…`, `AA-BB-…`, `aabb.ccdd.eeff`), stored as `AA:BB:CC:DD:EE:FF`. */
export const macAddress = z
  .string()
  .trim()
  .refine((v) => /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/.test(v) || /^([0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4}$/.test(v) || /^[0-9A-Fa-f]{12}$/.test(v), 'Endereço MAC inválido (ex.: 4C:5E:0C:12:34:56)')
  .transform((v) =>
    v
      .replace(/[^0-9A-Fa-f]/g, '')
      .toUpperCase()
      .replace(/(..)(?!$)/g, '$1:'),
  );

export const vlanId = z.number().int('VLAN deve ser um número inteiro').min(1, 'VLAN entre 1 e 4094').max(4094, 'VLAN entre 1 e 4094');
export const latitude = z.number().min(-90, 'Latitude entre -90 e 90').max(90, 'Latitude entre -90 e 90');
export const longitude = z.number().min(-180, 'Longitude entre -180 e 180').max(180, 'Longitude entre -180 e 180');
/** Money in BRL as a decimal string with up to 2 places (stored as numeric(14,2)). */
export const money = z
  .union([z.string(), z.number()])
  // "1.234,56" as Brazilians type it (dots group thousands when a comma marks the cents), "1234.56" as APIs send it.
  .transform((v) => {
    const text = String(v).trim();
    return text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  })
  .refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v), 'Valor inválido (use até 2 casas decimais)');
export const hostname = z
  .string()
  .trim()
  .regex(/^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/, 'Nome de host inválido');

/** Business dates live between these years: PostgreSQL refuses year 0, and 9999-12-31 + 1 day overflows. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2999;
const DATE_RANGE_MESSAGE = `Data fora do intervalo aceito (anos ${MIN_DATE_YEAR} a ${MAX_DATE_YEAR})`;
const yearInRange = (v: string) => {
  const year = Number(v.slice(0, 4));
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
};
/** A calendar date `AAAA-MM-DD` in the accepted range: every date field and filter uses this one. */
export const dateOnly = z.iso.date('Data inválida (use AAAA-MM-DD)').refine(yearInRange, DATE_RANGE_MESSAGE);
/** A date or an ISO date-time with offset (list filters `from`/`to`), in the accepted range. */
export const dateOrDateTime = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { message: 'Data inválida (use AAAA-MM-DD)' })
  .refine(yearInRange, DATE_RANGE_MESSAGE);

/** A Brazilian phone as typed or masked: "(41) 99876-5432". */
export const phone = z
  .string()
  .trim()
  .regex(/^[0-9()+\s-]{8,20}$/, 'Telefone inválido');

/** A drawing sent as a PNG data URL (signatures). */
export const pngDataUrl = z
  .string()
  .max(300_000, 'Assinatura grande demais')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Assinatura inválida');

/** A CPF or CNPJ as people read it ("123.456.789-09", "11.222.333/0001-81"); anything else as it is. */
export function formatCpfCnpj(value: string | null | undefined): string {
  if (!value) return '';
  const d = value.replace(/\D/g, '');
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return value;
}
