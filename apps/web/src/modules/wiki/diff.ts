/**
 * Side-by-side diff of two wiki versions (pure, unit-tested). The versions are HTML: each is
 * read as text lines (one per block: paragraph, heading, list item, table row…), the lines are
 * aligned by their longest common subsequence, and a removed line facing an added one is
 * compared word by word, so a changed word shows instead of a whole changed paragraph.
 */

/** A piece of a line: kept, or only on its side (removed on the left, added on the right). */
export type Piece = { text: string; changed: boolean };
/** One row of the side-by-side view; a null side is an empty cell (the line exists on one side only). */
export type DiffRow = { left: Piece[] | null; right: Piece[] | null; kind: 'same' | 'changed' | 'removed' | 'added' };

const BLOCKS = new Set(['P', 'DIV', 'LI', 'TR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'PRE', 'BLOCKQUOTE', 'TABLE', 'UL', 'OL', 'FIGURE', 'HR']);

/** The text lines of an HTML body (images count as a line naming them, so an added image shows). */
export function htmlToLines(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    const t = current.replace(/\s+/g, ' ').trim();
    if (t) lines.push(t);
    current = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      current += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node as Element;
    if (el.tagName === 'BR') return flush();
    if (el.tagName === 'IMG') {
      flush();
      lines.push(`[imagem: ${el.getAttribute('alt') || (el.getAttribute('src') ?? '').split('/').pop() || ''}]`);
      return;
    }
    if (el.tagName === 'TD' || el.tagName === 'TH') current += ' ';
    const block = BLOCKS.has(el.tagName);
    if (block) flush();
    el.childNodes.forEach(walk);
    if (block) flush();
  };
  doc.body.childNodes.forEach(walk);
  flush();
  return lines;
}

/** Longest-common-subsequence alignment of two token lists: 'same' pairs and one-sided tokens, in order. */
function align<T>(a: T[], b: T[]): Array<{ op: 'same' | 'del' | 'add'; a?: T; b?: T }> {
  const n = a.length;
  const m = b.length;
  // Quadratic table; wiki pages are a few hundred lines, words per line a few hundred.
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: Array<{ op: 'same' | 'del' | 'add'; a?: T; b?: T }> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', a: a[i++], b: b[j++] });
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ op: 'del', a: a[i++] });
    else out.push({ op: 'add', b: b[j++] });
  }
  while (i < n) out.push({ op: 'del', a: a[i++] });
  while (j < m) out.push({ op: 'add', b: b[j++] });
  return out;
}

/** Word-level pieces of a changed line pair (spaces kept with the words, so the text reads as written). */
export function diffWords(before: string, after: string): { left: Piece[]; right: Piece[] } {
  const split = (s: string) => s.match(/\s+|[^\s]+/g) ?? [];
  const left: Piece[] = [];
  const right: Piece[] = [];
  const push = (list: Piece[], text: string, changed: boolean) => {
    const last = list[list.length - 1];
    if (last && last.changed === changed) last.text += text;
    else list.push({ text, changed });
  };
  for (const step of align(split(before), split(after))) {
    if (step.op === 'same') {
      push(left, step.a!, false);
      push(right, step.b!, false);
    } else if (step.op === 'del') push(left, step.a!, true);
    else push(right, step.b!, true);
  }
  return { left, right };
}

/** The side-by-side rows of two versions' line lists. */
export function diffLines(before: string[], after: string[]): DiffRow[] {
  const rows: DiffRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  // A run of removed lines followed by a run of added ones faces line by line (an edit), the rest stands alone.
  const flush = () => {
    const pairs = Math.min(removed.length, added.length);
    for (let k = 0; k < pairs; k++) {
      const w = diffWords(removed[k], added[k]);
      rows.push({ left: w.left, right: w.right, kind: 'changed' });
    }
    for (const line of removed.slice(pairs)) rows.push({ left: [{ text: line, changed: true }], right: null, kind: 'removed' });
    for (const line of added.slice(pairs)) rows.push({ left: null, right: [{ text: line, changed: true }], kind: 'added' });
    removed = [];
    added = [];
  };
  for (const step of align(before, after)) {
    if (step.op === 'same') {
      flush();
      rows.push({ left: [{ text: step.a!, changed: false }], right: [{ text: step.b!, changed: false }], kind: 'same' });
    } else if (step.op === 'del') removed.push(step.a!);
    else added.push(step.b!);
  }
  flush();
  return rows;
}

/** The side-by-side diff of two HTML bodies. */
export const diffHtml = (before: string, after: string) => diffLines(htmlToLines(before), htmlToLines(after));
