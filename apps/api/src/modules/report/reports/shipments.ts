import { type SQL, sql } from 'drizzle-orm';
import { type ReportQuery, SHIPMENT_STATUS_LABELS, type ShipmentDestinationType, type ShipmentStatus } from '@operacoes/contract';
import { unitsOrganizational } from '../../../core/schema';
import { shipmentItems, shipments } from '../../logistics';
import { patrimonies, products, stocks } from '../../warehouse';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { all, columnsOf, countRows, dateOrNull, keysetCells, newestFirst, optionsOf, period, tenant } from './shared';

const where = (scope: ReportScope, q: ReportQuery): SQL =>
  all([
    tenant(sql`s.organization_id`, scope),
    ...period(sql`s.created_at`, q),
    q.status ? sql`s.status = ${q.status}` : undefined,
    q.unit ? sql`(s.destination_unit_id = ${q.unit} or s.origin_stock_id in (select id from ${stocks} where unit_organizational_id = ${q.unit}))` : undefined,
  ]);

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
  columns: columnsOf({
    id: ['Nº', 'number', 8],
    status: ['Situação', 'text', 18],
    origin: ['Estoque de origem', 'text', 22],
    destination: ['Destino', 'text', 28],
    recipient: ['Destinatário', 'text', 22],
    carrier: ['Transportadora', 'text', 16],
    tracking_code: ['Rastreio', 'text', 16],
    created_at: ['Criado em', 'datetime', 18],
    dispatched_at: ['Enviado em', 'datetime', 18],
    expected_date: ['Previsão de entrega', 'date', 12],
    received_at: ['Recebido em', 'datetime', 18],
    sent: ['Itens enviados', 'number', 10],
    received: ['Itens recebidos', 'number', 10],
    missing: ['Faltando', 'number', 10],
    damaged: ['Danificados', 'number', 10],
    divergences: ['Itens com divergência', 'text', 40],
  }),
  // On paper the tracking code goes with its carrier.
  printMerges: [{ label: 'Transportadora / rastreio', keys: ['carrier', 'tracking_code'] }],

  count: (scope, q) => countRows(scope.db, sql`${shipments} s`, where(scope, q)),

  batches(scope, q, batchSize) {
    return keysetCells<Row>(
      scope.db,
      {
        ...newestFirst('s'),
        select: sql`s.id, s.status, st.name as origin, s.destination_type, un.name as unit, s.destination_address, s.recipient_name, s.carrier, s.tracking_code,
                s.created_at, s.dispatched_at, s.expected_date::text as expected_date, s.received_at, c.sent, c.received, c.missing, c.damaged, c.divergences`,
        from: sql`${shipments} s
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
              ) c on true`,
        where: where(scope, q),
      },
      batchSize,
      (r): Cell[] => [
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
      ],
    );
  },
};
