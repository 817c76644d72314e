/**
 * The wiki's HTML on the server. A body is sanitized by core's `cleanHtml` (scripts, event
 * handlers, `javascript:`/`data:` URLs never survive); links to other pages are kept by page id
 * so they survive moves. Everything after `cleanHtml` reads its output, where every `<` and `>`
 * that is not a tag is escaped (text and attribute values), so a tag is exactly `<[^>]*>`.
 */
import { cleanHtml, escapeHtml } from '../../core/html';

/** Selection markers of search excerpts (private-use characters, removed from every body's text). */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';


/** `[[redes/mikrotik]]` or `[[redes/mikrotik|texto]]` as typed in the editor (a leading slash is tolerated). */
const WIKI_LINK = /\[\[\s*\/?([a-z0-9][a-z0-9/-]*?)\/?\s*(?:\|([^\]<>|]{1,200}))?\]\]/g;
/** An anchor of the sanitized HTML pointing inside the wiki: `href="/wiki/<path>[#fragment]"`. */
const WIKI_HREF = /^\/wiki\/([a-z0-9][a-z0-9/-]*?)\/?(#[^"]*)?$/;
const ANCHOR = /<a\b[^>]*>/g;
const HREF = /\bhref="([^"]*)"/;
const PAGE_ID = /\sdata-wiki-page="(\d+)"/;

/** Every page path a raw body names: `[[…]]` links and `/wiki/…` hrefs (to resolve them in one query). */
export function linkedPaths(raw: string): string[] {
  const out = new Set<string>();
  for (const m of raw.matchAll(WIKI_LINK)) out.add(m[1]);
  for (const m of raw.matchAll(/href\s*=\s*["']?\/wiki\/([a-z0-9][a-z0-9/-]*)/g)) out.add(m[1].replace(/\/+$/, ''));
  return [...out];
}

export type LinkTarget = { id: number; title: string };

/**
 * A body as stored: `[[…]]` become anchors (labelled with the page's title when no text is
 * given), the HTML is sanitized, and each anchor to a known page gets `data-wiki-page="<id>"`.
 */
export function storedBody(raw: string, targets: Map<string, LinkTarget>): string {
  const expanded = raw.replace(WIKI_LINK, (_all, path: string, label?: string) => {
    // A typed label is already HTML text (the editor writes "p&aacute;gina"; it holds no tag):
    // it goes in as it is and the sanitizer below settles its entities. A page's title is plain text.
    const text = label?.trim() || escapeHtml(targets.get(path)?.title || path);
    return `<a href="/wiki/${path}">${text}</a>`;
  });
  return cleanHtml(expanded).replace(ANCHOR, (tag) => {
    const href = HREF.exec(tag)?.[1];
    const path = href ? WIKI_HREF.exec(href)?.[1] : undefined;
    const target = path ? targets.get(path) : undefined;
    return target ? `${tag.slice(0, -1)} data-wiki-page="${target.id}">` : tag;
  });
}

/** The ids of the pages a stored body links to. */
export function linkedIds(body: string): number[] {
  const out = new Set<number>();
  for (const m of body.matchAll(ANCHOR)) {
    const id = PAGE_ID.exec(m[0])?.[1];
    if (id) out.add(Number(id));
  }
  return [...out];
}

/** A stored body as read: each link to a page points at the page's current path (a deleted page keeps the old href). */
export function renderBody(body: string, paths: Map<number, string>): string {
  return body.replace(ANCHOR, (tag) => {
    const id = PAGE_ID.exec(tag)?.[1];
    const path = id ? paths.get(Number(id)) : undefined;
    if (!path) return tag;
    return tag.replace(HREF, (_all, href: string) => `href="/wiki/${path}${WIKI_HREF.exec(href)?.[2] ?? ''}"`);
  });
}

const BLOCK = /^(p|div|li|tr|h[1-6]|pre|blockquote|table|thead|tbody|ul|ol|figure|figcaption|hr|br|dt|dd|dl|caption)$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });

/**
 * A sanitized body as plain text lines: one per paragraph, heading, list item, table row…; an
 * image is a line "[imagem: alt or file name]". Used for search (excerpts) and diffs.
 */
export function htmlToLines(html: string): string[] {
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    const t = current.replace(/[\s\u00a0]+/g, ' ').trim();
    if (t) lines.push(t);
    current = '';
  };
  let last = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>/g)) {
    current += decode(html.slice(last, m.index));
    last = m.index + m[0].length;
    const tag = m[2].toLowerCase();
    if (tag === 'img') {
      flush();
      const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(m[3])?.[1];
      lines.push(`[imagem: ${decode(attr('alt') || (attr('src') ?? '').split('/').pop() || '')}]`);
    } else if (tag === 'td' || tag === 'th') current += ' ';
    else if (BLOCK.test(tag)) flush();
  }
  current += decode(html.slice(last));
  flush();
  return lines.map((l) => l.replace(/[\uE000\uE001]/g, ''));
}

/** A search excerpt from `ts_headline` (run with the markers): escaped, the markers as `<mark>`. */
export const markedExcerpt = (headline: string) => escapeHtml(headline).replace(/\uE000/g, '<mark>').replace(/\uE001/g, '</mark>');
