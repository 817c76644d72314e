/**
 * Wiki. Pages of an organization addressed by a path of 1–4 slug segments. Reading
 * needs a login; writing needs super admin or ORG. Every user (super admins included) works in
 * their own organization's wiki: another organization's page is 404 and never listed or found.
 *
 * Endpoints (all under /api; answers are the schemas of ./wiki.ts):
 * - GET    /wiki/tree                          → wikiTree (every page: id, path, title, parent_id)
 * - GET    /wiki/page?path=redes/mikrotik      → wikiPageView (page, breadcrumbs, children, can_edit);
 *                                                an old path of a moved page answers the page at its
 *                                                new path with `redirected_from` set; unknown → 404
 * - GET    /wiki/page/{id}                     → wikiPageView
 * - POST   /wiki/page            wikiPageCreate → 201 wikiPageView; parent missing → 422 on `path`;
 *                                                path taken → 409 with a violation on `path`
 * - PUT    /wiki/page/{id}       wikiPageUpdate → wikiPageView; stale `base_version` → 409 wikiStaleConflict
 *                                                ("A página foi alterada por <nome> enquanto você editava.")
 * - POST   /wiki/page/{id}/move  wikiPageMove   → wikiPageView; children move along; old paths redirect;
 *                                                under itself / too deep → 422; target taken → 409
 * - POST   /wiki/page/{id}/restore wikiPageRestore → wikiPageView (a new version with that title and body)
 * - DELETE /wiki/page/{id}                     → 204; a page with children → 409
 * - GET    /wiki/page/{id}/versions?page=&pageSize= → wikiVersionList (newest first)
 * - GET    /wiki/page/{id}/versions/{version}  → wikiVersion
 * - GET    /wiki/page/{id}/diff?from=&to=      → wikiDiff (side-by-side rows)
 * - GET    /wiki/search?q=&page=&pageSize=     → wikiSearchResult (Portuguese full text, accents ignored,
 *                                                stemmed, ranked with the title first, <mark> excerpts)
 * - POST   /wiki/upload (multipart `file`)     → 201 wikiUpload (png, jpeg, webp or pdf up to 5 MB;
 *                                                413/415 with a pt-BR message otherwise)
 *
 * Links: `[[redes/mikrotik]]` or `[[redes/mikrotik|texto]]` in a body, and `<a href="/wiki/redes/mikrotik">`,
 * are stored by page id and always read with the page's current path (they survive a move). A link
 * to a page that does not exist yet keeps its path (`[[x]]` is labelled "x") and works once the page
 * is created there; if that page is moved later, its old path redirects.
 */
export * from './module';
export * from './wiki';
