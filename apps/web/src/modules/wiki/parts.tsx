/** Small pieces of the wiki pages: the rendered body, the search excerpt, breadcrumbs, the author line. */
import { Breadcrumbs, Link, Typography } from '@mui/material';
import type { WikiAuthor, WikiPageRef } from '@operacoes/contract';
import { Fragment, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '../../core/format';
import { RichText } from '../../core/RichText';
import { wikiHref } from './api';

/** `[[redes/mikrotik]]` or `[[redes/mikrotik|texto]]` left as text (written where the server does not link, e.g. a code block). */
const WIKI_LINK = /\[\[([a-z0-9/-]+)(?:\|([^\]]+))?\]\]/g;
const HAS_WIKI_LINK = new RegExp(WIKI_LINK.source);

/** Text nodes still holding `[[caminho]]` become links to the page (the server links them on save; this covers old bodies). */
function linkBrackets(root: HTMLElement) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const hits: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (HAS_WIKI_LINK.test(n.textContent ?? '') && !n.parentElement?.closest('a, code, pre')) hits.push(n as Text);
  for (const text of hits) {
    const frag = document.createDocumentFragment();
    let last = 0;
    const value = text.textContent ?? '';
    for (const m of value.matchAll(WIKI_LINK)) {
      frag.append(value.slice(last, m.index));
      const a = document.createElement('a');
      const path = m[1].replace(/^\/+|\/+$/g, '');
      a.href = wikiHref(path);
      a.textContent = m[2] ?? path;
      frag.append(a);
      last = m.index + m[0].length;
    }
    frag.append(value.slice(last));
    text.replaceWith(frag);
  }
}

/**
 * A page's body: HTML sanitized by the server (scripts, event handlers and `javascript:` links
 * never survive a save). Links inside the wiki open without reloading the app.
 */
export function WikiBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || a.target === '_blank') return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin || !url.pathname.startsWith('/wiki')) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return (
    <RichText
      html={html}
      className="wiki-body"
      data-testid="wiki-body"
      onClick={onClick}
      ref={(el: HTMLElement | null) => {
        if (el) linkBrackets(el);
      }}
      sx={{
        lineHeight: 1.6,
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' },
        '& td, & th': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& pre': { overflowX: 'auto', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 },
        '& code': { fontFamily: 'monospace' },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
      }}
    />
  );
}

/** The text of an escaped HTML fragment (`&lt;b&gt;` → `<b>`), never markup: DOMParser runs nothing. */
const unescape = (s: string) => new DOMParser().parseFromString(`<body>${s}</body>`, 'text/html').body.textContent ?? '';

/** A search excerpt: only the server's `<mark>` becomes markup, everything else is shown as text. */
export function Headline({ html }: { html: string }) {
  const parts = html.split(/(<mark>[\s\S]*?<\/mark>)/g);
  return (
    <Typography variant="body2" color="text.secondary" component="p" sx={{ m: 0, overflowWrap: 'anywhere', '& mark': { bgcolor: 'warning.light', color: 'rgba(0, 0, 0, 0.87)', px: 0.25, borderRadius: 0.5 } }}>
      {parts.map((p, i) => {
        const m = /^<mark>([\s\S]*)<\/mark>$/.exec(p);
        return m ? <mark key={i}>{unescape(m[1])}</mark> : <Fragment key={i}>{unescape(p)}</Fragment>;
      })}
    </Typography>
  );
}

/** "Wiki › Redes › MikroTik": the ancestors as links; `current` (the page itself) as plain text. */
export function WikiBreadcrumbs({ trail, current }: { trail: WikiPageRef[]; current?: string }) {
  return (
    <Breadcrumbs aria-label="Você está em" sx={{ mb: 1, '& ol': { flexWrap: 'wrap' } }} maxItems={6} itemsBeforeCollapse={1} itemsAfterCollapse={3}>
      <Link component={RouterLink} to="/wiki" underline="hover" color="inherit">
        Wiki
      </Link>
      {trail.map((b) => (
        <Link key={b.id} component={RouterLink} to={wikiHref(b.path)} underline="hover" color="inherit">
          {b.title}
        </Link>
      ))}
      {current && <Typography color="text.primary">{current}</Typography>}
    </Breadcrumbs>
  );
}

/** "por Ana Souza em 26/11/2026 10:15" (a removed author: "por usuário removido"). */
export const byWhen = (author: WikiAuthor | null, at: string) => `por ${author?.name ?? 'usuário removido'} em ${formatDateTime(at)}`;
