/**
 * SVCs: customer services and the organization's IP plan. A block that overlaps a live
 * (not cancelled) SVC's block answers 409 naming it. The check runs inside the write's transaction
 * under an advisory lock per organization, so two overlapping writes at the same moment cannot
 * both pass; it reads the GiST index on `svc.ip_block` (`&&`), on PostgreSQL and PGlite alike.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { DELIVERY_NEEDS_LMC, type SvcRead, formatCidr, formatIp, gatewayProblem, lmcEntity, parseCidr, parseIp, svcResource } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { HttpError, unprocessable } from '../../../core/errors';
import { equalsGiven, searchText } from '../../../core/list';
import { byIds, plainPresent } from '../../../core/resource';
import { defineApiResource } from '../../../core/resource-kit';
import { interfaceReferences } from '../asset/interfaces';
import { networkAssets, networkInterfaces } from '../asset/schema';
import { lmcs, lmxSegments } from '../lmc/schema';
import { svcs } from './schema';

interfaceReferences.push([svcs, [svcs.delivery_interface_id], 'SVC (interface de entrega)', 'SVCs (interface de entrega)']);

type SvcRow = typeof svcs.$inferSelect;

/** `inet`/`cidr` text as the contract writes it ('10.0.0.5', '2001:db8::/64'). */
const canonicalBlock = (v: string | null) => (v ? formatCidr(parseCidr(v)!) : null);
const canonicalAddress = (v: string | null) => (v ? formatIp(parseIp(v.split('/')[0])!) : null);

/** The live SVC whose block overlaps `block` (another than `self`), under the organization's IP-plan lock. */
export async function overlappingSvc(tx: DbOrTx, organizationId: number, block: string, self?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('svc_ip_plan'), ${organizationId})`);
  const rows = await tx.execute(
    sql`select code, host(ip_block) || '/' || masklen(ip_block) as block from svc where organization_id = ${organizationId} and status <> 'cancelado' and ip_block && ${block}::cidr ${self ? sql`and id <> ${self}` : sql``} limit 1`,
  );
  return rows.rows[0] as { code: string; block: string } | undefined;
}

/**
 * 422 unless the delivery interface is an interface of the organization on an asset of the SVC's
 * LMC path (the customer-end router's port facing the customer).
 */
async function checkDelivery(tx: DbOrTx, organizationId: number, merged: Partial<SvcRow>) {
  if (!merged.delivery_interface_id) return;
  const refuse = (message: string) => unprocessable([{ propertyPath: 'delivery_interface_id', message }]);
  if (!merged.lmc_id) throw refuse(DELIVERY_NEEDS_LMC);
  const [itf] = await tx
    .select({ asset_id: networkInterfaces.asset_id })
    .from(networkInterfaces)
    .where(and(eq(networkInterfaces.id, merged.delivery_interface_id), eq(networkInterfaces.organization_id, organizationId)));
  if (!itf) throw refuse('Interface de entrega não encontrada');
  const [onPath] = await tx
    .select({ id: lmxSegments.id })
    .from(lmxSegments)
    .where(and(eq(lmxSegments.lmc_id, merged.lmc_id), or(eq(lmxSegments.from_asset_id, itf.asset_id), eq(lmxSegments.to_asset_id, itf.asset_id))))
    .limit(1);
  if (!onPath) throw refuse('A interface de entrega deve ser de um equipamento do caminho da LMC (o roteador da ponta do cliente)');
}

export async function presentSvcs(rows: SvcRow[], db: DbOrTx): Promise<SvcRead[]> {
  const lmcRows = await byIds(db, lmcs as never, rows.map((r) => r.lmc_id).filter((v): v is number => v !== null));
  const deliveryIds = [...new Set(rows.map((r) => r.delivery_interface_id).filter((v): v is number => v !== null))];
  const deliveries = new Map(
    (deliveryIds.length
      ? await db
          .select({ id: networkInterfaces.id, name: networkInterfaces.name, asset_id: networkInterfaces.asset_id, hostname: networkAssets.hostname })
          .from(networkInterfaces)
          .innerJoin(networkAssets, eq(networkAssets.id, networkInterfaces.asset_id))
          .where(inArray(networkInterfaces.id, deliveryIds))
      : []
    ).map((d) => [d.id, d]),
  );
  return (plainPresent(rows as never) as Record<string, unknown>[]).map((r, i) => {
    const row = rows[i];
    const lmc = row.lmc_id ? lmcRows.get(row.lmc_id) : undefined;
    return {
      ...r,
      ip_block: canonicalBlock(row.ip_block),
      gateway: canonicalAddress(row.gateway),
      lmc: lmc ? { id: lmc.id as number, code: lmc.code as string, name: lmc.name as string } : null,
      delivery_interface: (row.delivery_interface_id && deliveries.get(row.delivery_interface_id)) || null,
    } as SvcRead;
  });
}

/** SVCs (`/api/svc`): the kit's CRUD, the gateway inside the block, and the IP plan. */
export async function svcRoutes(app: FastifyInstance) {
  defineApiResource(app, svcResource, {
    table: svcs,
    defaultSort: [asc(svcs.code), asc(svcs.id)],
    filters: (q) => [
      ...equalsGiven(q, { status: svcs.status, type: svcs.type, lmc: svcs.lmc_id }),
      q.ip ? sql`${svcs.ip_block} >>= ${q.ip}::inet` : undefined,
    ],
    searchOf: (r) => searchText(r.code as string, r.client_name as string, r.client_document as string, r.ip_block as string | null, r.contract as string | null),
    refs: { lmc_id: { table: lmcs, noun: lmcEntity, show: ['id', 'code', 'name'] } },
    unique: { code: 'o código' },
    present: (rows, db) => presentSvcs(rows as SvcRow[], db),
    async toValues(values, { tx, user }, existing) {
      const merged = { ...existing, ...values } as Partial<SvcRow> & Record<string, unknown>;
      const block = (merged.ip_block as string | null | undefined) ?? null;
      if (existing) {
        const problem = gatewayProblem({ ip_block: block ? canonicalBlock(block) : null, gateway: merged.gateway ? canonicalAddress(merged.gateway as string) : null });
        if (problem) throw unprocessable([{ propertyPath: 'gateway', message: problem }]);
      }
      if (!existing || 'delivery_interface_id' in values || 'lmc_id' in values) {
        await checkDelivery(tx, (existing?.organization_id ?? values.organization_id ?? user.organizationId) as number, merged as Partial<SvcRow>);
      }
      const touchesPlan = !existing || 'ip_block' in values || 'status' in values;
      if (block && merged.status !== 'cancelado' && touchesPlan) {
        const organizationId = (existing?.organization_id ?? values.organization_id ?? user.organizationId) as number;
        const other = await overlappingSvc(tx, organizationId, block, existing?.id);
        if (other) {
          const message = `O bloco ${canonicalBlock(block)} sobrepõe o bloco ${canonicalBlock(other.block)} do SVC "${other.code}".`;
          throw new HttpError(409, message, [{ propertyPath: 'ip_block', message }]);
        }
      }
      return values;
    },
  });
}
