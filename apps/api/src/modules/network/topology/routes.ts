/**
 * An LMC's topology: `GET /api/lmc/{id}/topology`, what the web draws at `/lmc/topology/:id`.
 * - Edges: the LMC's segments (`lmx:<id>`, kind `segment`), then the segments of the other LMCs of its
 *   unions (siblings), then the unions' operator circuit members drawn site to site (`circuit:<id>`).
 * - A circuit is down while it has an unavailability period without an end (as circuit/present.ts).
 * - Sites: the LMC's two ends, the sites of the assets on the edges, the ends of the circuit members.
 * - Reading needs `LMC` or `LMC.INDEX`; another organization's LMC is 404. Everything is read in the
 *   LMC's organization only (a super admin sees the LMC's own organization's picture).
 * - Nine queries whatever the size (four of them side by side): the LMC, its unions with their members,
 *   the sibling LMCs, the segments, then the interfaces' names, the assets, the circuits and their
 *   ongoing unavailabilities, and last the sites.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type LmcTopology, type TopologyEdge, idParam, lmcEntity, lmcResource, lmcTopology } from '@operacoes/contract';
import { userOf } from '../../../core/access';
import { findVisible } from '../../../core/resource';
import { networkAssets, networkInterfaces } from '../asset/schema';
import { circuitUnavailabilities, circuits } from '../circuit/schema';
import { lmcs, lmxSegments } from '../lmc/schema';
import { sites } from '../site/schema';
import { networkUnions, unionMembers } from '../union/schema';

type LmcRow = typeof lmcs.$inferSelect;

const lmcDef = { table: lmcs, tenancy: 'organization' as const, label: lmcEntity.label, gender: lmcEntity.gender };

export async function topologyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/lmc/:id/topology',
    {
      config: { access: lmcResource.access.read },
      schema: {
        tags: ['lmc'],
        summary: 'Topologia da LMC',
        description:
          'Sites, ativos e arestas da LMC: seus segmentos, os segmentos das outras LMCs das suas uniões e os circuitos de operadora membros dessas uniões (de site a site), cada circuito com `down` quando há indisponibilidade em aberto.',
        params: idParam,
        response: { 200: lmcTopology },
      },
    },
    async (req): Promise<LmcTopology> => {
      const user = userOf(req);
      const lmc = await findVisible<LmcRow>(lmcDef as never, app.db, user, req.params.id);
      const org = lmc.organization_id;

      // The unions it belongs to, with all their members.
      const memberRows = await app.db
        .select({ union_id: networkUnions.id, code: networkUnions.code, name: networkUnions.name, mode: networkUnions.mode, lmc_id: unionMembers.lmc_id, circuit_id: unionMembers.circuit_id, position: unionMembers.position })
        .from(unionMembers)
        .innerJoin(networkUnions, eq(networkUnions.id, unionMembers.union_id))
        .where(
          and(
            eq(networkUnions.organization_id, org),
            inArray(unionMembers.union_id, app.db.select({ id: unionMembers.union_id }).from(unionMembers).where(eq(unionMembers.lmc_id, lmc.id))),
          ),
        )
        .orderBy(asc(networkUnions.code), asc(networkUnions.id), asc(unionMembers.position), asc(unionMembers.id));
      const unions = new Map<number, LmcTopology['unions'][number]>();
      for (const m of memberRows) if (!unions.has(m.union_id)) unions.set(m.union_id, { id: m.union_id, code: m.code, name: m.name, mode: m.mode });
      const siblingIds = [...new Set(memberRows.flatMap((m) => (m.lmc_id !== null && m.lmc_id !== lmc.id ? [m.lmc_id] : [])))];
      const memberCircuitIds = [...new Set(memberRows.flatMap((m) => (m.circuit_id !== null ? [m.circuit_id] : [])))];

      const siblings = siblingIds.length
        ? await app.db
            .select({ id: lmcs.id, code: lmcs.code, name: lmcs.name })
            .from(lmcs)
            .where(and(inArray(lmcs.id, siblingIds), eq(lmcs.organization_id, org)))
            .orderBy(asc(lmcs.code), asc(lmcs.id))
        : [];
      const lmcIds = [lmc.id, ...siblings.map((s) => s.id)];
      const rank = new Map(lmcIds.map((id, i) => [id, i]));

      const segments = (
        await app.db
          .select()
          .from(lmxSegments)
          .where(and(inArray(lmxSegments.lmc_id, lmcIds), eq(lmxSegments.organization_id, org)))
          .orderBy(asc(lmxSegments.position), asc(lmxSegments.id))
      ).sort((a, b) => rank.get(a.lmc_id)! - rank.get(b.lmc_id)!);

      const interfaceIds = [...new Set(segments.flatMap((s) => [s.from_interface_id, s.to_interface_id]))];
      const assetIds = [...new Set(segments.flatMap((s) => [s.from_asset_id, s.to_asset_id]))];
      const circuitIds = [...new Set([...segments.flatMap((s) => (s.circuit_id !== null ? [s.circuit_id] : [])), ...memberCircuitIds])];
      const [interfaceRows, assetRows, circuitRows, ongoing] = await Promise.all([
        interfaceIds.length ? app.db.select({ id: networkInterfaces.id, name: networkInterfaces.name }).from(networkInterfaces).where(inArray(networkInterfaces.id, interfaceIds)) : [],
        assetIds.length
          ? app.db
              .select({ id: networkAssets.id, hostname: networkAssets.hostname, role: networkAssets.role, vendor: networkAssets.vendor, site_id: networkAssets.site_id })
              .from(networkAssets)
              .where(and(inArray(networkAssets.id, assetIds), eq(networkAssets.organization_id, org)))
              .orderBy(asc(networkAssets.hostname), asc(networkAssets.id))
          : [],
        circuitIds.length
          ? app.db
              .select({
                id: circuits.id,
                carrier: circuits.carrier,
                designation: circuits.designation,
                bandwidth_mbps: circuits.bandwidth_mbps,
                site_a_id: circuits.site_a_id,
                site_b_id: circuits.site_b_id,
              })
              .from(circuits)
              .where(and(inArray(circuits.id, circuitIds), eq(circuits.organization_id, org)))
          : [],
        circuitIds.length
          ? app.db
              .selectDistinct({ circuit_id: circuitUnavailabilities.circuit_id })
              .from(circuitUnavailabilities)
              .where(and(inArray(circuitUnavailabilities.circuit_id, circuitIds), isNull(circuitUnavailabilities.ended_at)))
          : [],
      ]);
      const down = new Set(ongoing.map((o) => o.circuit_id));
      const interfaceName = new Map(interfaceRows.map((i) => [i.id, i.name]));
      const circuitById = new Map(circuitRows.map((c) => [c.id, c]));
      const circuitRef = (id: number | null) => {
        const c = id === null ? undefined : circuitById.get(id);
        return c ? { id: c.id, carrier: c.carrier, designation: c.designation, down: down.has(c.id) } : null;
      };

      const edges: TopologyEdge[] = segments.map((s) => ({
        key: `lmx:${s.id}`,
        kind: 'segment',
        id: s.id,
        lmc_id: s.lmc_id,
        position: s.position,
        from_asset_id: s.from_asset_id,
        to_asset_id: s.to_asset_id,
        from_site_id: null,
        to_site_id: null,
        from_interface: interfaceName.get(s.from_interface_id) ?? null,
        to_interface: interfaceName.get(s.to_interface_id) ?? null,
        medium: s.medium,
        vlan_id: s.vlan_id,
        capacity_mbps: s.capacity_mbps,
        circuit: circuitRef(s.circuit_id),
      }));
      for (const id of memberCircuitIds) {
        const c = circuitById.get(id);
        if (!c) continue;
        edges.push({
          key: `circuit:${c.id}`,
          kind: 'circuit',
          id: c.id,
          lmc_id: null,
          position: null,
          from_asset_id: null,
          to_asset_id: null,
          from_site_id: c.site_a_id,
          to_site_id: c.site_b_id,
          from_interface: null,
          to_interface: null,
          medium: 'circuito_operadora',
          vlan_id: null,
          capacity_mbps: c.bandwidth_mbps,
          circuit: circuitRef(c.id),
        });
      }

      const siteIds = new Set<number>([lmc.site_a_id, lmc.site_b_id]);
      for (const a of assetRows) if (a.site_id !== null) siteIds.add(a.site_id);
      for (const e of edges) for (const s of [e.from_site_id, e.to_site_id]) if (s !== null) siteIds.add(s);
      const siteRows = await app.db
        .select({ id: sites.id, code: sites.code, name: sites.name })
        .from(sites)
        .where(and(inArray(sites.id, [...siteIds]), eq(sites.organization_id, org)))
        .orderBy(asc(sites.code), asc(sites.id));

      return {
        lmc: { id: lmc.id, code: lmc.code, name: lmc.name, site_a_id: lmc.site_a_id, site_b_id: lmc.site_b_id },
        siblings,
        unions: [...unions.values()],
        sites: siteRows,
        assets: assetRows,
        edges,
      };
    },
  );
}
