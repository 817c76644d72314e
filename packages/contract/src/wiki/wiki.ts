import { z } from 'zod';
import { foldText, listOf } from '../kit/common';

/** A page's address has 1 to 4 segments (the web's `/wiki/:module1?/…/:module4?`). */
export const WIKI_MAX_DEPTH = 4;
export const WIKI_SEGMENT_MAX = 60;
/** First segments the web routes use for themselves (`/wiki/search`): no page may live there. */
export const WIKI_RESERVED_ROOTS = ['search'] as const;
/** Uploads into a page: images are inserted as `<img>`, PDFs as a link. */
export const WIKI_UPLOAD_KINDS = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export const WIKI_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The segments of a path written with or without the surrounding slashes (`/redes/mikrotik/` → ['redes', 'mikrotik']). */
export const wikiSegments = (path: string) => path.trim().replace(/^\/+|\/+$/g, '').split('/');

/** A slug from a title ("Configuração de VLANs" → "configuracao-de-vlans"), for the web to suggest. */
export const wikiSlug = (title: string) =>
  foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, WIKI_SEGMENT_MAX)
    .replace(/-+$/, '');

/** The parent path of a path (`a/b/c` → `a/b`), null for a root page. */
export const wikiParentPath = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null);

/** Validation message of a path, or null when it is valid. */
export function wikiPathProblem(path: string): string | null {
  const segments = wikiSegments(path);
  if (segments.length === 1 && segments[0] === '') return 'Informe o endereço da página';
  if (segments.length > WIKI_MAX_DEPTH) return `O endereço tem no máximo ${WIKI_MAX_DEPTH} níveis (ex.: redes/mikrotik/vlan)`;
  if (segments.some((s) => !SEGMENT.test(s) || s.length > WIKI_SEGMENT_MAX))
    return `Cada parte do endereço usa só letras minúsculas sem acento, números e hífens, até ${WIKI_SEGMENT_MAX} caracteres (ex.: redes/mikrotik)`;
  if ((WIKI_RESERVED_ROOTS as readonly string[]).includes(segments[0])) return `"${segments[0]}" é reservado pelo sistema; escolha outro endereço`;
  return null;
}

/** A page path: 1–4 lower-case slug segments, surrounding slashes dropped (`/redes/mikrotik/` → `redes/mikrotik`). */
export const wikiPath = z
  .string()
  .max(WIKI_MAX_DEPTH * (WIKI_SEGMENT_MAX + 1))
  .transform((v) => wikiSegments(v).join('/'))
  .superRefine((v, ctx) => {
    const problem = wikiPathProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const wikiTitle = z.string().trim().min(1, 'Informe o título').max(200, 'O título tem no máximo 200 caracteres');
/** Rich text (TinyMCE). The server sanitizes it and turns `[[caminho]]` / `[[caminho|texto]]` into links. */
export const wikiBody = z.string().max(500_000, 'O conteúdo é grande demais (máximo de 500.000 caracteres)');

/** Who wrote a version (null: a user since removed, or the system). */
export const wikiAuthor = z.object({ id: z.number(), name: z.string() });
export type WikiAuthor = z.infer<typeof wikiAuthor>;

// ---------------------------------------------------------------- requests

/** `POST /api/wiki/page`: the parent (`a` for `a/b`) must exist. */
export const wikiPageCreate = z.object({ path: wikiPath, title: wikiTitle, body: wikiBody.default('') });
export type WikiPageCreate = z.input<typeof wikiPageCreate>;

/** `PUT /api/wiki/page/{id}`: `base_version` is the version the editor started from (stale → 409). */
export const wikiPageUpdate = z.object({
  title: wikiTitle,
  body: wikiBody,
  base_version: z.number().int().min(1),
});
export type WikiPageUpdate = z.input<typeof wikiPageUpdate>;

/** `POST /api/wiki/page/{id}/move`: the new path; its parent must exist; children move along. */
export const wikiPageMove = z.object({ path: wikiPath, base_version: z.number().int().min(1).optional() });
export type WikiPageMove = z.input<typeof wikiPageMove>;

/** `POST /api/wiki/page/{id}/restore`: the version whose title and body become a new version (the path stays). */
export const wikiPageRestore = z.object({ version: z.number().int().min(1), base_version: z.number().int().min(1).optional() });
export type WikiPageRestore = z.input<typeof wikiPageRestore>;

export const wikiPathQuery = z.object({ path: wikiPath });
export const wikiVersionParams = z.object({ id: z.coerce.number().int().positive(), version: z.coerce.number().int().min(1) });
export const wikiVersionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const wikiDiffQuery = z.object({ from: z.coerce.number().int().min(1), to: z.coerce.number().int().min(1) });
export const wikiSearchQuery = z.object({
  q: z.string().trim().min(1, 'Informe o que procurar').max(200, 'A pesquisa tem no máximo 200 caracteres'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type WikiSearchQuery = z.input<typeof wikiSearchQuery>;

// ---------------------------------------------------------------- answers

/** A page as read. `body` links to other pages carry their *current* path (`data-wiki-page` holds the page id). */
export const wikiPage = z.object({
  id: z.number(),
  organization_id: z.number(),
  path: z.string(),
  parent_id: z.number().nullable(),
  title: z.string(),
  body: z.string(),
  /** The current version number: send it back as `base_version`. */
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: wikiAuthor.nullable(),
  updated_by: wikiAuthor.nullable(),
});
export type WikiPage = z.infer<typeof wikiPage>;

export const wikiPageRef = z.object({ id: z.number(), path: z.string(), title: z.string() });
export type WikiPageRef = z.infer<typeof wikiPageRef>;

/**
 * `GET /api/wiki/page?path=` and `GET /api/wiki/page/{id}`. `breadcrumbs`: the ancestors, root
 * first (not the page itself); `children`: by title. `redirected_from`: the path asked for when
 * it was an old address of a moved page (the web replaces its URL with `/wiki/${page.path}`).
 * `can_edit`: the user may write (super admin or ORG).
 */
export const wikiPageView = z.object({
  page: wikiPage,
  breadcrumbs: z.array(wikiPageRef),
  children: z.array(wikiPageRef.extend({ updated_at: z.string() })),
  redirected_from: z.string().nullable(),
  can_edit: z.boolean(),
});
export type WikiPageView = z.infer<typeof wikiPageView>;

/** `GET /api/wiki/tree`: every page of the organization, ordered by path (a parent before its children). */
export const wikiTreeItem = z.object({ id: z.number(), path: z.string(), title: z.string(), parent_id: z.number().nullable() });
export type WikiTreeItem = z.infer<typeof wikiTreeItem>;
export const wikiTree = z.object({ items: z.array(wikiTreeItem) });
export type WikiTree = z.infer<typeof wikiTree>;

export const WIKI_VERSION_ACTION_LABELS = { create: 'Criação', update: 'Edição', move: 'Mudança de endereço', restore: 'Restauração' } as const;
export const WIKI_VERSION_ACTIONS = ['create', 'update', 'move', 'restore'] as const;
export type WikiVersionAction = (typeof WIKI_VERSION_ACTIONS)[number];

/** One saved version (the list has no body). `restored_from`: the version a restore copied. */
export const wikiVersionItem = z.object({
  version: z.number(),
  action: z.enum(WIKI_VERSION_ACTIONS),
  title: z.string(),
  path: z.string(),
  author: wikiAuthor.nullable(),
  created_at: z.string(),
  restored_from: z.number().nullable(),
});
export type WikiVersionItem = z.infer<typeof wikiVersionItem>;
/** `GET /api/wiki/page/{id}/versions`: newest first. */
export const wikiVersionList = listOf(wikiVersionItem);
export type WikiVersionList = z.infer<typeof wikiVersionList>;
/** `GET /api/wiki/page/{id}/versions/{version}`: with its body (links rendered to current paths). */
export const wikiVersion = wikiVersionItem.extend({ page_id: z.number(), body: z.string() });
export type WikiVersion = z.infer<typeof wikiVersion>;

/** A piece of a diff line: kept, or only on its side (removed on the left, added on the right). */
export const wikiDiffPiece = z.object({ text: z.string(), changed: z.boolean() });
/** One row of the side-by-side view; a null side is an empty cell (the line exists on one side only). */
export const wikiDiffRow = z.object({
  kind: z.enum(['same', 'changed', 'removed', 'added']),
  left: z.array(wikiDiffPiece).nullable(),
  right: z.array(wikiDiffPiece).nullable(),
});
export type WikiDiffRow = z.infer<typeof wikiDiffRow>;
/**
 * `GET /api/wiki/page/{id}/diff?from=&to=`: the bodies read as text lines (one per paragraph,
 * heading, list item, table row; an image is a line "[imagem: …]"), aligned line by line, a
 * changed line compared word by word. `title` is the same comparison for the titles.
 */
export const wikiDiff = z.object({
  from: wikiVersionItem,
  to: wikiVersionItem,
  title: wikiDiffRow,
  rows: z.array(wikiDiffRow),
  added: z.number(),
  removed: z.number(),
});
export type WikiDiff = z.infer<typeof wikiDiff>;

/**
 * A search hit. `headline`: an excerpt of the body (or the title when the body has no match)
 * as safe HTML: the matched words in `<mark>…</mark>`, everything else escaped.
 */
export const wikiSearchHit = z.object({
  id: z.number(),
  path: z.string(),
  title: z.string(),
  headline: z.string(),
  rank: z.number(),
  breadcrumbs: z.array(wikiPageRef),
  updated_at: z.string(),
});
export type WikiSearchHit = z.infer<typeof wikiSearchHit>;
/** `GET /api/wiki/search?q=&page=&pageSize=`: best first. */
export const wikiSearchResult = listOf(wikiSearchHit);
export type WikiSearchResult = z.infer<typeof wikiSearchResult>;

/** `POST /api/wiki/upload` (multipart, field `file`): the URL the editor inserts. */
export const wikiUpload = z.object({
  url: z.string(),
  name: z.string(),
  kind: z.enum(['image', 'file']),
  mime: z.string(),
  size: z.number(),
});
export type WikiUpload = z.infer<typeof wikiUpload>;

/**
 * The 409 of a stale save (`PUT /api/wiki/page/{id}` with an old `base_version`, also a move or
 * restore with one): the message names who changed the page; `current` is the page as it is now,
 * so the web can show both texts and let the user merge, then save again with `current.version`.
 */
export const wikiStaleConflict = z.object({
  code: z.literal(409),
  message: z.string(),
  current: wikiPage,
});
export type WikiStaleConflict = z.infer<typeof wikiStaleConflict>;
