import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { personDisplayName, personDisplayNameSql } from '../../src/core/people';
import { notifications } from '../../src/modules/notification/schema';
import { REPORTS } from '../../src/modules/report/reports';
import { exportsDir, failInterruptedJobs, removeExpiredExports } from '../../src/modules/report/jobs';
import { reportExportJobs } from '../../src/modules/report/schema';
import { movements } from '../../src/modules/warehouse';
import { createTestApp, type TestApp } from '../helpers';
import { place, WAREHOUSE_ALL } from '../warehouse/helpers';

type Preview = { columns: { key: string; label: string; type: string }[]; rows: (string | number | null)[][]; total_rows: number; chart: { kind: string; labels: string[]; series: { label: string; data: number[] }[] } | null };
type Job = { id: number; status: string; rows_total: number; rows_written: number; download_url: string | null; file_name: string; expires_at: string | null };

/**
 * The report engine through the movements report: catalogue per kind of user, 403/404/422,
 * preview numbers on a fixed dataset, CSV/XLSX/PDF content, and background jobs.
 */
describe('report engine', () => {
  let t: TestApp;
  let org: number;
  let full: Awaited<ReturnType<TestApp['createUser']>>;
  let indexOnly: Awaited<ReturnType<TestApp['createUser']>>;
  let nobody: Awaited<ReturnType<TestApp['createUser']>>;
  let foreign: Awaited<ReturnType<TestApp['createUser']>>;
  let admin: string;
  let tag: string;
  let stockId: number;

  /** Fixed movements (dates, quantities) in an organization, written straight into the append-only table. */
  async function dataset(organizationId: number, prefix: string) {
    const p = await place(t, organizationId);
    const boss = await t.createUser({ permissions: WAREHOUSE_ALL, organizationId, nickname: `Chefe ${prefix}`, fullName: `Carlos Chefe ${prefix}` });
    // Fixed rows (Sep and Oct 2026), then the API writes one 'entrada' now: ids follow time, as in real use.
    const base = { organization_id: organizationId, user_id: boss.id };
    await t.app.db.insert(movements).values([
      { ...base, type: 'entrada', product_id: p.consumableProductId, quantity: '120.5', to_stock_id: p.stockId, to_section_id: p.sectionId, reason: `Compra ${prefix}`, document: 'NF 123', created_at: new Date('2026-09-15T13:00:00Z') },
      { ...base, type: 'saida', product_id: p.consumableProductId, quantity: '20.25', from_stock_id: p.stockId, from_section_id: p.sectionId, to_holder_id: boss.id, reason: `=Obra ${prefix}`, created_at: new Date('2026-10-02T12:30:00Z') },
      { ...base, type: 'transferencia', product_id: p.consumableProductId, quantity: '10', from_stock_id: p.stockId, from_section_id: p.sectionId, to_stock_id: p.stockId, to_section_id: p.section2Id, reason: 'Reorganização; "urgente"', created_at: new Date('2026-10-20T18:00:00Z') },
    ]);
    const item = (await t.call('POST', '/api/patrimony', p.bossToken, { product_id: p.patrimonyProductId, section_id: p.sectionId, serial: `SN-${prefix}` })).json() as { id: number; tag: string };
    return { p, item, boss };
  }

  beforeAll(async () => {
    t = await createTestApp();
    org = await t.createOrganization('Org Relatórios');
    const other = await t.createOrganization('Org Vizinha');
    const mine = await dataset(org, 'A');
    tag = mine.item.tag;
    stockId = mine.p.stockId;
    await dataset(other, 'B');
    full = await t.createUser({ permissions: ['PATRIMONY_HISTORY'], organizationId: org });
    indexOnly = await t.createUser({ permissions: ['PATRIMONY_HISTORY.INDEX'], organizationId: org });
    nobody = await t.createUser({ permissions: ['STOCK'], organizationId: org });
    foreign = await t.createUser({ permissions: ['PATRIMONY_HISTORY'], organizationId: other });
    admin = await t.adminToken();
  });
  afterAll(async () => t?.close());

  const preview = async (token: string, qs = '') => {
    const res = await t.call('GET', `/api/report/movements${qs}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Preview;
  };

  describe('catalogue and access', () => {
    it('lists the reports each kind of user may read', async () => {
      const names = async (token: string) => ((await t.call('GET', '/api/report', token)).json() as { items: { name: string }[] }).items.map((r) => r.name);
      expect(await names(admin)).toEqual(REPORTS.map((r) => r.name));
      expect(await names(full.token)).toContain('movements');
      expect(await names(indexOnly.token)).toContain('movements');
      expect(await names(nobody.token)).not.toContain('movements');
      const info = ((await t.call('GET', '/api/report', full.token)).json() as { items: { name: string; module: string; chart: boolean; filters: { name: string; label: string; options?: unknown[] }[] }[] }).items.find((r) => r.name === 'movements')!;
      expect(info).toMatchObject({ module: 'warehouse', chart: true });
      expect(info.filters.find((f) => f.name === 'status')).toMatchObject({ label: 'Tipo', options: expect.arrayContaining([{ value: 'entrada', label: 'Entrada' }]) });
      expect(info.filters.find((f) => f.name === 'from')).toMatchObject({ label: 'De' });
      expect((await t.call('GET', '/api/report')).statusCode).toBe(401);
    });

    it('names the people of the user’s organization for the person filters', async () => {
      const names = async (token: string) => ((await t.call('GET', '/api/report/people?search=Chefe', token)).json() as { name: string }[]).map((p) => p.name);
      expect(await names(full.token)).toEqual([expect.stringContaining('Chefe A')]);
      expect(await names(foreign.token)).toEqual([expect.stringContaining('Chefe B')]);
      expect(await names(indexOnly.token)).toEqual([expect.stringContaining('Chefe A')]);
    });

    it('the people are listed only to users who can run a report that filters by person', async () => {
      // STOCK runs the inventory report, which has no person filter: no names for it.
      const refused = await t.call('GET', '/api/report/people?search=Chefe', nobody.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Chefe');
      const noPermission = await t.createUser({ permissions: [], organizationId: org });
      expect((await t.call('GET', '/api/report/people', noPermission.token)).statusCode).toBe(403);
      for (const permissions of [['VIABILITY.INDEX'], ['EXTERNAL_ACTIVITY'], ['PATRIMONY.INDEX']]) {
        const reader = await t.createUser({ permissions, organizationId: org });
        expect((await t.call('GET', '/api/report/people?search=Chefe', reader.token)).statusCode, permissions.join()).toBe(200);
      }
    });

    it('403 without the permission, 404 for an unknown report, 422 in pt-BR for bad filters (every error at once)', async () => {
      expect((await t.call('GET', '/api/report/movements', nobody.token)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/report/movements/export?format=csv', nobody.token)).statusCode).toBe(403);
      expect((await t.call('POST', '/api/report/movements/export-job', nobody.token, { format: 'csv' })).statusCode).toBe(403);
      const missing = await t.call('GET', '/api/report/nao-existe', full.token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Relatório não encontrado.');
      const bad = await t.call('GET', '/api/report/movements?from=2026-13-01&stock=abc', full.token);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().violations.map((v: { propertyPath: string }) => v.propertyPath).sort()).toEqual(['from', 'stock']);
      expect(bad.json().violations.find((v: { propertyPath: string }) => v.propertyPath === 'stock').message).toBe('Identificador inválido');
      const badType = await t.call('GET', '/api/report/movements?status=roubo&from=2026-10-10&to=2026-10-01', full.token);
      expect(badType.statusCode).toBe(422);
      expect(badType.json().violations).toEqual([
        { propertyPath: 'status', message: expect.stringContaining('Tipo: valor inválido') },
        { propertyPath: 'to', message: 'A data final deve ser igual ou posterior à inicial.' },
      ]);
      expect((await t.call('GET', '/api/report/movements/export?format=doc', full.token)).statusCode).toBe(422);
    });
  });

  describe('movements preview', () => {
    it('names people as "Nome Completo (apelido)" in SQL exactly as the pickers do in JavaScript', async () => {
      const cases: [string | null, string | null][] = [
        ['Maria da Silva', 'Mari'],
        ['Maria da Silva', 'Maria da Silva'],
        ['Maria da Silva', ''],
        ['', 'Mari'],
        ['', ''],
        [null, null],
      ];
      const rows = (
        await t.app.db.execute(
          sql`select ${personDisplayNameSql(sql`u`, sql`p`)} as name from (values ${sql.join(
            cases.map(([f, n], i) => sql`(${i}, ${f}::text, ${n}::text)`),
            sql`, `,
          )}) as p(i, full_name, nickname), (values ('msilva')) as u(username) order by p.i`,
        )
      ).rows as { name: string }[];
      expect(rows.map((r) => r.name)).toEqual(['Maria da Silva (Mari)', 'Maria da Silva', 'Maria da Silva', 'Mari', 'msilva', 'msilva']);
      expect(cases.map(([f, n]) => personDisplayName(f, n, 'msilva'))).toEqual(rows.map((r) => r.name));
    });

    it('answers the first rows newest first, the total and the chart, only of the user’s organization', async () => {
      const r = await preview(full.token);
      expect(r.total_rows).toBe(4);
      expect(r.columns.map((c) => c.label).slice(0, 3)).toEqual(['ID', 'Data', 'Tipo']);
      expect(r.rows.map((x) => x[2])).toEqual(['Entrada', 'Transferência', 'Saída', 'Entrada']);
      const col = (key: string) => r.columns.findIndex((c) => c.key === key);
      expect(r.rows[0][col('patrimony')]).toBe(tag);
      expect(r.rows[1]).toEqual(expect.arrayContaining(['2026-10-20T18:00:00.000Z', 'Transferência', 10, 'Reorganização; "urgente"']));
      expect(r.rows[2][col('quantity')]).toBe(20.25);
      // People by full name, the nickname in parentheses.
      expect(r.rows[2][col('to_holder')]).toBe('Carlos Chefe A (Chefe A)');
      expect(r.rows[3][col('document')]).toBe('NF 123');
      // Per month and type, in order: Sep (1 entrada), Oct (1 saída, 1 transferência), and this month's entrada.
      expect(r.chart!.labels.slice(0, 2)).toEqual(['09/2026', '10/2026']);
      const series = Object.fromEntries(r.chart!.series.map((s) => [s.label, s.data.slice(0, 2)]));
      expect(series).toMatchObject({ Entrada: [1, 0], Saída: [0, 1], Transferência: [0, 1] });
      // The other organization's rows never appear (its reason is 'Compra B').
      expect(JSON.stringify(r.rows)).not.toContain('Compra B');
      expect((await preview(foreign.token)).rows.some((x) => x.includes('Compra B'))).toBe(true);
      expect(JSON.stringify((await preview(foreign.token)).rows)).not.toContain('Compra A');
      // A super admin reads every organization.
      expect((await preview(admin)).total_rows).toBeGreaterThanOrEqual(8);
      // The .INDEX user reads the same.
      expect((await preview(indexOnly.token)).total_rows).toBe(4);
    });

    it('filters by period, type, stock and user', async () => {
      expect((await preview(full.token, '?from=2026-10-01&to=2026-10-31')).total_rows).toBe(2);
      expect((await preview(full.token, '?to=2026-09-30')).rows.map((x) => x[2])).toEqual(['Entrada']);
      expect((await preview(full.token, '?status=saida')).total_rows).toBe(1);
      // Days are Brazil's: 2026-10-20T18:00Z is the 20th in São Paulo.
      expect((await preview(full.token, '?from=2026-10-20&to=2026-10-20')).total_rows).toBe(1);
      const p = await place(t, org);
      expect((await preview(full.token, `?stock=${p.stockId}`)).total_rows).toBe(4);
      expect((await preview(full.token, `?unit=${p.unitId}`)).total_rows).toBe(4);
      expect((await preview(full.token, '?stock=999999')).total_rows).toBe(0);
      const empty = await preview(full.token, '?from=2020-01-01&to=2020-01-31');
      expect(empty).toMatchObject({ total_rows: 0, rows: [] });
      expect(empty.chart!.labels).toEqual([]);
      // A filter the report does not take is ignored.
      expect((await preview(full.token, '?technician=5')).total_rows).toBe(4);
    });
  });

  describe('exports', () => {
    it('CSV: UTF-8 with BOM, semicolons, decimal comma, dates dd/mm/aaaa, formulas defused; pt-BR file name and total header', async () => {
      const res = await t.call('GET', '/api/report/movements/export?format=csv', full.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['x-total-rows']).toBe('4');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="movimentacoes-por-periodo-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''movimenta%C3%A7%C3%B5es-por-per%C3%ADodo-/);
      const text = res.rawPayload.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const lines = text.slice(1).split('\r\n');
      expect(lines).toHaveLength(6); // header, 4 rows, the final CRLF
      expect(lines[0].split(';').slice(0, 4)).toEqual(['ID', 'Data', 'Tipo', 'Código do produto']);
      expect(lines[3]).toContain(';02/10/2026 09:30:00;Saída;');
      expect(lines[3]).toContain(';20,25;');
      expect(lines[3]).toContain(";'=Obra A;");
      expect(lines[2]).toContain(';"Reorganização; ""urgente""";');
      expect(lines[4]).toContain(';120,5;');
    });

    it('XLSX: real numbers and dates, read back with exceljs', async () => {
      const res = await t.call('GET', '/api/report/movements/export?format=xlsx&status=saida', full.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['x-total-rows']).toBe('1');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws.name).toBe('Movimentações por período');
      expect(ws.rowCount).toBe(2);
      expect(ws.getRow(1).getCell(2).value).toBe('Data');
      const row = ws.getRow(2);
      expect(typeof row.getCell(1).value).toBe('number');
      const date = row.getCell(2).value as Date;
      expect(date).toBeInstanceOf(Date);
      // Excel dates are wall-clock: São Paulo's 09:30 on 02/10/2026.
      expect(date.toISOString()).toBe('2026-10-02T09:30:00.000Z');
      expect(row.getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
      expect(row.getCell(3).value).toBe('Saída');
      expect(row.getCell(7).value).toBe(20.25);
      expect(row.getCell(15).value).toBe('=Obra A'); // a string, never a formula
    });

    it('PDF: A4 landscape with the title; an empty one says so', async () => {
      const res = await t.call('GET', '/api/report/movements/export?format=pdf&from=2026-10-01&to=2026-10-31', full.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-total-rows']).toBe('2');
      const pdf = res.rawPayload.toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
      // The title in the document's information (UTF-16BE with a BOM, in an indirect string object).
      const ref = /\/Title (\d+) 0 R/.exec(pdf)![1];
      const raw = new RegExp(`\\n${ref} 0 obj\\n\\(([\\s\\S]*?)\\)\\nendobj`).exec(pdf)![1];
      const title = Buffer.from(raw.replace(/\\([()\\])/g, '$1'), 'latin1').swap16().toString('utf16le').replace(/^\ufeff/, '');
      expect(title).toBe('Movimentações por período');
      const none = await t.call('GET', '/api/report/movements/export?format=pdf&from=2020-01-01&to=2020-01-02', full.token);
      expect(none.statusCode).toBe(200);
      expect(none.headers['x-total-rows']).toBe('0');
    });
  });

  describe('background jobs', () => {
    const waitDone = async (id: number, token: string) => {
      for (let i = 0; i < 200; i++) {
        const job = (await t.call('GET', `/api/report/job/${id}`, token)).json() as Job;
        if (job.status !== 'running') return job;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('job did not finish');
    };

    it('writes the file, tracks progress, notifies the owner with a link, and downloads for the owner only', async () => {
      const res = await t.call('POST', '/api/report/movements/export-job', full.token, { format: 'csv', status: 'saida' });
      expect(res.statusCode, res.body).toBe(202);
      const started = res.json() as Job;
      expect(started).toMatchObject({ status: 'running', rows_total: 1, download_url: null });
      const job = await waitDone(started.id, full.token);
      expect(job).toMatchObject({ status: 'done', rows_total: 1, rows_written: 1, download_url: `/api/report/job/${started.id}/download` });
      expect(new Date(job.expires_at!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
      const [note] = await t.app.db.select().from(notifications).where(and(eq(notifications.user_id, full.id), eq(notifications.title, 'Relatório pronto para baixar')));
      expect(note.link).toBe(`/report?name=movements&job=${started.id}`);
      expect(note.message).toContain('Movimentações por período: 1 linha em CSV');

      const file = await t.call('GET', job.download_url!, full.token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('.csv');
      expect(file.headers['x-total-rows']).toBe('1');
      const direct = await t.call('GET', '/api/report/movements/export?format=csv&status=saida', full.token);
      expect(file.rawPayload.equals(direct.rawPayload)).toBe(true);

      // Someone else (same organization and permission) does not see it.
      expect((await t.call('GET', `/api/report/job/${started.id}`, indexOnly.token)).statusCode).toBe(404);
      expect((await t.call('GET', job.download_url!, indexOnly.token)).statusCode).toBe(404);
      expect((await t.call('GET', job.download_url!, admin)).statusCode).toBe(404);
      const mine = (await t.call('GET', '/api/report/job', full.token)).json() as { items: Job[] };
      expect(mine.items[0].id).toBe(started.id);
      expect(((await t.call('GET', '/api/report/job', indexOnly.token)).json() as { items: Job[] }).items).toEqual([]);
    });

    it('takes ids in the body as digits or numbers and refuses any other type, all errors at once, starting nothing', async () => {
      const jobsBefore = (await t.app.db.select().from(reportExportJobs)).length;
      const bad = await t.call('POST', '/api/report/movements/export-job', full.token, { format: 'csv', stock: true, unit: -2, user: 'dois' });
      expect(bad.statusCode, bad.body).toBe(422);
      expect(bad.json().violations.map((v: { propertyPath: string; message: string }) => `${v.propertyPath}: ${v.message}`).sort()).toEqual(['stock: Identificador inválido', 'unit: Identificador inválido', 'user: Identificador inválido']);
      expect((await t.app.db.select().from(reportExportJobs)).length).toBe(jobsBefore);
      const direct = await t.call('GET', `/api/report/movements/export?format=csv&stock=${stockId}`, full.token);
      for (const stock of [String(stockId), stockId]) {
        const res = await t.call('POST', '/api/report/movements/export-job', full.token, { format: 'csv', stock });
        expect(res.statusCode, res.body).toBe(202);
        const job = await waitDone((res.json() as Job).id, full.token);
        expect(job.status).toBe('done');
        expect((await t.call('GET', job.download_url!, full.token)).rawPayload.equals(direct.rawPayload)).toBe(true);
      }
    });

    it('an expired link answers 410 and the cleanup deletes the file', async () => {
      const started = (await t.call('POST', '/api/report/movements/export-job', full.token, { format: 'xlsx' })).json() as Job;
      const job = await waitDone(started.id, full.token);
      expect(job.status).toBe('done');
      const [row] = await t.app.db.select().from(reportExportJobs).where(eq(reportExportJobs.id, job.id));
      const file = path.join(exportsDir(t.app), row.stored_as!);
      expect(existsSync(file)).toBe(true);
      await t.app.db.update(reportExportJobs).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(reportExportJobs.id, job.id));
      expect(((await t.call('GET', `/api/report/job/${job.id}`, full.token)).json() as Job).status).toBe('expired');
      const gone = await t.call('GET', `/api/report/job/${job.id}/download`, full.token);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().message).toContain('ficam disponíveis por um dia');
      expect(await removeExpiredExports(t.app)).toBeGreaterThanOrEqual(1);
      expect(existsSync(file)).toBe(false);
      expect((await t.app.db.select().from(reportExportJobs).where(eq(reportExportJobs.id, job.id)))[0]).toMatchObject({ status: 'expired', stored_as: null });
    });

    it('marks the jobs a restart interrupted as failed', async () => {
      const [row] = await t.app.db
        .insert(reportExportJobs)
        .values({ organization_id: org, user_id: full.id, report: 'movements', format: 'csv', filters: {}, file_name: 'x.csv', status: 'running' })
        .returning();
      expect(await failInterruptedJobs(t.app)).toBe(1);
      const job = (await t.call('GET', `/api/report/job/${row.id}`, full.token)).json() as Job & { error: string };
      expect(job).toMatchObject({ status: 'failed', download_url: null });
      expect(job.error).toContain('servidor foi reiniciado');
      expect((await t.call('GET', `/api/report/job/${row.id}/download`, full.token)).statusCode).toBe(409);
    });

    it('refuses a fourth running job of the same user and a job the user may not read', async () => {
      const [{ id }] = (await t.app.db.execute(sql`select id from "user" where id = ${full.id}`)).rows as { id: number }[];
      await t.app.db.insert(reportExportJobs).values(
        [1, 2, 3].map(() => ({ organization_id: org, user_id: id, report: 'movements', format: 'csv' as const, filters: {}, file_name: 'x.csv', status: 'running' as const })),
      );
      const res = await t.call('POST', '/api/report/movements/export-job', full.token, { format: 'csv' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('exportações em andamento');
      await t.app.db.update(reportExportJobs).set({ status: 'failed' }).where(and(eq(reportExportJobs.user_id, id), eq(reportExportJobs.status, 'running')));
      expect((await t.call('POST', '/api/report/movements/export-job', full.token, { format: 'txt' })).statusCode).toBe(422);
    });
  });
});
