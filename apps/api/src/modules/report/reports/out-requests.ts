import { type SQL, sql } from 'drizzle-orm';
import { DESTINATION_TYPE_LABELS, type DestinationType, type ReportQuery, SOLICITATION_STATUS_LABELS, type SolicitationStatus } from '@operacoes/contract';
import { persons, unitsOrganizational, users } from '../../../core/schema';
import { patrimonySolicitationItems, patrimonySolicitations, stocks } from '../../warehouse';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { all, columnsOf, countRows, dateOrNull, hoursBetween, keysetCells, newestFirst, optionsOf, period, personName, rowsOf, tenant } from './shared';

/** Out-requests (retiradas): returns (devoluções) are not approved, so they have no time to approve. */
const where = (scope: ReportScope, q: ReportQuery): SQL =>
  all([
    tenant(sql`s.organization_id`, scope),
    sql`s.kind = 'retirada'`,
    ...period(sql`s.created_at`, q),
    q.status ? sql`s.status = ${q.status}` : undefined,
    q.unit ? sql`(s.destination_unit_id = ${q.unit} or s.stock_id in (select id from ${stocks} where unit_organizational_id = ${q.unit}))` : undefined,
  ]);

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
  columns: columnsOf({
    id: ['Nº', 'number', 8],
    status: ['Situação', 'text', 14],
    requester: ['Solicitante', 'text', 22],
    stock: ['Estoque', 'text', 22],
    destination: ['Destino', 'text', 30],
    items: ['Itens', 'number', 8],
    reason: ['Motivo', 'text', 36],
    created_at: ['Criada em', 'datetime', 18],
    decision: ['Decisão', 'text', 12],
    decided_by: ['Decidida por', 'text', 22],
    decided_at: ['Decidida em', 'datetime', 18],
    hours: ['Horas até a decisão', 'number', 12],
  }),

  count: (scope, q) => countRows(scope.db, sql`${patrimonySolicitations} s`, where(scope, q)),

  batches(scope, q, batchSize) {
    return keysetCells<Row>(
      scope.db,
      {
        ...newestFirst('s'),
        select: sql`s.id, s.status, ${personName(sql`ru`, sql`rp`)} as requester, st.name as stock, s.destination_type, un.name as destination_unit,
                (select count(*)::int from ${patrimonySolicitationItems} i where i.solicitation_id = s.id) as items, s.reason, s.created_at, s.decided_at,
                case when s.decided_by is null then null else ${personName(sql`du`, sql`dp`)} end as decided_by`,
        from: sql`${patrimonySolicitations} s
              join ${users} ru on ru.id = s.requester_id
              join ${persons} rp on rp.id = ru.person_id
              left join ${stocks} st on st.id = s.stock_id
              left join ${unitsOrganizational} un on un.id = s.destination_unit_id
              left join ${users} du on du.id = s.decided_by
              left join ${persons} dp on dp.id = du.person_id`,
        where: where(scope, q),
      },
      batchSize,
      (r): Cell[] => {
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
      },
    );
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
