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

/** Resolver schema: the lines' quantities first (clear messages on each field), then the contract. */
export const solicitationFormSchema = z
  .custom<SolicitationFormValues>()
  .superRefine((v, ctx) => {
    if (!v.origin_stock_id) ctx.addIssue({ code: 'custom', path: ['origin_stock_id'], message: 'Escolha o estoque de origem' });
    if (v.items.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: 'Inclua ao menos um item' });
    v.items.forEach((it, i) => {
      if (it.kind !== 'consumivel') return;
      const r = quantity.safeParse(it.quantity);
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['items', i, 'quantity'], message: r.error.issues[0]?.message ?? 'Quantidade inválida' });
      else if (it.available !== null && r.data > it.available)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'quantity'], message: `Saldo disponível na seção: ${fmt.format(it.available)} ${it.unit}` });
    });
  })
  .transform(toBody)
  .pipe(shipmentSolicitationInput);

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
