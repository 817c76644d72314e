import { diffArrays, diffWordsWithSpace } from 'diff';
import type { WikiDiffRow } from '@operacoes/contract';

type Piece = WikiDiffRow['left'] & object;

/** A changed line facing its new form, word by word: each side keeps its own words, the others flagged. */
function wordRow(before: string, after: string): WikiDiffRow {
  const left: Piece = [];
  const right: Piece = [];
  for (const part of diffWordsWithSpace(before, after)) {
    if (!part.added) left.push({ text: part.value, changed: Boolean(part.removed) });
    if (!part.removed) right.push({ text: part.value, changed: Boolean(part.added) });
  }
  return { kind: 'changed', left: merge(left), right: merge(right) };
}

/** Neighbouring pieces of the same kind joined, so the web renders fewer spans. */
function merge(pieces: Piece): Piece {
  const out: Piece = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last && last.changed === p.changed) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/**
 * The side-by-side rows of two texts given as lines: lines aligned by their longest common
 * subsequence; a run of removed lines facing a run of added ones is paired line by line and each
 * pair compared word by word; the rest are one-sided rows.
 */
export function sideBySide(before: string[], after: string[]): { rows: WikiDiffRow[]; added: number; removed: number } {
  const rows: WikiDiffRow[] = [];
  let added = 0;
  let removed = 0;
  const chunks = diffArrays(before, after);
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    if (!chunk.added && !chunk.removed) {
      for (const line of chunk.value) rows.push({ kind: 'same', left: [{ text: line, changed: false }], right: [{ text: line, changed: false }] });
      continue;
    }
    if (chunk.removed && chunks[i + 1]?.added) {
      const gone = chunk.value;
      const come = chunks[++i].value;
      const paired = Math.min(gone.length, come.length);
      for (let k = 0; k < paired; k++) rows.push(wordRow(gone[k], come[k]));
      for (const line of gone.slice(paired)) rows.push({ kind: 'removed', left: [{ text: line, changed: true }], right: null });
      for (const line of come.slice(paired)) rows.push({ kind: 'added', left: null, right: [{ text: line, changed: true }] });
      removed += gone.length;
      added += come.length;
      continue;
    }
    for (const line of chunk.value) {
      if (chunk.added) rows.push({ kind: 'added', left: null, right: [{ text: line, changed: true }] });
      else rows.push({ kind: 'removed', left: [{ text: line, changed: true }], right: null });
    }
    if (chunk.added) added += chunk.value.length;
    else removed += chunk.value.length;
  }
  return { rows, added, removed };
}

/** One row comparing two one-line texts (the titles). */
export function lineRow(before: string, after: string): WikiDiffRow {
  return before === after ? { kind: 'same', left: [{ text: before, changed: false }], right: [{ text: after, changed: false }] } : wordRow(before, after);
}
