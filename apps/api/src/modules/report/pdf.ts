import PDFDocument from 'pdfkit';
import { REPORT_PDF_MAX_ROWS, type ReportColumn, percentText } from '@operacoes/contract';
import { brDate, brDateTime } from '../../core/pdf';
import type { Cell } from '../../core/spreadsheet';
import { brl } from '../../core/money';
import type { PrintMerge } from './definition';

/**
 * A report as a PDF: the title, the filters and when it was generated, then a table whose header
 * repeats on every page. Nothing is cut: headers and values wrap onto more lines, and the columns
 * are sized from the header's words and the first batch's values (each column at least as wide as
 * its longest word, the room left given to the columns with the longest texts). Portrait when the
 * table fits it, else landscape; a very wide table gets a smaller font. Rows are drawn as their
 * batches arrive. A PDF is for reading, so it stops at `REPORT_PDF_MAX_ROWS` and says so.
 */

const MARGIN = 28;
/** Room inside a cell, left/right and top/bottom. */
const PAD_X = 2.5;
const PAD_Y = 2.5;
/** The font sizes tried, largest first, until the columns' longest words fit the page. */
const FONT_SIZES = [7.5, 7, 6.5, 6, 5.5];
/** A column never asks for more than this (points) for its texts: longer ones wrap. */
const MAX_NATURAL = 170;
const A4: [number, number] = [595.28, 841.89];

const int = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

export function pdfText(v: Cell, type: ReportColumn['type']): string {
  if (v === null || v === undefined || v === '') return '';
  if (v instanceof Date) return type === 'date' ? brDate(v) : brDateTime(v);
  if (typeof v === 'number') return type === 'money' ? brl(v) : type === 'percent' ? percentText(v) : int.format(v);
  if ((type === 'date' || type === 'datetime') && /^\d{4}-\d{2}-\d{2}$/.test(v)) return `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;
  return v;
}

/**
 * A column as printed: its header, how it aligns, its text from a row's cells, and whether that
 * text stays on one line (a date with its time, an amount with its "R$": only texts wrap).
 */
export type PdfColumn = { label: string; align: 'left' | 'right'; whole: boolean; text: (cells: Cell[]) => string };

/**
 * The printed columns: the report's own in order, each merge in place of its first column (so no
 * column is lost on paper). A merged cell joins the texts its columns have, so an empty part leaves
 * no dangling separator.
 */
export function pdfColumns(columns: ReportColumn[], merges: PrintMerge[] = []): PdfColumn[] {
  for (const m of merges) for (const key of m.keys) if (!columns.some((c) => c.key === key)) throw new Error(`print merge "${m.label}": no column "${key}"`);
  const chosen: PrintMerge[] = [];
  for (const c of columns) {
    const merge = merges.find((m) => m.keys.includes(c.key));
    if (!merge) chosen.push({ label: c.label, keys: [c.key] });
    else if (merge.keys[0] === c.key) chosen.push(merge);
  }
  return chosen.map((p) => {
    const parts = p.keys.map((key) => {
      const i = columns.findIndex((c) => c.key === key);
      return { i, type: columns[i].type };
    });
    const numeric = parts.length === 1 && parts[0].type !== 'text';
    return {
      label: p.label,
      align: numeric ? 'right' : 'left',
      whole: parts.every((part) => part.type !== 'text'),
      text: (cells) =>
        parts
          .map((part) => pdfText(cells[part.i], part.type))
          .filter(Boolean)
          .join(p.join ?? ' / '),
    };
  });
}

export type PdfReport = { title: string; filters: string[]; columns: ReportColumn[]; printMerges?: PrintMerge[]; total: number };

type Layout = { size: number; landscape: boolean; widths: number[] };

/**
 * Column widths for the header and a sample of rows: each column gets at least its longest word
 * (so no word is broken), then what is left goes to the columns whose texts are longer than that,
 * in proportion, up to their whole text; a page with room to spare spreads it over every column.
 */
function layoutOf(doc: PDFKit.PDFDocument, cols: PdfColumn[], sample: string[][]): Layout {
  const words = (s: string) => s.split(/\s+/).filter(Boolean);
  const measure = (size: number) =>
    cols.map((c, i) => {
      doc.font('Helvetica-Bold').fontSize(size);
      let min = Math.max(0, ...words(c.label).map((w) => doc.widthOfString(w)));
      let natural = doc.widthOfString(c.label);
      doc.font('Helvetica').fontSize(size);
      for (const row of sample) {
        const text = row[i];
        if (!text) continue;
        const width = doc.widthOfString(text);
        min = Math.max(min, c.whole ? width : Math.max(...words(text).map((w) => doc.widthOfString(w))));
        natural = Math.max(natural, width);
      }
      min += PAD_X * 2 + 0.5;
      return { min, natural: Math.max(min, Math.min(natural + PAD_X * 2 + 0.5, MAX_NATURAL)) };
    });
  const portrait = A4[0] - MARGIN * 2;
  const landscape = A4[1] - MARGIN * 2;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  let size = FONT_SIZES[0];
  let m = measure(size);
  for (const s of FONT_SIZES.slice(1)) {
    if (sum(m.map((x) => x.min)) <= landscape) break;
    size = s;
    m = measure(size);
  }
  const isLandscape = sum(m.map((x) => x.natural)) > portrait;
  const room = isLandscape ? landscape : portrait;
  const mins = sum(m.map((x) => x.min));
  const naturals = sum(m.map((x) => x.natural));
  let widths: number[];
  if (naturals <= room) {
    widths = m.map((x) => x.natural + ((room - naturals) * x.natural) / naturals);
  } else if (mins <= room) {
    const wish = naturals - mins;
    widths = m.map((x) => x.min + ((room - mins) * (x.natural - x.min)) / wish);
  } else {
    // Even the smallest font does not fit every word: shrink the columns alike (pdfkit then
    // breaks the longest words across lines; nothing is dropped).
    widths = m.map((x) => (x.min * room) / mins);
  }
  return { size, landscape: isLandscape, widths };
}

/** The document (a readable stream of its bytes) and the drawing, which resolves once every row is drawn and the document ended. */
export function reportPdf(r: PdfReport, batches: AsyncIterable<Cell[][]>, onRows?: (n: number) => void): { doc: PDFKit.PDFDocument; done: Promise<void> } {
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false, margin: MARGIN, info: { Title: r.title, Creator: 'Operações' } });
  const cols = pdfColumns(r.columns, r.printMerges);
  const shown = Math.min(r.total, REPORT_PDF_MAX_ROWS);
  let layout: Layout;
  let page = 0;

  // Reports repeat their values (a stock, a type, a person): each text is measured once per width.
  const heights = new Map<string, number>();
  const heightOf = (text: string, width: number, bold: boolean) => {
    const key = `${bold ? 'b' : 'r'}${width}\u0000${text}`;
    let h = heights.get(key);
    if (h === undefined) {
      h = doc.widthOfString(text) <= width ? doc.currentLineHeight(true) : doc.heightOfString(text, { width });
      if (heights.size > 20_000) heights.clear();
      heights.set(key, h);
    }
    return h;
  };
  const tableWidth = () => layout.widths.reduce((a, b) => a + b, 0);

  /** A row of texts: its height (the tallest cell), then drawn at the current y. */
  const rowHeight = (texts: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(layout.size);
    return Math.max(...texts.map((t, i) => (t ? heightOf(t, layout.widths[i] - PAD_X * 2, bold) : 0)), doc.currentLineHeight(true)) + PAD_Y * 2;
  };
  const drawRow = (texts: string[], bold: boolean, height: number, fill: string | null) => {
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, tableWidth(), height).fill(fill);
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(layout.size).fillColor('#000000');
    let x = MARGIN;
    texts.forEach((t, i) => {
      if (t) doc.text(t, x + PAD_X, y + PAD_Y, { width: layout.widths[i] - PAD_X * 2, align: cols[i].align, lineGap: 0 });
      x += layout.widths[i];
    });
    doc.y = y + height;
  };

  const newPage = () => {
    doc.addPage({ size: 'A4', layout: layout.landscape ? 'landscape' : 'portrait', margin: MARGIN });
    page += 1;
    const width = doc.page.width - MARGIN * 2;
    // The footer sits in the bottom margin: without the margin pdfkit would start a new page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#666666').text(`${r.title} · página ${page}`, MARGIN, doc.page.height - MARGIN + 8, { width, align: 'right', height: 10 });
    doc.page.margins.bottom = bottom;
    doc.y = MARGIN;
    if (page === 1) {
      doc.font('Helvetica-Bold').fontSize(15).fillColor('#000000').text(r.title, MARGIN, MARGIN, { width });
      doc.font('Helvetica').fontSize(8.5).fillColor('#333333');
      doc.text(`Gerado em ${brDateTime(new Date())} · ${r.total.toLocaleString('pt-BR')} ${r.total === 1 ? 'linha' : 'linhas'}`, { width });
      doc.text(r.filters.length ? `Filtros: ${r.filters.join(' · ')}` : 'Filtros: nenhum', { width });
      if (r.total > shown) {
        doc.font('Helvetica-Bold').fillColor('#a15c00').text(`Este PDF mostra as primeiras ${shown.toLocaleString('pt-BR')} linhas de ${r.total.toLocaleString('pt-BR')}. Para todas, exporte em CSV ou XLSX.`, { width });
      }
      doc.moveDown(0.5);
    }
    const labels = cols.map((c) => c.label);
    drawRow(labels, true, rowHeight(labels, true), '#e8eef5');
  };

  let onPage = 0;
  const line = (texts: string[], n: number) => {
    const height = rowHeight(texts, false);
    // A row taller than a whole page is drawn under the header anyway (pdfkit continues its text).
    if (doc.y + height > doc.page.height - MARGIN && onPage > 0) {
      newPage();
      onPage = 0;
    }
    drawRow(texts, false, height, n % 2 === 1 ? '#f6f6f6' : null);
    onPage++;
  };

  const done = (async () => {
    const iterator = batches[Symbol.asyncIterator]();
    let n = 0;
    let first = true;
    for (;;) {
      const next = await iterator.next();
      const rows = next.done ? [] : next.value.slice(0, shown - n).map((cells) => cols.map((c) => c.text(cells)));
      if (first) {
        // The first batch (or none) sizes the columns, so the header can be drawn.
        layout = layoutOf(doc, cols, rows);
        newPage();
        first = false;
      }
      for (const texts of rows) line(texts, n++);
      if (next.done) break;
      onRows?.(n);
      if (n >= shown) {
        await iterator.return?.();
        break;
      }
    }
    if (n === 0) doc.font('Helvetica').fontSize(9).fillColor('#333333').text('Nenhuma linha com estes filtros.', MARGIN, doc.y + 6);
    doc.end();
  })().catch((err: Error) => {
    doc.destroy(err);
    throw err;
  });
  return { doc, done };
}
