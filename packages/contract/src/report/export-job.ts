import { z } from 'zod';
import { enumOf } from '../kit/common';
import { EXPORT_FORMATS, reportQuery } from './report';

/** Exports: limits the API and the page share. */
export const REPORT_PREVIEW_ROWS = 50;
/** Above this many rows an export runs as a background job and the user is notified when its file is ready. */
export const REPORT_EXPORT_JOB_THRESHOLD = 100_000;
/** A PDF is for reading: its table stops here (the document says so). */
export const REPORT_PDF_MAX_ROWS = 5_000;
/** Excel's limit (1,048,576 rows a sheet, one of them the header). */
export const REPORT_XLSX_MAX_ROWS = 1_048_575;
/** A finished job's file is kept for a day. */
export const REPORT_EXPORT_JOB_TTL_MS = 24 * 60 * 60 * 1000;

/** `GET /api/report/{name}/export` (query) and `POST /api/report/{name}/export-job` (JSON body): the format and the report's filters. */
export const reportExportQuery = reportQuery.extend({ format: z.enum(EXPORT_FORMATS, { error: 'Formato inválido (use csv, xlsx ou pdf)' }) });
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

export const EXPORT_JOB_STATUS_LABELS = { running: 'Em andamento', done: 'Pronto', failed: 'Falhou', expired: 'Expirado' } as const;
export const EXPORT_JOB_STATUSES = enumOf(EXPORT_JOB_STATUS_LABELS);
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** A background export: its progress (`rows_written` of `rows_total`) and, once done, its file for a day. */
export const reportExportJob = z.object({
  id: z.number().int(),
  report: z.string(),
  title: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_JOB_STATUSES),
  rows_total: z.number().int(),
  rows_written: z.number().int(),
  file_name: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the file stops being downloadable (a day after it was ready). */
  expires_at: z.string().nullable(),
  /** `GET` it with the token while `status` is `done`. */
  download_url: z.string().nullable(),
});
export type ReportExportJob = z.infer<typeof reportExportJob>;
export const reportExportJobList = z.object({ items: z.array(reportExportJob) });
