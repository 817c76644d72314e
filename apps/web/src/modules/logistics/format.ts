/** Display helpers of the logistics screens. */
import { SHIPMENT_DESTINATION_LABELS, UNIT_OF_MEASURE_LABELS, type ReceivingItemStatus, type UnitOfMeasure } from '@operacoes/contract';
import type { ShipmentRead, SolicitationRead } from './api';

const qtyFmt = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** 12.5 m, 1 un */
export function formatQuantity(q: number, unit?: string | null): string {
  return `${qtyFmt.format(q)}${unit ? ` ${unit}` : ''}`;
}

export const unitLabel = (u: string) => UNIT_OF_MEASURE_LABELS[u as UnitOfMeasure] ?? u;

type Destination = Pick<SolicitationRead | ShipmentRead, 'destination_type' | 'destination_unit' | 'destination_address' | 'destination_city' | 'recipient_name'>;

/** One line for the lists: the unit, the address or the person. */
export function destinationText(d: Destination): string {
  if (d.destination_type === 'unidade') return d.destination_unit?.name ?? SHIPMENT_DESTINATION_LABELS.unidade;
  if (d.destination_type === 'endereco') {
    const city = d.destination_city ? `${d.destination_city.name} – ${d.destination_city.uf}` : '';
    return [d.destination_address, city].filter(Boolean).join(', ') || SHIPMENT_DESTINATION_LABELS.endereco;
  }
  return d.recipient_name;
}

/** "3 itens" / "1 item" */
export const itemsCount = (n: number) => `${n} ${n === 1 ? 'item' : 'itens'}`;

/** A date-only value (2026-11-21) → 21/11/2026, with no time-zone shift. */
export function formatDay(v: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

const STATUS_WORDS: Record<ReceivingItemStatus, [string, string]> = {
  recebido: ['recebido', 'recebidos'],
  faltando: ['faltando', 'faltando'],
  danificado: ['danificado', 'danificados'],
};
/** "2 recebidos", "1 faltando", "1 danificado" */
export const statusCount = (st: ReceivingItemStatus, n: number) => `${n} ${STATUS_WORDS[st][n === 1 ? 0 : 1]}`;
