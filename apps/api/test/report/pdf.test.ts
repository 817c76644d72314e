import { describe, expect, it } from 'vitest';
import type { Cell } from '../../src/core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../../src/modules/report/definition';
import { exportStream } from '../../src/modules/report/exports';
import { pdfColumns } from '../../src/modules/report/pdf';
import { REPORTS } from '../../src/modules/report/reports';
import { pdfLayoutText, tokens } from './definition-helpers';

/** A 40-character value with a first word of its own, so each row's value can be found. */
const LONG = (j: number) => `Linha${String.fromCharCode(65 + j)} Condomínio Residencial Parque das Águas`.slice(0, 40);

/**
 * Demo-like rows for a report's columns: codes, dates, quantities and money as the app writes them,
 * and in row j the j-th text column holds a 40-character value (each text column wraps once).
 */
function rowsFor(def: ReportDefinition): Cell[][] {
  const texts = def.columns.map((c, i) => (c.type === 'text' ? i : -1)).filter((i) => i >= 0);
  return texts.map((longAt, j) =>
    def.columns.map((c, i): Cell => {
      if (i === longAt) return LONG(j);
      if (c.type === 'text') return 'PAT-000123';
      if (c.type === 'date') return '2026-11-26';
      if (c.type === 'datetime') return new Date('2026-11-26T17:30:00Z');
      if (c.type === 'money') return 1234.56;
      if (c.type === 'percent') return 99.653;
      return 1234;
    }),
  );
}

/** The report's PDF through the export path, with these rows instead of the database's. */
async function pdfOf(def: ReportDefinition, rows: Cell[][]): Promise<Buffer> {
  const withRows: ReportDefinition = {
    ...def,
    async *batches() {
      yield rows;
    },
  };
  const chunks: Buffer[] = [];
  for await (const chunk of exportStream(withRows, {} as ReportScope, {}, 'pdf', rows.length)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const count = (xs: string[]) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
};

/** Words of `phrase` appear whole, in order, among `list` from `from` on; the index after the last. */
function expectInOrder(list: string[], phrase: string, from = 0): number {
  let at = from;
  for (const word of phrase.split(/\s+/).filter(Boolean)) {
    const i = list.indexOf(word, at);
    expect(i, `"${word}" of "${phrase}" in ${JSON.stringify(list.slice(from, from + 80))}`).toBeGreaterThanOrEqual(0);
    at = i + 1;
  }
  return at;
}

/**
 * Every report's PDF, read back by another program (poppler's pdftotext, as it would be printed):
 * every header and every value whole — a wrapped one word by word in order — and nothing cut with
 * "…". The words of the header row and of the rows are exactly the words of the headers and values.
 */
describe('report PDFs keep every header and value whole', () => {
  it.each(REPORTS.map((def) => [def.name, def] as const))('%s', async (_name, def) => {
    const rows = rowsFor(def);
    const cols = pdfColumns(def.columns, def.printMerges);
    // Paper may merge columns, never lose one: each column is printed alone or in one merge.
    const merged = (def.printMerges ?? []).flatMap((m) => m.keys);
    expect(new Set(merged).size).toBe(merged.length);
    expect(cols).toHaveLength(def.columns.length - merged.length + (def.printMerges?.length ?? 0));
    const text = pdfLayoutText(await pdfOf(def, rows));
    expect(text).not.toContain('…');
    const all = text.split('\n');
    const lines = all.filter((l) => !/· página \d+\s*$/.test(l));
    const pages = all.length - lines.length;
    const filters = lines.findIndex((l) => l.trim().startsWith('Filtros:'));
    const firstRow = lines.findIndex((l) => tokens(l).includes('LinhaA'));
    expect(filters).toBeGreaterThan(0);
    expect(firstRow).toBeGreaterThan(filters);

    // The header row: exactly the headers' words, each header's in order.
    const header = tokens(lines.slice(filters + 1, firstRow).join('\n'));
    expect(count(header)).toEqual(count(cols.flatMap((c) => tokens(c.label))));
    for (const c of cols) expectInOrder(header, c.label);

    // The rows (and the header again on each further page): exactly their values' words; each
    // 40-character value whole and in order, row after row.
    const body = tokens(lines.slice(firstRow).join('\n'));
    const texts = rows.map((cells) => cols.map((c) => c.text(cells)));
    const repeated = Array.from({ length: pages - 1 }, () => cols.flatMap((c) => tokens(c.label))).flat();
    expect(count(body)).toEqual(count([...texts.flatMap((r) => r.flatMap(tokens)), ...repeated]));
    let at = 0;
    rows.forEach((_, j) => {
      expect(LONG(j)).toHaveLength(40);
      at = expectInOrder(body, LONG(j), at);
    });
    // Codes, dates and money as people read them (a date with its time, on one line).
    expect(body).toContain('PAT-000123');
    if (def.columns.some((c) => c.type === 'datetime')) expect(text).toContain('26/11/2026, 14:30');
    if (def.columns.some((c) => c.type === 'money')) expect(text).toContain('R$ 1.234,56');
  });

  it('prints the movements report on landscape pages, and a narrow report on portrait ones', async () => {
    const size = async (name: string, rows: (def: ReportDefinition) => Cell[][]) => {
      const def = REPORTS.find((r) => r.name === name)!;
      const pdf = (await pdfOf(def, rows(def))).toString('latin1');
      const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf)!;
      return Number(box[1]) > Number(box[2]) ? 'landscape' : 'portrait';
    };
    expect(await size('movements', rowsFor)).toBe('landscape');
    // Nine columns of short values fit the width of a portrait page; long values ask for landscape.
    expect(await size('inventory', (def) => rowsFor(def).slice(0, 1).map((r) => r.map((v) => (typeof v === 'string' && v.startsWith('Linha') ? 'Almox' : v))))).toBe('portrait');
    expect(await size('inventory', rowsFor)).toBe('landscape');
  });
});
