/**
 * LMCs and their LMX segments. Decisions where the issue is silent:
 * - Every write of a path (a segment created, changed, removed, or the order changed) is checked
 *   as the whole resulting sequence: each segment starts on the asset where the previous one ended;
 *   a break answers 422 naming it, so removing a middle segment is refused (remove from the ends,
 *   or change the neighbours first).
 * - Path writes of one organization are serialised by an advisory lock, so the VLAN-per-interface
 *   rule holds under concurrent writes.
 * - Deleting an LMC deletes its segments; it is refused while SVCs or unions refer to it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { LMC_SAME_SITES, CIRCUIT_ONLY_FOR_OPERATOR, CIRCUIT_REQUIRED, circuitEntity, idParam, lmcEntity, lmcRead, lmcReorder, lmcResource, lmxResource, networkAssetEntity } from '@operacoes/contract';
import { userOf } from '../../../core/access';
import { audit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { HttpError, unprocessable } from '../../../core/errors';
import { searchText } from '../../../core/list';
import { findVisible } from '../../../core/resource';
import { defineApiResource } from '../../../core/resource-kit';
import { networkAssets, networkInterfaces } from '../asset/schema';
import { interfaceReferences } from '../asset/interfaces';
import { circuits } from '../circuit/schema';
import { svcs } from '../svc/schema';
import { networkUnions, unionMembers } from '../union/schema';
import { type LmcRow, type LmxRow, presentLmcs, presentSegments } from './present';
import { lmcs, lmxSegments } from './schema';
import { siteEndRefs } from '../site/routes';

interfaceReferences.push([lmxSegments, [lmxSegments.from_interface_id, lmxSegments.to_interface_id], 'segmento LMX', 'segmentos LMX']);

const lockPaths = (tx: DbOrTx, organizationId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('network_path'), ${organizationId})`);

type PathStep = Pick<LmxRow, 'id' | 'from_asset_id' | 'to_asset_id'>;

/** 422 at the first break of the path: a segment that does not start where the previous one ended. */
async function checkChain(tx: DbOrTx, path: PathStep[]) {
  for (let i = 1; i < path.length; i++) {
    if (path[i].from_asset_id === path[i - 1].to_asset_id) continue;
    const names = new Map((await tx.select({ id: networkAssets.id, hostname: networkAssets.hostname }).from(networkAssets).where(inArray(networkAssets.id, [path[i].from_asset_id, path[i - 1].to_asset_id]))).map((a) => [a.id, a.hostname]));
    const message = `O caminho está interrompido: o segmento ${i + 1} começa em ${names.get(path[i].from_asset_id)}, mas o segmento ${i} termina em ${names.get(path[i - 1].to_asset_id)}.`;
    throw new HttpError(422, message, [{ propertyPath: 'from_asset_id', message }]);
  }
}

/** Writes positions 1..n for the segments in this order (only those that moved). */
async function renumber(tx: DbOrTx, path: (PathStep & { position?: number })[], skip?: number) {
  for (const [i, s] of path.entries()) if (s.id !== skip && s.position !== i + 1) await tx.update(lmxSegments).set({ position: i + 1 }).where(eq(lmxSegments.id, s.id));
}

const pathOf = (tx: DbOrTx, lmcId: number) => tx.select().from(lmxSegments).where(eq(lmxSegments.lmc_id, lmcId)).orderBy(asc(lmxSegments.position), asc(lmxSegments.id));

/** LMCs (`/api/lmc`), LMX segments (`/api/lmx`) and the reorder of a path. */
export async function lmcRoutes(fastify: FastifyInstance) {
  const lmcDef = defineApiResource(fastify, lmcResource, {
    table: lmcs,
    defaultSort: [asc(lmcs.code), asc(lmcs.id)],
    filters: (q) => [q.status ? eq(lmcs.status, q.status) : undefined, q.site ? or(eq(lmcs.site_a_id, q.site), eq(lmcs.site_b_id, q.site)) : undefined],
    searchOf: (r) => searchText(r.code as string, r.name as string, r.notes as string | null),
    refs: siteEndRefs,
    unique: { code: 'o código' },
    guardDelete: [
      [svcs, svcs.lmc_id, 'SVC', 'SVCs'],
      [unionMembers, unionMembers.lmc_id, 'união', 'uniões'],
    ],
    present: (rows, db) => presentLmcs(rows as LmcRow[], db),
    toValues(values, _ctx, existing) {
      if (existing && (values.site_a_id ?? existing.site_a_id) === (values.site_b_id ?? existing.site_b_id)) throw unprocessable([{ propertyPath: 'site_b_id', message: LMC_SAME_SITES }]);
      return values;
    },
  });

  defineApiResource(fastify, lmxResource, {
    table: lmxSegments,
    defaultSort: [asc(lmxSegments.lmc_id), asc(lmxSegments.position), asc(lmxSegments.id)],
    filters: (q) => [q.lmc ? eq(lmxSegments.lmc_id, q.lmc) : undefined],
    searchOf: (r) => searchText(r.subnet as string | null, r.notes as string | null),
    refs: {
      lmc_id: { table: lmcs, noun: lmcEntity, owner: true, show: ['id', 'code', 'name'] },
      from_asset_id: { table: networkAssets, noun: networkAssetEntity, show: ['id', 'hostname'] },
      to_asset_id: { table: networkAssets, noun: networkAssetEntity, show: ['id', 'hostname'] },
      circuit_id: { table: circuits, noun: circuitEntity, show: ['id', 'carrier', 'designation'] },
    },
    present: (rows, db) => presentSegments(rows as LmxRow[], db),
    async toValues(values, { tx, user }, existing) {
      const seg = { ...existing, ...values } as LmxRow & { position?: number };
      const organizationId = (existing?.organization_id ?? values.organization_id ?? user.organizationId) as number;
      await lockPaths(tx, organizationId);
      if (seg.from_asset_id === seg.to_asset_id) throw unprocessable([{ propertyPath: 'to_asset_id', message: 'O destino deve ser outro ativo' }]);
      if (existing && ('medium' in values || 'circuit_id' in values)) {
        if (seg.medium === 'circuito_operadora' && !seg.circuit_id) throw unprocessable([{ propertyPath: 'circuit_id', message: CIRCUIT_REQUIRED }]);
        if (seg.medium !== 'circuito_operadora' && seg.circuit_id) throw unprocessable([{ propertyPath: 'circuit_id', message: CIRCUIT_ONLY_FOR_OPERATOR }]);
      }
      // A circuit in a union with this LMC would then be the same path counted twice (the union's rule, seen from the segment).
      if (seg.circuit_id && (!existing || 'circuit_id' in values || 'lmc_id' in values)) {
        const [shared] = await tx
          .select({ code: networkUnions.code })
          .from(unionMembers)
          .innerJoin(networkUnions, eq(networkUnions.id, unionMembers.union_id))
          .where(and(eq(unionMembers.lmc_id, seg.lmc_id), inArray(unionMembers.union_id, tx.select({ id: unionMembers.union_id }).from(unionMembers).where(eq(unionMembers.circuit_id, seg.circuit_id)))))
          .limit(1);
        if (shared) throw unprocessable([{ propertyPath: 'circuit_id', message: `O circuito e a LMC já são membros da união ${shared.code}: o segmento faria o mesmo caminho contar duas vezes.` }]);
      }
      // Each interface belongs to its asset.
      const itfs = await tx.select({ id: networkInterfaces.id, asset_id: networkInterfaces.asset_id, name: networkInterfaces.name }).from(networkInterfaces).where(inArray(networkInterfaces.id, [seg.from_interface_id, seg.to_interface_id]));
      const hosts = new Map((await tx.select({ id: networkAssets.id, hostname: networkAssets.hostname }).from(networkAssets).where(inArray(networkAssets.id, [seg.from_asset_id, seg.to_asset_id]))).map((a) => [a.id, a.hostname]));
      const problems = (['from', 'to'] as const).flatMap((side) => {
        const itf = itfs.find((i) => i.id === seg[`${side}_interface_id`]);
        return itf?.asset_id === seg[`${side}_asset_id`] ? [] : [{ propertyPath: `${side}_interface_id`, message: `A interface não pertence ao ativo ${hosts.get(seg[`${side}_asset_id`])}` }];
      });
      if (problems.length) throw unprocessable(problems);
      // A VLAN on an interface belongs to one LMC.
      if (seg.vlan_id) {
        for (const side of ['from', 'to'] as const) {
          const itfId = seg[`${side}_interface_id`];
          const [clash] = await tx
            .select({ code: lmcs.code })
            .from(lmxSegments)
            .innerJoin(lmcs, eq(lmcs.id, lmxSegments.lmc_id))
            .where(and(ne(lmxSegments.lmc_id, seg.lmc_id), eq(lmxSegments.vlan_id, seg.vlan_id), or(eq(lmxSegments.from_interface_id, itfId), eq(lmxSegments.to_interface_id, itfId))))
            .limit(1);
          if (clash) {
            const itf = itfs.find((i) => i.id === itfId)!;
            const message = `A VLAN ${seg.vlan_id} já é usada na interface ${itf.name} de ${hosts.get(seg[`${side}_asset_id`])} pela LMC "${clash.code}".`;
            throw new HttpError(409, message, [{ propertyPath: 'vlan_id', message }]);
          }
        }
      }
      // The resulting path chains; the others shift around the segment's position.
      const others = (await pathOf(tx, seg.lmc_id)).filter((s) => s.id !== existing?.id);
      const wanted = values.position as number | undefined;
      const at = Math.min(Math.max((wanted ?? (existing ? (existing.position as number) : others.length + 1)) - 1, 0), others.length);
      const path = [...others.slice(0, at), { ...seg, id: -1 }, ...others.slice(at)];
      await checkChain(tx, path);
      await renumber(tx, path, -1);
      values.position = at + 1;
      return values;
    },
    async onDelete(row, { tx }) {
      await lockPaths(tx, row.organization_id as number);
      const rest = (await pathOf(tx, row.lmc_id as number)).filter((s) => s.id !== row.id);
      await checkChain(tx, rest);
      await renumber(tx, rest);
      return undefined;
    },
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/lmc/:id/reorder',
    {
      config: { access: lmcResource.access.write },
      schema: { tags: ['lmc'], summary: 'Reordenar os segmentos', description: 'Os ids de todos os segmentos da LMC na nova ordem; o caminho resultante precisa ser contínuo (422 nomeando a quebra).', params: idParam, body: lmcReorder, response: { 200: lmcRead } },
    },
    async (req) => {
      const user = userOf(req);
      const lmc = await findVisible<LmcRow>(lmcDef, app.db, user, req.params.id);
      const row = await app.db.transaction(async (tx) => {
        await lockPaths(tx, lmc.organization_id);
        const current = await pathOf(tx, lmc.id);
        const ids = req.body.segment_ids;
        const byId = new Map(current.map((s) => [s.id, s]));
        if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id)))
          throw unprocessable([{ propertyPath: 'segment_ids', message: 'Informe todos os segmentos desta LMC, cada um uma vez' }]);
        const path = ids.map((id) => byId.get(id)!);
        await checkChain(tx, path);
        await renumber(tx, path);
        await audit(tx, user, { entity: 'lmc', entityId: lmc.id, organizationId: lmc.organization_id, action: 'update', changes: { segments: [current.map((s) => s.id), ids] } });
        return lmc;
      });
      return (await presentLmcs([row], app.db))[0];
    },
  );
}
