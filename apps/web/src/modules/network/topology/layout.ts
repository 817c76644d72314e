/**
 * The topology's graph, pure: from the API's answer (`GET /api/lmc/{id}/topology`) to React Flow
 * nodes and edges placed by ELK (layered, left to right, sites as compound nodes holding their
 * assets). No React, no DOM: unit-tested in layout.test.ts.
 */
import { LMX_MEDIUM_LABELS, type LmcTopology, type TopologyEdge } from '@operacoes/contract';
import { type Edge, type Node, type NodeHandle, Position } from '@xyflow/react';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';

export const ASSET_WIDTH = 190;
export const ASSET_HEIGHT = 58;
const EMPTY_SITE_WIDTH = 200;
const EMPTY_SITE_HEIGHT = 72;
/** Room for the site's header above its assets. */
const SITE_PADDING = '[top=44,left=16,bottom=16,right=16]';
/** Room for the edge labels between layers, at the root and inside the sites (ELK does not pass them down). */
const SPACING = { 'elk.spacing.nodeNode': '50', 'elk.layered.spacing.nodeNodeBetweenLayers': '230', 'elk.spacing.edgeNode': '30' };
/**
 * A path is a chain with few crossings to remove: the least thorough crossing minimisation gives the same
 * picture in a third of the time (200 segments: ~60 ms instead of ~200 ms once warm).
 */
const SPEED = { 'elk.layered.thoroughness': '1' };
/** Distance between parallel edges joining the same two nodes. */
export const PARALLEL_GAP = 36;

export type SiteNodeData = { kind: 'site'; id: number; code: string; name: string; end: 'A' | 'B' | null };
export type AssetNodeData = { kind: 'asset'; id: number; hostname: string; role: string; vendor: string };
export type TopoNode = Node<SiteNodeData, 'site'> | Node<AssetNodeData, 'asset'>;

/** main: the LMC's own segment; sibling: a segment of another LMC of its unions; circuit: a union member circuit, site to site. */
export type EdgeRole = 'main' | 'sibling' | 'circuit';
export type TopoEdgeData = {
  key: string;
  kind: TopologyEdge['kind'];
  /** The segment's id (kind segment) or the circuit's (kind circuit). */
  entityId: number;
  role: EdgeRole;
  /** The sibling LMC's code on its segments. */
  lmcCode: string | null;
  circuitId: number | null;
  down: boolean;
  /** "Rádio · VLAN 200 · 1.000 Mbps" (without the down mark, added by `edgeLabel`). */
  label: string;
  /** Perpendicular shift of a parallel edge, in pixels (0 for a lone one). */
  offset: number;
};
export type TopoEdge = Edge<TopoEdgeData, 'topo'>;

/**
 * The handles of a node of known size (left: in, right: out), given up front so that React Flow draws the
 * edges at once instead of after measuring every node (it measures them anyway and takes those over).
 */
export const handlesOf = (width: number, height: number): NodeHandle[] => [
  { type: 'target', position: Position.Left, x: -3, y: height / 2 - 3, width: 6, height: 6 },
  { type: 'source', position: Position.Right, x: width - 3, y: height / 2 - 3, width: 6, height: 6 },
];

export const siteNodeId = (id: number) => `site-${id}`;
export const assetNodeId = (id: number) => `asset-${id}`;

const intFmt = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** "Fibra própria · VLAN 100 · 1.000 Mbps" (the VLAN part only when there is one). */
export function segmentLabel(e: Pick<TopologyEdge, 'medium' | 'vlan_id' | 'capacity_mbps'>): string {
  return [LMX_MEDIUM_LABELS[e.medium], e.vlan_id !== null ? `VLAN ${e.vlan_id}` : null, `${intFmt.format(e.capacity_mbps)} Mbps`].filter(Boolean).join(' · ');
}

/** The label as drawn: the sibling's code first, the circuit's designation, and "fora do ar" when down. */
export function edgeLabel(d: Pick<TopoEdgeData, 'label' | 'lmcCode' | 'down'>): string {
  return [d.lmcCode, d.label, d.down ? 'fora do ar' : null].filter(Boolean).join(' · ');
}

/** The ELK graph of a topology: sites as compound nodes with their assets, edges at the root (hierarchy included). */
export function elkGraphOf(topo: LmcTopology): ElkNode {
  const siteIds = new Set(topo.sites.map((s) => s.id));
  const assetIds = new Set(topo.assets.map((a) => a.id));
  const assetNode = (id: number): ElkNode => ({ id: assetNodeId(id), width: ASSET_WIDTH, height: ASSET_HEIGHT });
  const children: ElkNode[] = topo.sites.map((s) => {
    const inside = topo.assets.filter((a) => a.site_id === s.id).map((a) => assetNode(a.id));
    return inside.length
      ? { id: siteNodeId(s.id), layoutOptions: { ...SPACING, ...SPEED, 'elk.padding': SITE_PADDING }, children: inside }
      : { id: siteNodeId(s.id), width: EMPTY_SITE_WIDTH, height: EMPTY_SITE_HEIGHT, children: [] };
  });
  for (const a of topo.assets) if (a.site_id === null || !siteIds.has(a.site_id)) children.push(assetNode(a.id));
  const edges: ElkExtendedEdge[] = [];
  for (const e of topo.edges) {
    const ends = endsOf(e, siteIds, assetIds);
    if (ends) edges.push({ id: e.key, sources: [ends[0]], targets: [ends[1]] });
  }
  return {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      ...SPACING,
      ...SPEED,
      'elk.padding': '[top=20,left=20,bottom=20,right=20]',
    },
    children,
    edges,
  };
}

/** The two node ids an edge joins, or null when one end is not in the picture. */
function endsOf(e: TopologyEdge, siteIds: Set<number>, assetIds: Set<number>): [string, string] | null {
  if (e.kind === 'circuit') {
    if (e.from_site_id === null || e.to_site_id === null || !siteIds.has(e.from_site_id) || !siteIds.has(e.to_site_id) || e.from_site_id === e.to_site_id) return null;
    return [siteNodeId(e.from_site_id), siteNodeId(e.to_site_id)];
  }
  if (e.from_asset_id === null || e.to_asset_id === null || !assetIds.has(e.from_asset_id) || !assetIds.has(e.to_asset_id)) return null;
  return [assetNodeId(e.from_asset_id), assetNodeId(e.to_asset_id)];
}

/** React Flow nodes and edges from the topology and ELK's answer (parents before their children). */
export function flowOf(topo: LmcTopology, laidOut: ElkNode): { nodes: TopoNode[]; edges: TopoEdge[] } {
  const placed = new Map<string, ElkNode>();
  for (const c of laidOut.children ?? []) {
    placed.set(c.id, c);
    for (const k of c.children ?? []) placed.set(k.id, k);
  }
  const at = (id: string) => ({ x: placed.get(id)?.x ?? 0, y: placed.get(id)?.y ?? 0 });
  const siteIds = new Set(topo.sites.map((s) => s.id));
  const assetIds = new Set(topo.assets.map((a) => a.id));

  const nodes: TopoNode[] = [];
  for (const s of topo.sites) {
    const id = siteNodeId(s.id);
    const box = placed.get(id);
    const [width, height] = [box?.width ?? EMPTY_SITE_WIDTH, box?.height ?? EMPTY_SITE_HEIGHT];
    nodes.push({
      id,
      type: 'site',
      position: at(id),
      data: { kind: 'site', id: s.id, code: s.code, name: s.name, end: s.id === topo.lmc.site_a_id ? 'A' : s.id === topo.lmc.site_b_id ? 'B' : null },
      width,
      height,
      handles: handlesOf(width, height),
      style: { width, height },
      selectable: false,
      zIndex: 0,
    });
  }
  for (const a of topo.assets) {
    const id = assetNodeId(a.id);
    const inSite = a.site_id !== null && siteIds.has(a.site_id);
    nodes.push({
      id,
      type: 'asset',
      position: at(id),
      data: { kind: 'asset', id: a.id, hostname: a.hostname, role: a.role, vendor: a.vendor },
      ...(inSite ? { parentId: siteNodeId(a.site_id!), extent: 'parent' as const } : {}),
      width: ASSET_WIDTH,
      height: ASSET_HEIGHT,
      handles: handlesOf(ASSET_WIDTH, ASSET_HEIGHT),
      style: { width: ASSET_WIDTH, height: ASSET_HEIGHT },
      zIndex: 2,
    });
  }

  const siblingCode = new Map(topo.siblings.map((s) => [s.id, s.code]));
  const edges: TopoEdge[] = [];
  for (const e of topo.edges) {
    const ends = endsOf(e, siteIds, assetIds);
    if (!ends) continue;
    const role: EdgeRole = e.kind === 'circuit' ? 'circuit' : e.lmc_id === topo.lmc.id ? 'main' : 'sibling';
    const base = segmentLabel(e);
    edges.push({
      id: e.key,
      type: 'topo',
      source: ends[0],
      target: ends[1],
      zIndex: 1,
      data: {
        key: e.key,
        kind: e.kind,
        entityId: e.id,
        role,
        lmcCode: role === 'sibling' ? (siblingCode.get(e.lmc_id!) ?? null) : null,
        circuitId: e.circuit?.id ?? null,
        down: e.circuit?.down ?? false,
        label: e.circuit ? `${base} · ${e.circuit.carrier} ${e.circuit.designation}` : base,
        offset: 0,
      },
    });
  }
  spreadParallel(edges);
  return { nodes, edges };
}

/** Parallel edges (the same two nodes, either way) get vertical offsets centred on the lone edge's line. */
export function spreadParallel(edges: TopoEdge[]) {
  const groups = new Map<string, TopoEdge[]>();
  for (const e of edges) {
    const k = e.source < e.target ? `${e.source}|${e.target}` : `${e.target}|${e.source}`;
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  for (const group of groups.values()) {
    group.forEach((e, i) => {
      // `edgePath` bends by an absolute vertical shift, so the direction of the edge does not matter.
      e.data!.offset = (i - (group.length - 1) / 2) * PARALLEL_GAP;
    });
  }
}

/** The edges with their circuits' current state (live updates replace `down` without a new layout). */
export function withDown(edges: TopoEdge[], down: ReadonlyMap<number, boolean>): TopoEdge[] {
  return edges.map((e) => {
    const c = e.data!.circuitId;
    const now = c !== null && down.has(c) ? down.get(c)! : e.data!.down;
    return now === e.data!.down ? e : { ...e, data: { ...e.data!, down: now } };
  });
}

/** The circuits' states as the topology answers them. */
export function downOf(topo: LmcTopology): Map<number, boolean> {
  return new Map(topo.edges.flatMap((e) => (e.circuit ? [[e.circuit.id, e.circuit.down] as const] : [])));
}

/** What changes the picture (not the circuits' states): a new layout runs only when this does. */
export function shapeKey(topo: LmcTopology): string {
  return JSON.stringify([topo.lmc, topo.siblings, topo.sites, topo.assets, topo.edges.map((e) => ({ ...e, circuit: e.circuit ? { ...e.circuit, down: null } : null }))]);
}

/** Layout with an ELK instance (`new ELK()` from `elkjs/lib/elk.bundled.js`). */
export async function layoutTopology(topo: LmcTopology, elk: { layout: (g: ElkNode) => Promise<ElkNode> }) {
  return flowOf(topo, await elk.layout(elkGraphOf(topo)));
}

/**
 * The cubic path of an edge between two handle points, bent sideways by its offset, and the point
 * halfway along it (for the label).
 */
export function edgePath(sx: number, sy: number, tx: number, ty: number, offset: number) {
  const dx = Math.max(40, Math.abs(tx - sx) / 2);
  const c1 = { x: sx + dx, y: sy + offset * 1.6 };
  const c2 = { x: tx - dx, y: ty + offset * 1.6 };
  const path = `M ${sx},${sy} C ${c1.x},${c1.y} ${c2.x},${c2.y} ${tx},${ty}`;
  // The point at t = ½ of a cubic Bézier: (P0 + 3·P1 + 3·P2 + P3) / 8.
  return { path, labelX: (sx + 3 * c1.x + 3 * c2.x + tx) / 8, labelY: (sy + 3 * c1.y + 3 * c2.y + ty) / 8 };
}

/** The topology with one circuit's state replaced (a realtime message), the same object when it does not appear. */
export function withCircuitState(topo: LmcTopology, circuitId: number, down: boolean): LmcTopology {
  if (!topo.edges.some((e) => e.circuit?.id === circuitId && e.circuit.down !== down)) return topo;
  return { ...topo, edges: topo.edges.map((e) => (e.circuit?.id === circuitId ? { ...e, circuit: { ...e.circuit, down } } : e)) };
}
