import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, type ReportQuery } from '@operacoes/contract';
import { searchText } from '../../src/core/list';
import type { Cell } from '../../src/core/spreadsheet';
import type { ReportDefinition, ReportScope } from '../../src/modules/report/definition';
import { pdfColumns } from '../../src/modules/report/pdf';
import { unitsOrganizational } from '../../src/modules/unit-organizational';
import { createTestApp, type TestApp } from '../helpers';
import { WAREHOUSE_ALL } from '../warehouse/helpers';

/** A report's scope as the routes build it: the organization's rows, or every organization's (null) for a super admin. */
export function scopeOf(t: TestApp, organizationId: number | null): ReportScope {
  return {
    db: t.app.db,
    user: { id: 1, username: 'teste', organizationId: organizationId ?? t.platformOrganizationId, superAdmin: organizationId === null, permissions: [], tokenVersion: 0 },
    organizationId,
    asOf: new Date(),
    timeZone: DEFAULT_TIME_ZONE,
  };
}

/** A report suite's world: its test app, two organizations with the same dataset, and the first one's dataset. */
export type ReportSuite<D> = { t: TestApp; orgA: number; orgB: number; a: D };

/**
 * A report suite's world, made before its tests and closed after them: organizations "Org <name> A"
 * and "Org <name> B" each get `dataset` (so every report is checked not to show another
 * organization's rows).
 */
export function reportSuite<D>(name: string, dataset: (t: TestApp, organizationId: number) => Promise<D>): ReportSuite<D> {
  const s = {} as ReportSuite<D>;
  beforeAll(async () => {
    s.t = await createTestApp();
    s.orgA = await s.t.createOrganization(`Org ${name} A`);
    s.orgB = await s.t.createOrganization(`Org ${name} B`);
    s.a = await dataset(s.t, s.orgA);
    await dataset(s.t, s.orgB);
  });
  afterAll(async () => s.t?.close());
  return s;
}

/** The test every report has: its batches, of any size, cover every row once, for a user and for a super admin. */
export function itCoversEveryRowOnce(s: ReportSuite<unknown>, def: ReportDefinition, q: ReportQuery = {}) {
  it('batches cover every row exactly once whatever their size', async () => {
    await expectStableBatches(def, scopeOf(s.t, s.orgA), q);
    await expectStableBatches(def, scopeOf(s.t, null), q);
  });
}

/** Every batch of a report (small batches cross boundaries), the rows in order, and the count it claims. */
export async function run(def: ReportDefinition, scope: ReportScope, q: ReportQuery = {}, batchSize = 2) {
  const batches: Cell[][][] = [];
  for await (const b of def.batches(scope, q, batchSize)) batches.push(b);
  const rows = batches.flat();
  for (const b of batches) {
    expect(b.length).toBeGreaterThan(0);
    expect(b.length).toBeLessThanOrEqual(batchSize);
    for (const r of b) expect(r).toHaveLength(def.columns.length);
  }
  const count = await def.count(scope, q);
  return { batches, rows, count };
}

/** Rows as objects by column key (dates as ISO strings), for readable assertions. */
export function objects(def: ReportDefinition, rows: Cell[][]): Record<string, string | number | null>[] {
  return rows.map((r) =>
    Object.fromEntries(def.columns.map((c, i) => [c.key, r[i] instanceof Date ? (r[i] as Date).toISOString() : ((r[i] ?? null) as string | number | null)])),
  );
}

/**
 * The same rows through every batch size: batches of 2, 3 and 1000 give the same rows in the same
 * order (each row exactly once across batch boundaries), and as many as `count` says.
 */
export async function expectStableBatches(def: ReportDefinition, scope: ReportScope, q: ReportQuery = {}) {
  const big = await run(def, scope, q, 1000);
  expect(big.rows).toHaveLength(big.count);
  for (const size of [1, 2, 3]) {
    const small = await run(def, scope, q, size);
    expect(small.rows).toEqual(big.rows);
    expect(small.batches.length).toBe(Math.ceil(big.rows.length / size));
  }
  return big;
}

let units = 0;
/** A unit of the organization (direct insert: units have their own tests). */
export async function insertUnit(t: TestApp, organizationId: number, name = `Unidade R${++units}`) {
  const [unit] = await t.app.db.insert(unitsOrganizational).values({ organization_id: organizationId, name, code: `UR${++units}`, search_text: searchText(name) }).returning();
  return unit.id;
}

/**
 * The start of a warehouse dataset: a manager of the organization (the warehouse rows go through
 * the API as them: `call` must succeed) and two units, Norte and Sul.
 */
export async function warehouseStart(t: TestApp, organizationId: number, o: { units?: [string, string]; manager?: { nickname?: string; fullName?: string } } = {}) {
  const boss = await t.createUser({ permissions: WAREHOUSE_ALL, organizationId, ...o.manager });
  const call = <T = { id: number }>(method: string, url: string, body?: unknown) => ok<T>(t, method, url, boss.token, body);
  const [northName, southName] = o.units ?? ['Norte', 'Sul'];
  return { boss, call, north: await insertUnit(t, organizationId, northName), south: await insertUnit(t, organizationId, southName) };
}

/** A call that must succeed; its JSON. */
export async function ok<T = Record<string, unknown> & { id: number }>(t: TestApp, method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await t.call(method, url, token, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as T;
}

/**
 * The HTTP side of a report (the engine's `GET /api/report/{name}`): 403 without the permission,
 * 200 with the read permission's `.INDEX` (the preview, and the CSV, XLSX and PDF exports of every row).
 */
export async function expectHttpAccess(t: TestApp, def: ReportDefinition, organizationId: number, query = '') {
  const index = `${def.read[0]}.INDEX`;
  const reader = await t.createUser({ permissions: [index], organizationId });
  const stranger = await t.createUser({ permissions: ['SCHEDULE'], organizationId });
  const url = `/api/report/${def.name}${query}`;
  expect((await t.call('GET', url, stranger.token)).statusCode).toBe(403);
  const res = await t.call('GET', url, reader.token);
  expect(res.statusCode, res.body).toBe(200);
  const preview = res.json() as { columns: unknown[]; rows: unknown[][]; total_rows: number; chart: unknown };
  await expectExports(t, def, reader.token, query, preview.total_rows);
  return preview;
}

/** The engine's CSV, XLSX and PDF of the report: every row under the report's column labels. */
async function expectExports(t: TestApp, def: ReportDefinition, token: string, query: string, total: number) {
  const url = (format: string) => `/api/report/${def.name}/export${query ? `${query}&` : '?'}format=${format}`;
  const csv = await t.call('GET', url('csv'), token);
  expect(csv.statusCode, csv.body).toBe(200);
  const lines = csv.body.replace(/^\ufeff/, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(def.columns.map((c) => c.label).join(';'));
  expect(lines).toHaveLength(total + 1);
  const xlsx = await t.call('GET', url('xlsx'), token);
  expect(xlsx.statusCode, xlsx.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  expect(wb.worksheets[0].rowCount).toBe(total + 1);
  expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe(def.columns[0].label);
  const pdf = await t.call('GET', url('pdf'), token);
  expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
  expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  // Read back by poppler: every printed header whole (its words in order under the filters), nothing cut.
  const text = pdfLayoutText(pdf.rawPayload);
  expect(text).not.toContain('…');
  const words = tokens(text.slice(text.indexOf('Filtros:')));
  for (const c of pdfColumns(def.columns, def.printMerges)) {
    let at = 0;
    for (const word of tokens(c.label)) {
      at = words.indexOf(word, at) + 1;
      expect(at, `header "${c.label}" in the PDF`).toBeGreaterThan(0);
    }
  }
}

/** A PDF's text as another program reads it: poppler's `pdftotext -layout` (lines kept where they are printed). */
export function pdfLayoutText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
}

/** The whitespace-separated words of a text. */
export const tokens = (text: string) => text.split(/\s+/).filter(Boolean);
