/**
 * Applies generated scripts to RouterOS models built from the inventory and wires them with the
 * path's segments: what the script tests check (it applies, it converges, each SVC block is routed
 * from the A-end to its delivery interface, the removal leaves the starting inventory).
 */
import { expect } from 'vitest';
import type { GeneratedScript, ScriptAsset, ScriptModel } from '../../src/modules/network/script/generate';
import { routes } from '../../src/modules/network/script/plan';
import { type Ip, cidrContains, parseCidr, parseIp } from '@operacoes/contract';
import { type ExistingAddress, type Link, Network, Router, firstAddress } from './routeros-model';

/** The physical links of every path of the model (a link shared by two paths once). */
export function linksOf(model: ScriptModel): Link[] {
  const links: Link[] = [];
  for (const s of model.paths.flatMap((p) => p.segments)) {
    const a = { asset: s.from_asset_id, port: s.from_interface };
    const b = { asset: s.to_asset_id, port: s.to_interface };
    if (!links.some((l) => (l.a.asset === a.asset && l.a.port === a.port && l.b.asset === b.asset && l.b.port === b.port) || (l.a.asset === b.asset && l.a.port === b.port && l.b.asset === a.asset && l.b.port === a.port))) links.push({ a, b, up: true });
  }
  return links;
}

/**
 * The address a router already has before any script: a device managed at its management IP has it, untagged,
 * on the management interface when that interface is the one the script addresses (a VLAN of the inventory, or
 * any interface when the organization has no management VLAN); with the prefix of its management block.
 */
export function existingAddresses(model: ScriptModel, a: ScriptAsset): ExistingAddress[] {
  const itf = a.interfaces.find((i) => i.name === a.management_interface);
  const ip = a.management_ip ? parseIp(a.management_ip) : null;
  if (!itf || !ip || (itf.type !== 'vlan' && model.settings.management_vlan)) return [];
  const block = (model.settings.management_networks ?? []).map((n) => parseCidr(n.block)!).find((c) => cidrContains(c, ip));
  return block ? [{ address: `${a.management_ip}/${block.prefix}`, interface: itf.name }] : [];
}

export const freshRouter = (model: ScriptModel, device: Pick<GeneratedScript, 'asset_id' | 'routeros_version'>) => {
  const a = model.assets.find((x) => x.id === device.asset_id)!;
  return new Router(a.hostname, device.routeros_version, a.interfaces, existingAddresses(model, a));
};

export type Applied = { net: Network; routers: Map<number, Router>; start: Map<number, unknown> };

/** Each device's script applied to a router built from its inventory; throws with the line RouterOS would refuse. */
export function applyAll(model: ScriptModel, devices: GeneratedScript[], times = 1): Applied {
  const routers = new Map<number, Router>();
  const start = new Map<number, unknown>();
  for (const d of devices) {
    const r = freshRouter(model, d);
    start.set(d.asset_id, r.snapshot('inventory'));
    for (let i = 0; i < times; i++) {
      try {
        r.apply(d.script);
      } catch (e) {
        throw new Error(`${d.hostname} (RouterOS ${d.routeros_version}), aplicação ${i + 1}: ${(e as Error).message}\n\n${d.script}`);
      }
    }
    routers.set(d.asset_id, r);
  }
  return { net: new Network(routers, linksOf(model)), routers, start };
}

/** Every checked property of a model's scripts: applies, converges, routes each SVC block to its delivery interface, removes cleanly. */
export function checkScripts(model: ScriptModel, devices: GeneratedScript[]) {
  const once = applyAll(model, devices);
  const twice = applyAll(model, devices, 2);
  for (const d of devices) expect(twice.routers.get(d.asset_id)!.snapshot(), `${d.hostname}: aplicar duas vezes muda algo`).toEqual(once.routers.get(d.asset_id)!.snapshot());
  const delivered = expectDelivered(model, once.net);
  for (const d of devices) {
    const r = twice.routers.get(d.asset_id)!;
    r.apply(d.removal_script);
    expect(r.snapshot('inventory'), `${d.hostname}: a remoção não volta ao inventário`).toEqual(twice.start.get(d.asset_id));
  }
  return { ...once, delivered };
}

/** The first router of a path (the A-end), when it has a script. */
export function aEnd(model: ScriptModel, code: string) {
  const p = model.paths.find((x) => x.code === code)!;
  const ids = [p.segments[0].from_asset_id, ...p.segments.map((s) => s.to_asset_id)];
  return ids.find((id) => routes(model.assets.find((a) => a.id === id)!));
}

/** An address outside every network of the fixtures (documentation ranges): "the Internet" behind the A-end. */
export const OUTSIDE = { 4: parseIp('192.0.2.77')!, 6: parseIp('3fff::77')! } as const;
/** A customer host of the block (its network address + 2; the gateway is the first). */
export const hostOf = (block: string) => {
  const c = parseCidr(block)!;
  return { version: c.version, value: c.network + 2n } as Ip;
};

/**
 * Each SVC with a block and a delivery interface is routed both ways: a packet for its first address
 * from the A-end reaches the delivery interface (its port, its VLAN), and a packet from a customer host
 * of the block to the outside, sent at the customer-end router, goes back through the same routers to
 * the A-end (by the routing rules of the block: the main tables are not touched). A router of RouterOS 6
 * past the A-end has no IPv6 policy routing: an IPv6 block's way back is then only warned about (`skipBack`).
 */
export function expectDelivered(model: ScriptModel, net: Network, only?: string[]) {
  let checked = 0;
  for (const svc of model.svcs) {
    if (!svc.ip_block || !svc.delivery || !svc.gateway || (only && !only.includes(svc.code))) continue;
    const from = aEnd(model, svc.lmc_code);
    if (from === undefined || !net.routers.has(from) || !net.routers.has(svc.delivery.asset_id)) continue;
    const trace = net.trace(from, firstAddress(svc.ip_block));
    expect(trace.stop, `${svc.code}: ${trace.stop}`).toBeUndefined();
    expect(trace.at!.asset, `${svc.code} termina em outro equipamento`).toBe(svc.delivery.asset_id);
    const r = net.routers.get(svc.delivery.asset_id)!;
    expect(net.wire(r, trace.at!.iface), `${svc.code}: ${trace.at!.iface} não é a interface de entrega`).toContainEqual({ port: svc.delivery.interface, tag: svc.vlan_id === null ? '' : String(svc.vlan_id) });
    if (!skipBack(model, svc.ip_block, trace.hops)) {
      const family = parseCidr(svc.ip_block)!.version;
      const back = net.trace(svc.delivery.asset_id, OUTSIDE[family], hostOf(svc.ip_block));
      expect(back.hops, `${svc.code}: o retorno não refaz o caminho (${back.stop})`).toEqual([...trace.hops].reverse());
      expect(back.stop, `${svc.code}: o retorno para antes da ponta A`).toMatch(new RegExp(`^${escape(net.routers.get(from)!.hostname)} não tem rota`));
    }
    checked++;
  }
  return checked;
}

/** Whether the block's way back cannot be written: an IPv6 block and a RouterOS 6 router past the A-end. */
export function skipBack(model: ScriptModel, block: string, hops: number[]) {
  return block.includes(':') && hops.slice(1).some((id) => model.assets.find((a) => a.id === id)?.routeros_version === '6.x');
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
