import type { TestApp } from '../helpers';
import { makeCircuit } from './circuit-helpers';
import { makeSite, uid } from './helpers';

/** Path fixtures: assets with interfaces, LMCs and segments, made through the API by holders of the organization. */
export async function holder(t: TestApp, organizationId = t.platformOrganizationId) {
  return (await t.createUser({ permissions: ['SITE', 'NETWORK_ASSET', 'LMC', 'SVC', 'UNION', 'OPERATOR_CIRCUIT'], organizationId })).token;
}

export type Asset = { id: number; hostname: string; site_id: number | null; interfaces: { id: number; name: string }[] };

export async function makeAsset(t: TestApp, organizationId = t.platformOrganizationId, extra: Record<string, unknown> = {}): Promise<Asset> {
  const token = await holder(t, organizationId);
  const res = await t.call('POST', '/api/asset', token, {
    hostname: `rt-${uid()}`,
    role: 'roteador',
    vendor: 'mikrotik',
    routeros_version: '7.x',
    interfaces: [{ name: 'ether1' }, { name: 'ether2' }, { name: 'sfp1', type: 'sfp' }],
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`asset: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** An LMC between two new sites. */
export async function makeLmc(t: TestApp, organizationId = t.platformOrganizationId, extra: Record<string, unknown> = {}) {
  const [a, b] = [await makeSite(t, organizationId), await makeSite(t, organizationId)];
  const res = await t.call('POST', '/api/lmc', await holder(t, organizationId), { code: `LMC-${uid()}`, name: 'LMC de teste', site_a_id: a.id, site_b_id: b.id, capacity_mbps: 1000, ...extra });
  if (res.statusCode !== 201) throw new Error(`lmc: ${res.statusCode} ${res.body}`);
  return res.json() as Promise<{ id: number; code: string; site_a_id: number; site_b_id: number }>;
}

/** A segment body from `from`'s interface `i` to `to`'s interface `j`. */
export const segment = (lmcId: number, from: Asset, to: Asset, extra: Record<string, unknown> = {}, i = 0, j = 0) => ({
  lmc_id: lmcId,
  from_asset_id: from.id,
  from_interface_id: from.interfaces[i].id,
  to_asset_id: to.id,
  to_interface_id: to.interfaces[j].id,
  medium: 'fibra_propria',
  capacity_mbps: 1000,
  ...extra,
});

export { makeCircuit };
