/**
 * Client side of the IBGE city import (pure, unit-tested): decode the file, drop blank lines,
 * find the header and the delimiter, and cut the rows into chunks. Every chunk starts with a
 * synthetic header, so the API (which skips a first line that does not start with digits)
 * treats each row of each chunk the same way; rejected line numbers map back to the file.
 */

export type PreparedCsv = {
  /** The file's own header line, if any (not sent). */
  header: string | null;
  delimiter: ';' | ',' | '\t';
  /** Data rows with their line number in the file (1-based). */
  rows: { line: number; text: string }[];
};

export type CsvChunk = { csv: string; lines: number[] };

export const MAX_CSV_CHARS = 4_500_000;
export const CHUNK_ROWS = 1000;

/** UTF-8 first; a file saved by Excel in Windows-1252 (Latin-1) is decoded as such. */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const unquote = (s: string) => s.trim().replace(/^"(.*)"$/, '$1').trim();

export function guessDelimiter(lines: string[]): PreparedCsv['delimiter'] {
  const sample = lines.slice(0, 10).join('\n');
  const counts = { ';': 0, ',': 0, '\t': 0 } as Record<PreparedCsv['delimiter'], number>;
  for (const ch of sample) if (ch in counts) counts[ch as PreparedCsv['delimiter']]++;
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return (n > 0 ? best : ',') as PreparedCsv['delimiter'];
}

export function prepareCsv(text: string): PreparedCsv {
  const all = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const nonBlank = all.map((t, i) => ({ line: i + 1, text: t })).filter((r) => r.text.trim() !== '');
  const delimiter = guessDelimiter(nonBlank.map((r) => r.text));
  let header: string | null = null;
  if (nonBlank.length && !/^\d+$/.test(unquote(nonBlank[0].text.split(delimiter)[0] ?? ''))) {
    header = nonBlank[0].text;
    nonBlank.shift();
  }
  return { header, delimiter, rows: nonBlank };
}

/** Chunks of at most `size` rows, each with a synthetic header in the file's delimiter. */
export function buildChunks(rows: PreparedCsv['rows'], delimiter: PreparedCsv['delimiter'], size = CHUNK_ROWS): CsvChunk[] {
  const head = ['codigo', 'nome', 'uf'].join(delimiter);
  const out: CsvChunk[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const part = rows.slice(i, i + size);
    out.push({ csv: [head, ...part.map((r) => r.text)].join('\n'), lines: part.map((r) => r.line) });
  }
  return out;
}

/** The file line of a line number reported by the API for a chunk (line 1 is the synthetic header). */
export const fileLine = (chunk: CsvChunk, apiLine: number) => chunk.lines[apiLine - 2] ?? apiLine;

/** A rejected row of a chunk with file line numbers (also inside "já na linha N"). */
export function mapRejected<T extends { line: number; reason: string }>(chunk: CsvChunk, r: T): T {
  return {
    ...r,
    line: fileLine(chunk, r.line),
    reason: r.reason.replace(/(linha )(\d+)/g, (_m, word: string, n: string) => `${word}${fileLine(chunk, Number(n))}`),
  };
}
