import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ExportFormat, ExportJobStatus, ReportQuery } from '@operacoes/contract';
import { userOwnedColumns } from '../../core/schema';

/**
 * A background export: a big CSV/XLSX written into `DATA_DIR/report-exports/` while the
 * user does something else; its owner is notified when it is ready and may download it for a day.
 * Jobs run in the process that started them: one still `running` at startup was interrupted.
 */
export const reportExportJobs = pgTable(
  'report_export_job',
  {
    ...userOwnedColumns(),
    report: text().notNull(),
    format: text().$type<ExportFormat>().notNull(),
    filters: jsonb().$type<ReportQuery>().notNull(),
    status: text().$type<ExportJobStatus>().notNull().default('running'),
    rows_total: integer().notNull().default(0),
    rows_written: integer().notNull().default(0),
    file_name: text().notNull(),
    /** The file's name inside the exports folder (random; null until written). */
    stored_as: text(),
    error: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp({ withTimezone: true }),
    expires_at: timestamp({ withTimezone: true }),
  },
  (t) => [index('report_export_job_user_idx').on(t.user_id, t.id), index('report_export_job_status_idx').on(t.status, t.expires_at)],
);
