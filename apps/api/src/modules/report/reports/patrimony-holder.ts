import { type SQL, sql } from 'drizzle-orm';
import { PATRIMONY_CONDITION_LABELS, PATRIMONY_STATUS_LABELS, type PatrimonyCondition, type PatrimonyStatus, type ReportQuery, readPermissionsOf } from '@operacoes/contract';
import { persons, users } from '../../../core/schema';
import { patrimonies, products, sections, stocks } from '../../warehouse';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { type KeyPart, after, all, dateOrNull, keyColumns, keysetBatches, lastKey, numOrNull, optionsOf, orderOf, personName, rowsOf, tenant } from './shared';

/**
 * Who answers for an item (the warehouse's model): a user holding it (`holder_user_id`), or the
 * section it sits in (and that section's stock); neither while in transit or once written off.
 */
const HOLDER_KIND = sql`(case when p.holder_user_id is not null then 1 when p.section_id is not null then 2 else 3 end)`;
const HOLDER_KIND_LABELS: Record<number, string> = { 1: 'Usuário', 2: 'Seção', 3: 'Sem responsável' };
const HOLDER_NAME = sql`coalesce(${personName(sql`u`, sql`pe`)}, st.name || ' / ' || sec.name, '')`;
const HOLDER_ID = sql`coalesce(p.holder_user_id, p.section_id, 0)`;

const KEYS: KeyPart[] = [
  { expr: HOLDER_KIND, type: 'int' },
  { expr: HOLDER_NAME, type: 'text' },
  { expr: HOLDER_ID, type: 'int' },
  { expr: sql`p.tag`, type: 'text' },
  { expr: sql`p.id`, type: 'int' },
];

const FROM = sql`${patrimonies} p
  join ${products} pr on pr.id = p.product_id
  left join ${users} u on u.id = p.holder_user_id
  left join ${persons} pe on pe.id = u.person_id
  left join ${sections} sec on sec.id = p.section_id
  left join ${stocks} st on st.id = p.stock_id`;

/** Written-off items have no holder: they show only when the status filter asks for them. */
const where = (scope: ReportScope, q: ReportQuery): SQL =>
  all([
    tenant(sql`p.organization_id`, scope),
    q.status ? sql`p.status = ${q.status}` : sql`p.status <> 'baixado'`,
    q.user ? sql`p.holder_user_id = ${q.user}` : undefined,
    q.stock ? sql`p.stock_id = ${q.stock}` : undefined,
    q.unit
      ? sql`(p.stock_id in (select id from ${stocks} where unit_organizational_id = ${q.unit}) or p.holder_user_id in (select id from ${users} where unit_organizational_id = ${q.unit}))`
      : undefined,
  ]);

type Row = {
  kind: number;
  holder: string;
  holder_user_id: number | null;
  section_id: number | null;
  tag: string;
  serial: string | null;
  code: string;
  product: string;
  status: PatrimonyStatus;
  condition: PatrimonyCondition;
  value: unknown;
  confirmed_at: unknown;
} & Record<string, unknown>;

/** How many of the filtered items each holder of a batch answers for (one grouped statement per batch). */
async function countsOf(scope: ReportScope, q: ReportQuery, rows: Row[]): Promise<(r: Row) => number> {
  const userIds = [...new Set(rows.map((r) => r.holder_user_id).filter((x): x is number => x !== null))];
  const sectionIds = [...new Set(rows.filter((r) => r.holder_user_id === null && r.section_id !== null).map((r) => r.section_id!))];
  const none = rows.some((r) => r.holder_user_id === null && r.section_id === null);
  const ids = (xs: number[]) => sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::int[]`;
  const holders = [
    userIds.length ? sql`p.holder_user_id = any(${ids(userIds)})` : undefined,
    sectionIds.length ? sql`(p.holder_user_id is null and p.section_id = any(${ids(sectionIds)}))` : undefined,
    none ? sql`(p.holder_user_id is null and p.section_id is null)` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const found = await rowsOf<{ kind: number; holder_id: number; n: number }>(
    scope.db,
    sql`select ${HOLDER_KIND} as kind, ${HOLDER_ID} as holder_id, count(*)::int as n from ${patrimonies} p
        where ${where(scope, q)} and (${sql.join(holders, sql` or `)}) group by 1, 2`,
  );
  const counts = new Map(found.map((f) => [`${f.kind}:${f.holder_id}`, Number(f.n)]));
  return (r) => counts.get(`${r.kind}:${r.holder_user_id ?? r.section_id ?? 0}`) ?? 0;
}

/** Patrimony by holder (issue 16): every item under the user or the section that answers for it, with the holder's item count. */
export const patrimonyHolderReport: ReportDefinition = {
  name: 'patrimony-holder',
  title: 'Patrimônio por responsável',
  description:
    'Itens de patrimônio agrupados por quem responde por eles: o usuário que detém o item ou a seção (e o estoque) onde ele está; itens em trânsito aparecem como "sem responsável". Itens baixados só aparecem com o filtro de situação "Baixado".',
  module: 'warehouse',
  read: readPermissionsOf('PATRIMONY'),
  filters: [{ name: 'user' }, { name: 'stock' }, { name: 'unit' }, { name: 'status', options: optionsOf(PATRIMONY_STATUS_LABELS) }],
  columns: [
    { key: 'holder_kind', label: 'Tipo de responsável', type: 'text', width: 16 },
    { key: 'holder', label: 'Responsável', type: 'text', width: 30 },
    { key: 'holder_items', label: 'Itens do responsável', type: 'number', width: 12 },
    { key: 'tag', label: 'Patrimônio', type: 'text', width: 16 },
    { key: 'serial', label: 'Nº de série', type: 'text', width: 18 },
    { key: 'code', label: 'Código do produto', type: 'text', width: 16 },
    { key: 'product', label: 'Produto', type: 'text', width: 30 },
    { key: 'status', label: 'Situação', type: 'text', width: 14 },
    { key: 'condition', label: 'Estado', type: 'text', width: 12 },
    { key: 'value', label: 'Valor de aquisição', type: 'money', width: 14 },
    { key: 'confirmed_at', label: 'Recebimento confirmado em', type: 'datetime', width: 18 },
  ],

  async count(scope, q) {
    const [row] = await rowsOf<{ n: number }>(scope.db, sql`select count(*)::int as n from ${patrimonies} p where ${where(scope, q)}`);
    return Number(row.n);
  },

  async *batches(scope, q, batchSize) {
    const pages = keysetBatches(
      (last, limit) =>
        rowsOf<Row>(
          scope.db,
          sql`select ${keyColumns(KEYS)}, ${HOLDER_KIND} as kind, ${HOLDER_NAME} as holder, p.holder_user_id, p.section_id, p.tag, p.serial, pr.code, pr.name as product,
                p.status, p.condition, p.acquisition_value::float8 as value, p.holder_confirmed_at as confirmed_at
              from ${FROM} where ${all([where(scope, q), after(KEYS, last)])} order by ${orderOf(KEYS)} limit ${limit}`,
        ),
      (row) => lastKey(row, KEYS),
      batchSize,
    );
    for await (const rows of pages) {
      const countOf = await countsOf(scope, q, rows);
      yield rows.map((r): Cell[] => [
        HOLDER_KIND_LABELS[Number(r.kind)],
        r.holder || null,
        countOf(r),
        r.tag,
        r.serial,
        r.code,
        r.product,
        PATRIMONY_STATUS_LABELS[r.status],
        PATRIMONY_CONDITION_LABELS[r.condition],
        numOrNull(r.value),
        dateOrNull(r.confirmed_at),
      ]);
    }
  },
};
