import { type SQL, sql } from 'drizzle-orm';
import { MOVEMENT_TYPE_LABELS, type MovementType, type ReportQuery } from '@operacoes/contract';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { all, columnsOf, countRows, keysetBatches, optionsOf, period, personName, rowsOf, tenant } from './shared';

/**
 * Movements by period: the warehouse's append-only history, newest first in the order
 * they were recorded (the id: `created_at` is the insert time, so both orders agree). Batches walk
 * the primary key backwards (`movement_org_idx` (organization_id, id) for a user, the primary key
 * for a super admin), so each batch is an index range and a million rows are one pass. Names come
 * joined in the same statement.
 */

function where(scope: ReportScope, q: ReportQuery): SQL {
  return all([
    tenant(sql`m.organization_id`, scope),
    ...period(sql`m.created_at`, q),
    q.stock ? sql`(m.from_stock_id = ${q.stock} or m.to_stock_id = ${q.stock})` : undefined,
    q.unit ? sql`(m.from_stock_id in (select id from stock where unit_organizational_id = ${q.unit}) or m.to_stock_id in (select id from stock where unit_organizational_id = ${q.unit}))` : undefined,
    q.user ? sql`(m.user_id = ${q.user} or m.from_holder_id = ${q.user} or m.to_holder_id = ${q.user})` : undefined,
    q.status ? sql`m.type = ${q.status}` : undefined,
  ]);
}

type Row = {
  id: number;
  created_at: Date | string;
  type: MovementType;
  product_code: string;
  product_name: string;
  tag: string | null;
  quantity: string | number;
  from_stock: string | null;
  from_section: string | null;
  to_stock: string | null;
  to_section: string | null;
  from_holder: string | null;
  to_holder: string | null;
  by: string | null;
  reason: string | null;
  document: string | null;
};

const toCells = (r: Row): Cell[] => [
  Number(r.id),
  r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  MOVEMENT_TYPE_LABELS[r.type] ?? r.type,
  r.product_code,
  r.product_name,
  r.tag,
  Number(r.quantity),
  r.from_stock,
  r.from_section,
  r.to_stock,
  r.to_section,
  r.from_holder,
  r.to_holder,
  r.by,
  r.reason,
  r.document,
];

const monthLabel = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;

export const movementsReport: ReportDefinition = {
  name: 'movements',
  title: 'Movimentações por período',
  description: 'O histórico de entradas, saídas, transferências, devoluções, ajustes e baixas do almoxarifado, das mais recentes às mais antigas.',
  module: 'warehouse',
  read: ['PATRIMONY_HISTORY'],
  filters: [{ name: 'from' }, { name: 'to' }, { name: 'unit' }, { name: 'stock' }, { name: 'user', label: 'Usuário ou responsável' }, { name: 'status', label: 'Tipo', options: optionsOf(MOVEMENT_TYPE_LABELS) }],
  columns: columnsOf({
    id: ['ID', 'number', 9],
    created_at: ['Data', 'datetime', 19],
    type: ['Tipo', 'text', 14],
    product_code: ['Código do produto', 'text', 16],
    product: ['Produto', 'text', 30],
    patrimony: ['Patrimônio', 'text', 14],
    quantity: ['Quantidade', 'number', 11],
    from_stock: ['Estoque de origem', 'text', 22],
    from_section: ['Seção de origem', 'text', 20],
    to_stock: ['Estoque de destino', 'text', 22],
    to_section: ['Seção de destino', 'text', 20],
    from_holder: ['Responsável anterior', 'text', 20],
    to_holder: ['Novo responsável', 'text', 20],
    user: ['Usuário', 'text', 18],
    reason: ['Motivo', 'text', 36],
    document: ['Documento', 'text', 18],
  }),
  // On paper the product's code goes with its name, and a stock with its section.
  printMerges: [
    { label: 'Produto', keys: ['product_code', 'product'], join: ' · ' },
    { label: 'Origem (estoque / seção)', keys: ['from_stock', 'from_section'] },
    { label: 'Destino (estoque / seção)', keys: ['to_stock', 'to_section'] },
  ],

  count: (scope, q) => countRows(scope.db, sql`movement m`, where(scope, q)),

  async *batches(scope, q, batchSize) {
    const cond = where(scope, q);
    const page = (last: unknown[] | null, limit: number) =>
      rowsOf<Row>(
        scope.db,
        sql`select m.id, m.created_at, m.type, p.code as product_code, p.name as product_name, pa.tag, m.quantity,
                   fs.name as from_stock, fse.name as from_section, ts.name as to_stock, tse.name as to_section,
                   ${personName(sql`fh`, sql`fhp`)} as from_holder, ${personName(sql`th`, sql`thp`)} as to_holder, ${personName(sql`u`, sql`up`)} as by,
                   m.reason, m.document
            from (select * from movement m where ${cond} ${last ? sql`and m.id < ${last[0]}` : sql``} order by m.id desc limit ${limit}) m
            join product p on p.id = m.product_id
            left join patrimony pa on pa.id = m.patrimony_id
            left join stock fs on fs.id = m.from_stock_id
            left join section fse on fse.id = m.from_section_id
            left join stock ts on ts.id = m.to_stock_id
            left join section tse on tse.id = m.to_section_id
            left join "user" fh on fh.id = m.from_holder_id left join person fhp on fhp.id = fh.person_id
            left join "user" th on th.id = m.to_holder_id left join person thp on thp.id = th.person_id
            left join "user" u on u.id = m.user_id left join person up on up.id = u.person_id
            order by m.id desc`,
      );
    for await (const rows of keysetBatches(page, (r) => [r.id], batchSize)) yield rows.map(toCells);
  },

  async chart(scope, q) {
    // Movements per month and type, the last twelve months of the filtered period that have any.
    const rows = await rowsOf<{ month: string; type: MovementType; n: number | string }>(
      scope.db,
      sql`with months as (
            select to_char(m.created_at at time zone ${scope.timeZone}, 'YYYY-MM') as month, m.type
            from movement m where ${where(scope, q)}
          )
          select month, type, count(*) as n from months
          where month in (select distinct month from months order by month desc limit 12)
          group by month, type order by month`,
    );
    const months = [...new Set(rows.map((r) => r.month))].sort();
    const types = (Object.keys(MOVEMENT_TYPE_LABELS) as MovementType[]).filter((t) => rows.some((r) => r.type === t));
    const count = new Map(rows.map((r) => [`${r.month}:${r.type}`, Number(r.n)]));
    return {
      kind: 'bar',
      title: 'Movimentações por mês',
      labels: months.map(monthLabel),
      series: types.map((t) => ({ label: MOVEMENT_TYPE_LABELS[t], data: months.map((m) => count.get(`${m}:${t}`) ?? 0) })),
      unit: 'movimentações',
    };
  },
};
