import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type ExportFormat,
  REPORT_EXPORT_JOB_THRESHOLD,
  REPORT_FILTER_LABELS,
  REPORT_PDF_MAX_ROWS,
  REPORT_PREVIEW_ROWS,
  REPORT_XLSX_MAX_ROWS,
  type ReportInfo,
  type ReportQuery,
  reportCatalogue,
  reportExportJob,
  reportExportJobList,
  reportExportQuery,
  reportPreview,
  reportQuery,
} from '@operacoes/contract';
import { type CurrentUser, allows, userOf } from '../../core/access';
import { HttpError, forbidden, unprocessable } from '../../core/errors';
import { registerPeopleRoute } from '../../core/people';
import type { Cell } from '../../core/spreadsheet';
import { type ReportDefinition, type ReportScope, reportUnits, scopeFor } from './definition';
import { CONTENT_TYPES, contentDisposition, exportFileName, exportStream } from './exports';
import { exportsDir, presentJob, registerExportJobs, startExportJob } from './jobs';
import { REPORTS } from './reports';
import { reportExportJobs } from './schema';
import { currentTimeZone } from '../../core/time-zone';

/**
 * The routes every report shares. `GET /api/report` (the catalogue the user may read),
 * `GET /api/report/{name}` (preview: first rows, total, chart), `GET /api/report/{name}/export`
 * (CSV/XLSX/PDF streamed; above `REPORT_EXPORT_JOB_THRESHOLD` rows a 202 with a background job),
 * `POST /api/report/{name}/export-job`, and the jobs: `GET /api/report/job`, `GET /api/report/job/{id}`,
 * `GET /api/report/job/{id}/download`. A report itself only counts and reads (`definition.ts`).
 */

/** A user may run at most this many background exports at once. */
const MAX_RUNNING_JOBS = 3;

const canRead = (user: CurrentUser, def: ReportDefinition) => allows(user, { read: def.read }) && (def.unitScoped || reportUnits(user, def) === undefined);

/** The permissions of the reports that filter by a person: who may list the organization's people for those filters. */
const PEOPLE_FILTERS: string[] = ['user', 'technician', 'seller'];
const PEOPLE_REPORT_READERS = [...new Set(REPORTS.filter((r) => r.filters.some((f) => PEOPLE_FILTERS.includes(f.name))).flatMap((r) => r.read))];
const titleOf = (name: string) => REPORTS.find((r) => r.name === name)?.title ?? name;

export function infoOf(def: ReportDefinition): ReportInfo {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    module: def.module,
    filters: def.filters.map((f) => ({ name: f.name, label: f.label ?? REPORT_FILTER_LABELS[f.name], ...(f.options ? { options: f.options } : {}) })),
    columns: def.columns,
    chart: Boolean(def.chart),
  };
}

/** The report the user asked for: 404 for an unknown name, 403 without its permission. */
function reportFor(user: CurrentUser, name: string): ReportDefinition {
  const def = REPORTS.find((r) => r.name === name);
  if (!def) throw new HttpError(404, 'Relatório não encontrado.');
  if (!canRead(user, def)) throw forbidden();
  return def;
}

/** Only the filters the report honours; a closed list's value must be one of its options (422 otherwise). */
function filtersFor(def: ReportDefinition, q: ReportQuery): ReportQuery {
  const out: Record<string, unknown> = {};
  const violations: { propertyPath: string; message: string }[] = [];
  for (const f of def.filters) {
    const v = q[f.name];
    if (v === undefined || v === '') continue;
    if (f.options && !f.options.some((o) => o.value === String(v))) {
      violations.push({ propertyPath: f.name, message: `${f.label ?? REPORT_FILTER_LABELS[f.name]}: valor inválido. Use um destes: ${f.options.map((o) => o.label).join(', ')}.` });
    }
    out[f.name] = v;
  }
  if (q.from && q.to && q.from > q.to && def.filters.some((f) => f.name === 'from')) violations.push({ propertyPath: 'to', message: 'A data final deve ser igual ou posterior à inicial.' });
  if (violations.length) throw unprocessable(violations);
  return out as ReportQuery;
}

/** JSON cells for the preview: dates as ISO strings, empty as null. */
const jsonCell = (v: Cell): string | number | null => (v === undefined || v === null ? null : v instanceof Date ? v.toISOString() : v);

async function firstRows(def: ReportDefinition, scope: ReportScope, q: ReportQuery, n: number): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  for await (const batch of def.batches(scope, q, n)) {
    rows.push(...batch.slice(0, n - rows.length));
    if (rows.length >= n) break;
  }
  return rows;
}

export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerExportJobs(fastify);
  const params = z.object({ name: z.string().max(80) });
  const jobParams = z.object({ id: z.coerce.number().int().positive() });

  // The people filters (user, technician, seller) of any report: names of the organization's users,
  // listed only to those who can run a report that filters by person.
  registerPeopleRoute(fastify, {
    url: '/report/people',
    access: { read: PEOPLE_REPORT_READERS },
    tag: 'report',
    operationId: 'reportPeople',
    summary: 'Pessoas para os filtros dos relatórios',
    description: 'Busca (`search`) ou nomes de ids salvos (`ids`) de usuários da organização, para os filtros de usuário, técnico e vendedor.',
  });

  app.get(
    '/report',
    { config: { access: 'authenticated' }, schema: { tags: ['report'], summary: 'Relatórios que o usuário pode ler', response: { 200: reportCatalogue } } },
    async (req) => {
      const user = userOf(req);
      return { items: REPORTS.filter((r) => canRead(user, r)).map(infoOf) };
    },
  );

  app.get(
    '/report/:name',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['report'],
        summary: 'Prévia de um relatório',
        description: `As primeiras ${REPORT_PREVIEW_ROWS} linhas, o total e o gráfico (quando o relatório tem um). 403 sem a permissão de leitura do relatório.`,
        params,
        querystring: reportQuery,
        response: { 200: reportPreview },
      },
    },
    async (req) => {
      const user = userOf(req);
      const def = reportFor(user, req.params.name);
      const q = filtersFor(def, req.query);
      const scope = scopeFor(fastify.db, user, def, currentTimeZone());
      const [total, rows, chart] = await Promise.all([def.count(scope, q), firstRows(def, scope, q, REPORT_PREVIEW_ROWS), def.chart ? def.chart(scope, q) : null]);
      return { columns: def.columns, rows: rows.map((r) => r.map(jsonCell)), total_rows: total, chart };
    },
  );

  const startJob = async (user: CurrentUser, def: ReportDefinition, q: ReportQuery, format: ExportFormat, total: number) => {
    const [{ n }] = (
      await fastify.db.execute(sql`select count(*)::int as n from ${reportExportJobs} where ${reportExportJobs.user_id} = ${user.id} and ${reportExportJobs.status} = 'running'`)
    ).rows as { n: number }[];
    if (Number(n) >= MAX_RUNNING_JOBS) throw new HttpError(409, `Você já tem ${MAX_RUNNING_JOBS} exportações em andamento; aguarde uma terminar.`);
    return presentJob(await startExportJob(fastify, user, def, q, format, total), def.title);
  };
  const tooManyForXlsx = (format: ExportFormat, total: number) => {
    if (format === 'xlsx' && total > REPORT_XLSX_MAX_ROWS) {
      throw unprocessable([{ propertyPath: 'format', message: `O XLSX comporta até ${REPORT_XLSX_MAX_ROWS.toLocaleString('pt-BR')} linhas e este relatório tem ${total.toLocaleString('pt-BR')}. Use CSV ou refine os filtros.` }]);
    }
  };

  app.get(
    '/report/:name/export',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['report'],
        summary: 'Exporta um relatório (CSV, XLSX ou PDF)',
        description: `Transmitido enquanto é gerado; o cabeçalho \`X-Total-Rows\` diz quantas linhas virão. Acima de ${REPORT_EXPORT_JOB_THRESHOLD.toLocaleString('pt-BR')} linhas (CSV/XLSX) responde 202 com uma exportação em segundo plano; o usuário é avisado quando o arquivo estiver pronto. O PDF traz no máximo ${REPORT_PDF_MAX_ROWS.toLocaleString('pt-BR')} linhas.`,
        params,
        querystring: reportExportQuery,
        response: { 202: reportExportJob },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const def = reportFor(user, req.params.name);
      const { format } = req.query;
      const q = filtersFor(def, req.query);
      const scope = scopeFor(fastify.db, user, def, currentTimeZone());
      const total = await def.count(scope, q);
      tooManyForXlsx(format, total);
      if (format !== 'pdf' && total > REPORT_EXPORT_JOB_THRESHOLD) return reply.code(202).send(await startJob(user, def, q, format, total));
      const rows = format === 'pdf' ? Math.min(total, REPORT_PDF_MAX_ROWS) : total;
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', contentDisposition(exportFileName(def.title, format)))
        .header('x-total-rows', String(rows))
        .header('cache-control', 'no-store')
        .send(exportStream(def, scope, q, format, total) as never);
    },
  );

  app.post(
    '/report/:name/export-job',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['report'], summary: 'Exporta um relatório em segundo plano', params, body: reportExportQuery, response: { 202: reportExportJob } },
    },
    async (req, reply) => {
      const user = userOf(req);
      const def = reportFor(user, req.params.name);
      const q = filtersFor(def, req.body);
      const total = await def.count(scopeFor(fastify.db, user, def, currentTimeZone()), q);
      tooManyForXlsx(req.body.format, total);
      return reply.code(202).send(await startJob(user, def, q, req.body.format, total));
    },
  );

  const ownJob = async (user: CurrentUser, id: number) => {
    const [job] = await fastify.db
      .select()
      .from(reportExportJobs)
      .where(and(eq(reportExportJobs.id, id), eq(reportExportJobs.user_id, user.id)));
    if (!job) throw new HttpError(404, 'Exportação não encontrada.');
    return job;
  };

  app.get(
    '/report/job',
    { config: { access: 'authenticated' }, schema: { tags: ['report'], summary: 'Minhas exportações recentes', response: { 200: reportExportJobList } } },
    async (req) => {
      const user = userOf(req);
      const jobs = await fastify.db.select().from(reportExportJobs).where(eq(reportExportJobs.user_id, user.id)).orderBy(desc(reportExportJobs.id)).limit(20);
      return { items: jobs.map((j) => presentJob(j, titleOf(j.report))) };
    },
  );

  app.get(
    '/report/job/:id',
    { config: { access: 'authenticated' }, schema: { tags: ['report'], summary: 'Progresso de uma exportação', params: jobParams, response: { 200: reportExportJob } } },
    async (req) => {
      const job = await ownJob(userOf(req), req.params.id);
      return presentJob(job, titleOf(job.report));
    },
  );

  app.get(
    '/report/job/:id/download',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['report'], summary: 'Baixa o arquivo de uma exportação', description: 'Só o dono; por um dia depois de pronto (410 depois).', params: jobParams },
    },
    async (req, reply) => {
      const user = userOf(req);
      const job = await ownJob(user, req.params.id);
      const def = reportFor(user, job.report);
      const shown = presentJob(job, def.title);
      if (shown.status === 'running') throw new HttpError(409, 'A exportação ainda está em andamento.');
      if (shown.status === 'failed') throw new HttpError(409, job.error ?? 'A exportação falhou.');
      const gone = new HttpError(410, 'O link expirou: os arquivos de exportação ficam disponíveis por um dia. Gere a exportação novamente.');
      if (shown.status === 'expired' || !job.stored_as) throw gone;
      const file = path.join(exportsDir(fastify), job.stored_as);
      const st = await stat(file).catch(() => null);
      if (!st) throw gone;
      return reply
        .type(CONTENT_TYPES[job.format])
        .header('content-disposition', contentDisposition({ name: job.file_name, ascii: job.file_name.normalize('NFD').replace(/[\u0300-\u036f]/g, '') }))
        .header('content-length', String(st.size))
        .header('x-total-rows', String(job.rows_written))
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
}
