import { type SQL, sql } from 'drizzle-orm';
import { PATRIMONY_CONDITION_LABELS, PATRIMONY_STATUS_LABELS, type PatrimonyCondition, type PatrimonyStatus, type ReportQuery } from '@operacoes/contract';
import { persons, users } from '../../../core/schema';
import { patrimonies, products, sections, stocks } from '../../warehouse';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { after, all, columnsOf, countRows, dateOrNull, keyColumns, type KeyPart, keysetBatches, lastKey, numOrNull, optionsOf, orderOf, personName, rebatch, rowsOf, tenant } from './shared';

/**
 * Who answers for an item (the warehouse's model): a user holding it (`holder_user_id`), or the
 * section it sits in (and that section's stock); neither while in transit or once written off.
 */
const HOLDER_KIND = sql`(case when p.holder_user_id is not null then 1 when p.section_id is not null then 2 else 3 end)`;
const HOLDER_KIND_LABELS: Record<number, string> = { 1: 'Usuário', 2: 'Seção', 3: 'Sem responsável' };
const HOLDER_NAME = sql`coalesce(${personName(sql`u`, sql`pe`)}, st.name || ' / ' || sec.name, '')`;
const HOLDER_ID = sql`coalesce(p.holder_user_id, p.section_id, 0)`;

/** Holders in their order: users, then sections, then items without one; by name. */
const HOLDER_KEYS: KeyPart[] = [
  { expr: sql`h.kind`, type: 'int' },
  { expr: sql`h.name`, type: 'text' },
  { expr: sql`h.holder_id`, type: 'int' },
];
/** A big holder's items, paged by tag. */
const ITEM_KEYS: KeyPart[] = [
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

type Holder = { kind: number; name: string; holder_id: number; items: number } & Record<string, unknown>;
type Row = {
  kind: number;
  holder: string;
  holder_id: number;
  id: number;
  tag: string;
  serial: string | null;
  code: string;
  product: string;
  status: PatrimonyStatus;
  condition: PatrimonyCondition;
  value: unknown;
  confirmed_at: unknown;
} & Record<string, unknown>;

const ids = (xs: number[]) => sql`array[${sql.join(
  xs.map((x) => sql`${x}`),
  sql`, `,
)}]::int[]`;
/** The items of some holders (of one kind each, any mix). */
const heldBy = (holders: Holder[]): SQL => {
  const of = (kind: number) => holders.filter((h) => Number(h.kind) === kind).map((h) => Number(h.holder_id));
  const [byUser, bySection, none] = [of(1), of(2), of(3)];
  const parts = [
    byUser.length ? sql`p.holder_user_id = any(${ids(byUser)})` : undefined,
    bySection.length ? sql`(p.holder_user_id is null and p.section_id = any(${ids(bySection)}))` : undefined,
    none.length ? sql`(p.holder_user_id is null and p.section_id is null)` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return sql`(${sql.join(parts, sql` or `)})`;
};

/**
 * Every row in holder order without sorting all the items for each batch: holders (with their
 * item counts) come a keyset page at a time; holders whose items fit in a batch are read together,
 * and a holder with more items than a batch is paged by tag. Each statement sorts at most a batch
 * of items, so an export of a million items stays linear.
 */
async function* holderRows(scope: ReportScope, q: ReportQuery, batchSize: number): AsyncGenerator<(Row & { holder_items: number })[]> {
  const cond = where(scope, q);
  const select = sql`select ${HOLDER_KIND} as kind, ${HOLDER_NAME} as holder, ${HOLDER_ID} as holder_id, p.id, p.tag, p.serial, pr.code, pr.name as product, p.status, p.condition,
    p.acquisition_value::float8 as value, p.holder_confirmed_at as confirmed_at from ${FROM}`;
  const holders = keysetBatches(
    (last, limit) =>
      rowsOf<Holder>(
        scope.db,
        sql`select ${keyColumns(HOLDER_KEYS)}, h.kind, h.name, h.holder_id, h.items from (
              select ${HOLDER_KIND} as kind, ${HOLDER_NAME} as name, ${HOLDER_ID} as holder_id, count(*)::int as items
              from ${FROM} where ${cond} group by 1, 2, 3
            ) h where ${all([after(HOLDER_KEYS, last)])} order by ${orderOf(HOLDER_KEYS)} limit ${limit}`,
      ),
    (h) => lastKey(h, HOLDER_KEYS),
    batchSize,
  );
  const withCount = (rows: Row[], counts: Map<string, number>) => rows.map((r) => ({ ...r, holder_items: counts.get(`${r.kind}:${r.holder_id}`) ?? 0 }));
  for await (const page of holders) {
    const counts = new Map(page.map((h) => [`${h.kind}:${h.holder_id}`, Number(h.items)]));
    let group: Holder[] = [];
    let size = 0;
    const flush = async () => {
      if (!group.length) return [];
      const rows = await rowsOf<Row>(scope.db, sql`${select} where ${cond} and ${heldBy(group)} order by ${HOLDER_KIND}, ${HOLDER_NAME}, ${HOLDER_ID}, p.tag, p.id`);
      group = [];
      size = 0;
      return withCount(rows, counts);
    };
    for (const h of page) {
      const n = Number(h.items);
      if (size + n > batchSize) yield await flush();
      if (n > batchSize) {
        const items = keysetBatches(
          (last, limit) => rowsOf<Row>(scope.db, sql`${select} where ${all([cond, heldBy([h]), after(ITEM_KEYS, last)])} order by ${orderOf(ITEM_KEYS)} limit ${limit}`),
          (r) => [r.tag, r.id],
          batchSize,
        );
        for await (const rows of items) yield withCount(rows, counts);
        continue;
      }
      group.push(h);
      size += n;
    }
    yield await flush();
  }
}

/** Patrimony by holder: every item under the user or the section that answers for it, with the holder's item count. */
export const patrimonyHolderReport: ReportDefinition = {
  name: 'patrimony-holder',
  title: 'Patrimônio por responsável',
  description:
    'Itens de patrimônio agrupados por quem responde por eles: o usuário que detém o item ou a seção (e o estoque) onde ele está; itens em trânsito aparecem como "sem responsável". Itens baixados só aparecem com o filtro de situação "Baixado".',
  module: 'warehouse',
  read: ['PATRIMONY'],
  filters: [{ name: 'user', label: 'Responsável (usuário)' }, { name: 'stock' }, { name: 'unit' }, { name: 'status', options: optionsOf(PATRIMONY_STATUS_LABELS) }],
  columns: columnsOf({
    holder_kind: ['Tipo de responsável', 'text', 16],
    holder: ['Responsável', 'text', 30],
    holder_items: ['Itens do responsável', 'number', 12],
    tag: ['Patrimônio', 'text', 16],
    serial: ['Nº de série', 'text', 18],
    code: ['Código do produto', 'text', 16],
    product: ['Produto', 'text', 30],
    status: ['Situação', 'text', 14],
    condition: ['Estado', 'text', 12],
    value: ['Valor de aquisição', 'money', 14],
    confirmed_at: ['Recebimento confirmado em', 'datetime', 18],
  }),

  count: (scope, q) => countRows(scope.db, sql`${patrimonies} p`, where(scope, q)),

  async *batches(scope, q, batchSize) {
    for await (const rows of rebatch(holderRows(scope, q, batchSize), batchSize)) {
      yield rows.map((r): Cell[] => [
        HOLDER_KIND_LABELS[Number(r.kind)],
        r.holder || null,
        r.holder_items,
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
