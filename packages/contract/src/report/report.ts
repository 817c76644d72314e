import { z } from 'zod';
import { dateOnly } from '../kit/validators';
import { enumOf } from '../kit/common';

/**
 * Reports: every report answers the same shapes. A report declares which of the common
 * filters it takes (`filters`), its columns, and whether it has a chart; the web's one report page
 * renders any of them from `GET /api/report` (the catalogue the user may read).
 */

/** The common filters. A report lists the ones it honours; the others are ignored. */
export const REPORT_FILTER_LABELS = {
  from: 'De',
  to: 'Até',
  month: 'Mês',
  unit: 'Unidade',
  stock: 'Estoque',
  technician: 'Técnico',
  user: 'Usuário',
  seller: 'Vendedor',
  status: 'Situação',
  carrier: 'Operadora',
} as const;
export const REPORT_FILTERS = enumOf(REPORT_FILTER_LABELS);
export type ReportFilterName = (typeof REPORT_FILTERS)[number];

/**
 * A filter's id: digits in a string (a query string, or the page's JSON body) or a number; any other
 * type is refused rather than coerced (`true` would otherwise become the id 1).
 */
const filterId = z
  .union([z.number(), z.string().regex(/^\d+$/, 'Identificador inválido')], { error: 'Identificador inválido' })
  .pipe(z.coerce.number<string | number>().int('Identificador inválido').positive('Identificador inválido'))
  .optional();
/** `GET /api/report/{name}` and its exports: the filters (dates as AAAA-MM-DD, inclusive, in Brazil's time). */
export const reportQuery = z.object({
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mês inválido (use AAAA-MM)')
    .optional(),
  unit: filterId,
  stock: filterId,
  technician: filterId,
  user: filterId,
  seller: filterId,
  status: z.string().trim().max(60).optional(),
  carrier: z.string().trim().max(120).optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const REPORT_COLUMN_TYPES = ['text', 'number', 'money', 'percent', 'date', 'datetime'] as const;
export const reportColumn = z.object({ key: z.string(), label: z.string(), type: z.enum(REPORT_COLUMN_TYPES), width: z.number().optional() });
export type ReportColumn = z.infer<typeof reportColumn>;

/** A filter the web shows: `options` for closed lists (status), a picker for ids (stock, unit, technician…). */
export const reportFilter = z.object({ name: z.enum(REPORT_FILTERS), label: z.string(), options: z.array(z.object({ value: z.string(), label: z.string() })).optional() });
export type ReportFilter = z.infer<typeof reportFilter>;

/** One entry of the catalogue (`GET /api/report`). */
export const reportInfo = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** The module it reads (for grouping on the page). */
  module: z.string(),
  filters: z.array(reportFilter),
  columns: z.array(reportColumn),
  chart: z.boolean(),
});
export type ReportInfo = z.infer<typeof reportInfo>;
export const reportCatalogue = z.object({ items: z.array(reportInfo) });

/** A chart: labels on one axis and one or more series (bars or lines). */
export const reportChart = z.object({
  kind: z.enum(['bar', 'line']),
  title: z.string(),
  labels: z.array(z.string()),
  series: z.array(z.object({ label: z.string(), data: z.array(z.number().nullable()) })),
  /** The value axis' unit, for the tooltip: '%', 'R$', or a noun. */
  unit: z.string().optional(),
});
export type ReportChart = z.infer<typeof reportChart>;

/** `GET /api/report/{name}`: the first rows (preview), the total, and the chart when the report has one. Cells are JSON values in column order (dates as ISO strings). */
export const reportPreview = z.object({
  columns: z.array(reportColumn),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  total_rows: z.number().int(),
  chart: reportChart.nullable(),
});
export type ReportPreview = z.infer<typeof reportPreview>;

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
