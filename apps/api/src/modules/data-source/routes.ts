import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dataSourceResource, dataSourceRunRead, dataSourceTestResult, type dataSourceUpdate, listQuery } from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../core/access';
import { audit } from '../../core/audit';
import { searchText } from '../../core/list';
import { findVisible } from '../../core/resource';
import { defineApiResource } from '../../core/resource-kit';
import { SecretBox } from '../../core/secrets';
import { importNetworkRecords } from '../network';
import { fetchRecords, mapRecord, pick } from './fetch';
import { parseAllowList } from './safe-fetch';
import { dataSourceRecords, dataSourceRuns, dataSources } from './schema';

type SourceRow = typeof dataSources.$inferSelect;
const PATH = '/organization-settings/data-source';

const presentSource = (r: SourceRow) => ({
  id: r.id,
  organization_id: r.organization_id,
  name: r.name,
  url: r.url,
  method: r.method,
  headers: r.headers,
  has_token: Boolean(r.token_encrypted),
  target: r.target,
  items_path: r.items_path,
  key_field: r.key_field,
  mapping: r.mapping,
  schedule: r.schedule,
  timeout_ms: r.timeout_ms,
  is_active: r.is_active,
  last_run_at: r.last_run_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const presentRun = (r: typeof dataSourceRuns.$inferSelect) => ({
  id: r.id,
  data_source_id: r.data_source_id,
  status: r.status,
  created: r.created,
  updated: r.updated,
  rejected: r.rejected,
  log: r.log,
  error: r.error,
  started_at: r.started_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
});

export async function dataSourceRoutes(fastify: FastifyInstance) {
  const box = new SecretBox(fastify.config.dataSourceKey);
  const allow = parseAllowList(fastify.config.dataSourceAllowedHosts);
  const def = defineApiResource(fastify, dataSourceResource, {
    table: dataSources,
    defaultSort: [asc(dataSources.name)],
    sortable: { id: dataSources.id, name: dataSources.name, last_run_at: dataSources.last_run_at },
    searchOf: (r) => searchText(r.name as string, r.url as string),
    present: async (rows) => (rows as SourceRow[]).map(presentSource),
    async toValues(input) {
      const { token, ...rest } = input as z.infer<typeof dataSourceUpdate>;
      const values: Record<string, unknown> = { ...rest };
      // The token is write-only: omitted keeps it, null clears it; the audit log shows only that it changed.
      if (token !== undefined) values.token_encrypted = token ? box.seal(token) : null;
      return values;
    },
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.coerce.number().int().positive() });
  const tags = ['data_source'];
  const load = async (user: CurrentUser, id: number) => findVisible<SourceRow>(def, app.db, user, id);
  const fetchOf = (s: SourceRow) =>
    fetchRecords({ url: s.url, method: s.method, headers: s.headers, token: s.token_encrypted ? box.open(s.token_encrypted) : undefined, items_path: s.items_path, timeout_ms: s.timeout_ms }, allow);

  app.post(`${PATH}/:id/test`, { config: { access: { write: 'DATA_SOURCE' } }, schema: { tags, params, response: { 200: dataSourceTestResult } } }, async (req) => {
    const source = await load(userOf(req), req.params.id);
    const items = await fetchOf(source);
    const rows = items.slice(0, 10).map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : { valor: r }));
    return { total: items.length, rows, mapped: rows.map((r) => mapRecord(r, source.mapping)) };
  });

  app.post(`${PATH}/:id/run`, { config: { access: { write: 'DATA_SOURCE' } }, schema: { tags, params, response: { 200: dataSourceRunRead } } }, async (req) => {
    const user = userOf(req);
    const source = await load(user, req.params.id);
    return presentRun(await runImport(source, user.id));
  });

  app.get(
    `${PATH}/:id/runs`,
    { config: { access: { read: 'DATA_SOURCE' } }, schema: { tags, params, response: { 200: z.object({ items: z.array(dataSourceRunRead) }) } } },
    async (req) => {
      const source = await load(userOf(req), req.params.id);
      const rows = await app.db.select().from(dataSourceRuns).where(eq(dataSourceRuns.data_source_id, source.id)).orderBy(desc(dataSourceRuns.id)).limit(50);
      return { items: rows.map(presentRun) };
    },
  );

  app.get(
    `${PATH}/:id/records`,
    {
      config: { access: { read: 'DATA_SOURCE' } },
      schema: { tags, params, querystring: listQuery, response: { 200: z.object({ items: z.array(z.object({ external_key: z.string(), data: z.record(z.string(), z.unknown()), updated_at: z.string() })), total_items: z.number() }) } },
    },
    async (req) => {
      const source = await load(userOf(req), req.params.id);
      const { page, pageSize } = req.query;
      const size = Math.min(pageSize, 100);
      const [rows, [{ n }]] = await Promise.all([
        app.db.select().from(dataSourceRecords).where(eq(dataSourceRecords.data_source_id, source.id)).orderBy(asc(dataSourceRecords.external_key)).limit(size).offset((page - 1) * size),
        app.db.select({ n: sql<number>`count(*)::int` }).from(dataSourceRecords).where(eq(dataSourceRecords.data_source_id, source.id)),
      ]);
      return { items: rows.map((r) => ({ external_key: r.external_key, data: r.data, updated_at: r.updated_at.toISOString() })), total_items: n };
    },
  );

  /** Fetches, validates and upserts into the staging table in one transaction; the run log keeps the outcome either way. */
  async function runImport(source: SourceRow, userId: number | null) {
    const [run] = await app.db.insert(dataSourceRuns).values({ organization_id: source.organization_id, data_source_id: source.id, status: 'running', started_by: userId }).returning();
    const finish = async (values: Partial<typeof dataSourceRuns.$inferInsert>) => {
      const [done] = await app.db.update(dataSourceRuns).set({ ...values, finished_at: new Date() }).where(eq(dataSourceRuns.id, run.id)).returning();
      await app.db.update(dataSources).set({ last_run_at: new Date() }).where(eq(dataSources.id, source.id));
      return done;
    };
    let items: unknown[];
    try {
      items = await fetchOf(source);
    } catch (err) {
      await finish({ status: 'failed', error: (err as Error).message });
      throw err;
    }
    const log: { row: number; reason: string }[] = [];
    const valid = new Map<string, Record<string, unknown>>();
    const rowOf = new Map<string, number>();
    items.forEach((item, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) return void log.push({ row: i + 1, reason: 'O registro não é um objeto JSON' });
      const key = pick(item, source.key_field);
      if (key === undefined || key === null || key === '') return void log.push({ row: i + 1, reason: `Campo-chave "${source.key_field}" ausente` });
      if (typeof key === 'object') return void log.push({ row: i + 1, reason: `Campo-chave "${source.key_field}" não é um valor simples` });
      if (valid.has(String(key))) return void log.push({ row: i + 1, reason: `Chave repetida: ${String(key)}` });
      valid.set(String(key), mapRecord(item, source.mapping));
      rowOf.set(String(key), i + 1);
    });
    const keys = [...valid.keys()];
    if (source.target !== 'staging') {
      // Sites and assets: upserted into the network module's tables by code / hostname, each record checked by its rules.
      const user = userId ? ({ id: userId } as CurrentUser) : undefined;
      const records = keys.map((k) => ({ row: rowOf.get(k)!, key: k, data: valid.get(k)! }));
      const outcome = await app.db.transaction((tx) => importNetworkRecords(tx, source.target as 'site' | 'network_asset', { organizationId: source.organization_id, user }, records));
      log.push(...outcome.refused);
      log.sort((a, b) => a.row - b.row);
      return finish({ status: 'success', created: outcome.created, updated: outcome.updated, rejected: log.length, log: log.slice(0, 1000) });
    }
    const counts = await app.db.transaction(async (tx) => {
      const existing = new Map<string, string>();
      for (let i = 0; i < keys.length; i += 5000) {
        const rows = await tx
          .select({ key: dataSourceRecords.external_key, data: dataSourceRecords.data })
          .from(dataSourceRecords)
          .where(and(eq(dataSourceRecords.data_source_id, source.id), inArray(dataSourceRecords.external_key, keys.slice(i, i + 5000))));
        rows.forEach((r) => existing.set(r.key, JSON.stringify(r.data)));
      }
      const changed = keys.filter((k) => existing.has(k) && existing.get(k) !== JSON.stringify(valid.get(k)));
      const fresh = keys.filter((k) => !existing.has(k));
      const upserts = [...fresh, ...changed];
      for (let i = 0; i < upserts.length; i += 1000) {
        await tx
          .insert(dataSourceRecords)
          .values(upserts.slice(i, i + 1000).map((k) => ({ organization_id: source.organization_id, data_source_id: source.id, external_key: k, data: valid.get(k)! })))
          .onConflictDoUpdate({ target: [dataSourceRecords.data_source_id, dataSourceRecords.external_key], set: { data: sql`excluded.data`, updated_at: new Date() } });
      }
      await audit(tx, userId ? ({ id: userId } as CurrentUser) : undefined, {
        entity: 'data_source',
        entityId: source.id,
        organizationId: source.organization_id,
        action: 'update',
        changes: { execucao: [null, { criados: fresh.length, atualizados: changed.length, rejeitados: log.length }] },
      });
      return { created: fresh.length, updated: changed.length };
    });
    return finish({ status: 'success', created: counts.created, updated: counts.updated, rejected: log.length, log: log.slice(0, 1000) });
  }

  // Scheduled runs: every minute, sources whose period has passed; an advisory lock keeps one process at it.
  const PERIOD = { hourly: 3600_000, daily: 86_400_000 } as const;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const due = await app.db
      .select()
      .from(dataSources)
      .where(and(eq(dataSources.is_active, true), sql`${dataSources.schedule} <> 'manual'`));
    for (const s of due) {
      const period = PERIOD[s.schedule as keyof typeof PERIOD];
      if (s.last_run_at && Date.now() - s.last_run_at.getTime() < period) continue;
      const [{ locked }] = (await app.db.execute(sql`select pg_try_advisory_lock(${4242}, ${s.id}) as locked`)).rows as { locked: boolean }[];
      if (!locked) continue;
      try {
        await runImport(s, null).catch((err) => app.log.warn({ err, dataSource: s.id }, 'scheduled data-source run failed'));
      } finally {
        await app.db.execute(sql`select pg_advisory_unlock(${4242}, ${s.id})`);
      }
    }
  };
  fastify.addHook('onReady', async () => {
    timer = setInterval(() => void tick().catch((err) => app.log.error({ err }, 'data-source scheduler failed')), 60_000);
    timer.unref();
  });
  fastify.addHook('onClose', async () => clearInterval(timer));
}
