import sanitizeHtml from 'sanitize-html';

/** Text as HTML text or attribute value (e-mails, the wiki's links and search excerpts). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Rich-text fields (TinyMCE) are sanitized on the server before they are stored. Links may only
 * be web, e-mail, phone or relative addresses (no `data:`, `javascript:` or `//host`); images only
 * https, relative or uploaded (`/uploads/...`) files.
 */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'u', 's', 'del', 'figure', 'figcaption'],
    allowedAttributes: {
      ...sanitizeHtml.defaults.allowedAttributes,
      '*': ['style', 'class'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      a: ['href', 'name', 'target', 'rel'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'poster', 'background'],
    allowProtocolRelative: false,
    // A link opening a new tab gets no handle on this window.
    transformTags: { a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }) },
    allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/], color: [/^#[0-9a-f]{3,6}$/i], 'background-color': [/^#[0-9a-f]{3,6}$/i] } },
  });
}
