import { type SQL, and, eq, inArray, like, sql } from 'drizzle-orm';
import { foldText } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { products } from '../product/schema';
import { patrimonies } from './schema';

const words = (search: string | undefined) =>
  (search ? foldText(search).trim() : '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
const pattern = (w: string) => `%${w.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/**
 * The search condition of the patrimony list: every word must be in the item's own folded text
 * (tag, serial; trigram-indexed) or in its product's (code, name, category, manufacturer,
 * model). The products and whether any item text has the word are looked up first, in one
 * round trip, so the item query gets plain, well-estimated conditions: `product_id IN (…)`
 * (B-tree; an index-only count) for catalogue words, `search_text LIKE` (trigram) for tags and
 * serials. 200,000 items: a few milliseconds where one LIKE over tag, serial and product name
 * for every item took 25–140 ms (docs/benchmarks-warehouse.md).
 * Answers undefined without a search, `false` when nothing can match.
 */
export async function patrimonySearch(db: DbOrTx, organizationId: number | null, search: string | undefined): Promise<SQL | undefined | false> {
  const ws = words(search);
  if (ws.length === 0) return undefined;
  const org = (column: typeof products.organization_id | typeof patrimonies.organization_id) => (organizationId === null ? sql`true` : eq(column, organizationId));
  const lookups = ws.flatMap((w, i) => [
    sql`array(select ${products.id} from ${products} where ${org(products.organization_id)} and ${like(products.search_text, pattern(w))}) as ${sql.identifier(`p${i}`)}`,
    sql`exists(select 1 from ${patrimonies} where ${org(patrimonies.organization_id)} and ${like(patrimonies.search_text, pattern(w))}) as ${sql.identifier(`e${i}`)}`,
  ]);
  const [row] = (await db.execute(sql`select ${sql.join(lookups, sql`, `)}`)).rows as Record<string, unknown>[];
  const conditions: SQL[] = [];
  for (let i = 0; i < ws.length; i++) {
    const ids = ((row[`p${i}`] as (number | string)[] | null) ?? []).map(Number);
    const inItems = Boolean(row[`e${i}`]);
    if (!ids.length && !inItems) return false;
    const byProduct = ids.length ? inArray(patrimonies.product_id, ids) : undefined;
    const byItem = inItems ? like(patrimonies.search_text, pattern(ws[i])) : undefined;
    conditions.push(byProduct && byItem ? sql`(${byItem} or ${byProduct})` : (byProduct ?? byItem)!);
  }
  return and(...conditions);
}
