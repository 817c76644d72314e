import PDFDocument from 'pdfkit';
import { REPORT_PDF_MAX_ROWS, type ReportColumn, percentText } from '@operacoes/contract';
import { brDateTime } from '../../core/pdf';
import type { Cell } from '../../core/spreadsheet';
import { brl } from '../../core/money';

/**
 * A report as a PDF: A4 landscape, the title, the filters and when it was generated, then
 * a table whose header repeats on every page. Rows are drawn as their batches arrive, one line each
 * (long texts end in "…"). A PDF is for reading, so it stops at `REPORT_PDF_MAX_ROWS` and says so.
 */

const MARGIN = 28;
const ROW = 12;
const FONT = 6.8;

const int = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
const dayBr = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' });

export function pdfText(v: Cell, type: ReportColumn['type']): string {
  if (v === null || v === undefined || v === '') return '';
  if (v instanceof Date) return type === 'date' ? dayBr.format(v) : brDateTime(v);
  if (typeof v === 'number') return type === 'money' ? brl(v) : type === 'percent' ? percentText(v) : int.format(v);
  if ((type === 'date' || type === 'datetime') && /^\d{4}-\d{2}-\d{2}$/.test(v)) return `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;
  return v;
}

export type PdfReport = { title: string; filters: string[]; columns: ReportColumn[]; total: number };

/** The document (a readable stream of its bytes) and the drawing, which resolves once every row is drawn and the document ended. */
export function reportPdf(r: PdfReport, batches: AsyncIterable<Cell[][]>, onRows?: (n: number) => void): { doc: PDFKit.PDFDocument; done: Promise<void> } {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: r.title, Creator: 'Operações' } });
  const width = doc.page.width - MARGIN * 2;
  const hints = r.columns.map((c) => c.width ?? 16);
  const sum = hints.reduce((a, b) => a + b, 0);
  const widths = hints.map((h) => (h / sum) * width);
  const shown = Math.min(r.total, REPORT_PDF_MAX_ROWS);
  let page = 0;

  const header = () => {
    page += 1;
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
    let x = MARGIN;
    const y = doc.y;
    doc.rect(MARGIN, y, width, ROW + 2).fill('#e8eef5');
    doc.font('Helvetica-Bold').fontSize(FONT).fillColor('#000000');
    r.columns.forEach((c, i) => {
      doc.text(c.label, x + 2, y + 3, { width: widths[i] - 4, height: ROW - 3, ellipsis: true, align: c.type === 'text' ? 'left' : 'right' });
      x += widths[i];
    });
    doc.y = y + ROW + 2;
  };

  const line = (cells: Cell[], n: number) => {
    if (doc.y + ROW > doc.page.height - MARGIN) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    if (n % 2 === 1) doc.rect(MARGIN, y, width, ROW).fill('#f6f6f6');
    doc.font('Helvetica').fontSize(FONT).fillColor('#000000');
    let x = MARGIN;
    r.columns.forEach((c, i) => {
      const text = pdfText(cells[i], c.type);
      if (text) doc.text(text, x + 2, y + 3, { width: widths[i] - 4, height: ROW - 3, ellipsis: true, align: c.type === 'text' ? 'left' : 'right' });
      x += widths[i];
    });
    doc.y = y + ROW;
  };

  const done = (async () => {
    header();
    let n = 0;
    for await (const batch of batches) {
      for (const cells of batch) {
        if (n >= shown) break;
        line(cells, n++);
      }
      onRows?.(n);
      if (n >= shown) break;
    }
    if (n === 0) doc.font('Helvetica').fontSize(9).fillColor('#333333').text('Nenhuma linha com estes filtros.', MARGIN, doc.y + 6);
    doc.end();
  })().catch((err: Error) => {
    doc.destroy(err);
    throw err;
  });
  return { doc, done };
}
