import { Readable } from 'node:stream';
import { type ExportFormat, REPORT_FILTER_LABELS, type ReportQuery } from '@operacoes/contract';
import { csvChunks, xlsxChunks } from '../../core/spreadsheet';
import type { ReportDefinition, ReportScope } from './definition';
import { reportPdf } from './pdf';
import { localDay } from '../../core/dates';

/**
 * Rows fetched per batch: enough that round trips do not dominate, few enough that a batch dies
 * young (5,000-row batches survived V8's young generation and grew the heap by ~100 MB more).
 */
export const EXPORT_BATCH_ROWS = 500;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** "Movimentações por período" → "movimentações-por-período-2026-11-26.xlsx" (and its ASCII twin for old clients). */
export function exportFileName(title: string, format: ExportFormat, at = new Date()): { name: string; ascii: string } {
  const day = localDay(at);
  const base = title
    .toLocaleLowerCase('pt-BR')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  const name = `${base}-${day}.${format}`;
  return { name, ascii: name.normalize('NFD').replace(/[\u0300-\u036f]/g, '') };
}

export const contentDisposition = (f: { name: string; ascii: string }) => `attachment; filename="${f.ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}`;

/** The filters a user chose, as the PDF prints them: "De: 01/11/2026 · Tipo: Entrada". Ids are shown as such. */
export function filterTexts(def: ReportDefinition, q: ReportQuery): string[] {
  const out: string[] = [];
  for (const f of def.filters) {
    const v = q[f.name];
    if (v === undefined || v === '') continue;
    const label = f.label ?? REPORT_FILTER_LABELS[f.name];
    const shown = f.options?.find((o) => o.value === String(v))?.label ?? (/^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? String(v).split('-').reverse().join('/') : f.name === 'month' ? String(v).split('-').reverse().join('/') : typeof v === 'number' ? `#${v}` : String(v));
    out.push(`${label}: ${shown}`);
  }
  return out;
}

/**
 * An export as a byte stream: rows flow from `batches()` through the writer only as fast as the
 * reader (the socket, or the job's file) takes them — `Readable.from` pulls the next chunk on demand.
 */
export function exportStream(def: ReportDefinition, scope: ReportScope, q: ReportQuery, format: ExportFormat, total: number, onRows?: (n: number) => void): Readable {
  const batches = def.batches(scope, q, EXPORT_BATCH_ROWS);
  const columns = def.columns.map((c) => ({ header: c.label, width: c.width, type: c.type }));
  if (format === 'csv') return Readable.from(csvChunks(columns, batches, { onRows }), { objectMode: false });
  if (format === 'xlsx') return Readable.from(xlsxChunks(def.title, columns, batches, { onRows }), { objectMode: false });
  const { doc, done } = reportPdf({ title: def.title, filters: filterTexts(def, q), columns: def.columns, printMerges: def.printMerges, total }, batches, onRows);
  done.catch(() => undefined); // the error reaches the reader through the destroyed document
  return doc as unknown as Readable;
}
