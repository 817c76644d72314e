/** Exact BRL arithmetic in integer cents (BigInt): money never goes through a float. */
import { brl as formatBrl } from '../../core/money';

/** "12.5" | "12.50" | "-3.1" → cents. */
export function toCents(v: string | null | undefined): bigint {
  if (!v) return 0n;
  const negative = v.startsWith('-');
  const [whole, fraction = ''] = v.replace('-', '').split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** cents → "1234.50". */
export function fromCents(c: bigint): string {
  const negative = c < 0n;
  const a = negative ? -c : c;
  return `${negative ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

/** a / b rounded half away from zero (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  return 2n * (r < 0n ? -r : r) >= b ? q + (a < 0n ? -1n : 1n) : q;
}

/** cents × (1 + percent/100), rounded to the cent; `percent` may have 2 decimals (30.25 %). */
export function withMargin(cents: bigint, percent: number): bigint {
  const basisPoints = BigInt(Math.round(percent * 100));
  return divRound(cents * (10_000n + basisPoints), 10_000n);
}

/** "R$ 1.234,50" (for reasons and the PDF), exact from the cents. */
export const brl = (cents: bigint) => formatBrl(fromCents(cents));
