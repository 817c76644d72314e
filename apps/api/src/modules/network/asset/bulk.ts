import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, gt, inArray, like } from 'drizzle-orm';
import {
  ASSET_EXPORT_MAX_ROWS,
  ASSET_ROLE_LABELS,
  ASSET_STATUS_LABELS,
  ASSET_VENDOR_LABELS,
  assetBulkMove,
  assetBulkResult,
  assetBulkStatus,
  assetExportQuery,
  networkAssetResource,
  siteEntity,
} from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../../core/access';
import { audit } from '../../../core/audit';
import type { Tx } from '../../../core/db';
import { HttpError, unprocessable } from '../../../core/errors';
import { searchPatterns } from '../../../core/list';
import { type ResourceDef, tenancyCondition } from '../../../core/resource';
import { referencedRow } from '../../../core/resource-kit';
import { type Cell, csv, EXPORT_TYPES, XLSX_TYPE, xlsx } from '../../../core/spreadsheet';
import { sites } from '../site/schema';
import { assetFilters, presentAssets } from './present';
import { networkAssets, networkInterfaces } from './schema';

type AssetRow = typeof networkAssets.$inferSelect;

const EXPORT_HEADER = ['Hostname', 'Função', 'Fabricante', 'Modelo', 'Nº de série', 'IP de gerência', 'RouterOS', 'Site', 'Situação', 'Patrimônio', 'Interfaces', 'Observações'];
const WIDTHS = [28, 14, 14, 20, 20, 20, 10, 32, 16, 16, 11, 40];

/**
 * Bulk actions on the asset list (`POST /api/asset/bulk/status`, `/bulk/move`) and its export
 * (`GET /api/asset/export?format=csv|xlsx`, the list's search and filters). Every id must be one the
 * user may see: one foreign or unknown id refuses the whole action and nothing changes.
 */
export async function assetBulkRoutes(fastify: FastifyInstance, def: ResourceDef) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['network_asset'];
  const write = networkAssetResource.access.write;

  /** The rows of `ids`, locked; 404 naming the ids the user may not see. */
  async function lockAll(tx: Tx, user: CurrentUser, ids: number[]) {
    const rows = (await tx
      .select()
      .from(networkAssets)
      .where(and(inArray(networkAssets.id, ids), tenancyCondition(def, user)))
      .orderBy(asc(networkAssets.id))
      .for('update')) as AssetRow[];
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new HttpError(404, `Ativo de rede não encontrado: ${missing.join(', ')}. Nenhum ativo foi alterado.`, [{ propertyPath: 'ids', message: `Não encontrados: ${missing.join(', ')}` }]);
    return rows;
  }

  async function bulkUpdate(tx: Tx, user: CurrentUser, rows: AssetRow[], values: Partial<AssetRow>) {
    const changing = rows.filter((r) => (Object.keys(values) as (keyof AssetRow)[]).some((k) => r[k] !== values[k]));
    if (changing.length === 0) return 0;
    const updated = await tx
      .update(networkAssets)
      .set({ ...values, updated_at: new Date() })
      .where(inArray(networkAssets.id, changing.map((r) => r.id)))
      .returning();
    const before = new Map(changing.map((r) => [r.id, r]));
    for (const after of updated) await audit(tx, user, { entity: 'network_asset', entityId: after.id, organizationId: after.organization_id, action: 'update', before: before.get(after.id), after });
    return updated.length;
  }

  app.post(
    '/asset/bulk/status',
    { config: { access: write }, schema: { tags, summary: 'Alterar a situação de vários ativos', body: assetBulkStatus, response: { 200: assetBulkResult } } },
    async (req) => {
      const user = userOf(req);
      const updated = await app.db.transaction(async (tx) => bulkUpdate(tx, user, await lockAll(tx, user, req.body.ids), { status: req.body.status }));
      return { updated };
    },
  );

  app.post(
    '/asset/bulk/move',
    { config: { access: write }, schema: { tags, summary: 'Mover vários ativos para outro site', body: assetBulkMove, response: { 200: assetBulkResult } } },
    async (req) => {
      const user = userOf(req);
      const updated = await app.db.transaction(async (tx) => {
        const rows = await lockAll(tx, user, req.body.ids);
        const site = await referencedRow(tx, { table: sites, noun: siteEntity }, req.body.site_id, user.superAdmin ? null : user.organizationId, 'site_id');
        // A super admin's selection may span organizations: each asset moves only within its own.
        const foreign = rows.filter((r) => r.organization_id !== site.organization_id);
        if (foreign.length) throw unprocessable([{ propertyPath: 'site_id', message: `O site é de outra organização que os ativos ${foreign.map((r) => r.hostname).join(', ')}` }]);
        return bulkUpdate(tx, user, rows, { site_id: site.id });
      });
      return { updated };
    },
  );

  app.get(
    '/asset/export',
    {
      config: { access: networkAssetResource.access.read },
      schema: { tags, summary: 'Exportar a lista de ativos (CSV ou XLSX)', description: `Todas as linhas da busca e dos filtros da lista (até ${ASSET_EXPORT_MAX_ROWS}).`, querystring: assetExportQuery, produces: EXPORT_TYPES },
    },
    async (req, reply) => {
      const user = userOf(req);
      const q = req.query;
      const where = and(tenancyCondition(def, user), ...searchPatterns(q.search).map((p) => like(networkAssets.search_text, p)), ...assetFilters(q));
      const rows: Cell[][] = [];
      let after = 0;
      while (rows.length < ASSET_EXPORT_MAX_ROWS) {
        const batch = await app.db
          .select()
          .from(networkAssets)
          .where(and(where, gt(networkAssets.id, after)))
          .orderBy(asc(networkAssets.id))
          .limit(Math.min(5000, ASSET_EXPORT_MAX_ROWS - rows.length));
        if (batch.length === 0) break;
        const ids = batch.map((r) => r.id);
        const counted = await app.db.select({ id: networkInterfaces.asset_id, n: count() }).from(networkInterfaces).where(inArray(networkInterfaces.asset_id, ids)).groupBy(networkInterfaces.asset_id);
        const interfaces = new Map(counted.map((c) => [c.id, c.n]));
        for (const a of await presentAssets(batch, app.db, { interfaces: false })) {
          rows.push([
            a.hostname,
            ASSET_ROLE_LABELS[a.role],
            ASSET_VENDOR_LABELS[a.vendor],
            a.model,
            a.serial,
            a.management_ip,
            a.routeros_version,
            a.site ? `${a.site.code} — ${a.site.name}` : null,
            ASSET_STATUS_LABELS[a.status],
            a.patrimony?.tag,
            interfaces.get(a.id) ?? 0,
            a.notes,
          ]);
        }
        after = batch[batch.length - 1].id;
      }
      const stamp = new Date().toISOString().slice(0, 10);
      if (q.format === 'csv') {
        return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="ativos-de-rede-${stamp}.csv"`).send(csv(EXPORT_HEADER, rows) as never);
      }
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="ativos-de-rede-${stamp}.xlsx"`)
        .send(xlsx('Ativos de rede', EXPORT_HEADER, rows, WIDTHS) as never);
    },
  );
}
