/** Pure helpers of the viability pages (tested in format.test.ts). */

/** `AAAA-MM-DD` (or an ISO date-time's date) as `dd/mm/aaaa`, without a time-zone shift. */
export const dayLabel = (d: string | null | undefined) => (d ? d.slice(0, 10).split('-').reverse().join('/') : '');

const int = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const km = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** 850 → "850 m"; 12345 → "12,3 km"; null → "—". */
export function formatMeters(m: number | null | undefined): string {
  if (m === null || m === undefined || Number.isNaN(m)) return '—';
  return m < 1000 ? `${int.format(Math.round(m))} m` : `${km.format(m / 1000)} km`;
}

const qty = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
/** A quantity ("12.5" or 12.5) with a decimal comma and its unit: "12,5 m". */
export const formatQuantity = (q: string | number, unit?: string | null) => `${qty.format(Number(q))}${unit ? ` ${unit}` : ''}`;

/** A bandwidth in Mbps: 500 → "500 Mbps", 1000 → "1 Gbps", 1500 → "1,5 Gbps". */
export function formatBandwidth(mbps: number): string {
  if (mbps >= 1000 && mbps % 100 === 0) return `${qty.format(mbps / 1000)} Gbps`;
  return `${qty.format(mbps)} Mbps`;
}

/** The public proposal's address for a hash, on this site. */
export const proposalLink = (origin: string, hash: string) => `${origin.replace(/\/$/, '')}/viability/unit/viewer/${hash}`;

/**
 * The estimated price of one bill-of-materials line for the template form's preview: quantity
 * (per metre × metres, or fixed) × the catalogue's unit price; null when the price is unknown.
 */
export function lineEstimate(item: { quantity: number | null | undefined; per_meter?: boolean }, price: string | null | undefined, meters: number): number | null {
  if (price === null || price === undefined || price === '' || item.quantity === null || item.quantity === undefined || Number.isNaN(item.quantity)) return null;
  const q = item.per_meter ? item.quantity * meters : item.quantity;
  return Math.round(q * Number(price) * 100) / 100;
}
