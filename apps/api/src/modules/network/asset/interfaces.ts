import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { InterfaceInput, InterfaceRead } from '@operacoes/contract';
import type { CurrentUser } from '../../../core/access';
import { audit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { preparedRead } from '../../../core/prepared';
import { HttpError, unprocessable } from '../../../core/errors';
import { type Guard, referencesOf } from '../../../core/resource-kit';
import { networkInterfaces } from './schema';

type InterfaceRow = typeof networkInterfaces.$inferSelect;

/**
 * What refers to an interface (the next issue's LMX segments add theirs): removing an interface,
 * or deleting its asset, while anything does answers 409 naming it.
 */
export const interfaceReferences: Guard[] = [];

/** 409 when anything refers to one of these interfaces. */
export async function guardInterfaces(tx: DbOrTx, rows: Pick<InterfaceRow, 'id' | 'name'>[]) {
  if (interfaceReferences.length === 0) return;
  for (const row of rows) {
    const refs = await referencesOf(tx, interfaceReferences, row.id);
    if (refs) throw new HttpError(409, `A interface "${row.name}" não pode ser removida: é referenciada por ${refs}.`, [{ propertyPath: 'interfaces', message: `A interface "${row.name}" está em uso` }]);
  }
}

export const presentInterface = (r: InterfaceRow): InterfaceRead => ({
  id: r.id,
  name: r.name,
  type: r.type,
  mac: r.mac,
  speed_mbps: r.speed_mbps,
  description: r.description,
  enabled: r.enabled,
});

/** The interfaces of these assets, in their order, by asset. */
export async function interfacesOf(db: DbOrTx, assetIds: number[]): Promise<Map<number, InterfaceRead[]>> {
  const out = new Map<number, InterfaceRead[]>(assetIds.map((id) => [id, []]));
  if (assetIds.length === 0) return out;
  // One prepared statement (`asset_id = any($1)`): the asset list runs it on every page.
  const statement = preparedRead<InterfaceRow>(db, interfacesOf, 'interfaces_of_assets', (handle) =>
    handle
      .select()
      .from(networkInterfaces)
      .where(sql`${networkInterfaces.asset_id} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(networkInterfaces.asset_id), asc(networkInterfaces.position), asc(networkInterfaces.id)),
  );
  const rows = await statement.execute({ ids: assetIds });
  for (const r of rows) out.get(r.asset_id)!.push(presentInterface(r));
  return out;
}

const summary = (list: { name: string }[]) => list.map((i) => i.name).join(', ');

/**
 * Makes the asset's interfaces the given list: an entry with an `id` updates that row (its id is
 * kept), one without is created, and rows left out are removed (409 if something refers to them).
 * An `id` of another asset is 422 on that row.
 */
export async function syncInterfaces(tx: DbOrTx, user: CurrentUser | undefined, asset: { id: number; organization_id: number }, list: InterfaceInput[]) {
  const current = await tx.select().from(networkInterfaces).where(eq(networkInterfaces.asset_id, asset.id)).for('update');
  const byId = new Map(current.map((r) => [r.id, r]));
  const unknown = list.flatMap((itf, i) => (itf.id !== undefined && !byId.has(itf.id) ? [{ propertyPath: `interfaces.${i}.id`, message: 'Interface não encontrada neste ativo' }] : []));
  if (unknown.length) throw unprocessable(unknown);
  const kept = new Set(list.map((i) => i.id).filter((id): id is number => id !== undefined));
  const removed = current.filter((r) => !kept.has(r.id));
  await guardInterfaces(tx, removed);
  if (removed.length) await tx.delete(networkInterfaces).where(inArray(networkInterfaces.id, removed.map((r) => r.id)));
  // Renames may swap names between kept rows: park them first so the unique index never sees a clash mid-way.
  const renamed = list.filter((i) => i.id !== undefined && byId.get(i.id)!.name !== i.name);
  if (renamed.length) {
    await tx
      .update(networkInterfaces)
      .set({ name: sql`'#' || ${networkInterfaces.id}::text || '#' || ${networkInterfaces.name}` })
      .where(inArray(networkInterfaces.id, renamed.map((i) => i.id!)));
  }
  const now = new Date();
  const valuesOf = (itf: InterfaceInput, position: number) => ({
    position,
    name: itf.name,
    type: itf.type ?? 'ethernet',
    mac: itf.mac ?? null,
    speed_mbps: itf.speed_mbps ?? null,
    description: itf.description ?? null,
    enabled: itf.enabled ?? true,
  });
  let updated = 0;
  for (const [position, itf] of list.entries()) {
    if (itf.id === undefined) continue;
    const values = valuesOf(itf, position);
    const old = byId.get(itf.id)!;
    if ((Object.keys(values) as (keyof typeof values)[]).some((k) => old[k] !== values[k])) {
      await tx.update(networkInterfaces).set({ ...values, updated_at: now }).where(eq(networkInterfaces.id, itf.id));
      updated++;
    }
  }
  const fresh = list.flatMap((itf, position) => (itf.id === undefined ? [{ organization_id: asset.organization_id, asset_id: asset.id, ...valuesOf(itf, position) }] : []));
  if (fresh.length) await tx.insert(networkInterfaces).values(fresh);
  // The asset's revision log shows the interface list (names, in order) when any interface changed.
  if (removed.length + fresh.length + updated > 0) {
    const before = summary([...current].sort((a, b) => a.position - b.position || a.id - b.id));
    await audit(tx, user, { entity: 'network_asset', entityId: asset.id, organizationId: asset.organization_id, action: 'update', changes: { interfaces: [before || null, summary(list) || null] } });
  }
}
