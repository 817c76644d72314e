/**
 * `GET /api/site/{id}/lmc`: the LMCs and LMX segments that use a site, for the site's page.
 * An LMC uses the site when it ends there or one of its segments touches an asset placed there.
 * It shows path data, so it needs LMC (or LMC.INDEX); the site must be one the user sees (404 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { idParam, lmcResource, sitePaths, siteResource, type SitePaths } from '@operacoes/contract';
import { userOf } from '../../../core/access';
import { findVisible } from '../../../core/resource';
import { networkAssets } from '../asset/schema';
import { sites } from '../site/schema';
import { lmcs, lmxSegments } from './schema';

// The site's own access and entity: a user whose SITE permission is scoped to units sees only theirs.
const SITE_VISIBLE = { table: sites, tenancy: 'organization' as const, label: 'Site', gender: 'm' as const, entity: 'site', access: siteResource.access };

export async function sitePathRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/site/:id/lmc',
    {
      config: { access: lmcResource.access.read },
      schema: {
        tags: ['site'],
        summary: 'LMCs e segmentos do site',
        description: 'As LMCs que terminam no site ou passam por um ativo dele, e os segmentos LMX que tocam seus ativos.',
        params: idParam,
        response: { 200: sitePaths },
      },
    },
    async (req): Promise<SitePaths> => {
      const site = await findVisible<typeof sites.$inferSelect>(SITE_VISIBLE, app.db, userOf(req), req.params.id);
      const from = alias(networkAssets, 'from_asset');
      const to = alias(networkAssets, 'to_asset');
      const segmentRows = await app.db
        .select({
          id: lmxSegments.id,
          lmc_id: lmxSegments.lmc_id,
          position: lmxSegments.position,
          medium: lmxSegments.medium,
          capacity_mbps: lmxSegments.capacity_mbps,
          from_asset: { id: from.id, hostname: from.hostname, site_id: from.site_id },
          to_asset: { id: to.id, hostname: to.hostname, site_id: to.site_id },
        })
        .from(lmxSegments)
        .innerJoin(lmcs, eq(lmcs.id, lmxSegments.lmc_id))
        .innerJoin(from, eq(from.id, lmxSegments.from_asset_id))
        .innerJoin(to, eq(to.id, lmxSegments.to_asset_id))
        .where(and(eq(lmcs.organization_id, site.organization_id), or(eq(from.site_id, site.id), eq(to.site_id, site.id))))
        .orderBy(asc(lmcs.code), asc(lmxSegments.position), asc(lmxSegments.id));
      const viaSegments = [...new Set(segmentRows.map((s) => s.lmc_id))];
      const lmcRows = await app.db
        .select({ id: lmcs.id, code: lmcs.code, name: lmcs.name, status: lmcs.status, site_a_id: lmcs.site_a_id, site_b_id: lmcs.site_b_id })
        .from(lmcs)
        .where(and(eq(lmcs.organization_id, site.organization_id), or(eq(lmcs.site_a_id, site.id), eq(lmcs.site_b_id, site.id), viaSegments.length ? inArray(lmcs.id, viaSegments) : undefined)))
        .orderBy(asc(lmcs.code), asc(lmcs.id));
      const ref = new Map(lmcRows.map((l) => [l.id, { id: l.id, code: l.code, name: l.name }]));
      return {
        lmcs: lmcRows,
        segments: segmentRows.map(({ lmc_id, ...s }) => ({ ...s, lmc: ref.get(lmc_id)! })),
      };
    },
  );
}
