import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { type ExportFormat, REPORT_EXPORT_JOB_TTL_MS, type ReportExportJob, type ReportQuery } from '@operacoes/contract';
import type { CurrentUser } from '../../core/access';
import { periodicJob } from '../../core/jobs';
import { type ReportDefinition, scopeFor } from './definition';
import { exportFileName, exportStream } from './exports';
import { reportExportJobs } from './schema';
import { currentTimeZone, withTimeZone } from '../../core/time-zone';

/**
 * Background exports. A job streams its report into a file under
 * `DATA_DIR/report-exports/`, records its progress as it goes, and notifies its owner with a link
 * to the report page when the file is ready; the file is kept for a day (`REPORT_EXPORT_JOB_TTL_MS`),
 * then deleted by a periodic job. Jobs live in the process that runs them: at startup any still
 * `running` one was interrupted and is marked failed.
 */

type JobRow = typeof reportExportJobs.$inferSelect;
const FORMAT_LABEL: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'XLSX', pdf: 'PDF' };
/** How often a running job writes its progress (rows written) to its row. */
const PROGRESS_EVERY_MS = 500;

export const exportsDir = (app: FastifyInstance) => path.join(app.config.dataDir, 'report-exports');

export function presentJob(j: JobRow, title: string, now = Date.now()): ReportExportJob {
  const expired = j.status === 'expired' || (j.status === 'done' && j.expires_at !== null && j.expires_at.getTime() <= now);
  const status = expired ? 'expired' : j.status;
  return {
    id: j.id,
    report: j.report,
    title,
    format: j.format,
    status,
    rows_total: j.rows_total,
    rows_written: j.rows_written,
    file_name: j.file_name,
    error: j.error,
    created_at: j.created_at.toISOString(),
    finished_at: j.finished_at?.toISOString() ?? null,
    expires_at: j.expires_at?.toISOString() ?? null,
    download_url: status === 'done' ? `/api/report/job/${j.id}/download` : null,
  };
}

/** The jobs running in this process, so that closing the server stops them cleanly. */
const running = new WeakMap<FastifyInstance, { abort: AbortController; jobs: Set<Promise<void>> }>();

export function registerExportJobs(app: FastifyInstance) {
  const state = { abort: new AbortController(), jobs: new Set<Promise<void>>() };
  running.set(app, state);
  app.addHook('onReady', () => failInterruptedJobs(app).then(() => undefined));
  app.addHook('onClose', async () => {
    state.abort.abort();
    await Promise.allSettled([...state.jobs]);
  });
  periodicJob(app, { name: 'report export cleanup', lockKey: 4261, everyMs: 3600_000, firstAfterMs: 11_000, run: () => removeExpiredExports(app) });
}

/** At startup: a job still `running` was cut short by the restart (jobs run in the process that started them). */
export async function failInterruptedJobs(app: FastifyInstance) {
  const rows = await app.db
    .update(reportExportJobs)
    .set({ status: 'failed', error: 'Interrompida: o servidor foi reiniciado durante a exportação. Gere-a novamente.', finished_at: new Date() })
    .where(eq(reportExportJobs.status, 'running'))
    .returning({ id: reportExportJobs.id });
  return rows.length;
}

/** Deletes the files of jobs past their day (the rows stay, as `expired`) and stray files older than a day. */
export async function removeExpiredExports(app: FastifyInstance, now = new Date()) {
  const expired = await app.db
    .select({ id: reportExportJobs.id, stored_as: reportExportJobs.stored_as })
    .from(reportExportJobs)
    .where(and(eq(reportExportJobs.status, 'done'), lt(reportExportJobs.expires_at, now)));
  if (expired.length) {
    await app.db
      .update(reportExportJobs)
      .set({ status: 'expired', stored_as: null })
      .where(inArray(reportExportJobs.id, expired.map((e) => e.id)));
  }
  const dir = exportsDir(app);
  let removed = 0;
  for (const e of expired) {
    if (e.stored_as) {
      await rm(path.join(dir, e.stored_as), { force: true });
      removed++;
    }
  }
  // A file no job row names any more (a crash between writing and recording) goes after a day too.
  const names = await readdir(dir).catch(() => [] as string[]);
  const known = new Set(
    names.length
      ? (await app.db.select({ s: reportExportJobs.stored_as }).from(reportExportJobs).where(inArray(reportExportJobs.stored_as, names))).map((r) => r.s)
      : [],
  );
  for (const name of names) {
    if (known.has(name)) continue;
    const st = await stat(path.join(dir, name)).catch(() => null);
    if (st && now.getTime() - st.mtimeMs > REPORT_EXPORT_JOB_TTL_MS) {
      await rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/** Records a job and starts it in the background; answers its row at once. */
export async function startExportJob(app: FastifyInstance, user: CurrentUser, def: ReportDefinition, q: ReportQuery, format: ExportFormat, total: number): Promise<JobRow> {
  const [job] = await app.db
    .insert(reportExportJobs)
    .values({ organization_id: user.organizationId, user_id: user.id, report: def.name, format, filters: q, rows_total: total, file_name: exportFileName(def.title, format).name })
    .returning();
  const state = running.get(app)!;
  // The export runs after the request: it keeps the request's zone for its cells and filters.
  const zone = currentTimeZone();
  const work = withTimeZone(zone, () => runJob(app, state.abort.signal, user, def, q, job, zone)).finally(() => state.jobs.delete(work));
  state.jobs.add(work);
  return job;
}

async function runJob(app: FastifyInstance, signal: AbortSignal, user: CurrentUser, def: ReportDefinition, q: ReportQuery, job: JobRow, timeZone: string) {
  const dir = exportsDir(app);
  const storedAs = `${randomUUID()}.${job.format}`;
  const file = path.join(dir, storedAs);
  let written = 0;
  let saved = 0;
  const saveProgress = async () => {
    if (written === saved) return;
    saved = written;
    await app.db.update(reportExportJobs).set({ rows_written: written }).where(eq(reportExportJobs.id, job.id));
  };
  const timer = setInterval(() => void saveProgress().catch(() => undefined), PROGRESS_EVERY_MS);
  try {
    await mkdir(dir, { recursive: true });
    const scope = scopeFor(app.db, user, def, timeZone);
    await pipeline(exportStream(def, scope, q, job.format, job.rows_total, (n) => (written = n)), createWriteStream(file), { signal });
    clearInterval(timer);
    const finished = new Date();
    await app.db
      .update(reportExportJobs)
      .set({ status: 'done', rows_written: written, stored_as: storedAs, finished_at: finished, expires_at: new Date(finished.getTime() + REPORT_EXPORT_JOB_TTL_MS) })
      .where(eq(reportExportJobs.id, job.id));
    await app.notifier.send([user.id], {
      title: 'Relatório pronto para baixar',
      message: `${def.title}: ${written.toLocaleString('pt-BR')} ${written === 1 ? 'linha' : 'linhas'} em ${FORMAT_LABEL[job.format]}. O arquivo fica disponível por 24 horas.`,
      link: `/report?name=${encodeURIComponent(def.name)}&job=${job.id}`,
    });
  } catch (err) {
    clearInterval(timer);
    await rm(file, { force: true }).catch(() => undefined);
    if (signal.aborted) return; // the server is closing; the next start marks the row failed
    app.log.error({ err, job: job.id }, 'report export job failed');
    await app.db
      .update(reportExportJobs)
      .set({ status: 'failed', rows_written: written, error: 'A exportação falhou. Tente novamente; se persistir, avise o suporte.', finished_at: new Date() })
      .where(eq(reportExportJobs.id, job.id))
      .catch(() => undefined);
    await app.notifier
      .send([user.id], { title: 'A exportação falhou', message: `${def.title} (${FORMAT_LABEL[job.format]}): não foi possível gerar o arquivo. Tente novamente.`, link: `/report?name=${encodeURIComponent(def.name)}&job=${job.id}` })
      .catch(() => undefined);
  }
}
