import { type SQL, sql } from 'drizzle-orm';
import { DESTINATION_TYPE_LABELS, type DestinationType, type ReportQuery, SOLICITATION_STATUS_LABELS, type SolicitationStatus } from '@operacoes/contract';
import { persons, unitsOrganizational, users } from '../../../core/schema';
import { patrimonySolicitationItems, patrimonySolicitations, stocks } from '../../warehouse';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { type KeyPart, after, all, dateOrNull, hoursBetween, keyColumns, keysetBatches, lastKey, optionsOf, orderOf, period, personName, rowsOf, tenant, countRows } from './shared';

/** Out-requests (retiradas): returns (devoluções) are not approved, so they have no time to approve. */
const where = (scope: ReportScope, q: ReportQuery): SQL =>
  all([
    tenant(sql`s.organization_id`, scope),
    sql`s.kind = 'retirada'`,
    ...period(sql`s.created_at`, q),
    q.status ? sql`s.status = ${q.status}` : undefined,
    q.unit ? sql`(s.destination_unit_id = ${q.unit} or s.stock_id in (select id from ${stocks} where unit_organizational_id = ${q.unit}))` : undefined,
  ]);

/**
 * Newest first, in creation order: the id walks the (organization_id, id) index backwards, so each
 * batch is an index range (ordering by `created_at` would sort every remaining row per batch).
 */
const KEYS: KeyPart[] = [{ expr: sql`s.id`, type: 'int' }];

type Row = {
  id: number;
  status: SolicitationStatus;
  requester: string | null;
  stock: string | null;
  destination_type: DestinationType;
  destination_unit: string | null;
  items: number;
  reason: string;
  created_at: unknown;
  decided_at: unknown;
  decided_by: string | null;
} & Record<string, unknown>;

/** Approved, or refused: a request decided and later cancelled was approved first. */
const decisionOf = (r: Row) => (r.status === 'recusada' ? 'Recusada' : r.decided_at ? 'Aprovada' : null);

/** Out-requests by status and time to approve. */
export const outRequestsReport: ReportDefinition = {
  name: 'out-requests',
  title: 'Solicitações de saída por situação e tempo de aprovação',
  description:
    'Solicitações de retirada de patrimônio criadas no período: situação, solicitante, estoque, destino, itens, quando e por quem foram aprovadas ou recusadas, e as horas entre o pedido e a decisão. Unidade: a do estoque de onde os itens saem ou a unidade de destino.',
  module: 'warehouse',
  read: ['PATRIMONY_OUT_REQUEST'],
  filters: [{ name: 'from' }, { name: 'to' }, { name: 'status', options: optionsOf(SOLICITATION_STATUS_LABELS) }, { name: 'unit' }],
  columns: [
    { key: 'id', label: 'Nº', type: 'number', width: 8 },
    { key: 'status', label: 'Situação', type: 'text', width: 14 },
    { key: 'requester', label: 'Solicitante', type: 'text', width: 22 },
    { key: 'stock', label: 'Estoque', type: 'text', width: 22 },
    { key: 'destination', label: 'Destino', type: 'text', width: 30 },
    { key: 'items', label: 'Itens', type: 'number', width: 8 },
    { key: 'reason', label: 'Motivo', type: 'text', width: 36 },
    { key: 'created_at', label: 'Criada em', type: 'datetime', width: 18 },
    { key: 'decision', label: 'Decisão', type: 'text', width: 12 },
    { key: 'decided_by', label: 'Decidida por', type: 'text', width: 22 },
    { key: 'decided_at', label: 'Decidida em', type: 'datetime', width: 18 },
    { key: 'hours', label: 'Horas até a decisão', type: 'number', width: 12 },
  ],

  count: (scope, q) => countRows(scope.db, sql`${patrimonySolicitations} s`, where(scope, q)),

  async *batches(scope, q, batchSize) {
    const pages = keysetBatches(
      (last, limit) =>
        rowsOf<Row>(
          scope.db,
          sql`select ${keyColumns(KEYS)}, s.id, s.status, ${personName(sql`ru`, sql`rp`)} as requester, st.name as stock, s.destination_type, un.name as destination_unit,
                (select count(*)::int from ${patrimonySolicitationItems} i where i.solicitation_id = s.id) as items, s.reason, s.created_at, s.decided_at,
                case when s.decided_by is null then null else ${personName(sql`du`, sql`dp`)} end as decided_by
              from ${patrimonySolicitations} s
              join ${users} ru on ru.id = s.requester_id
              join ${persons} rp on rp.id = ru.person_id
              left join ${stocks} st on st.id = s.stock_id
              left join ${unitsOrganizational} un on un.id = s.destination_unit_id
              left join ${users} du on du.id = s.decided_by
              left join ${persons} dp on dp.id = du.person_id
              where ${all([where(scope, q), after(KEYS, last, true)])} order by ${orderOf(KEYS, true)} limit ${limit}`,
        ),
      (row) => lastKey(row, KEYS),
      batchSize,
    );
    for await (const rows of pages) {
      yield rows.map((r): Cell[] => {
        const created = dateOrNull(r.created_at)!;
        const decided = dateOrNull(r.decided_at);
        return [
          r.id,
          SOLICITATION_STATUS_LABELS[r.status],
          r.requester,
          r.stock,
          r.destination_unit ? `${DESTINATION_TYPE_LABELS[r.destination_type]}: ${r.destination_unit}` : DESTINATION_TYPE_LABELS[r.destination_type],
          Number(r.items),
          r.reason,
          created,
          decisionOf(r),
          r.decided_by,
          decided,
          decided ? hoursBetween(created, decided) : null,
        ];
      });
    }
  },

  async chart(scope, q) {
    const found = await rowsOf<{ status: SolicitationStatus; n: number }>(
      scope.db,
      sql`select s.status, count(*)::int as n from ${patrimonySolicitations} s where ${where(scope, q)} group by s.status`,
    );
    const counts = new Map(found.map((f) => [f.status, Number(f.n)]));
    const statuses = Object.keys(SOLICITATION_STATUS_LABELS) as SolicitationStatus[];
    return {
      kind: 'bar',
      title: 'Solicitações por situação',
      labels: statuses.map((s) => SOLICITATION_STATUS_LABELS[s]),
      series: [{ label: 'Solicitações', data: statuses.map((s) => counts.get(s) ?? 0) }],
      unit: 'solicitações',
    };
  },
};
