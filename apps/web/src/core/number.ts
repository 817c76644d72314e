/**
 * pt-BR numbers typed by people: `2,5` and `2.5` both mean 2.5, `1.234,5` is 1234.5.
 * A text whose separators cannot be read one way only is refused (NaN), never guessed by
 * dropping a separator (the browser's number input turned `2,5` into 25).
 */

/** What a typed text means: a number, null for blank, NaN for text that is not one number. */
export function parseDecimal(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isFinite(text) ? text : Number.NaN;
  const t = text.replace(/R\$/gi, '').replace(/\s/g, '');
  if (t === '') return null;
  if (!/^-?[\d.,]+$/.test(t)) return Number.NaN;
  const sign = t.startsWith('-') ? '-' : '';
  const body = sign ? t.slice(1) : t;
  const commas = (body.match(/,/g) ?? []).length;
  const dots = (body.match(/\./g) ?? []).length;
  let intPart: string;
  let fracPart = '';
  if (commas > 1) return Number.NaN;
  if (commas === 1) {
    // The comma is the decimal mark; dots before it may only group thousands (1.234,5).
    [intPart, fracPart] = body.split(',');
    if (dots > 0) {
      if (!/^\d{1,3}(\.\d{3})+$/.test(intPart)) return Number.NaN;
      intPart = intPart.replace(/\./g, '');
    }
    if (fracPart.includes('.')) return Number.NaN;
  } else if (dots === 1) {
    [intPart, fracPart] = body.split('.');
  } else if (dots > 1) {
    // Only grouping can repeat: 1.234.567.
    if (!/^\d{1,3}(\.\d{3})+$/.test(body)) return Number.NaN;
    intPart = body.replace(/\./g, '');
  } else intPart = body;
  if (intPart === '' && fracPart === '') return Number.NaN;
  const n = Number(`${sign}${intPart || '0'}.${fracPart || '0'}`);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** The text shown for a number: decimal comma, no grouping (so it reads back the same), money with 2 places. */
export function formatDecimal(value: number | string | null | undefined, opts: { money?: boolean } = {}): string {
  const n = typeof value === 'string' ? parseDecimal(value) : value;
  if (n === null || n === undefined || Number.isNaN(n)) return typeof value === 'string' ? value : '';
  const text = opts.money ? n.toFixed(2) : String(n);
  if (/e/i.test(text)) return text;
  return text.replace('.', ',');
}

/** True while a text may still become a number (typing): digits, one sign, separators. */
export const isNumericDraft = (text: string, allowNegative = false) =>
  (allowNegative ? /^-?[\d.,\s]*$/ : /^[\d.,\s]*$/).test(text.replace(/R\$/gi, ''));
