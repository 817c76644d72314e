/**
 * The topology's graph, pure: from the API's answer (`GET /api/lmc/{id}/topology`) to React Flow
 * nodes and edges placed and routed by ELK (layered, left to right on a wide screen and top to bottom
 * on a phone, sites as compound nodes holding their assets). No React, no DOM: unit-tested in layout.test.ts.
 *
 * ELK lays out everything that is drawn, so that nothing covers anything else:
 * - every node is as wide as its names (measured in the page's font), never cut;
 * - every edge is routed by ELK (orthogonal, around the nodes): a union's members joining the same two
 *   routers are separate lines, each on its own ports;
 * - every edge carries three labels ELK places and keeps clear of the nodes: its description in the middle
 *   and the interface names at its two ends (the tail beside the source, the head beside the target);
 * - the picture's frame (ELK's root box) includes every route and label: the view is fitted to it, not to the nodes.
 */
import { ASSET_ROLE_LABELS, ASSET_VENDOR_LABELS, type AssetRole, type AssetVendor, LMX_MEDIUM_LABELS, type LmcTopology, type TopologyEdge } from '@operacoes/contract';
import { type Edge, type Node, type NodeHandle, Position } from '@xyflow/react';
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';

/** Left to right (wide screens) or top to bottom (phones: the path reads down the screen). */
export type Direction = 'RIGHT' | 'DOWN';

/** Widths of text in the page's font: the browser's canvas (laidOut.ts) or `estimateWidth` where there is none. */
export type Measure = (text: string, font: string) => number;

/** The fonts of the drawing (size and weight as in topology.css; the family is the theme's). */
export const FONTS = {
  siteCode: '700 14px',
  siteName: '400 12px',
  host: '600 14px',
  sub: '400 12px',
  label: '400 11px',
  labelBold: '700 11px',
  end: '600 10px',
} as const;

/** Without a canvas (unit tests): Saira Semi Condensed is about 0.56 em wide per character, a little more in bold. */
export const estimateWidth: Measure = (text, font) => {
  const [weight, size] = font.split(' ');
  return text.length * parseFloat(size) * (Number(weight) >= 600 ? 0.6 : 0.56);
};

export const ASSET_WIDTH = 190;
const ASSET_MAX_WIDTH = 420;
export const ASSET_HEIGHT = 58;
/** Horizontal padding and border of an asset's box (topology.css). */
const ASSET_INSET = 2 * 10 + 2 * 1.5 + 4;
/** The site's header: its code, and its name below. */
const SITE_HEAD = 50;
const SITE_INSET = 2 * 12 + 2 * 1.5 + 4;
const EMPTY_SITE_WIDTH = 200;
const EMPTY_SITE_HEIGHT = SITE_HEAD + 26;
const SITE_PADDING = `[top=${SITE_HEAD + 8},left=16,bottom=16,right=16]`;

/** The description's box: lines of 14 px, 6 px padding on the sides, a 1 px border (topology.css). */
export const LABEL_LINE = 14;
const LABEL_INSET_X = 2 * 6 + 2 + 4;
const LABEL_INSET_Y = 2 * 1 + 2;
/** The widest a description's line gets before it wraps (a phone's is narrower). */
const LABEL_MAX: Record<Direction, number> = { RIGHT: 250, DOWN: 140 };
/** An interface name's box: 12 px line, 4 px padding on the sides, a 1 px border. */
const END_HEIGHT = 14;
const END_INSET_X = 2 * 4 + 2 + 2;

const SPACING = {
  'elk.spacing.nodeNode': '36',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.edgeNode': '24',
  'elk.spacing.edgeEdge': '18',
  'elk.layered.spacing.edgeNodeBetweenLayers': '24',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '16',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelLabel': '4',
  'elk.spacing.labelNode': '6',
};
/**
 * A path is a chain with few crossings to remove: the least thorough crossing minimisation gives the same
 * picture in a third of the time.
 */
const SPEED = { 'elk.layered.thoroughness': '1' };

export type SiteNodeData = { kind: 'site'; id: number; code: string; name: string; end: 'A' | 'B' | null };
/**
 * A site's header (code, and name below), a node of its own over the edges: an edge that enters the site across
 * it passes under the name instead of through it (the site's box is below the edges, its assets above).
 */
export type SiteHeadNodeData = { kind: 'siteHead'; id: number; code: string; name: string; end: 'A' | 'B' | null };
export type AssetNodeData = { kind: 'asset'; id: number; hostname: string; role: string; vendor: string };
/** The picture's whole box (hidden): what the view is fitted to, routes and labels included. */
export type FrameNodeData = { kind: 'frame' };
export type TopoNode = Node<SiteNodeData, 'site'> | Node<SiteHeadNodeData, 'siteHead'> | Node<AssetNodeData, 'asset'> | Node<FrameNodeData, 'frame'>;

export const siteHeadId = (id: number) => `site-head-${id}`;

export const FRAME_ID = 'frame';

/** main: the LMC's own segment; sibling: a segment of another LMC of its unions; circuit: a union member circuit, site to site. */
export type EdgeRole = 'main' | 'sibling' | 'circuit';
export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };
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
  /** The description's lines: "Rádio · VLAN 200 · 1.000 Mbps", the circuit's carrier and designation (without "fora do ar", added by `edgeLines`). */
  text: string[];
  /** ELK's route, in the picture's coordinates. */
  points: Point[];
  /** Where ELK put the description (room for "fora do ar" included when the edge rides a circuit). */
  label: Box | null;
  /** The interface names at the edge's ends, where ELK put them. */
  ends: { from: (Box & { text: string }) | null; to: (Box & { text: string }) | null };
};
export type TopoEdge = Edge<TopoEdgeData, 'topo'>;

/**
 * The handles of a node of known size (left: in, right: out), given up front so that React Flow draws the
 * edges at once instead of after measuring every node. The edges are drawn along ELK's routes, not between them.
 */
export const handlesOf = (width: number, height: number): NodeHandle[] => [
  { type: 'target', position: Position.Left, x: -3, y: height / 2 - 3, width: 6, height: 6 },
  { type: 'source', position: Position.Right, x: width - 3, y: height / 2 - 3, width: 6, height: 6 },
];

export const siteNodeId = (id: number) => `site-${id}`;
export const assetNodeId = (id: number) => `asset-${id}`;

const intFmt = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** The parts of a segment's description: medium, VLAN (when there is one) and capacity. */
export function segmentParts(e: Pick<TopologyEdge, 'medium' | 'vlan_id' | 'capacity_mbps'>): string[] {
  return [LMX_MEDIUM_LABELS[e.medium], ...(e.vlan_id !== null ? [`VLAN ${e.vlan_id}`] : []), `${intFmt.format(e.capacity_mbps)} Mbps`];
}

/** "Fibra própria · VLAN 100 · 1.000 Mbps" (the VLAN part only when there is one). */
export function segmentLabel(e: Pick<TopologyEdge, 'medium' | 'vlan_id' | 'capacity_mbps'>): string {
  return segmentParts(e).join(' · ');
}

/** The parts joined by " · " into lines no wider than `max` (a part wider than that stands alone). */
export function wrapParts(parts: string[], max: number, width: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.length ? lines[lines.length - 1] : null;
    if (last !== null && width(`${last} · ${part}`) <= max) lines[lines.length - 1] = `${last} · ${part}`;
    else lines.push(part);
  }
  return lines;
}

const DOWN_MARK = 'fora do ar';

/** The description as drawn: the sibling's code first, then its lines, and "fora do ar" last when down. */
export function edgeLines(d: Pick<TopoEdgeData, 'text' | 'lmcCode' | 'down'>): string[] {
  return [...(d.lmcCode ? [d.lmcCode] : []), ...d.text, ...(d.down ? [DOWN_MARK] : [])];
}

/** The same in one line, for a screen reader or a tooltip. */
export function edgeLabel(d: Pick<TopoEdgeData, 'text' | 'lmcCode' | 'down'>): string {
  return edgeLines(d).join(' · ');
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

/** What every edge says, before the layout: the description's lines and box, and its interface names. */
type EdgeText = { role: EdgeRole; lmcCode: string | null; text: string[]; size: { width: number; height: number }; from: string | null; to: string | null };

function edgeTexts(topo: LmcTopology, direction: Direction, measure: Measure): Map<string, EdgeText> {
  const siblingCode = new Map(topo.siblings.map((s) => [s.id, s.code]));
  const out = new Map<string, EdgeText>();
  for (const e of topo.edges) {
    const role: EdgeRole = e.kind === 'circuit' ? 'circuit' : e.lmc_id === topo.lmc.id ? 'main' : 'sibling';
    const lmcCode = role === 'sibling' ? (siblingCode.get(e.lmc_id!) ?? null) : null;
    // A circuit's edge may go down while the page is open: its box has room for the bold "fora do ar" line from the start.
    const font = e.circuit ? FONTS.labelBold : FONTS.label;
    const width = (s: string) => measure(s, font);
    const text = wrapParts([...segmentParts(e), ...(e.circuit ? [`${e.circuit.carrier} ${e.circuit.designation}`] : [])], LABEL_MAX[direction], width);
    const all = [...(lmcCode ? [lmcCode] : []), ...text, ...(e.circuit ? [DOWN_MARK] : [])];
    out.set(e.key, {
      role,
      lmcCode,
      text,
      size: { width: Math.ceil(Math.max(...all.map(width)) + LABEL_INSET_X), height: all.length * LABEL_LINE + LABEL_INSET_Y },
      from: e.from_interface,
      to: e.to_interface,
    });
  }
  return out;
}

const endLabel = (id: string, text: string, placement: 'TAIL' | 'HEAD', measure: Measure): ElkLabel => ({
  id,
  text,
  width: Math.ceil(measure(text, FONTS.end) + END_INSET_X),
  height: END_HEIGHT,
  layoutOptions: { 'elk.edgeLabels.placement': placement },
});

/** How wide an asset's box is: its hostname and its role line, whole. */
function assetWidth(a: LmcTopology['assets'][number], measure: Measure) {
  return Math.min(ASSET_MAX_WIDTH, Math.max(ASSET_WIDTH, Math.ceil(Math.max(measure(a.hostname, FONTS.host), measure(assetSub(a), FONTS.sub)) + ASSET_INSET)));
}

/** The site's name line: "POP Curitiba Centro · ponta A". */
export const siteNameLine = (name: string, end: 'A' | 'B' | null) => (end ? `${name} · ponta ${end}` : name);

/** The header's width: its code or its name line, whichever is wider, with the padding. */
const headWidth = (s: LmcTopology['sites'][number], end: 'A' | 'B' | null, measure: Measure) =>
  Math.ceil(Math.max(measure(s.code, FONTS.siteCode), measure(siteNameLine(s.name, end), FONTS.siteName)) + SITE_INSET);

const siteEnd = (topo: LmcTopology, id: number): 'A' | 'B' | null => (id === topo.lmc.site_a_id ? 'A' : id === topo.lmc.site_b_id ? 'B' : null);

export type LayoutOptions = {
  direction?: Direction;
  measure?: Measure;
};

/** The asset's second line: "Roteador · MikroTik". */
export const assetSub = (a: { role: string; vendor: string }) => `${ASSET_ROLE_LABELS[a.role as AssetRole] ?? a.role} · ${ASSET_VENDOR_LABELS[a.vendor as AssetVendor] ?? a.vendor}`;

/** The ELK graph of a topology: sites as compound nodes with their assets, edges at the root (hierarchy included), each with its three labels. */
export function elkGraphOf(topo: LmcTopology, { direction = 'RIGHT', measure = estimateWidth }: LayoutOptions = {}): ElkNode {
  const siteIds = new Set(topo.sites.map((s) => s.id));
  const assetIds = new Set(topo.assets.map((a) => a.id));
  const assetNode = (a: LmcTopology['assets'][number]): ElkNode => ({ id: assetNodeId(a.id), width: assetWidth(a, measure), height: ASSET_HEIGHT });
  const children: ElkNode[] = topo.sites.map((s) => {
    const inside = topo.assets.filter((a) => a.site_id === s.id).map(assetNode);
    // The header's code and name, whole: the site is at least that wide.
    const head = headWidth(s, siteEnd(topo, s.id), measure);
    return inside.length
      ? {
          id: siteNodeId(s.id),
          layoutOptions: { ...SPACING, ...SPEED, 'elk.padding': SITE_PADDING, 'elk.nodeSize.constraints': 'MINIMUM_SIZE', 'elk.nodeSize.minimum': `(${head}, ${SITE_HEAD + ASSET_HEIGHT + 24})` },
          children: inside,
        }
      : { id: siteNodeId(s.id), width: Math.max(EMPTY_SITE_WIDTH, head), height: EMPTY_SITE_HEIGHT, children: [] };
  });
  for (const a of topo.assets) if (a.site_id === null || !siteIds.has(a.site_id)) children.push(assetNode(a));
  const texts = edgeTexts(topo, direction, measure);
  const edges: ElkExtendedEdge[] = [];
  for (const e of topo.edges) {
    const ends = endsOf(e, siteIds, assetIds);
    if (!ends) continue;
    const t = texts.get(e.key)!;
    const labels: ElkLabel[] = [{ id: `${e.key}|label`, text: e.key, ...t.size, layoutOptions: { 'elk.edgeLabels.placement': 'CENTER' } }];
    if (t.from) labels.push(endLabel(`${e.key}|from`, t.from, 'TAIL', measure));
    if (t.to) labels.push(endLabel(`${e.key}|to`, t.to, 'HEAD', measure));
    edges.push({ id: e.key, sources: [ends[0]], targets: [ends[1]], labels });
  }
  return {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      // Routes and labels in the picture's coordinates, whatever node holds them.
      'elk.json.edgeCoords': 'ROOT',
      ...SPACING,
      ...SPEED,
      'elk.padding': direction === 'DOWN' ? '[top=8,left=8,bottom=8,right=8]' : '[top=16,left=16,bottom=16,right=16]',
    },
    children,
    edges,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** React Flow nodes and edges from the topology and ELK's answer (the frame first, parents before their children). */
export function flowOf(topo: LmcTopology, laidOut: ElkNode, { direction = 'RIGHT', measure = estimateWidth }: LayoutOptions = {}): { nodes: TopoNode[]; edges: TopoEdge[]; frame: Box } {
  const placed = new Map<string, ElkNode>();
  for (const c of laidOut.children ?? []) {
    placed.set(c.id, c);
    for (const k of c.children ?? []) placed.set(k.id, k);
  }
  const at = (id: string) => ({ x: placed.get(id)?.x ?? 0, y: placed.get(id)?.y ?? 0 });
  const siteIds = new Set(topo.sites.map((s) => s.id));
  const assetIds = new Set(topo.assets.map((a) => a.id));
  const frame: Box = { x: 0, y: 0, width: laidOut.width ?? 0, height: laidOut.height ?? 0 };

  const nodes: TopoNode[] = [
    { id: FRAME_ID, type: 'frame', position: { x: 0, y: 0 }, data: { kind: 'frame' }, width: frame.width, height: frame.height, hidden: true, selectable: false, draggable: false, focusable: false },
  ];
  for (const s of topo.sites) {
    const id = siteNodeId(s.id);
    const box = placed.get(id);
    const [width, height] = [box?.width ?? EMPTY_SITE_WIDTH, box?.height ?? EMPTY_SITE_HEIGHT];
    nodes.push({
      id,
      type: 'site',
      position: at(id),
      data: { kind: 'site', id: s.id, code: s.code, name: s.name, end: siteEnd(topo, s.id) },
      width,
      height,
      handles: handlesOf(width, height),
      style: { width, height },
      selectable: false,
      focusable: false,
      zIndex: 0,
    });
  }
  for (const s of topo.sites) {
    // Inside the site's border, as wide as its text (an edge crossing the rest of the top stays in view).
    const end = siteEnd(topo, s.id);
    const site = placed.get(siteNodeId(s.id));
    const width = Math.min(headWidth(s, end, measure), Math.max(0, (site?.width ?? EMPTY_SITE_WIDTH) - 3));
    nodes.push({
      id: siteHeadId(s.id),
      type: 'siteHead',
      position: { x: 1.5, y: 1.5 },
      parentId: siteNodeId(s.id),
      data: { kind: 'siteHead', id: s.id, code: s.code, name: s.name, end },
      width,
      height: SITE_HEAD - 6,
      style: { width, height: SITE_HEAD - 6 },
      selectable: false,
      draggable: false,
      focusable: false,
      zIndex: 3,
    });
  }
  for (const a of topo.assets) {
    const id = assetNodeId(a.id);
    const inSite = a.site_id !== null && siteIds.has(a.site_id);
    const width = placed.get(id)?.width ?? ASSET_WIDTH;
    nodes.push({
      id,
      type: 'asset',
      position: at(id),
      data: { kind: 'asset', id: a.id, hostname: a.hostname, role: a.role, vendor: a.vendor },
      ariaLabel: `Ativo ${a.hostname}`,
      ...(inSite ? { parentId: siteNodeId(a.site_id!), extent: 'parent' as const } : {}),
      width,
      height: ASSET_HEIGHT,
      handles: handlesOf(width, ASSET_HEIGHT),
      style: { width, height: ASSET_HEIGHT },
      zIndex: 2,
    });
  }

  const routed = new Map((laidOut.edges ?? []).map((e) => [e.id, e as ElkExtendedEdge]));
  // The texts as elkGraphOf measured them (the same direction and font).
  const texts = edgeTexts(topo, direction, measure);
  const edges: TopoEdge[] = [];
  for (const e of topo.edges) {
    const ends = endsOf(e, siteIds, assetIds);
    const r = routed.get(e.key);
    if (!ends || !r) continue;
    const t = texts.get(e.key)!;
    const points: Point[] = [];
    for (const s of r.sections ?? []) {
      for (const p of [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]) {
        const q = { x: round(p.x), y: round(p.y) };
        const last = points[points.length - 1];
        if (!last || last.x !== q.x || last.y !== q.y) points.push(q);
      }
    }
    const box = (suffix: string) => {
      const l = r.labels?.find((k) => k.id === `${e.key}|${suffix}`);
      return l ? { x: round(l.x ?? 0), y: round(l.y ?? 0), width: l.width ?? 0, height: l.height ?? 0 } : null;
    };
    const from = box('from');
    const to = box('to');
    edges.push({
      id: e.key,
      type: 'topo',
      source: ends[0],
      target: ends[1],
      zIndex: 1,
      ariaLabel: edgeAria(e.kind, t.lmcCode, t.text, e.circuit?.down ?? false),
      data: {
        key: e.key,
        kind: e.kind,
        entityId: e.id,
        role: t.role,
        lmcCode: t.lmcCode,
        circuitId: e.circuit?.id ?? null,
        down: e.circuit?.down ?? false,
        text: t.text,
        points,
        label: box('label'),
        ends: { from: from && e.from_interface ? { ...from, text: e.from_interface } : null, to: to && e.to_interface ? { ...to, text: e.to_interface } : null },
      },
    });
  }
  return { nodes, edges, frame };
}

/** An orthogonal route with its corners rounded (radius up to `r`, less on short legs). */
export function routePath(points: Point[], r = 8): string {
  if (points.length === 0) return '';
  const f = (p: Point) => `${round(p.x)},${round(p.y)}`;
  let d = `M ${f(points[0])}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]];
    const ab = Math.hypot(b.x - a.x, b.y - a.y);
    const bc = Math.hypot(c.x - b.x, c.y - b.y);
    const k = Math.min(r, ab / 2, bc / 2);
    if (k < 0.5) {
      d += ` L ${f(b)}`;
      continue;
    }
    const p1 = { x: b.x + ((a.x - b.x) * k) / ab, y: b.y + ((a.y - b.y) * k) / ab };
    const p2 = { x: b.x + ((c.x - b.x) * k) / bc, y: b.y + ((c.y - b.y) * k) / bc };
    d += ` L ${f(p1)} Q ${f(b)} ${f(p2)}`;
  }
  if (points.length > 1) d += ` L ${f(points[points.length - 1])}`;
  return d;
}

/** What a screen reader says of an edge: "Segmento: LMC-2 · Rádio · VLAN 200 · 300 Mbps · fora do ar". */
const edgeAria = (kind: TopologyEdge['kind'], lmcCode: string | null, text: string[], down: boolean) => `${kind === 'segment' ? 'Segmento' : 'Circuito membro da união'}: ${edgeLabel({ lmcCode, text, down })}`;

/** The edges with their circuits' current state (live updates replace `down` without a new layout). */
export function withDown(edges: TopoEdge[], down: ReadonlyMap<number, boolean>): TopoEdge[] {
  return edges.map((e) => {
    const d = e.data!;
    const now = d.circuitId !== null && down.has(d.circuitId) ? down.get(d.circuitId)! : d.down;
    return now === d.down ? e : { ...e, ariaLabel: edgeAria(d.kind, d.lmcCode, d.text, now), data: { ...d, down: now } };
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
export async function layoutTopology(topo: LmcTopology, elk: { layout: (g: ElkNode) => Promise<ElkNode> }, options: LayoutOptions = {}) {
  return flowOf(topo, await elk.layout(elkGraphOf(topo, options)), options);
}

/**
 * The first view: the whole picture on a wide screen (at most 125 %); on a phone, the picture at a size one
 * can read (at least 75 %, its width fitted when it can be), from its top, where the path starts.
 */
export function initialViewport(frame: Box, width: number, height: number, narrow: boolean, pad = 12) {
  const fitW = (width - 2 * pad) / Math.max(1, frame.width);
  const fitH = (height - 2 * pad) / Math.max(1, frame.height);
  if (!narrow) {
    const zoom = Math.max(0.05, Math.min(1.25, fitW, fitH));
    return { zoom, x: (width - frame.width * zoom) / 2, y: (height - frame.height * zoom) / 2 };
  }
  const zoom = Math.min(1.25, Math.max(0.75, fitW));
  const x = frame.width * zoom <= width - 2 * pad ? (width - frame.width * zoom) / 2 : pad;
  const y = frame.height * zoom <= height - 2 * pad ? (height - frame.height * zoom) / 2 : pad;
  return { zoom, x, y };
}

/** The topology with one circuit's state replaced (a realtime message), the same object when it does not appear. */
export function withCircuitState(topo: LmcTopology, circuitId: number, down: boolean): LmcTopology {
  if (!topo.edges.some((e) => e.circuit?.id === circuitId && e.circuit.down !== down)) return topo;
  return { ...topo, edges: topo.edges.map((e) => (e.circuit?.id === circuitId ? { ...e, circuit: { ...e.circuit, down } } : e)) };
}
