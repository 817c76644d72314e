/**
 * The shipment request form: its values (with display data for each item line), the mapping to
 * the API body, and the resolver schema (per-line checks, then the contract's own schema).
 */
import { quantity, shipmentSolicitationInput, type ShipmentDestinationType } from '@operacoes/contract';
import { z } from 'zod';
import type { SolicitationRead } from './api';

export type ItemLine = {
  /** Stable React key. */
  key: string;
  kind: 'patrimonio' | 'consumivel';
  patrimony_id: number | null;
  product_id: number;
  section_id: number | null;
  quantity: number | undefined;
  product: string;
  tag: string | null;
  serial: string | null;
  section: string | null;
  unit: string;
  /** Balance of the section when picked (consumables), to warn before the server refuses. */
  available: number | null;
};

export type SolicitationFormValues = {
  origin_stock_id: number | null;
  destination_type: ShipmentDestinationType;
  destination_unit_id: number | null;
  destination_section_id: number | null;
  destination_address: string;
  destination_city_id: number | null;
  recipient_name: string;
  recipient_email: string;
  recipient_user_id: number | null;
  justification: string;
  wanted_date: string | null;
  items: ItemLine[];
};

export type SolicitationBody = z.infer<typeof shipmentSolicitationInput>;

export function toBody(v: SolicitationFormValues): SolicitationBody {
  const address = v.destination_type === 'unidade' ? '' : v.destination_address.trim();
  return {
    origin_stock_id: v.origin_stock_id ?? (undefined as unknown as number),
    destination_type: v.destination_type,
    destination_unit_id: v.destination_type === 'unidade' ? v.destination_unit_id : null,
    destination_section_id: v.destination_section_id,
    destination_address: address || null,
    destination_city_id: v.destination_type === 'unidade' ? null : v.destination_city_id,
    recipient_name: v.recipient_name,
    recipient_email: v.recipient_email.trim(),
    recipient_user_id: v.recipient_user_id,
    justification: v.justification,
    wanted_date: v.wanted_date || null,
    items: v.items.map((i) =>
      i.kind === 'patrimonio' ? { patrimony_id: i.patrimony_id! } : { product_id: i.product_id, section_id: i.section_id!, quantity: i.quantity as number },
    ),
  };
}

const fmt = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/**
 * Resolver schema: clear messages on the lines' quantities and on the origin, plus every issue of
 * the contract's own schema (all shown at once); the output is the contract-parsed body.
 */
export const solicitationFormSchema = z
  .custom<SolicitationFormValues>()
  .superRefine((v, ctx) => {
    const reported = new Set<string>();
    const add = (path: (string | number)[], message: string) => {
      reported.add(path.join('.'));
      ctx.addIssue({ code: 'custom', path, message });
    };
    if (!v.origin_stock_id) add(['origin_stock_id'], 'Escolha o estoque de origem');
    if (v.items.length === 0) add(['items'], 'Inclua ao menos um item');
    v.items.forEach((it, i) => {
      if (it.kind !== 'consumivel') return;
      const r = quantity.safeParse(it.quantity);
      if (!r.success) add(['items', i, 'quantity'], r.error.issues[0]?.message ?? 'Quantidade inválida');
      else if (it.available !== null && r.data > it.available) add(['items', i, 'quantity'], `Saldo disponível na seção: ${fmt.format(it.available)} ${it.unit}`);
    });
    const parsed = shipmentSolicitationInput.safeParse(toBody(v));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      const key = path.join('.');
      // Already said more clearly above (a missing origin, a bad quantity making the item union fail).
      if (path[0] === 'origin_stock_id' && reported.has('origin_stock_id')) continue;
      if (path[0] === 'items' && [...reported].some((r) => r.startsWith('items') && (key.startsWith(r) || r.startsWith(key)))) continue;
      if (reported.has(key)) continue;
      add(path, issue.message);
    }
  })
  .transform((v) => shipmentSolicitationInput.parse(toBody(v)));

export function defaultsOf(s: SolicitationRead | null): SolicitationFormValues {
  return {
    origin_stock_id: s?.origin_stock.id ?? null,
    destination_type: s?.destination_type ?? 'unidade',
    destination_unit_id: s?.destination_unit?.id ?? null,
    destination_section_id: s?.destination_section?.id ?? null,
    destination_address: s?.destination_address ?? '',
    destination_city_id: s?.destination_city?.id ?? null,
    recipient_name: s?.recipient_name ?? '',
    recipient_email: s?.recipient_email ?? '',
    recipient_user_id: s?.recipient_user?.id ?? null,
    justification: s?.justification ?? '',
    wanted_date: s?.wanted_date ?? null,
    items: (s?.items ?? []).map((i) => ({
      key: `i${i.id}`,
      kind: i.patrimony ? 'patrimonio' : 'consumivel',
      patrimony_id: i.patrimony?.id ?? null,
      product_id: i.product.id,
      section_id: i.section?.id ?? null,
      quantity: i.quantity,
      product: `${i.product.code} · ${i.product.name}`,
      tag: i.patrimony?.tag ?? null,
      serial: i.patrimony?.serial ?? null,
      section: i.section?.name ?? null,
      unit: i.product.unit_of_measure,
      available: null,
    })),
  };
}
