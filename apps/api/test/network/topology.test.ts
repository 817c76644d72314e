import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LmcTopology } from '@operacoes/contract';
import { lmcs, lmxSegments } from '../../src/modules/network/lmc/schema';
import { networkUnions, unionMembers } from '../../src/modules/network/union/schema';
import { createTestApp, json, type TestApp } from '../helpers';
import { makeCircuit } from './circuit-helpers';
import { makeSite, uid } from './helpers';

type Asset = { id: number; hostname: string; site_id: number | null; interfaces: { id: number; name: string }[] };

describe('LMC topology (GET /api/lmc/{id}/topology)', () => {
  let t: TestApp;
  let reader: string;
  let assetToken: string;
  let circuitToken: string;
  const fx = {} as {
    siteA: number;
    siteB: number;
    siteC: number;
    r1: Asset;
    r2: Asset;
    r3: Asset;
    loose: Asset;
    lmc: number;
    lmcCode: string;
    sibling: number;
    siblingCode: string;
    lonely: number;
    circuit: { id: number; designation: string };
    member: { id: number; designation: string };
    segs: number[];
    siblingSeg: number;
    union: number;
  };

  const asset = async (hostname: string, siteId: number | null): Promise<Asset> => {
    const res = await t.call('POST', '/api/asset', assetToken, { hostname: `${hostname}-${uid()}`, role: 'roteador', vendor: 'mikrotik', site_id: siteId, interfaces: [{ name: 'ether1' }, { name: 'ether2' }, { name: 'sfp1' }] });
    if (res.statusCode !== 201) throw new Error(`asset: ${res.statusCode} ${res.body}`);
    return json<Asset>(res);
  };
  const insertLmc = async (siteA: number, siteB: number, organizationId = t.platformOrganizationId) => {
    const code = `LMC-${uid()}`;
    const [row] = await t.app.db.insert(lmcs).values({ organization_id: organizationId, code, name: `Enlace ${code}`, site_a_id: siteA, site_b_id: siteB, capacity_mbps: 1000, status: 'ativo' }).returning();
    return row;
  };
  const insertSeg = async (lmcId: number, position: number, from: Asset, fromIf: number, to: Asset, toIf: number, extra: Partial<typeof lmxSegments.$inferInsert> = {}) => {
    const [row] = await t.app.db
      .insert(lmxSegments)
      .values({ organization_id: t.platformOrganizationId, lmc_id: lmcId, position, from_asset_id: from.id, from_interface_id: from.interfaces[fromIf].id, to_asset_id: to.id, to_interface_id: to.interfaces[toIf].id, medium: 'fibra_propria', vlan_id: 100 + position, capacity_mbps: 1000, ...extra })
      .returning();
    return row.id;
  };
  const get = (id: number, token = reader) => t.call('GET', `/api/lmc/${id}/topology`, token);

  beforeAll(async () => {
    t = await createTestApp();
    reader = (await t.createUser({ permissions: ['LMC'] })).token;
    assetToken = (await t.createUser({ permissions: ['NETWORK_ASSET'] })).token;
    circuitToken = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT'] })).token;
    fx.siteA = (await makeSite(t)).id;
    fx.siteB = (await makeSite(t)).id;
    fx.siteC = (await makeSite(t)).id;
    fx.r1 = await asset('rt-a', fx.siteA);
    fx.r2 = await asset('rt-b', fx.siteB);
    fx.r3 = await asset('rt-c', fx.siteC);
    fx.loose = await asset('radio-solto', null);
    fx.circuit = await makeCircuit(t, t.platformOrganizationId, { site_a_id: fx.siteA, site_b_id: fx.siteB });
    fx.member = await makeCircuit(t, t.platformOrganizationId, { site_a_id: fx.siteA, site_b_id: fx.siteC });

    const main = await insertLmc(fx.siteA, fx.siteB);
    [fx.lmc, fx.lmcCode] = [main.id, main.code];
    // r1 → loose (radio) → r2 (operator circuit): a chain of two segments.
    fx.segs = [
      await insertSeg(main.id, 1, fx.r1, 0, fx.loose, 0, { medium: 'radio', vlan_id: 200, capacity_mbps: 300 }),
      await insertSeg(main.id, 2, fx.loose, 1, fx.r2, 0, { medium: 'circuito_operadora', circuit_id: fx.circuit.id, vlan_id: null, capacity_mbps: 500 }),
    ];
    const sib = await insertLmc(fx.siteA, fx.siteB);
    [fx.sibling, fx.siblingCode] = [sib.id, sib.code];
    fx.siblingSeg = await insertSeg(sib.id, 1, fx.r1, 2, fx.r2, 2, { vlan_id: 300 });
    // An LMC of no union, whose segments must not show up.
    fx.lonely = (await insertLmc(fx.siteA, fx.siteC)).id;
    await insertSeg(fx.lonely, 1, fx.r1, 1, fx.r3, 0);

    const [union] = await t.app.db.insert(networkUnions).values({ organization_id: t.platformOrganizationId, code: `UN-${uid()}`, name: 'Agregação A-B', mode: '802.3ad' }).returning();
    fx.union = union.id;
    await t.app.db.insert(unionMembers).values([
      { union_id: union.id, position: 1, lmc_id: fx.lmc },
      { union_id: union.id, position: 2, lmc_id: fx.sibling },
      { union_id: union.id, position: 3, circuit_id: fx.member.id },
    ]);
  });
  afterAll(() => t?.close());

  it('answers the LMC, its union and siblings, sites, assets and edges in order', async () => {
    const res = await get(fx.lmc);
    expect(res.statusCode, res.body).toBe(200);
    const topo = json<LmcTopology>(res);
    expect(topo.lmc).toMatchObject({ id: fx.lmc, code: fx.lmcCode, site_a_id: fx.siteA, site_b_id: fx.siteB });
    expect(topo.unions).toEqual([expect.objectContaining({ id: fx.union, mode: '802.3ad', name: 'Agregação A-B' })]);
    expect(topo.siblings).toEqual([expect.objectContaining({ id: fx.sibling, code: fx.siblingCode })]);
    expect(topo.edges.map((e) => e.key)).toEqual([`lmx:${fx.segs[0]}`, `lmx:${fx.segs[1]}`, `lmx:${fx.siblingSeg}`, `circuit:${fx.member.id}`]);
    expect(topo.edges[0]).toMatchObject({ kind: 'segment', id: fx.segs[0], lmc_id: fx.lmc, position: 1, from_asset_id: fx.r1.id, to_asset_id: fx.loose.id, from_interface: 'ether1', to_interface: 'ether1', medium: 'radio', vlan_id: 200, capacity_mbps: 300, circuit: null });
    expect(topo.edges[1]).toMatchObject({ medium: 'circuito_operadora', vlan_id: null, circuit: { id: fx.circuit.id, designation: fx.circuit.designation, carrier: 'Embratel', down: false } });
    expect(topo.edges[2]).toMatchObject({ kind: 'segment', lmc_id: fx.sibling, from_interface: 'sfp1', to_interface: 'sfp1', vlan_id: 300 });
    expect(topo.edges[3]).toMatchObject({ kind: 'circuit', id: fx.member.id, lmc_id: null, from_asset_id: null, from_site_id: fx.siteA, to_site_id: fx.siteC, capacity_mbps: 500, circuit: { id: fx.member.id, down: false } });
    // Sites: the ends, the assets' and the member circuit's; the site-less asset is there with site_id null.
    expect(topo.sites.map((s) => s.id).sort()).toEqual([fx.siteA, fx.siteB, fx.siteC].sort());
    expect(topo.assets.map((a) => a.id).sort()).toEqual([fx.r1.id, fx.r2.id, fx.loose.id].sort());
    expect(topo.assets.find((a) => a.id === fx.loose.id)).toMatchObject({ site_id: null, role: 'roteador', vendor: 'mikrotik' });
    expect(topo.assets.some((a) => a.id === fx.r3.id)).toBe(false);
  });

  it('marks the circuits with an ongoing unavailability as down, and back up once it ends', async () => {
    const open = await t.call('POST', `/api/circuit/${fx.circuit.id}/unavailability`, circuitToken, { started_at: new Date(Date.now() - 30 * 60_000).toISOString(), cause: 'Rompimento de fibra', responsibility: 'operadora' });
    expect(open.statusCode, open.body).toBe(201);
    const down = json<LmcTopology>(await get(fx.lmc));
    expect(down.edges.find((e) => e.key === `lmx:${fx.segs[1]}`)?.circuit?.down).toBe(true);
    expect(down.edges.find((e) => e.key === `circuit:${fx.member.id}`)?.circuit?.down).toBe(false);
    const close = await t.call('PUT', `/api/circuit/unavailability/${json<{ id: number }>(open).id}`, circuitToken, { ended_at: new Date(Date.now() - 60_000).toISOString() });
    expect(close.statusCode, close.body).toBe(200);
    const up = json<LmcTopology>(await get(fx.lmc));
    expect(up.edges.find((e) => e.key === `lmx:${fx.segs[1]}`)?.circuit?.down).toBe(false);
  });

  it('shows the sibling the other way round: its own segments first, then the main LMC as its sibling', async () => {
    const topo = json<LmcTopology>(await get(fx.sibling));
    expect(topo.siblings.map((s) => s.id)).toEqual([fx.lmc]);
    expect(topo.edges.map((e) => e.key)).toEqual([`lmx:${fx.siblingSeg}`, `lmx:${fx.segs[0]}`, `lmx:${fx.segs[1]}`, `circuit:${fx.member.id}`]);
  });

  it('answers an LMC of no union and without segments with its two ends only', async () => {
    const bare = await insertLmc(fx.siteB, fx.siteC);
    const topo = json<LmcTopology>(await get(bare.id));
    expect(topo).toMatchObject({ siblings: [], unions: [], assets: [], edges: [] });
    expect(topo.sites.map((s) => s.id).sort()).toEqual([fx.siteB, fx.siteC].sort());
    const lonely = json<LmcTopology>(await get(fx.lonely));
    expect(lonely.edges).toHaveLength(1);
    expect(lonely.siblings).toEqual([]);
  });

  it('lets LMC.INDEX read, refuses without an LMC permission (403) and hides another organization\'s LMC (404)', async () => {
    const index = (await t.createUser({ permissions: ['LMC.INDEX'] })).token;
    expect((await get(fx.lmc, index)).statusCode).toBe(200);
    const none = (await t.createUser({ permissions: ['NETWORK_ASSET', 'OPERATOR_CIRCUIT'] })).token;
    expect((await get(fx.lmc, none)).statusCode).toBe(403);
    expect((await get(99_999_999)).statusCode).toBe(404);

    const other = await t.createOrganization();
    const [sa, sb] = [await makeSite(t, other), await makeSite(t, other)];
    const theirs = await insertLmc(sa.id, sb.id, other);
    const res = await get(theirs.id);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(theirs.code);
    const outsider = (await t.createUser({ permissions: ['LMC'], organizationId: other })).token;
    expect((await get(fx.lmc, outsider)).statusCode).toBe(404);
    expect((await get(theirs.id, outsider)).statusCode).toBe(200);
  });
});
