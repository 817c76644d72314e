import type { LmcTopology, TopologyEdge } from '@operacoes/contract';
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { ASSET_HEIGHT, ASSET_WIDTH, edgeLabel, edgePath, elkGraphOf, layoutTopology, PARALLEL_GAP, segmentLabel, shapeKey, withCircuitState, withDown, downOf } from './layout';

const seg = (id: number, lmc: number, from: number, to: number, extra: Partial<TopologyEdge> = {}): TopologyEdge => ({
  key: `lmx:${id}`,
  kind: 'segment',
  id,
  lmc_id: lmc,
  position: id,
  from_asset_id: from,
  to_asset_id: to,
  from_site_id: null,
  to_site_id: null,
  from_interface: 'ether1',
  to_interface: 'ether2',
  medium: 'fibra_propria',
  vlan_id: 100,
  capacity_mbps: 1000,
  circuit: null,
  ...extra,
});

/** LMC 1 from site 10 to site 20: r1 (10) → radio (no site) → r2 (20) over a circuit; sibling LMC 2 r1 → r2; member circuit 9 from 10 to 30. */
const topo: LmcTopology = {
  lmc: { id: 1, code: 'LMC-1', name: 'Centro — Norte', site_a_id: 10, site_b_id: 20 },
  siblings: [{ id: 2, code: 'LMC-2', name: 'Reserva' }],
  unions: [{ id: 5, code: 'UN-1', name: 'Agregação', mode: '802.3ad' }],
  sites: [
    { id: 10, code: 'POP-A', name: 'Centro' },
    { id: 20, code: 'POP-B', name: 'Norte' },
    { id: 30, code: 'POP-C', name: 'Sul' },
  ],
  assets: [
    { id: 100, hostname: 'rt-a', role: 'roteador', vendor: 'mikrotik', site_id: 10 },
    { id: 200, hostname: 'rt-b', role: 'roteador', vendor: 'mikrotik', site_id: 20 },
    { id: 300, hostname: 'radio-1', role: 'radio', vendor: 'ubiquiti', site_id: null },
  ],
  edges: [
    seg(1, 1, 100, 300, { medium: 'radio', vlan_id: 200, capacity_mbps: 300 }),
    seg(2, 1, 300, 200, { medium: 'circuito_operadora', vlan_id: null, capacity_mbps: 1500, circuit: { id: 7, carrier: 'Vivo', designation: 'VIV-1', down: true } }),
    seg(3, 2, 100, 200, { vlan_id: 300 }),
    seg(4, 2, 200, 100, { vlan_id: 301 }),
    {
      ...seg(9, 0, 0, 0),
      key: 'circuit:9',
      kind: 'circuit',
      lmc_id: null,
      position: null,
      from_asset_id: null,
      to_asset_id: null,
      from_site_id: 10,
      to_site_id: 30,
      from_interface: null,
      to_interface: null,
      medium: 'circuito_operadora',
      vlan_id: null,
      capacity_mbps: 500,
      circuit: { id: 9, carrier: 'Claro', designation: 'CLA-9', down: false },
    },
  ],
};

describe('topology layout', () => {
  it('labels segments with medium, VLAN and capacity in pt-BR numbers, and marks down edges', () => {
    expect(segmentLabel({ medium: 'fibra_propria', vlan_id: 100, capacity_mbps: 10000 })).toBe('Fibra própria · VLAN 100 · 10.000 Mbps');
    expect(segmentLabel({ medium: 'circuito_operadora', vlan_id: null, capacity_mbps: 500 })).toBe('Circuito de operadora · 500 Mbps');
    expect(edgeLabel({ label: 'Rádio · 300 Mbps', lmcCode: 'LMC-2', down: true })).toBe('LMC-2 · Rádio · 300 Mbps · fora do ar');
    expect(edgeLabel({ label: 'Rádio · 300 Mbps', lmcCode: null, down: false })).toBe('Rádio · 300 Mbps');
  });

  it('builds a compound ELK graph: sites hold their assets, a site-less asset is top level, empty sites have a size', () => {
    const g = elkGraphOf(topo);
    expect(g.layoutOptions).toMatchObject({ 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.hierarchyHandling': 'INCLUDE_CHILDREN' });
    const byId = new Map(g.children!.map((c) => [c.id, c]));
    expect(byId.get('site-10')!.children!.map((c) => c.id)).toEqual(['asset-100']);
    expect(byId.get('site-20')!.children!.map((c) => c.id)).toEqual(['asset-200']);
    expect(byId.get('site-30')).toMatchObject({ children: [], width: expect.any(Number), height: expect.any(Number) });
    expect(byId.get('asset-300')).toMatchObject({ width: ASSET_WIDTH, height: ASSET_HEIGHT });
    expect(g.edges!.map((e) => [e.id, e.sources[0], e.targets[0]])).toEqual([
      ['lmx:1', 'asset-100', 'asset-300'],
      ['lmx:2', 'asset-300', 'asset-200'],
      ['lmx:3', 'asset-100', 'asset-200'],
      ['lmx:4', 'asset-200', 'asset-100'],
      ['circuit:9', 'site-10', 'site-30'],
    ]);
  });

  it('leaves out edges whose ends are not in the picture', () => {
    const g = elkGraphOf({ ...topo, edges: [...topo.edges, seg(50, 1, 100, 999), { ...topo.edges[4], key: 'circuit:10', to_site_id: null }] });
    expect(g.edges!.map((e) => e.id)).not.toContain('lmx:50');
    expect(g.edges!.map((e) => e.id)).not.toContain('circuit:10');
  });

  it('places nodes with ELK: parents first, children inside their site, positions relative to it', async () => {
    const { nodes, edges } = await layoutTopology(topo, new ELK());
    const ids = nodes.map((n) => n.id);
    for (const n of nodes) if (n.parentId) expect(ids.indexOf(n.parentId)).toBeLessThan(ids.indexOf(n.id));
    const r1 = nodes.find((n) => n.id === 'asset-100')!;
    const site = nodes.find((n) => n.id === 'site-10')!;
    expect(r1).toMatchObject({ parentId: 'site-10', extent: 'parent', type: 'asset' });
    // Inside the site's box (relative coordinates), below its header.
    expect(r1.position.x).toBeGreaterThanOrEqual(0);
    expect(r1.position.y).toBeGreaterThanOrEqual(40);
    expect(r1.position.x + ASSET_WIDTH).toBeLessThanOrEqual(Number(site.style!.width));
    expect(r1.position.y + ASSET_HEIGHT).toBeLessThanOrEqual(Number(site.style!.height));
    expect(nodes.find((n) => n.id === 'asset-300')!.parentId).toBeUndefined();
    expect(site.data).toMatchObject({ kind: 'site', code: 'POP-A', end: 'A' });
    expect(nodes.find((n) => n.id === 'site-30')!.data).toMatchObject({ end: null });
    // Left to right: the chain's start is left of the radio, the radio left of the far end.
    const abs = (id: string) => {
      const n = nodes.find((k) => k.id === id)!;
      const p = n.parentId ? nodes.find((k) => k.id === n.parentId)!.position : { x: 0, y: 0 };
      return n.position.x + p.x;
    };
    expect(abs('asset-100')).toBeLessThan(abs('asset-300'));
    expect(abs('asset-300')).toBeLessThan(abs('asset-200'));

    const byKey = new Map(edges.map((e) => [e.id, e.data!]));
    expect(byKey.get('lmx:1')).toMatchObject({ role: 'main', kind: 'segment', entityId: 1, lmcCode: null, down: false, label: 'Rádio · VLAN 200 · 300 Mbps' });
    expect(byKey.get('lmx:2')).toMatchObject({ role: 'main', circuitId: 7, down: true, label: 'Circuito de operadora · 1.500 Mbps · Vivo VIV-1' });
    expect(byKey.get('lmx:3')).toMatchObject({ role: 'sibling', lmcCode: 'LMC-2' });
    expect(byKey.get('circuit:9')).toMatchObject({ role: 'circuit', kind: 'circuit', entityId: 9, circuitId: 9 });
    expect(edges.find((e) => e.id === 'circuit:9')).toMatchObject({ source: 'site-10', target: 'site-30' });
    // The two sibling segments join the same two assets (either way): spread apart, centred.
    expect([byKey.get('lmx:3')!.offset, byKey.get('lmx:4')!.offset]).toEqual([-PARALLEL_GAP / 2, PARALLEL_GAP / 2]);
    expect(byKey.get('lmx:1')!.offset).toBe(0);
  });

  it('applies live circuit states without changing the shape', async () => {
    const { edges } = await layoutTopology(topo, new ELK());
    const up = withCircuitState(topo, 7, false);
    expect(up.edges[1].circuit!.down).toBe(false);
    expect(topo.edges[1].circuit!.down).toBe(true);
    expect(withCircuitState(topo, 7, true)).toBe(topo);
    expect(withCircuitState(topo, 12345, true)).toBe(topo);
    expect(shapeKey(up)).toBe(shapeKey(topo));
    expect(shapeKey({ ...topo, edges: topo.edges.slice(1) })).not.toBe(shapeKey(topo));
    const live = withDown(edges, downOf(up));
    expect(live.find((e) => e.id === 'lmx:2')!.data!.down).toBe(false);
    expect(live.find((e) => e.id === 'lmx:1')).toBe(edges.find((e) => e.id === 'lmx:1'));
    expect(withDown(edges, new Map([[9, true]])).find((e) => e.id === 'circuit:9')!.data!.down).toBe(true);
  });

  it('draws a bent cubic path whose label sits at its middle', () => {
    const straight = edgePath(0, 0, 200, 0, 0);
    expect(straight.path).toBe('M 0,0 C 100,0 100,0 200,0');
    expect([straight.labelX, straight.labelY]).toEqual([100, 0]);
    const bent = edgePath(0, 0, 200, 0, 20);
    expect(bent.labelY).toBeCloseTo(24);
  });
});
