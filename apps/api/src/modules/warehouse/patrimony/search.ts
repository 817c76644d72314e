import { type SQL, and, eq, inArray, like, not, or, sql } from 'drizzle-orm';
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

export type PatrimonySearch = {
  /** The condition on items. */
  where: SQL;
  /**
   * The same set, split for a cheap exact count: items whose product matches every word
   * (`product_id IN …`, an index-only count) plus the other matches, which must have some word
   * in their own text (a trigram bitmap, small). Their counts add up to the total.
   */
  countParts: [SQL | undefined, SQL];
};

/**
 * The search of the patrimony list: every word must be in the item's own folded text (tag,
 * serial; trigram-indexed) or in its product's (code, name, category, manufacturer, model).
 * The products of each word are looked up first, in one small query, so the item query gets
 * plain, well-estimated conditions: `product_id IN (…)` for catalogue words and
 * `search_text LIKE` (trigram) for tags and serials. Answers undefined without a search.
 */
export async function patrimonySearch(db: DbOrTx, organizationId: number | null, search: string | undefined): Promise<PatrimonySearch | undefined> {
  const ws = words(search);
  if (ws.length === 0) return undefined;
  const lookups = ws.map(
    (w, i) =>
      sql`array(select ${products.id} from ${products} where ${organizationId === null ? sql`true` : eq(products.organization_id, organizationId)} and ${like(products.search_text, pattern(w))}) as ${sql.identifier(`p${i}`)}`,
  );
  const [row] = (await db.execute(sql`select ${sql.join(lookups, sql`, `)}`)).rows as Record<string, unknown>[];
  const perWord = ws.map((w, i) => ({ text: like(patrimonies.search_text, pattern(w)), ids: ((row[`p${i}`] as (number | string)[] | null) ?? []).map(Number) }));
  const where = and(...perWord.map((p) => (p.ids.length ? sql`(${p.text} or ${inArray(patrimonies.product_id, p.ids)})` : p.text)))!;
  // Products matching every word.
  let common = perWord[0].ids;
  for (const p of perWord.slice(1)) common = common.filter((id) => p.ids.includes(id));
  const anyText = or(...perWord.map((p) => p.text))!;
  return {
    where,
    countParts: common.length ? [inArray(patrimonies.product_id, common), and(where, anyText, not(inArray(patrimonies.product_id, common)))!] : [undefined, and(where, anyText)!],
  };
}
