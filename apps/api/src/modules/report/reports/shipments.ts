import { type SQL, sql } from 'drizzle-orm';
import { type ReportQuery, SHIPMENT_STATUS_LABELS, type ShipmentDestinationType, type ShipmentStatus } from '@operacoes/contract';
import { unitsOrganizational } from '../../../core/schema';
import { shipmentItems, shipments } from '../../logistics';
import { patrimonies, products, stocks } from '../../warehouse';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { type KeyPart, after, all, dateOrNull, keyColumns, keysetBatches, lastKey, optionsOf, orderOf, period, rowsOf, tenant, countRows } from './shared';

const where = (scope: ReportScope, q: ReportQuery): SQL =>
  all([
    tenant(sql`s.organization_id`, scope),
    ...period(sql`s.created_at`, q),
    q.status ? sql`s.status = ${q.status}` : undefined,
    q.unit ? sql`(s.destination_unit_id = ${q.unit} or s.origin_stock_id in (select id from ${stocks} where unit_organizational_id = ${q.unit}))` : undefined,
  ]);

/**
 * Newest first, in creation order: the id walks the (organization_id, id) index backwards, so each
 * batch is an index range (ordering by `created_at` would sort every remaining row per batch).
 */
const KEYS: KeyPart[] = [{ expr: sql`s.id`, type: 'int' }];

type Row = {
  id: number;
  status: ShipmentStatus;
  origin: string;
  destination_type: ShipmentDestinationType;
  unit: string | null;
  destination_address: string | null;
  recipient_name: string;
  carrier: string | null;
  tracking_code: string | null;
  created_at: unknown;
  dispatched_at: unknown;
  expected_date: unknown;
  received_at: unknown;
  sent: number;
  received: number;
  missing: number;
  damaged: number;
  divergences: string | null;
} & Record<string, unknown>;

const destinationOf = (r: Row) => (r.destination_type === 'unidade' ? r.unit : r.destination_type === 'endereco' ? r.destination_address : r.recipient_name);

/** Shipments and divergences: what left, what arrived, and what was missing or damaged on arrival. */
export const shipmentsReport: ReportDefinition = {
  name: 'shipments',
  title: 'Envios e divergências',
  description:
    'Envios criados no período: origem, destino, datas, situação, itens enviados e como chegaram (recebidos, faltando, danificados), com a lista dos itens divergentes. Unidade: a do estoque de origem ou a unidade de destino.',
  module: 'logistics',
  read: ['ASSET_SHIPMENT'],
  filters: [{ name: 'from' }, { name: 'to' }, { name: 'status', options: optionsOf(SHIPMENT_STATUS_LABELS) }, { name: 'unit' }],
  columns: [
    { key: 'id', label: 'Nº', type: 'number', width: 8 },
    { key: 'status', label: 'Situação', type: 'text', width: 18 },
    { key: 'origin', label: 'Estoque de origem', type: 'text', width: 22 },
    { key: 'destination', label: 'Destino', type: 'text', width: 28 },
    { key: 'recipient', label: 'Destinatário', type: 'text', width: 22 },
    { key: 'carrier', label: 'Transportadora', type: 'text', width: 16 },
    { key: 'tracking_code', label: 'Rastreio', type: 'text', width: 16 },
    { key: 'created_at', label: 'Criado em', type: 'datetime', width: 18 },
    { key: 'dispatched_at', label: 'Enviado em', type: 'datetime', width: 18 },
    { key: 'expected_date', label: 'Previsão de entrega', type: 'date', width: 12 },
    { key: 'received_at', label: 'Recebido em', type: 'datetime', width: 18 },
    { key: 'sent', label: 'Itens enviados', type: 'number', width: 10 },
    { key: 'received', label: 'Itens recebidos', type: 'number', width: 10 },
    { key: 'missing', label: 'Faltando', type: 'number', width: 10 },
    { key: 'damaged', label: 'Danificados', type: 'number', width: 10 },
    { key: 'divergences', label: 'Itens com divergência', type: 'text', width: 40 },
  ],
  // On paper the tracking code goes with its carrier.
  print: [
    'id',
    'status',
    'origin',
    'destination',
    'recipient',
    { label: 'Transportadora / rastreio', keys: ['carrier', 'tracking_code'] },
    'created_at',
    'dispatched_at',
    'expected_date',
    'received_at',
    'sent',
    'received',
    'missing',
    'damaged',
    'divergences',
  ],

  count: (scope, q) => countRows(scope.db, sql`${shipments} s`, where(scope, q)),

  async *batches(scope, q, batchSize) {
    const pages = keysetBatches(
      (last, limit) =>
        rowsOf<Row>(
          scope.db,
          sql`select ${keyColumns(KEYS)}, s.id, s.status, st.name as origin, s.destination_type, un.name as unit, s.destination_address, s.recipient_name, s.carrier, s.tracking_code,
                s.created_at, s.dispatched_at, s.expected_date::text as expected_date, s.received_at, c.sent, c.received, c.missing, c.damaged, c.divergences
              from ${shipments} s
              join ${stocks} st on st.id = s.origin_stock_id
              left join ${unitsOrganizational} un on un.id = s.destination_unit_id
              left join lateral (
                select count(*)::int as sent,
                  (count(*) filter (where i.received_status = 'recebido'))::int as received,
                  (count(*) filter (where i.received_status = 'faltando'))::int as missing,
                  (count(*) filter (where i.received_status = 'danificado'))::int as damaged,
                  string_agg(coalesce(p.tag, pr.name || ' × ' || replace(trim_scale(i.quantity)::text, '.', ','))
                      || case i.received_status when 'faltando' then ' (faltando)' else ' (danificado)' end
                      || coalesce(': ' || nullif(i.comment, ''), ''), '; ' order by i.id)
                    filter (where i.received_status in ('faltando', 'danificado')) as divergences
                from ${shipmentItems} i join ${products} pr on pr.id = i.product_id left join ${patrimonies} p on p.id = i.patrimony_id
                where i.shipment_id = s.id
              ) c on true
              where ${all([where(scope, q), after(KEYS, last, true)])} order by ${orderOf(KEYS, true)} limit ${limit}`,
        ),
      (row) => lastKey(row, KEYS),
      batchSize,
    );
    for await (const rows of pages) {
      yield rows.map((r): Cell[] => [
        r.id,
        SHIPMENT_STATUS_LABELS[r.status],
        r.origin,
        destinationOf(r),
        r.recipient_name,
        r.carrier,
        r.tracking_code,
        dateOrNull(r.created_at),
        dateOrNull(r.dispatched_at),
        (r.expected_date as string | null) ?? null,
        dateOrNull(r.received_at),
        Number(r.sent),
        Number(r.received),
        Number(r.missing),
        Number(r.damaged),
        r.divergences,
      ]);
    }
  },
};
