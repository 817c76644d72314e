import { type SQL, sql } from 'drizzle-orm';
import { type ReportQuery } from '@operacoes/contract';
import { consumableBalances, patrimonies, products, sections, stocks } from '../../warehouse';
import { sqlList } from '../../../core/resource';
import type { Cell } from '../../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../definition';
import { after, all, columnsOf, keyColumns, type KeyPart, keysetBatches, lastKey, numOrNull, orderOf, rebatch, rowsOf, tenant } from './shared';

const KIND_LABELS = { consumivel: 'Consumível', patrimonio: 'Patrimônio' } as const;

/** The stocks the filters keep (`st` is the stock). */
const stockWhere = (scope: ReportScope, q: ReportQuery): SQL =>
  all([
    tenant(sql`st.organization_id`, scope),
    scope.units ? sql`st.unit_organizational_id in (${sqlList(scope.units)})` : undefined,
    q.unit ? sql`st.unit_organizational_id = ${q.unit}` : undefined,
    q.stock ? sql`st.id = ${q.stock}` : undefined,
  ]);

/** Sections in stock name, section name order: the keyset walks sections, then each chunk's rows are read together. */
const SECTION_KEYS: KeyPart[] = [
  { expr: sql`st.name`, type: 'text' },
  { expr: sql`st.id`, type: 'int' },
  { expr: sql`sec.name`, type: 'text' },
  { expr: sql`sec.id`, type: 'int' },
];

type Line = { stock: string; section: string; code: string; product: string; kind: keyof typeof KIND_LABELS; unit: string; quantity: unknown; price: unknown; value: unknown };

/** The lines of some sections: consumable balances above zero, and the count of patrimony items in each section per product. */
async function linesOf(scope: ReportScope, ids: number[]): Promise<Line[]> {
  const list = sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::int[]`;
  return rowsOf<Line>(
    scope.db,
    sql`select st.name as stock, sec.name as section, pr.code, pr.name as product, x.kind, pr.unit_of_measure as unit, x.quantity::float8 as quantity,
          pr.price::float8 as price, round(pr.price * x.quantity, 2)::float8 as value
        from (
          select section_id, product_id, 'consumivel' as kind, quantity from ${consumableBalances} where section_id = any(${list}) and quantity > 0
          union all
          select section_id, product_id, 'patrimonio' as kind, count(*)::numeric as quantity from ${patrimonies} where section_id = any(${list}) group by section_id, product_id
        ) x
        join ${sections} sec on sec.id = x.section_id
        join ${stocks} st on st.id = sec.stock_id
        join ${products} pr on pr.id = x.product_id
        order by array_position(${list}, x.section_id), pr.name, pr.id, x.kind`,
  );
}

/** Inventory by stock and section: what each section holds, by product, and its value at the catalogue price. */
export const inventoryReport: ReportDefinition = {
  name: 'inventory',
  title: 'Inventário por estoque e seção',
  description:
    'Saldo de cada produto em cada seção: quantidade dos consumíveis e número de itens de patrimônio presentes na seção (itens com responsável, em trânsito ou baixados não contam), com o valor pelo preço do catálogo quando o produto tem preço.',
  module: 'warehouse',
  read: ['STOCK'],
  unitScoped: true,
  filters: [{ name: 'unit' }, { name: 'stock' }],
  columns: columnsOf({
    stock: ['Estoque', 'text', 24],
    section: ['Seção', 'text', 22],
    code: ['Código', 'text', 14],
    product: ['Produto', 'text', 32],
    kind: ['Controle', 'text', 12],
    unit: ['Un.', 'text', 6],
    quantity: ['Quantidade', 'number', 12],
    price: ['Preço unitário', 'money', 14],
    value: ['Valor', 'money', 14],
  }),

  async count(scope, q) {
    const where = stockWhere(scope, q);
    const [row] = await rowsOf<{ n: number }>(
      scope.db,
      sql`select (
            (select count(*) from ${consumableBalances} b join ${stocks} st on st.id = b.stock_id where b.quantity > 0 and ${where})
          + (select count(*) from (select distinct p.section_id, p.product_id from ${patrimonies} p join ${stocks} st on st.id = p.stock_id where p.section_id is not null and ${where}) y)
        )::int as n`,
    );
    return Number(row.n);
  },

  async *batches(scope, q, batchSize) {
    const where = stockWhere(scope, q);
    const chunks = keysetBatches(
      (last, limit) =>
        rowsOf<Record<string, unknown>>(
          scope.db,
          sql`select ${keyColumns(SECTION_KEYS)} from ${sections} sec join ${stocks} st on st.id = sec.stock_id
              where ${all([where, after(SECTION_KEYS, last)])} order by ${orderOf(SECTION_KEYS)} limit ${limit}`,
        ),
      (row) => lastKey(row, SECTION_KEYS),
      batchSize,
    );
    // A chunk of sections may hold more lines than a batch, or fewer: re-cut to batches of batchSize.
    const lines = async function* () {
      for await (const chunk of chunks) yield await linesOf(scope, chunk.map((r) => Number(r.k3)));
    };
    for await (const batch of rebatch(lines(), batchSize)) {
      yield batch.map((l): Cell[] => [l.stock, l.section, l.code, l.product, KIND_LABELS[l.kind], l.unit, numOrNull(l.quantity), numOrNull(l.price), numOrNull(l.value)]);
    }
  },
};
