import type { LmcTopology, TopologyEdge } from '@operacoes/contract';
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { ASSET_HEIGHT, ASSET_WIDTH, type Box, edgeLabel, edgeLines, elkGraphOf, estimateWidth, FRAME_ID, initialViewport, layoutTopology, type Point, routePath, segmentLabel, shapeKey, type TopoNode, withCircuitState, withDown, downOf, wrapParts } from './layout';

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
    expect(edgeLabel({ text: ['Rádio · 300 Mbps'], lmcCode: 'LMC-2', down: true })).toBe('LMC-2 · Rádio · 300 Mbps · fora do ar');
    expect(edgeLabel({ text: ['Rádio · 300 Mbps'], lmcCode: null, down: false })).toBe('Rádio · 300 Mbps');
    expect(edgeLines({ text: ['Circuito de operadora', '500 Mbps'], lmcCode: 'LMC-2', down: true })).toEqual(['LMC-2', 'Circuito de operadora', '500 Mbps', 'fora do ar']);
  });

  it('wraps a description at " · " into lines no wider than asked', () => {
    const w = (s: string) => s.length * 10;
    expect(wrapParts(['Rádio', 'VLAN 200', '300 Mbps'], 1000, w)).toEqual(['Rádio · VLAN 200 · 300 Mbps']);
    expect(wrapParts(['Rádio', 'VLAN 200', '300 Mbps'], 160, w)).toEqual(['Rádio · VLAN 200', '300 Mbps']);
    // A part wider than the limit stands alone, whole.
    expect(wrapParts(['Circuito de operadora', 'VLAN 1'], 50, w)).toEqual(['Circuito de operadora', 'VLAN 1']);
  });

  it('builds a compound ELK graph: sites hold their assets, a site-less asset is top level, empty sites have a size', () => {
    const g = elkGraphOf(topo);
    expect(g.layoutOptions).toMatchObject({ 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.hierarchyHandling': 'INCLUDE_CHILDREN', 'elk.edgeRouting': 'ORTHOGONAL', 'elk.json.edgeCoords': 'ROOT' });
    expect(elkGraphOf(topo, { direction: 'DOWN' }).layoutOptions).toMatchObject({ 'elk.direction': 'DOWN' });
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
    // Each edge carries its description (centre) and its interface names (tail and head), sized for their text.
    const labels = g.edges![0].labels!;
    expect(labels.map((l) => [l.id, l.layoutOptions!['elk.edgeLabels.placement']])).toEqual([
      ['lmx:1|label', 'CENTER'],
      ['lmx:1|from', 'TAIL'],
      ['lmx:1|to', 'HEAD'],
    ]);
    expect(labels[1].width).toBeGreaterThan(estimateWidth('ether1', '600 10px'));
    // A circuit member has no interfaces: its description only; a circuit's box has room for "fora do ar".
    expect(g.edges![4].labels!.map((l) => l.id)).toEqual(['circuit:9|label']);
    expect(g.edges![4].labels![0].height).toBeGreaterThan(g.edges![2].labels![0].height!);
  });

  it('sizes every box for its names: a long hostname widens its asset, a long site name its site', () => {
    const long = { ...topo, assets: topo.assets.map((a) => (a.id === 100 ? { ...a, hostname: 'rt-borda-curitiba-centro-principal-01' } : a)), sites: topo.sites.map((s) => (s.id === 20 ? { ...s, name: 'Torre Ponta Grossa Uvaranas, ao lado da caixa-d’água municipal' } : s)) };
    const g = elkGraphOf(long);
    const byId = new Map(g.children!.flatMap((c) => [c, ...(c.children ?? [])]).map((c) => [c.id, c]));
    expect(byId.get('asset-100')!.width).toBeGreaterThan(estimateWidth('rt-borda-curitiba-centro-principal-01', '600 14px'));
    expect(byId.get('asset-200')!.width).toBe(ASSET_WIDTH);
    expect(byId.get('site-20')!.layoutOptions!['elk.nodeSize.minimum']).toMatch(new RegExp(`^\\((\\d+), `));
    const min = Number(/^\((\d+),/.exec(byId.get('site-20')!.layoutOptions!['elk.nodeSize.minimum'])![1]);
    expect(min).toBeGreaterThan(estimateWidth('Torre Ponta Grossa Uvaranas, ao lado da caixa-d’água municipal · ponta B', '400 12px'));
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
    expect(byKey.get('lmx:1')).toMatchObject({ role: 'main', kind: 'segment', entityId: 1, lmcCode: null, down: false, text: ['Rádio · VLAN 200 · 300 Mbps'] });
    expect(byKey.get('lmx:2')).toMatchObject({ role: 'main', circuitId: 7, down: true, text: ['Circuito de operadora · 1.500 Mbps', 'Vivo VIV-1'] });
    expect(byKey.get('lmx:3')).toMatchObject({ role: 'sibling', lmcCode: 'LMC-2' });
    expect(byKey.get('circuit:9')).toMatchObject({ role: 'circuit', kind: 'circuit', entityId: 9, circuitId: 9, ends: { from: null, to: null } });
    expect(edges.find((e) => e.id === 'circuit:9')).toMatchObject({ source: 'site-10', target: 'site-30' });
  });

  /** Absolute boxes of the nodes (children are placed relative to their site). */
  const boxesOf = (nodes: TopoNode[]) => {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const abs = (n: TopoNode): Box => {
      const p = n.parentId ? abs(byId.get(n.parentId)!) : { x: 0, y: 0 };
      return { x: p.x + n.position.x, y: p.y + n.position.y, width: n.width!, height: n.height! };
    };
    return new Map(nodes.filter((n) => n.id !== FRAME_ID).map((n) => [n.id, abs(n)]));
  };
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const inside = (p: Point, b: Box, slack = 0.5) => p.x >= b.x - slack && p.x <= b.x + b.width + slack && p.y >= b.y - slack && p.y <= b.y + b.height + slack;
  /** The points of a polyline every `step` pixels. */
  const sample = (points: Point[], step = 2) =>
    points.slice(1).flatMap((b, i) => {
      const a = points[i];
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
      return Array.from({ length: n }, (_, k) => ({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n }));
    });

  for (const direction of ['RIGHT', 'DOWN'] as const) {
    it(`routes the union's members apart and keeps every label off the nodes and inside the frame (${direction})`, async () => {
      const { nodes, edges, frame } = await layoutTopology(topo, new ELK(), { direction });
      const boxes = boxesOf(nodes);
      const byKey = new Map(edges.map((e) => [e.id, e.data!]));
      // Each route starts on its source's border and ends on its target's.
      for (const e of edges) {
        const pts = e.data!.points;
        expect(pts.length).toBeGreaterThanOrEqual(2);
        expect(inside(pts[0], boxes.get(e.source)!)).toBe(true);
        expect(inside(pts[pts.length - 1], boxes.get(e.target)!)).toBe(true);
      }
      // The LMC's path (r1 → radio → r2) and its sibling's segments (r1 → r2, twice) never share a point.
      const main = [...sample(byKey.get('lmx:1')!.points), ...sample(byKey.get('lmx:2')!.points)];
      for (const k of ['lmx:3', 'lmx:4']) {
        const sib = sample(byKey.get(k)!.points);
        const closest = Math.min(...sib.map((p) => Math.min(...main.map((q) => Math.hypot(p.x - q.x, p.y - q.y)))));
        expect(closest, k).toBeGreaterThan(4);
      }
      expect(routePath(byKey.get('lmx:3')!.points)).not.toBe(routePath(byKey.get('lmx:4')!.points));
      // Labels (descriptions and interface names) cover no asset and no site's header, nor each other.
      const labels = edges.flatMap((e) => [e.data!.label, e.data!.ends.from, e.data!.ends.to].filter((b): b is Box => b !== null));
      expect(labels).toHaveLength(5 + 8);
      for (const [id, b] of boxes) {
        const covered = id.startsWith('site-') ? { ...b, height: 50 } : b;
        for (const l of labels) expect(overlaps(l, covered), `${id} ${JSON.stringify(l)}`).toBe(false);
      }
      labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => expect(overlaps(a, b), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(false)));
      // The interface names sit at their ends: within a few pixels of the route's first and last point.
      for (const e of edges.filter((k) => k.data!.kind === 'segment')) {
        const pts = e.data!.points;
        const near = (b: Box, p: Point) => Math.max(b.x - p.x, p.x - (b.x + b.width), 0) + Math.max(b.y - p.y, p.y - (b.y + b.height), 0);
        expect(near(e.data!.ends.from!, pts[0]), e.id).toBeLessThan(12);
        expect(near(e.data!.ends.to!, pts[pts.length - 1]), e.id).toBeLessThan(12);
      }
      // The frame holds everything: nodes, routes and labels.
      for (const b of [...boxes.values(), ...labels]) expect(inside({ x: b.x, y: b.y }, frame) && inside({ x: b.x + b.width, y: b.y + b.height }, frame)).toBe(true);
      for (const e of edges) for (const p of e.data!.points) expect(inside(p, frame)).toBe(true);
      expect(nodes[0]).toMatchObject({ id: FRAME_ID, hidden: true, width: frame.width, height: frame.height });
    });
  }

  it('draws an orthogonal route with rounded corners', () => {
    expect(routePath([{ x: 0, y: 0 }, { x: 100, y: 0 }])).toBe('M 0,0 L 100,0');
    expect(routePath([{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 50 }])).toBe('M 0,0 L 92,0 Q 100,0 100,8 L 100,50');
    // A short leg gets a smaller radius (half of it).
    expect(routePath([{ x: 0, y: 0 }, { x: 6, y: 0 }, { x: 6, y: 50 }])).toBe('M 0,0 L 3,0 Q 6,0 6,3 L 6,50');
  });

  it('opens on the whole picture on a wide screen, and readable from the top on a phone', () => {
    const frame = { x: 0, y: 0, width: 1000, height: 200 };
    expect(initialViewport(frame, 1024, 500, false)).toEqual({ zoom: 1, x: 12, y: 150 });
    expect(initialViewport({ ...frame, width: 3000 }, 1024, 500, false).zoom).toBeCloseTo(1000 / 3000);
    expect(initialViewport({ ...frame, width: 100, height: 50 }, 1024, 500, false).zoom).toBe(1.25);
    // A phone: never smaller than 75 %; a picture taller than the screen starts at its top.
    const phone = initialViewport({ x: 0, y: 0, width: 440, height: 900 }, 330, 680, true);
    expect(phone.zoom).toBe(0.75);
    expect(phone.y).toBe(12);
    const fits = initialViewport({ x: 0, y: 0, width: 300, height: 900 }, 330, 680, true);
    expect(fits.zoom).toBeCloseTo(306 / 300);
    expect(fits.x).toBeCloseTo((330 - 300 * fits.zoom) / 2);
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
});
