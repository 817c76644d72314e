/**
 * What each MikroTik device of an LMC (or of the union it belongs to) must have, as RouterOS objects
 * keyed by comment tags; generate.ts writes them out in a dialect. Pure and deterministic.
 *
 * The network the plan follows:
 * - Routers (role roteador or firewall) end the L3 hops; radios, switches and other assets in between
 *   are L2: a hop runs from one router to the next through them, and its subnet (one per hop) gives
 *   the two routers their addresses. A route's next hop is always the next router.
 * - A VLAN on two ports of a MikroTik within one path passes through it (transit): 7.x bridges it on
 *   one VLAN-filtering bridge (the device's own address in that VLAN on `/interface vlan` over the
 *   bridge, the bridge in the VLAN's tagged list); 6.x on a bridge per VLAN of its VLAN interfaces.
 * - SVC blocks are routed from the A-end router, hop by hop, to the customer-end router, which has the
 *   SVC's VLAN on the SVC's delivery interface with the SVC's gateway address. A next hop is always of
 *   the block's family: a hop without one refuses the generation, naming the segment.
 * - The way back is policy routing, never a default route in the main table (it would take the router's
 *   other traffic): every router past the A-end has a table of the group's (`operacoes-retorno-<code>`)
 *   with a default route to the router before it (failover like the routes out), looked up only by
 *   traffic from the SVC blocks (`lookup-only-in-table`). RouterOS 6 has no IPv6 policy routing: an
 *   IPv6 block's way back there is a warning.
 * - A union of routed paths fails over by routes (active-backup: distance 1, 2… in member order;
 *   aggregating modes: equal distances), each with check-gateway=ping. A bond only when every member is
 *   one direct segment between the same two devices: VLANs and addresses go on the bond, primary= is the
 *   main member's port.
 * - Management: the asset's management interface (a VLAN interface itself, or the organization's
 *   management VLAN created on it), the address with its management block's prefix, and a default
 *   route via the block's gateway in a table of its own, used only by traffic from that address
 *   (RouterOS 6, IPv6: routes by destination to the other management blocks instead).
 * - A union's circuit member is configured through the LMC whose segment rides on it (the inventory
 *   records a hand-off only there): the generation is refused, naming the circuit and what is missing.
 * - A port in one LMC's bridge or bond (the transit bridge, the union's bond) is that LMC's alone: another
 *   LMC on the same device (`neighbours`) using or bridging it refuses the generation, naming both.
 */
import {
  AGGREGATING_MODES,
  type AssetRole,
  type InterfaceType,
  type RouterOsVersion,
  type SectionSettings,
  type UnionMode,
  cidrContains,
  formatCidr,
  parseCidr,
  parseIp,
  pointToPointEnds,
} from '@operacoes/contract';
import { type Menu, type Props, DEVICE_OWNER, FLAG, bare, tagPrefix } from './routeros';

export type ScriptInterface = { name: string; type: InterfaceType };
export type ScriptAsset = {
  id: number;
  hostname: string;
  vendor: string;
  role: AssetRole;
  routeros_version: RouterOsVersion | null;
  management_ip: string | null;
  management_interface: string | null;
  /** Its interfaces in the inventory: what the router has before any script. */
  interfaces: ScriptInterface[];
};
export type ScriptSegment = {
  position: number;
  from_asset_id: number;
  from_interface: string;
  to_asset_id: number;
  to_interface: string;
  medium: string;
  vlan_id: number | null;
  capacity_mbps: number;
  subnet: string | null;
  circuit: string | null;
};
/** An LMC's path: its segments in order. */
export type ScriptPath = { code: string; name: string; segments: ScriptSegment[] };
export type ScriptSvc = {
  code: string;
  client_name: string;
  ip_block: string | null;
  gateway: string | null;
  vlan_id: number | null;
  /** The code of the LMC that carries it (one of the model's paths). */
  lmc_code: string;
  /** The customer-end router's interface facing the customer. */
  delivery: { asset_id: number; interface: string } | null;
};
/**
 * A circuit member of a union: its label (carrier and designation) and, when an LMC's segment rides on it,
 * that segment — the only place the inventory records a circuit's hand-off (ports, VLAN, subnet).
 */
export type ScriptUnionCircuit = { label: string; segment: { lmc: string; position: number } | null };
/** The union of the LMC: its LMC members' codes in order (the first is the main path), and its circuit members. */
export type ScriptUnion = { code: string; name: string; mode: UnionMode; members: string[]; circuits: ScriptUnionCircuit[] };
/**
 * Another LMC with segments on devices of this model — with its union, the union's LMCs, as its own script
 * configures them —, its SVCs and the devices of its paths this model lacks: what it takes on the shared devices.
 */
export type ScriptNeighbour = { code: string; paths: ScriptPath[]; union: ScriptUnion | null; svcs: ScriptSvc[]; assets: ScriptAsset[] };
export type ScriptModel = {
  lmc: { code: string; name: string };
  /** The LMC's path; with a union, every LMC member's path (the union is configured as a whole). */
  paths: ScriptPath[];
  union: ScriptUnion | null;
  assets: ScriptAsset[];
  svcs: ScriptSvc[];
  settings: SectionSettings<'mikrotik'>;
  /** Per device, the other LMCs (outside this one and its union) configured on it: its shared items stay when this one is removed. */
  shared?: Record<number, string[]>;
  /** The other LMCs (or unions) on these devices: a port one of them bridges or bonds cannot be used by another. */
  neighbours?: ScriptNeighbour[];
};

/** A refusal of the whole generation, in pt-BR: the script would not do what the inventory says. */
export class ScriptRefusal extends Error {}

export type PlannedObject = {
  menu: Menu;
  tag: string;
  props: Props;
  /** Written only when the object is created (e.g. a bridge starts without VLAN filtering). */
  addOnly?: Props;
  /** Created only when no object has this name, never set (users). */
  byName?: string;
  /** Created only when no object, tagged or not, has these properties, never set (addresses). */
  findBy?: Props;
  note?: string;
};
export type DevicePlan = {
  asset: ScriptAsset & { routeros_version: RouterOsVersion };
  objects: PlannedObject[];
  /** Tags of bridges whose VLAN filtering is turned on once their ports and VLANs exist. */
  enableFiltering: string[];
  /** Comment lines for the top of the script. */
  notes: string[];
  /** The tag owners this device's script manages: the LMC (or the union and its members). */
  owners: string[];
  /** The other LMCs on the device: its shared items (management, users, NTP, syslog) stay on removal. */
  shared: string[];
  /** The management blocks, for the services. */
  managementBlocks: string[];
};

const ROUTING_ROLES: readonly AssetRole[] = ['roteador', 'firewall'];
export const routes = (a: Pick<ScriptAsset, 'role'>) => ROUTING_ROLES.includes(a.role);
const familyOf = (cidrOrIp: string) => (cidrOrIp.includes(':') ? 6 : 4);
const FAMILY = { 4: 'IPv4', 6: 'IPv6' } as const;
export const MANAGEMENT_TABLE = 'operacoes-gerencia';

type Device = {
  asset: ScriptAsset;
  v7: boolean;
  /** A MikroTik with a RouterOS version: it gets a script. */
  script: boolean;
  objects: Map<string, PlannedObject>;
  notes: string[];
  bondOf: Map<string, string>;
  /** 7.x: the group's VLAN-filtering bridge, its ports and VLAN table. */
  bridge?: { name: string; tag: string; ports: Set<string>; vlans: Map<number, Set<string>> };
  /** 6.x: a bridge per transit VLAN ('' for untagged), with its member ports. */
  v6bridges: Map<string, { name: string; ports: Set<string> }>;
  /** Created VLAN interfaces: name → parent and VLAN id. */
  vlans: Map<string, { parent: string; vid: number }>;
  enableFiltering: string[];
};

type Hop = {
  path: ScriptPath;
  from: number;
  to: number;
  fromPort: string;
  fromVlan: number | null;
  toPort: string;
  toVlan: number | null;
  segments: ScriptSegment[];
  subnet: string | null;
  ends: { from: string; to: string; prefix: number } | null;
};

export function planScripts(model: ScriptModel): { devices: DevicePlan[]; warnings: string[]; claims: Claims } {
  const warnings: string[] = [];
  const warn = (w: string) => warnings.includes(w) || warnings.push(w);
  const assets = new Map(model.assets.map((a) => [a.id, a]));
  const host = (id: number) => assets.get(id)?.hostname ?? `#${id}`;
  const group = model.union?.code ?? model.lmc.code;
  const owners = [...new Set([...model.paths.map((p) => p.code), ...(model.union ? [model.union.code] : [])])];
  const devices = new Map<number, Device>();
  const device = (id: number): Device => {
    let d = devices.get(id);
    if (!d) {
      const asset = assets.get(id)!;
      d = { asset, v7: asset.routeros_version === '7.x', script: asset.vendor === 'mikrotik' && !!asset.routeros_version, objects: new Map(), notes: [], bondOf: new Map(), v6bridges: new Map(), vlans: new Map(), enableFiltering: [] };
      devices.set(id, d);
    }
    return d;
  };
  for (const p of model.paths) for (const s of p.segments) [s.from_asset_id, s.to_asset_id].forEach(device);
  const note = (d: Device, text: string) => d.notes.includes(text) || d.notes.push(text);
  /** What each LMC takes on each port of each device: a bridge or bond port is that LMC's alone. */
  const claims: Claims = new Map();
  const claim = (asset: number, port: string, c: Pick<Claim, 'lmc' | 'kind' | 'name'>) => {
    const ports = claims.get(asset) ?? new Map<string, Claim[]>();
    const list = ports.get(port) ?? [];
    if (!list.some((x) => x.lmc === c.lmc && x.kind === c.kind && x.name === c.name)) list.push({ lmc: c.lmc, kind: c.kind, name: c.name, group });
    claims.set(asset, ports.set(port, list));
  };
  for (const u of uses(model.paths, model.svcs)) claim(u.asset, u.port, u);

  const inventory = (d: Device, name: string) => d.asset.interfaces.find((i) => i.name === name);
  /** Adds an object once (the first owner keeps it). */
  function put(d: Device, menu: Menu, owner: string, key: string, props: Props, extra: Partial<PlannedObject> = {}) {
    const tag = `${tagPrefix(owner)}${key}`;
    const id = `${menu}|${key}`;
    if (!d.objects.has(id)) d.objects.set(id, { menu, tag, props, ...extra });
    return tag;
  }
  /** A name the script creates must not be one the router already has for something else. */
  function freeName(d: Device, name: string, what: string) {
    if (inventory(d, name)) throw new ScriptRefusal(`${d.asset.hostname} já tem uma interface chamada "${name}", o nome que o script daria ${what}: renomeie-a no equipamento e no inventário.`);
  }
  function vlanInterface(d: Device, name: string, parent: string, vid: number, owner: string, purpose: string) {
    const existing = inventory(d, name);
    if (existing) {
      if (existing.type !== 'vlan') freeName(d, name, purpose);
      note(d, `${name} já existe no equipamento (inventário): não é recriada.`);
      return name;
    }
    const clash = [...d.vlans].find(([n, v]) => n !== name && v.parent === parent && v.vid === vid);
    if (clash) throw new ScriptRefusal(`A VLAN ${vid} em ${parent} de ${d.asset.hostname} seria criada duas vezes (${clash[0]} e ${name}, ${purpose}): use outra VLAN ou outra interface.`);
    d.vlans.set(name, { parent, vid });
    put(d, '/interface vlan', owner, `vlan:${name}`, [['name', name], ['interface', parent], ['vlan-id', vid]]);
    return name;
  }

  // ---- Paths: transit VLANs, bonds, hops.
  const pathAssets = (p: ScriptPath) => (p.segments.length ? [p.segments[0].from_asset_id, ...p.segments.map((s) => s.to_asset_id)] : []);
  const memberPaths = model.union ? model.union.members.map((code) => model.paths.find((p) => p.code === code)).filter((p): p is ScriptPath => !!p) : model.paths;
  // A circuit member: the inventory records a circuit's hand-off (ports, VLAN, point-to-point subnet) only on
  // an LMC segment riding on it; without one, the union's failover over it cannot be written.
  const circuit = model.union?.circuits[0];
  if (circuit) {
    const [u, c] = [model.union!, circuit];
    throw new ScriptRefusal(
      c.segment
        ? `União ${u.code}: o membro ${c.label} é um circuito de operadora, e o inventário descreve a sua entrega (interfaces, VLAN e sub-rede) no segmento ${c.segment.position} da LMC ${c.segment.lmc}: na união, troque o circuito ${c.label} pela LMC ${c.segment.lmc}.`
        : `União ${u.code}: o membro ${c.label} é um circuito de operadora sem entrega no inventário — faltam as interfaces das pontas e a sub-rede ponto a ponto (o cadastro do circuito tem só operadora, designação e sites). Cadastre o circuito ${c.label} como segmento (meio "Circuito de operadora", com interfaces, VLAN e sub-rede) de uma LMC e use essa LMC na união no lugar do circuito.`,
    );
  }

  // A bond: every member one direct segment between the same two devices, on distinct ports.
  const bonded = (() => {
    const u = model.union;
    if (!u || memberPaths.length < 2 || !memberPaths.every((p) => p.segments.length === 1)) return false;
    const main = memberPaths[0].segments[0];
    const ends = [main.from_asset_id, main.to_asset_id];
    const portsAt = (asset: number) => memberPaths.map((p) => (p.segments[0].from_asset_id === asset ? p.segments[0].from_interface : p.segments[0].to_interface));
    const same = memberPaths.every((p) => {
      const s = p.segments[0];
      return ends.includes(s.from_asset_id) && ends.includes(s.to_asset_id);
    });
    return same && ends.every((a) => new Set(portsAt(a)).size === memberPaths.length) ? { ends, portsAt } : false;
  })();
  if (bonded && model.union) {
    const name = `bond-${model.union.code}`;
    for (const a of bonded.ends) {
      const d = device(a);
      const slaves = bonded.portsAt(a);
      for (const s of slaves) d.bondOf.set(s, name);
      if (!d.script) continue;
      slaves.forEach((s, i) => claim(a, s, { lmc: memberPaths[i].code, kind: 'bond', name }));
      freeName(d, name, 'ao bonding');
      const props: Props = [
        ['name', name],
        ['mode', bare(model.union.mode)],
        ['slaves', [...slaves].sort().join(',')],
        ...(model.union.mode === 'active-backup' ? ([['primary', slaves[0]]] as Props) : []),
        ['link-monitoring', bare('mii')],
      ];
      put(d, '/interface bonding', model.union.code, `bond:${name}`, props, { note: `União ${model.union.code}: os ${slaves.length} membros ligam os mesmos dois equipamentos; VLANs e endereços vão no bonding, com ${slaves[0]} (membro principal) como primary.` });
    }
  }
  const port = (d: Device, itf: string) => d.bondOf.get(itf) ?? itf;

  // Transit: the same VLAN on the in and out ports of a device within one path.
  for (const p of model.paths) {
    for (let i = 0; i + 1 < p.segments.length; i++) {
      const into = p.segments[i];
      const out = p.segments[i + 1];
      const d = device(into.to_asset_id);
      const a = port(d, into.to_interface);
      const b = port(d, out.from_interface);
      if (a === b) continue;
      if (into.vlan_id !== out.vlan_id) {
        if (!routes(d.asset) && d.script) warn(`${d.asset.hostname} não roteia e recebe a VLAN ${into.vlan_id ?? 'sem tag'} em ${a} mas a entrega como ${out.vlan_id ?? 'sem tag'} em ${b}: a tradução de VLAN não é gerada.`);
        continue;
      }
      if (!d.script) continue;
      const vid = into.vlan_id;
      if (d.v7) {
        if (!d.bridge) {
          const name = `br-${group}`;
          freeName(d, name, 'à bridge das VLANs em trânsito');
          const tag = put(d, '/interface bridge', group, `bridge:${name}`, [['name', name]], {
            addOnly: [['vlan-filtering', bare('no')]],
            note: 'VLANs em trânsito numa bridge com VLAN filtering, ligado depois que as portas e a tabela de VLANs existem.',
          });
          d.bridge = { name, tag, ports: new Set(), vlans: new Map() };
          d.enableFiltering.push(tag);
        }
        for (const x of [a, b]) {
          d.bridge.ports.add(x);
          if (![...d.bondOf.values()].includes(x)) claim(d.asset.id, x, { lmc: p.code, kind: 'bridge', name: d.bridge.name });
        }
        if (vid !== null) {
          const tagged = d.bridge.vlans.get(vid) ?? new Set<string>();
          [a, b].forEach((x) => tagged.add(x));
          d.bridge.vlans.set(vid, tagged);
        }
      } else {
        const key = vid === null ? '' : String(vid);
        let br = d.v6bridges.get(key);
        if (!br) {
          const name = vid === null ? `br-${group}` : `br-${group}-v${vid}`;
          freeName(d, name, `à bridge da VLAN ${vid ?? 'sem tag'} em trânsito`);
          put(d, '/interface bridge', group, `bridge:${name}`, [['name', name]], { note: `A VLAN ${vid ?? 'sem tag'} atravessa o equipamento: uma bridge com as suas interfaces VLAN.` });
          br = { name, ports: new Set() };
          d.v6bridges.set(key, br);
        }
        for (const x of [a, b]) {
          const member = vid === null ? x : vlanInterface(d, `vlan${vid}-${x}`, x, vid, p.code, `à VLAN ${vid} do caminho`);
          br.ports.add(member);
          // Untagged, the port itself is the bridge's; tagged, only its VLAN interface is.
          if (vid === null && ![...d.bondOf.values()].includes(x)) claim(d.asset.id, x, { lmc: p.code, kind: 'bridge', name: br.name });
        }
      }
    }
  }
  for (const d of devices.values()) {
    if (d.bridge) for (const x of d.bridge.ports) put(d, '/interface bridge port', group, `porta:${d.bridge.name}:${x}`, [['bridge', d.bridge.name], ['interface', x]]);
    for (const br of d.v6bridges.values()) for (const x of br.ports) put(d, '/interface bridge port', group, `porta:${br.name}:${x}`, [['bridge', br.name], ['interface', x]]);
  }

  // ---- The other LMCs on these devices: a port in one LMC's bridge or bond is no other LMC's.
  for (const n of model.neighbours ?? []) {
    const theirs = neighbourClaims(model, n);
    for (const d of devices.values()) {
      const mine = claims.get(d.asset.id);
      const other = theirs.get(d.asset.id);
      if (!d.script || !mine || !other) continue;
      for (const port of [...mine.keys()].sort()) {
        // The clash that says most: two bridges or bonds, then this LMC's bridge or bond, then the other's.
        const weight = (c: Claim) => (c.kind === 'use' ? 0 : 1);
        const pairs = mine.get(port)!.flatMap((a) => (other.get(port) ?? []).map((b) => ({ a, b, w: 2 * weight(a) + weight(b) + (weight(a) && weight(b) ? 1 : 0) })));
        const worst = pairs.filter((x) => x.w > 0).sort((x, y) => y.w - x.w)[0];
        if (worst) throw new ScriptRefusal(portClash(d.asset.hostname, port, worst.a, worst.b));
      }
    }
  }

  /** The interface the device's L3 sits on for (port, VLAN): the bond, the bridge's VLAN interface, the VLAN interface or the port. */
  function l3(d: Device, itf: string, vid: number | null, owner: string, purpose: string): string {
    const p = port(d, itf);
    if (d.bridge?.ports.has(p)) {
      // Untagged traffic of a bridge port reaches the bridge itself (PVID 1); a VLAN, its interface over the bridge.
      if (vid === null) return d.bridge.name;
      const tagged = d.bridge.vlans.get(vid) ?? new Set<string>();
      tagged.add(p).add(d.bridge.name);
      d.bridge.vlans.set(vid, tagged);
      return vlanInterface(d, `vlan${vid}-${d.bridge.name}`, d.bridge.name, vid, owner, purpose);
    }
    const v6 = d.v6bridges.get(vid === null ? '' : String(vid));
    if (v6 && [...v6.ports].some((m) => m === p || d.vlans.get(m)?.parent === p)) return v6.name;
    return vid === null ? p : vlanInterface(d, `vlan${vid}-${p}`, p, vid, owner, purpose);
  }
  function address(d: Device, cidr: string, on: string, owner: string, extra: Props = []) {
    const v6 = familyOf(cidr) === 6;
    put(d, v6 ? '/ipv6 address' : '/ip address', owner, `ip:${cidr}:${on}`, [['address', cidr], ['interface', on], ...(v6 ? ([['advertise', bare('no')]] as Props) : []), ...extra], {
      findBy: [['address', cidr], ['interface', on]],
    });
  }

  // Hops: router to router through the L2 devices between them.
  const hopsOf = new Map<ScriptPath, Hop[]>();
  for (const p of model.paths) {
    const along = pathAssets(p);
    const routers = along.flatMap((id, i) => (assets.get(id) && routes(assets.get(id)!) ? [i] : []));
    const hops: Hop[] = [];
    for (let k = 0; k + 1 < routers.length; k++) {
      const [i, j] = [routers[k], routers[k + 1]];
      const segs = p.segments.slice(i, j);
      const subnets = [...new Set(segs.map((s) => s.subnet).filter((s): s is string => !!s))];
      if (subnets.length > 1) {
        throw new ScriptRefusal(
          `Os segmentos ${segs.map((s) => s.position).join(', ')} da LMC ${p.code} ligam ${host(along[i])} a ${host(along[j])} passando só por equipamentos que não roteiam, mas têm sub-redes diferentes (${subnets.join(', ')}): use uma sub-rede só nesse trecho.`,
        );
      }
      const subnet = subnets[0] ?? null;
      hops.push({ path: p, from: along[i], to: along[j], fromPort: segs[0].from_interface, fromVlan: segs[0].vlan_id, toPort: segs[segs.length - 1].to_interface, toVlan: segs[segs.length - 1].vlan_id, segments: segs, subnet, ends: subnet ? pointToPointEnds(subnet) : null });
    }
    hopsOf.set(p, hops);
    const covered = new Set(hops.flatMap((h) => h.segments));
    for (const s of p.segments) if (s.subnet && !covered.has(s)) warn(`O segmento ${s.position} da LMC ${p.code} tem a sub-rede ${s.subnet}, mas não fica entre dois roteadores: ela não é configurada.`);
    for (const h of hops) {
      for (const side of ['from', 'to'] as const) {
        const d = device(h[side]);
        if (!d.script) continue;
        const on = l3(d, side === 'from' ? h.fromPort : h.toPort, side === 'from' ? h.fromVlan : h.toVlan, p.code, `o segmento ${(side === 'from' ? h.segments[0] : h.segments[h.segments.length - 1]).position} da LMC ${p.code}`);
        if (h.ends) address(d, `${h.ends[side]}/${h.ends.prefix}`, on, p.code);
      }
    }
  }
  const describeHop = (h: Hop) =>
    `${h.segments.length > 1 ? `os segmentos ${h.segments.map((s) => s.position).join(' e ')}` : `o segmento ${h.segments[0].position}`} da LMC ${h.path.code} (${[`${host(h.from)} ${h.fromPort}`, ...h.segments.slice(1).map((s) => host(s.from_asset_id)), `${host(h.to)} ${h.toPort}`].join(' → ')})`;

  // ---- SVCs: the customer side on the delivery interface, the routes toward it.
  type Candidate = { device: number; gateway: string; rank: number; path: ScriptPath };
  const candidates = new Map<string, Candidate[]>();
  /** The way back: per router past the A-end and family, its upstream next hops; per router, the SVC blocks whose traffic takes them. */
  const upstream = new Map<string, Candidate[]>();
  const returning = new Map<number, { block: string; svc: string }[]>();
  /** The hops of `p` from its first router up to `target`, or why they cannot carry `family`. */
  function hopsTo(p: ScriptPath, target: number, family: 4 | 6): { ok: true; hops: Hop[] } | { ok: false; hop?: Hop } {
    const hops = hopsOf.get(p) ?? [];
    const end = hops.findIndex((h) => h.to === target);
    if (end < 0) return { ok: false };
    const upTo = hops.slice(0, end + 1);
    const bad = upTo.find((h) => !h.subnet || familyOf(h.subnet) !== family);
    return bad ? { ok: false, hop: bad } : { ok: true, hops: upTo };
  }
  for (const svc of model.svcs) {
    const p = model.paths.find((x) => x.code === svc.lmc_code);
    if (!p) continue;
    if (!svc.ip_block) {
      warn(`SVC ${svc.code}: sem bloco IP, nada a rotear (um serviço L2 não é configurado por este script).`);
      continue;
    }
    if (!svc.delivery) {
      warn(`SVC ${svc.code}: informe a interface de entrega (no cadastro do SVC) para o script entregar o bloco ${svc.ip_block} ao cliente.`);
      continue;
    }
    const target = svc.delivery.asset_id;
    const ta = assets.get(target);
    if (!ta || !routes(ta) || !pathAssets(p).includes(target)) {
      warn(`SVC ${svc.code}: a interface de entrega (${ta?.hostname ?? '?'} ${svc.delivery.interface}) não é de um roteador do caminho da LMC ${p.code}; o bloco não é roteado.`);
      continue;
    }
    if (!svc.gateway) {
      warn(`SVC ${svc.code}: informe o gateway do bloco ${svc.ip_block} para o script configurá-lo na interface de entrega.`);
      continue;
    }
    const family = familyOf(svc.ip_block) as 4 | 6;
    const prefix = parseCidr(svc.ip_block)!.prefix;
    const own = hopsTo(p, target, family);
    if (!own.ok) {
      const h = own.hop;
      if (!h) throw new ScriptRefusal(`SVC ${svc.code}: ${host(target)} não é alcançável por roteadores no caminho da LMC ${p.code}.`);
      throw new ScriptRefusal(
        h.subnet
          ? `O bloco ${svc.ip_block} do SVC ${svc.code} é ${FAMILY[family]}, mas ${describeHop(h)} ${h.segments.length > 1 ? 'têm' : 'tem'} a sub-rede ${FAMILY[familyOf(h.subnet)]} ${h.subnet}: não há próximo salto ${FAMILY[family]} até ${host(h.to)}. Use uma sub-rede ${family === 6 ? '/127' : '/30 ou /31'} nesse trecho.`
          : `O bloco ${svc.ip_block} do SVC ${svc.code} precisa de um próximo salto ${FAMILY[family]}, mas ${describeHop(h)} não ${h.segments.length > 1 ? 'têm' : 'tem'} sub-rede: informe a sub-rede ponto a ponto desse trecho.`,
      );
    }
    // The customer side.
    const dt = device(target);
    if (dt.script) {
      const itf = svc.delivery.interface;
      if (dt.bondOf.has(itf)) throw new ScriptRefusal(`SVC ${svc.code}: a interface de entrega ${itf} de ${dt.asset.hostname} é membro do bonding ${dt.bondOf.get(itf)}: escolha outra interface de entrega.`);
      const clash = model.paths.flatMap((x) => x.segments.flatMap((s) => (['from', 'to'] as const).filter((side) => s[`${side}_asset_id`] === target && s[`${side}_interface`] === itf && s.vlan_id === svc.vlan_id).map(() => ({ x, s }))))[0];
      if (clash) throw new ScriptRefusal(`SVC ${svc.code}: a VLAN ${svc.vlan_id ?? 'sem tag'} na interface de entrega ${itf} de ${dt.asset.hostname} já é a do segmento ${clash.s.position} da LMC ${clash.x.code}: use outra VLAN ou outra interface de entrega.`);
      const on = l3(dt, itf, svc.vlan_id, p.code, `a entrega do SVC ${svc.code}`);
      address(dt, `${svc.gateway}/${prefix}`, on, p.code);
    }
    // The routes: the SVC's own path, then (union) the other members.
    const ranked = model.union ? memberPaths : [p];
    ranked.forEach((m, rank) => {
      const r = m === p ? own : hopsTo(m, target, family);
      if (!r.ok) {
        if (model.union && m !== p) warn(`União ${model.union.code}: a LMC ${m.code} não leva o bloco ${svc.ip_block} do SVC ${svc.code} até ${host(target)} (${r.hop ? `${describeHop(r.hop)} não ${r.hop.segments.length > 1 ? 'têm' : 'tem'} sub-rede ${FAMILY[family]}` : 'o caminho não passa por esse roteador'}): sem rota reserva por ela.`);
        return;
      }
      for (const h of r.hops) {
        const key = `${h.from}|${svc.ip_block}`;
        const list = candidates.get(key) ?? [];
        if (!list.some((c) => c.gateway === h.ends!.to)) list.push({ device: h.from, gateway: h.ends!.to, rank, path: m });
        candidates.set(key, list);
        // Back: the router at the hop's far end sends the block's traffic to the router before it.
        const back = `${h.to}|${family}`;
        const up = upstream.get(back) ?? [];
        if (!up.some((c) => c.gateway === h.ends!.from)) up.push({ device: h.to, gateway: h.ends!.from, rank, path: m });
        upstream.set(back, up);
        const blocks = returning.get(h.to) ?? [];
        if (!blocks.some((b) => b.block === svc.ip_block)) blocks.push({ block: svc.ip_block!, svc: svc.code });
        returning.set(h.to, blocks);
      }
    });
  }
  for (const [key, found] of candidates) {
    const dst = key.slice(key.indexOf('|') + 1);
    const d = device(found[0].device);
    if (!d.script) continue;
    const menu: Menu = familyOf(dst) === 6 ? '/ipv6 route' : '/ip route';
    const list = bonded ? [found.sort((a, b) => a.rank - b.rank)[0]] : found.sort((a, b) => a.rank - b.rank);
    const failover = list.length > 1 && model.union;
    list.forEach((c, i) => {
      const extra: Props = failover ? [['distance', AGGREGATING_MODES.includes(model.union!.mode) ? 1 : i + 1], ['check-gateway', bare('ping')]] : [];
      put(d, menu, failover ? model.union!.code : c.path.code, `rota:${dst}:${c.gateway}`, [['dst-address', dst], ['gateway', c.gateway], ...extra], {
        note: failover && i === 0 ? `União ${model.union!.code} (${model.union!.mode}): ${dst} pelos ${list.length} caminhos, ${AGGREGATING_MODES.includes(model.union!.mode) ? 'com a mesma distância (ECMP)' : 'o principal com distance 1'}; check-gateway=ping tira da tabela o caminho que cair.` : undefined,
      });
    });
  }

  // ---- The way back from the customer end: policy routing by the SVC blocks' source. A default route in the
  // main table would take every other flow of the router with it; a table of the group's, looked up only by
  // traffic from the blocks (lookup-only-in-table: with every path down it is dropped, never leaked), has it.
  const returnTable = `operacoes-retorno-${group}`;
  for (const [id, blocks] of returning) {
    const d = device(id);
    if (!d.script) continue;
    for (const family of [4, 6] as const) {
      const found = (upstream.get(`${id}|${family}`) ?? []).sort((a, b) => a.rank - b.rank);
      const mine = blocks.filter((b) => familyOf(b.block) === family);
      if (!found.length || !mine.length) continue;
      if (family === 6 && !d.v7) {
        for (const b of mine) warn(`${d.asset.hostname}: o RouterOS 6 não tem roteamento por origem em IPv6, e uma rota padrão IPv6 desviaria todo o tráfego IPv6 do equipamento: o retorno do bloco ${b.block} do SVC ${b.svc} não é gerado. Atualize ${d.asset.hostname} para o RouterOS 7 ou confira que a rota padrão IPv6 dele é via ${found[0].gateway}.`);
        continue;
      }
      if (d.v7) put(d, '/routing table', group, `tabela:${returnTable}`, [['name', returnTable]], { addOnly: [['fib', FLAG]], note: `Retorno dos blocos dos SVCs: a tabela ${returnTable}, consultada só pelo tráfego com origem neles.` });
      const list = bonded ? found.slice(0, 1) : found;
      const failover = list.length > 1 && model.union;
      list.forEach((c, i) => {
        const extra: Props = failover ? [['distance', AGGREGATING_MODES.includes(model.union!.mode) ? 1 : i + 1], ['check-gateway', bare('ping')]] : [];
        const dst = family === 6 ? '::/0' : '0.0.0.0/0';
        put(d, family === 6 ? '/ipv6 route' : '/ip route', failover ? model.union!.code : c.path.code, `retorno:${family}:${c.gateway}`, [['dst-address', dst], ['gateway', d.v7 ? `${c.gateway}@main` : c.gateway], ...extra, d.v7 ? ['routing-table', returnTable] : ['routing-mark', returnTable]], {
          note: i === 0 ? `Retorno: ${dst} na tabela ${returnTable} via ${list.length > 1 ? `${list.length} caminhos (${AGGREGATING_MODES.includes(model.union!.mode) ? 'mesma distância' : 'o principal com distance 1'}, check-gateway=ping)` : 'o roteador anterior do caminho'}${d.v7 ? '; gateway@main: o próximo salto é resolvido na tabela main, onde estão as redes conectadas' : ''}.` : undefined,
        });
      });
      for (const b of mine) {
        put(d, d.v7 ? '/routing rule' : '/ip route rule', group, `regra-retorno:${b.block}`, [['src-address', b.block], ['action', bare('lookup-only-in-table')], ['table', returnTable]], { note: `SVC ${b.svc}: o tráfego com origem em ${b.block} volta pela tabela ${returnTable}.` });
      }
    }
  }

  // ---- Management and the 7.x bridges' VLAN tables.
  const blocks = model.settings.management_networks ?? [];
  for (const d of devices.values()) {
    if (!d.script) continue;
    const a = d.asset;
    if (!a.management_interface) {
      warn(`${a.hostname}: informe a interface de gerência no cadastro do ativo para o script configurar a gerência.`);
    } else {
      const itf = inventory(d, a.management_interface);
      const mgmt = a.management_interface;
      if (d.bondOf.has(mgmt)) throw new ScriptRefusal(`A interface de gerência ${mgmt} de ${a.hostname} é membro do bonding ${d.bondOf.get(mgmt)} criado por este script: escolha outra interface de gerência no cadastro do ativo.`);
      if (d.bridge?.ports.has(mgmt)) throw new ScriptRefusal(`A interface de gerência ${mgmt} de ${a.hostname} é porta da bridge ${d.bridge.name} das VLANs em trânsito criada por este script: escolha outra interface de gerência no cadastro do ativo.`);
      const vid = model.settings.management_vlan;
      let on = mgmt;
      if (itf?.type !== 'vlan' && vid) {
        const name = `vlan${vid}-gerencia`;
        const inPath = model.paths.flatMap((x) => x.segments).find((s) => (s.from_asset_id === a.id && s.from_interface === mgmt) || (s.to_asset_id === a.id && s.to_interface === mgmt) ? s.vlan_id === vid : false);
        if (inPath) throw new ScriptRefusal(`A VLAN de gerência ${vid} é também a VLAN do segmento ${inPath.position} em ${mgmt} de ${a.hostname}: escolha outra VLAN de gerência ou outra interface de gerência.`);
        on = vlanInterface(d, name, mgmt, vid, DEVICE_OWNER, 'à VLAN de gerência');
      }
      const ip = a.management_ip;
      const net = ip ? blocks.find((n) => cidrContains(parseCidr(n.block)!, parseIp(ip)!)) : undefined;
      if (!ip) warn(`${a.hostname}: sem IP de gerência no cadastro: o endereço de gerência não é gerado.`);
      else if (!net) warn(`${a.hostname}: o IP de gerência ${ip} não está em nenhum bloco de gerência (Configurações › MikroTik): o endereço de gerência não é gerado.`);
      else {
        const family = familyOf(ip);
        const prefix = parseCidr(net.block)!.prefix;
        address(d, `${ip}/${prefix}`, on, DEVICE_OWNER);
        if (parseIp(net.gateway)!.value !== parseIp(ip)!.value) {
          if (family === 6 && !d.v7) {
            // RouterOS 6 routes IPv6 by destination only (no routing-mark, no rules): a route to each other IPv6
            // management block via the block's gateway, in the main table — only management traffic takes it.
            const others = blocks.filter((n) => n !== net && parseCidr(n.block)!.version === 6).map((n) => formatCidr(parseCidr(n.block)!));
            if (!others.length) note(d, `Gerência IPv6: sem outro bloco de gerência IPv6 nas configurações, nenhuma rota via ${net.gateway} é necessária (o RouterOS 6 não tem roteamento IPv6 por origem).`);
            others.forEach((dst, i) =>
              put(d, '/ipv6 route', DEVICE_OWNER, `rota-gerencia:6:${dst}`, [['dst-address', dst], ['gateway', net.gateway]], {
                note: i === 0 ? 'Gerência IPv6 no RouterOS 6 (sem routing-mark nem regras IPv6): uma rota por destino para cada outro bloco de gerência, via o gateway do bloco — manual: IPv6 Route (RouterOS 6).' : undefined,
              }),
            );
          } else {
            const table = MANAGEMENT_TABLE;
            const tableProp: Props = d.v7 ? [['routing-table', table]] : [['routing-mark', table]];
            if (d.v7) put(d, '/routing table', DEVICE_OWNER, `tabela:${table}`, [['name', table]], {
              addOnly: [['fib', FLAG]], note: 'Gerência: uma tabela só dela; só o tráfego com origem no endereço de gerência a consulta.' });
            put(d, family === 6 ? '/ipv6 route' : '/ip route', DEVICE_OWNER, `rota-gerencia:${family}`, [['dst-address', family === 6 ? '::/0' : '0.0.0.0/0'], ['gateway', d.v7 ? `${net.gateway}@main` : net.gateway], ...tableProp]);
            put(d, d.v7 ? '/routing rule' : '/ip route rule', DEVICE_OWNER, `regra-gerencia:${family}`, [['src-address', `${ip}/${family === 6 ? 128 : 32}`], ['action', bare('lookup')], ['table', table]]);
          }
        }
      }
    }
    if (d.bridge) {
      for (const [vid, tagged] of [...d.bridge.vlans].sort((x, y) => x[0] - y[0])) {
        const list = [...tagged].sort((x, y) => (x === d.bridge!.name ? -1 : y === d.bridge!.name ? 1 : x.localeCompare(y)));
        put(d, '/interface bridge vlan', group, `bridge-vlan:${d.bridge.name}:${vid}`, [['bridge', d.bridge.name], ['vlan-ids', vid], ['tagged', list.join(',')]]);
      }
    }
    // The organization's users, created disabled; NTP servers (7.x).
    for (const user of model.settings.admin_users) put(d, '/user', DEVICE_OWNER, `usuario:${user}`, [['group', bare('full')], ['disabled', bare('yes')]], { byName: user });
    if (d.v7) for (const server of model.settings.ntp_servers) put(d, '/system ntp client servers', DEVICE_OWNER, `ntp:${server}`, [['address', server]]);
  }

  const out: DevicePlan[] = [];
  for (const d of devices.values()) {
    if (d.asset.vendor !== 'mikrotik') continue;
    if (!d.script) {
      warn(`${d.asset.hostname}: informe a versão do RouterOS no cadastro do ativo para gerar o script.`);
      continue;
    }
    out.push({
      asset: d.asset as DevicePlan['asset'],
      objects: [...d.objects.values()],
      enableFiltering: d.enableFiltering,
      notes: d.notes,
      owners,
      shared: model.shared?.[d.asset.id] ?? [],
      managementBlocks: blocks.map((b) => b.block),
    });
  }
  return { devices: out, warnings, claims };
}

/** What a port is taken for, by which LMC (of which group: the LMC, or its union). */
type Claim = { group: string; lmc: string; kind: 'bridge' | 'bond' | 'use'; name: string };
type Claims = Map<number, Map<string, Claim[]>>;

/** The ports a neighbouring LMC (or union) takes, as its own script would: its bridges and bonds (when it can be planned) and the ports its segments and SVCs use. */
function neighbourClaims(model: ScriptModel, n: ScriptNeighbour): Claims {
  const assets = [...model.assets, ...n.assets.filter((a) => !model.assets.some((b) => b.id === a.id))].map((a) => ({ ...a, management_interface: null }));
  const own = n.paths.find((p) => p.code === n.code) ?? n.paths[0];
  const theirs: ScriptModel = { lmc: { code: own.code, name: own.name }, paths: n.paths, union: n.union && { ...n.union, circuits: [] }, assets, svcs: n.svcs.map((s) => ({ ...s, ip_block: null })), settings: { ...model.settings, management_networks: [], admin_users: [] } };
  try {
    return planScripts(theirs).claims;
  } catch (e) {
    if (!(e instanceof ScriptRefusal)) throw e;
    // Its own generation is refused (it says why there): the ports its segments and SVCs use still count.
    const out: Claims = new Map();
    for (const u of uses(n.paths, n.svcs)) {
      const ports = out.get(u.asset) ?? new Map<string, Claim[]>();
      out.set(u.asset, ports.set(u.port, [...(ports.get(u.port) ?? []), { group: n.union?.code ?? n.code, lmc: u.lmc, kind: 'use', name: u.name }]));
    }
    return out;
  }
}

/** The ports the paths' segments and the SVCs' deliveries use. */
function uses(paths: ScriptPath[], svcs: ScriptSvc[]) {
  const out: { asset: number; port: string; lmc: string; kind: 'use'; name: string }[] = [];
  for (const p of paths) for (const s of p.segments) for (const side of ['from', 'to'] as const) out.push({ asset: s[`${side}_asset_id`], port: s[`${side}_interface`], lmc: p.code, kind: 'use', name: `segmento ${s.position}` });
  for (const svc of svcs) if (svc.delivery && paths.some((p) => p.code === svc.lmc_code)) out.push({ asset: svc.delivery.asset_id, port: svc.delivery.interface, lmc: svc.lmc_code, kind: 'use', name: `entrega do SVC ${svc.code}` });
  return out;
}

function portClash(host: string, port: string, mine: Claim, theirs: Claim): string {
  const [a, b] = mine.kind === 'use' ? [theirs, mine] : [mine, theirs];
  if (a.kind === 'bridge' && b.kind === 'bridge') return `As LMCs ${a.lmc} e ${b.lmc} querem a porta ${port} de ${host} em bridges diferentes (${a.name} e ${b.name}): uma porta fica numa bridge só. Passe uma das duas LMCs por outra porta de ${host}.`;
  const taken = (c: Claim) => (c.kind === 'bridge' ? `na bridge ${c.name} (VLAN em trânsito)` : `no bonding ${c.name} (união ${c.group})`);
  const also = b.kind === 'use' ? `a LMC ${b.lmc} também usa essa porta (${b.name})` : `a LMC ${b.lmc} a quer ${taken(b)}`;
  return `A LMC ${a.lmc} põe a porta ${port} de ${host} ${taken(a)}, e ${also}: uma porta de bridge ou de bonding não leva VLANs nem endereços de outra LMC. Passe uma das duas LMCs por outra porta de ${host}.`;
}
