/**
 * Reading and writing wiki pages: the pieces the routes compose. Every query names the user's
 * organization (super admins included: each works in their own organization's wiki), so another
 * organization's page is never found.
 */
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { type WikiPage, type WikiPageView, type WikiVersionAction, wikiPageEntity, wikiParentPath } from '@operacoes/contract';
import { type CurrentUser, allows } from '../../core/access';
import { audit } from '../../core/audit';
import type { DbOrTx } from '../../core/db';
import { HttpError, notFound } from '../../core/errors';
import { personRefs, refOf } from '../../core/rows';
import { type LinkTarget, htmlToLines, linkedIds, linkedPaths, renderBody, storedBody } from './html';
import { wikiPageVersions, wikiPages, wikiRedirects, wikiSearchVector } from './schema';

export type PageRow = typeof wikiPages.$inferSelect;

export const pageNotFound = () => notFound(wikiPageEntity);

/** The ancestors' paths of a path, root first (`a/b/c` → `a`, `a/b`). */
export const ancestorPaths = (path: string) => {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
};

/** The columns a page is read with (never the search document). */
export const pageColumns = {
  id: wikiPages.id,
  organization_id: wikiPages.organization_id,
  parent_id: wikiPages.parent_id,
  path: wikiPages.path,
  title: wikiPages.title,
  body: wikiPages.body,
  body_text: wikiPages.body_text,
  version: wikiPages.version,
  created_by: wikiPages.created_by,
  updated_by: wikiPages.updated_by,
  created_at: wikiPages.created_at,
  updated_at: wikiPages.updated_at,
};
export type Page = Omit<PageRow, 'search_vector'>;

/** A page of the user's organization by id (404 otherwise), optionally locked for the write. */
export async function pageById(db: DbOrTx, user: CurrentUser, id: number, lock = false): Promise<Page> {
  let q = db
    .select(pageColumns)
    .from(wikiPages)
    .where(and(eq(wikiPages.id, id), eq(wikiPages.organization_id, user.organizationId)))
    .$dynamic();
  if (lock) q = q.for('update');
  const [row] = await q;
  if (!row) throw pageNotFound();
  return row;
}

/** A page by path, or the page an old path redirects to (`redirected` set), or 404. */
export async function pageByPath(db: DbOrTx, user: CurrentUser, path: string): Promise<{ page: Page; redirected: boolean }> {
  const [page] = await db
    .select(pageColumns)
    .from(wikiPages)
    .where(and(eq(wikiPages.organization_id, user.organizationId), eq(wikiPages.path, path)));
  if (page) return { page, redirected: false };
  const [moved] = await db
    .select(pageColumns)
    .from(wikiRedirects)
    .innerJoin(wikiPages, eq(wikiPages.id, wikiRedirects.page_id))
    .where(and(eq(wikiRedirects.organization_id, user.organizationId), eq(wikiRedirects.path, path)));
  if (moved) return { page: moved, redirected: true };
  throw pageNotFound();
}

/** The current path of each page id (of the organization). */
export async function pathsOf(db: DbOrTx, organizationId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: wikiPages.id, path: wikiPages.path })
    .from(wikiPages)
    .where(and(eq(wikiPages.organization_id, organizationId), inArray(wikiPages.id, ids)));
  return new Map(rows.map((r) => [r.id, r.path]));
}

/** A stored body with its page links pointing at the current paths. */
export async function rendered(db: DbOrTx, organizationId: number, body: string): Promise<string> {
  const ids = linkedIds(body);
  return ids.length ? renderBody(body, await pathsOf(db, organizationId, ids)) : body;
}

/** Pages as read: authors' names and links at their current paths. */
export async function presentPages(db: DbOrTx, rows: Page[]): Promise<WikiPage[]> {
  const people = await personRefs(db, rows.flatMap((r) => [r.created_by, r.updated_by]));
  const author = (id: number | null) => {
    const p = refOf(people, id);
    return p ? { id: p.id, name: p.name } : null;
  };
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      organization_id: r.organization_id,
      path: r.path,
      parent_id: r.parent_id,
      title: r.title,
      body: await rendered(db, r.organization_id, r.body),
      version: r.version,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      created_by: author(r.created_by),
      updated_by: author(r.updated_by),
    })),
  );
}

/** The page with its breadcrumbs, children and what the user may do. */
export async function pageView(db: DbOrTx, user: CurrentUser, page: Page, redirectedFrom: string | null = null): Promise<WikiPageView> {
  const ancestors = ancestorPaths(page.path);
  const [[presented], crumbs, children] = await Promise.all([
    presentPages(db, [page]),
    ancestors.length
      ? db
          .select({ id: wikiPages.id, path: wikiPages.path, title: wikiPages.title })
          .from(wikiPages)
          .where(and(eq(wikiPages.organization_id, page.organization_id), inArray(wikiPages.path, ancestors)))
      : Promise.resolve([]),
    db
      .select({ id: wikiPages.id, path: wikiPages.path, title: wikiPages.title, updated_at: wikiPages.updated_at })
      .from(wikiPages)
      .where(eq(wikiPages.parent_id, page.id))
      .orderBy(asc(wikiPages.title), asc(wikiPages.id)),
  ]);
  return {
    page: presented,
    breadcrumbs: crumbs.sort((a, b) => a.path.length - b.path.length),
    children: children.map((c) => ({ ...c, updated_at: c.updated_at.toISOString() })),
    redirected_from: redirectedFrom,
    can_edit: allows(user, 'orgAdmin'),
  };
}

/** The pages (or old paths of moved pages) a raw body links to, by the path it names. */
export async function linkTargets(db: DbOrTx, organizationId: number, raw: string): Promise<Map<string, LinkTarget>> {
  const paths = linkedPaths(raw).slice(0, 500);
  const out = new Map<string, LinkTarget>();
  if (paths.length === 0) return out;
  const [pages, redirects] = await Promise.all([
    db
      .select({ id: wikiPages.id, path: wikiPages.path, title: wikiPages.title })
      .from(wikiPages)
      .where(and(eq(wikiPages.organization_id, organizationId), inArray(wikiPages.path, paths))),
    db
      .select({ id: wikiPages.id, path: wikiRedirects.path, title: wikiPages.title })
      .from(wikiRedirects)
      .innerJoin(wikiPages, eq(wikiPages.id, wikiRedirects.page_id))
      .where(and(eq(wikiRedirects.organization_id, organizationId), inArray(wikiRedirects.path, paths))),
  ]);
  for (const r of redirects) out.set(r.path, { id: r.id, title: r.title });
  for (const p of pages) out.set(p.path, { id: p.id, title: p.title });
  return out;
}

/** A raw body (from the editor) as stored, with its plain text lines. */
export async function prepareBody(db: DbOrTx, organizationId: number, raw: string) {
  const body = storedBody(raw, await linkTargets(db, organizationId, raw));
  return { body, body_text: htmlToLines(body).join('\n') };
}

/** The page's values a save writes (the search document follows the title and text). */
export const contentValues = (title: string, body: string, bodyText: string) => ({
  title,
  body,
  body_text: bodyText,
  search_vector: wikiSearchVector(title, bodyText),
});

/** Appends the version row of a save. */
export async function writeVersion(tx: DbOrTx, user: CurrentUser, page: Page, action: WikiVersionAction, restoredFrom: number | null = null) {
  await tx.insert(wikiPageVersions).values({
    page_id: page.id,
    organization_id: page.organization_id,
    version: page.version,
    action,
    path: page.path,
    title: page.title,
    body: page.body,
    body_text: page.body_text,
    restored_from: restoredFrom,
    user_id: user.id,
  });
}

/** The revision log's row of a save: title, path and version (the body lives in the page's versions). */
export async function auditPage(tx: DbOrTx, user: CurrentUser, action: 'create' | 'update' | 'delete', before: Page | null, after: Page | null) {
  const pick = (p: Page | null) => (p ? { title: p.title, path: p.path, version: p.version } : null);
  await audit(tx, user, { entity: 'wiki_page', entityId: (after ?? before)!.id, organizationId: (after ?? before)!.organization_id, action, before: pick(before), after: pick(after) });
}

/** 409 of a save that started from an older version: names who changed the page, carries the page as it is now. */
export class StaleSave extends HttpError {
  constructor(
    message: string,
    public current: WikiPage,
  ) {
    super(409, message);
  }
}

export async function staleSave(db: DbOrTx, page: Page): Promise<StaleSave> {
  const [current] = await presentPages(db, [page]);
  const who = current.updated_by?.name ?? 'outra pessoa';
  return new StaleSave(`A página foi alterada por ${who} enquanto você editava.`, current);
}

/** The page at `path` and every page below it, shallowest first. */
export async function subtree(tx: DbOrTx, organizationId: number, path: string): Promise<Page[]> {
  const escaped = path.replace(/[\\%_]/g, (c) => `\\${c}`);
  return tx
    .select(pageColumns)
    .from(wikiPages)
    .where(and(eq(wikiPages.organization_id, organizationId), or(eq(wikiPages.path, path), like(wikiPages.path, `${escaped}/%`))))
    .orderBy(sql`length(${wikiPages.path})`, asc(wikiPages.path))
    .for('update');
}

/** The parent of a path: the page one level up, or a 422 on `path` when it does not exist. */
export async function parentOf(db: DbOrTx, organizationId: number, path: string): Promise<{ id: number; path: string } | null> {
  const parentPath = wikiParentPath(path);
  if (!parentPath) return null;
  const [parent] = await db
    .select({ id: wikiPages.id, path: wikiPages.path })
    .from(wikiPages)
    .where(and(eq(wikiPages.organization_id, organizationId), eq(wikiPages.path, parentPath)));
  if (!parent) {
    const message = `A página superior "${parentPath}" não existe. Crie-a antes desta.`;
    throw new HttpError(422, message, [{ propertyPath: 'path', message }]);
  }
  return parent;
}

/** 409 when a page already lives at `path`. */
export async function ensureFree(db: DbOrTx, organizationId: number, path: string) {
  const [taken] = await db
    .select({ id: wikiPages.id })
    .from(wikiPages)
    .where(and(eq(wikiPages.organization_id, organizationId), eq(wikiPages.path, path)));
  if (taken) {
    const message = `Já existe uma página em "${path}".`;
    throw new HttpError(409, message, [{ propertyPath: 'path', message: 'Já está em uso' }]);
  }
}
