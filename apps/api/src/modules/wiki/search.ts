/**
 * Wiki search: Portuguese full text over the stored `search_vector` (title weight A, body B) under
 * the `wiki_pt` configuration (unaccent, then the Portuguese stemmer: "configuracao" finds
 * "configuração", "roteadores" finds "roteador"), joined at query time by the titles of the
 * page's ancestors (weight C): "mikrotik vlan" finds "VLANs" under "MikroTik", and a renamed or
 * moved section needs no page rewritten. Matches are ranked with `ts_rank` (the title weighs 1.0,
 * the body 0.4, the ancestors' titles 0.2) and only the page asked for gets its excerpts
 * (`ts_headline` is costly), marked with private-use characters and then escaped.
 */
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { WikiSearchHit } from '@operacoes/contract';
import type { CurrentUser } from '../../core/access';
import type { DbOrTx } from '../../core/db';
import { listResult } from '../../core/list';
import { preparedRead, sqlStatement } from '../../core/prepared';
import { MARK_END, MARK_START, markedExcerpt } from './html';
import { ancestorPaths } from './pages';
import { searchable, wikiPages } from './schema';

const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

type Hit = { id: number; path: string; title: string; rank: number; updated_at: Date | string; body_headline: string; title_headline: string; total: number };

/** A typed query as written: phrases, "or", -exclusions (websearch syntax never fails). */
const EXACT = sql`websearch_to_tsquery('wiki_pt', ${sql.placeholder('q')})`;
/** The same, or every word as the start of one. */
const EXACT_OR_PREFIXES = sql`(${EXACT} || to_tsquery('wiki_pt', ${sql.placeholder('prefixes')}))`;

/**
 * What a person typed, as a query: the words as typed (phrases, "or", -exclusions), or every word
 * as the start of one (a search box is typed into: "config" finds "configuração", "monit" finds
 * "monitoramento"). Words under three letters are not prefixes: they would match almost anything.
 * `prefixes` is null when only the exact query applies.
 */
function wikiQuery(q: string): { q: string; prefixes: string | null } {
  // A query with a phrase, an exclusion or an "or" says exactly what it wants.
  if (/["']|(^|\s)-|\sor\s/i.test(q)) return { q, prefixes: null };
  const words = (q.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3).slice(0, 8);
  return { q, prefixes: words.length ? words.map((w) => `${w}:*`).join(' & ') : null };
}

/**
 * The pages of an organization matching `query`, with their rank: each page's own document plus
 * its ancestors' titles, found through `parent_id` (depth is small: SPEC allows four levels).
 */
function matching(query: SQL) {
  const organizationId = sql.placeholder('organization');
  return sql`
    with recursive up(id, ancestor) as (
      select id, parent_id from ${wikiPages} where organization_id = ${organizationId} and parent_id is not null
      union all
      select up.id, a.parent_id from up join ${wikiPages} a on a.id = up.ancestor where a.parent_id is not null
    ),
    lineage as (
      select up.id, setweight(to_tsvector('wiki_pt', ${searchable(sql`string_agg(a.title, ' ')`)}), 'C') as titles
      from up join ${wikiPages} a on a.id = up.ancestor group by up.id
    ),
    documents as (
      select p.id, p.search_vector || coalesce(l.titles, ''::tsvector) as document
      from ${wikiPages} p left join lineage l on l.id = p.id
      where p.organization_id = ${organizationId}
    )
    select id, ts_rank(document, ${query}) as rank from documents where document @@ ${query}`;
}

// websearch_to_tsquery accepts anything a person types ("quoted phrases", or, -exclusions) without
// syntax errors. The ranked matches carry only (id, rank) through the count and the sort (OFFSET 0
// keeps that projection in the scan); the page's rows are read again for the 10 answers only.
// Rendered once per form (the search is the busiest read of the mix; its SQL the longest).
const searchSql = (query: SQL) => sql`
    with ranked as (${matching(query)} offset 0),
    hits as (select id, rank, count(*) over () as total from ranked order by rank desc, id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})
    select p.id, p.path, p.title, p.updated_at, hits.rank::float8 as rank, hits.total::int as total,
      ts_headline('wiki_pt', ${searchable(sql`p.body_text`)}, ${query}, ${HEADLINE}) as body_headline,
      ts_headline('wiki_pt', ${searchable(sql`p.title`)}, ${query}, ${HEADLINE}) as title_headline
    from hits join ${wikiPages} p on p.id = hits.id
    order by hits.rank desc, hits.id`;
const search = { exact: sqlStatement<Hit>('wiki_search', searchSql(EXACT)), prefixes: sqlStatement<Hit>('wiki_search_prefixes', searchSql(EXACT_OR_PREFIXES)) };
const count = { exact: sqlStatement<{ n: number }>('wiki_count', sql`select count(*)::int as n from (${matching(EXACT)}) m`), prefixes: sqlStatement<{ n: number }>('wiki_count_prefixes', sql`select count(*)::int as n from (${matching(EXACT_OR_PREFIXES)}) m`) };

export async function searchWiki(db: DbOrTx, user: CurrentUser, q: string, page: number, pageSize: number) {
  const query = wikiQuery(q);
  const form = query.prefixes === null ? 'exact' : 'prefixes';
  const rows = await search[form](db, { ...query, organization: user.organizationId, limit: pageSize, offset: (page - 1) * pageSize });
  const total = rows[0] ? Number(rows[0].total) : page > 1 ? Number((await count[form](db, { ...query, organization: user.organizationId }))[0]?.n ?? 0) : 0;

  const ancestors = [...new Set(rows.flatMap((r) => ancestorPaths(r.path)))];
  const crumbs = ancestors.length
    ? await preparedRead<{ id: number; path: string; title: string }>(db, searchWiki, 'wiki_crumbs', (d) =>
        d
          .select({ id: wikiPages.id, path: wikiPages.path, title: wikiPages.title })
          .from(wikiPages)
          .where(and(eq(wikiPages.organization_id, sql.placeholder('organization')), sql`${wikiPages.path} = any(${sql.placeholder('paths')})`)),
      ).execute({ organization: user.organizationId, paths: ancestors })
    : [];
  const byPath = new Map(crumbs.map((c) => [c.path, c]));
  const items: WikiSearchHit[] = rows.map((r) => {
    // The body's excerpt when it has a match; else the title's (the match was there); else the body's start.
    const headline = r.body_headline.includes(MARK_START) || !r.title_headline.includes(MARK_START) ? r.body_headline : r.title_headline;
    return {
      id: r.id,
      path: r.path,
      title: r.title,
      headline: markedExcerpt(headline.replace(/< /g, '<')),
      rank: Number(r.rank),
      breadcrumbs: ancestorPaths(r.path).flatMap((p) => (byPath.has(p) ? [byPath.get(p)!] : [])),
      updated_at: new Date(r.updated_at).toISOString(),
    };
  });
  return listResult(items, total, page, pageSize);
}
