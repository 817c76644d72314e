/** pt-BR display formats shared by every module (documents, CEP, dates in the organization's zone). */
import { appTimeZone } from './time-zone';

const digits = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

/** 11222333000181 → 11.222.333/0001-81 (anything else is returned as given). */
export function formatCnpj(v: string | null | undefined): string {
  const d = digits(v);
  if (d.length !== 14) return v ?? '';
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** 12345678909 → 123.456.789-09; a CNPJ is formatted as such. */
export function formatCpfCnpj(v: string | null | undefined): string {
  const d = digits(v);
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  return formatCnpj(v);
}

/** 80010000 → 80010-000. */
export function formatZip(v: string | null | undefined): string {
  const d = digits(v);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : (v ?? '');
}

// Built once per zone: `toLocaleString` with options builds a formatter per call.
const formatters = new Map<string, { dateTime: Intl.DateTimeFormat; dateTimeSec: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();
/** The formatters of the session's zone (core/time-zone): the operator's clock, not the browser's. */
export function zoneFormatters(zone = appTimeZone()) {
  let f = formatters.get(zone);
  if (!f) {
    f = {
      dateTime: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: zone }),
      dateTimeSec: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: zone }),
      date: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: zone }),
    };
    formatters.set(zone, f);
  }
  return f;
}

export const formatDateTime = (iso: string | null | undefined, seconds = false) =>
  iso ? (seconds ? zoneFormatters().dateTimeSec : zoneFormatters().dateTime).format(new Date(iso)) : '';
/** A bare day (AAAA-MM-DD) is shown as it is; an instant as its day in the session's zone. */
export const formatDate = (iso: string | null | undefined) =>
  !iso ? '' : /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('/') : zoneFormatters().date.format(new Date(iso));

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** Money ("1234.5" or 1234.5) as "R$ 1.234,50"; blank as "—". */
export const formatBRL = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : brl.format(Number(v)));

const intFmt = new Intl.NumberFormat('pt-BR');
export const formatInt = (n: number | null | undefined) => (n === null || n === undefined ? '' : intFmt.format(n));

/** A short duration as people read it: "850 ms", "2,4 s"; "—" when unknown. */
export const formatDuration = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
