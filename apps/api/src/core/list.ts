import { type AnyColumn, type SQL, and, asc, desc, eq, like, sql } from 'drizzle-orm';
import { foldText, MAX_PAGE_SIZE, type ListResult } from '@operacoes/contract';
import { HttpError } from './errors';

export function paging(query: { page?: number; pageSize?: number }, maxPageSize = MAX_PAGE_SIZE) {
  const page = Math.max(1, query.page ?? 1);
  if ((query.pageSize ?? 0) > maxPageSize) {
    const message = `Máximo de ${maxPageSize} itens por página.`;
    throw new HttpError(422, message, [{ propertyPath: 'pageSize', message }]);
  }
  const pageSize = Math.max(1, query.pageSize ?? 10);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function listResult<T>(items: T[], total: number, page: number, pageSize: number): ListResult<T> {
  return { items, total_items: total, total_pages: Math.ceil(total / pageSize), current_page: page, page_size: pageSize };
}

/** The `LIKE` patterns of a search: one per folded word (at most 8), with `%`, `_` and backslashes escaped. */
export function searchPatterns(search: string | undefined): string[] {
  const term = search ? foldText(search).trim() : '';
  if (!term) return [];
  return term
    .split(/\s+/)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
}

/** Accent- and case-insensitive "contains" on a folded `search_text` column (trigram-indexed). */
export function searchCondition(column: AnyColumn, search: string | undefined): SQL | undefined {
  const patterns = searchPatterns(search);
  if (!patterns.length) return undefined;
  // Both sides are already folded to lower case: LIKE is enough (and cheaper than ILIKE).
  return and(...patterns.map((pattern) => like(column, pattern)));
}

/** The folded text a row is searched by. */
export const searchText = (...parts: (string | null | undefined)[]) => foldText(parts.filter(Boolean).join(' '));

/** The column `field` or `-field` sorts by, restricted to the columns a resource allows (422 otherwise). */
export function sortColumn(sort: string, columns: Record<string, AnyColumn>): { column: AnyColumn; descending: boolean } {
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  // Own keys only: `__proto__` or `constructor` must not reach Object.prototype.
  const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!column) throw new HttpError(422, `Não é possível ordenar por "${field}".`, [{ propertyPath: 'sort', message: 'Campo de ordenação inválido' }]);
  return { column, descending };
}

/** `field` or `-field`, restricted to the columns a resource allows. */
export function sortOrder(sort: string | undefined, columns: Record<string, AnyColumn>, fallback: SQL[]): SQL[] {
  if (!sort) return fallback;
  const { column, descending } = sortColumn(sort, columns);
  return [descending ? desc(column) : asc(column), ...fallback];
}

export const countAll = sql<number>`count(*)::int`;

/**
 * A list query's plain equality filters: `column = value` for each query key that holds a value
 * (a missing or empty key filters nothing), e.g. `equalsGiven(q, { status: t.status, unit: t.unit_id })`.
 */
export function equalsGiven<Q extends object>(query: Q, columns: { [K in keyof Q]?: AnyColumn }): (SQL | undefined)[] {
  return (Object.keys(columns) as (keyof Q)[]).map((key) => (query[key] ? eq(columns[key]!, query[key]) : undefined));
}
