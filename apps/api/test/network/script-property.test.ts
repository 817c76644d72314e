/**
 * Property test of the MikroTik scripts (fast-check): random paths — 1 to 4 segments, IPv4 or IPv6
 * point-to-point subnets, radios, switches and routers in between, 6.x and 7.x, an optional union of
 * two members (sometimes a bond), hostile names with quotes, `;`, `$`, `[`, `\`, `?`, `|` and line
 * breaks — give scripts that the RouterOS model applies, that converge (a second run changes nothing),
 * that route every SVC block both ways — from the A-end to its delivery port, and from a customer host
 * back through the same routers to the A-end by the block's routing rules (RouterOS 6 has no IPv6 policy
 * routing: there an IPv6 block's way back is a warning naming the router) —, and whose removal leaves the
 * starting inventory. A block of the other family than the path's is refused, naming the segment. Two
 * LMCs on one router are either refused, naming both and the port, or both scripts apply there.
 * PROPERTY_RUNS sets the number of runs (default 120); a failure prints its seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type UnionMode, settingsWithDefaults } from '@operacoes/contract';
import { ScriptRefusal, generateScripts, type ScriptAsset, type ScriptModel, type ScriptPath, type ScriptSegment } from '../../src/modules/network/script/generate';
import { Router } from './routeros-model';
import { checkScripts, skipBack } from './script-harness';
import { router, transitModel } from './script-fixtures';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 120);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const HOSTILE = [...'ab0-_. "\\$[];?|(){}^*\n\t'];
/** A name with hostile characters (never a comma: interface names refuse it), made unique by its suffix. */
const hostile = (max = 5) => fc.string({ unit: fc.constantFrom(...HOSTILE), minLength: 0, maxLength: max });

type Kind = 'router' | 'radio' | 'switch';
const version = fc.constantFrom<'6.x' | '7.x'>('6.x', '7.x');

const arbitraryModel = fc
  .record({
    kinds: fc.array(fc.constantFrom<Kind>('router', 'radio', 'switch'), { minLength: 0, maxLength: 3 }),
    versions: fc.array(version, { minLength: 5, maxLength: 5 }),
    names: fc.array(hostile(), { minLength: 24, maxLength: 24 }),
    vlans: fc.array(fc.constantFrom(null, 10, 20, 30), { minLength: 6, maxLength: 6 }),
    subnetAt: fc.array(fc.nat(3), { minLength: 6, maxLength: 6 }),
    family: fc.constantFrom<4 | 6>(4, 6),
    svcs: fc.array(fc.record({ vlan: fc.constantFrom(null, 700, 701), member: fc.nat(1), client: hostile(8) }), { minLength: 1, maxLength: 2 }),
    union: fc.option(fc.record({ mode: fc.constantFrom<UnionMode>('active-backup', '802.3ad', 'balance-rr', 'balance-xor'), viaRadio: fc.boolean() }), { nil: null }),
    management: fc.array(fc.constantFrom('port', 'vlan-type', null), { minLength: 5, maxLength: 5 }),
    managementVlan: fc.constantFrom(null, 99),
    codes: fc.array(hostile(4), { minLength: 3, maxLength: 3 }),
  })
  .map((r): ScriptModel => {
    let nextId = 1;
    let name = 0;
    const n = () => `${r.names[name++ % r.names.length]}${name}`;
    const assets: ScriptAsset[] = [];
    const asset = (kind: Kind, v: '6.x' | '7.x'): ScriptAsset => {
      const id = nextId++;
      const mikrotik = kind !== 'radio';
      const a: ScriptAsset = {
        id,
        hostname: `${n()}-h${id}`,
        vendor: mikrotik ? 'mikrotik' : 'ubiquiti',
        role: kind === 'router' ? 'roteador' : kind,
        routeros_version: mikrotik ? v : null,
        management_ip: `10.200.${id}.1`,
        management_interface: null,
        interfaces: [],
      };
      const m = r.management[(id - 1) % r.management.length];
      if (mikrotik && m) {
        const itf = { name: `${n()}-m${id}`, type: m === 'vlan-type' ? ('vlan' as const) : ('ethernet' as const) };
        a.interfaces.push(itf);
        a.management_interface = itf.name;
      }
      assets.push(a);
      return a;
    };
    const port = (a: ScriptAsset) => {
      const itf = { name: `${n()}-p${a.interfaces.length}`, type: 'ethernet' as const };
      a.interfaces.push(itf);
      return itf.name;
    };
    // The main path: a router, the middle devices, a router.
    const chain = [asset('router', r.versions[0]), ...r.kinds.map((k, i) => asset(k, r.versions[(i + 1) % 5])), asset('router', r.versions[4])];
    let subnet = 0;
    const p2p = () => (r.family === 4 ? `10.255.${subnet++}.0/30` : `2001:db8:ff:${(subnet++).toString(16)}::/127`);
    /** Segments between consecutive devices; one VLAN and one subnet per hop (router to router). */
    const segmentsOf = (devices: ScriptAsset[], salt: number): ScriptSegment[] => {
      const segs: ScriptSegment[] = devices.slice(1).map((to, i) => ({ position: i + 1, from_asset_id: devices[i].id, from_interface: port(devices[i]), to_asset_id: to.id, to_interface: port(to), medium: 'fibra_propria', vlan_id: null, capacity_mbps: 1000, subnet: null, circuit: null }));
      let start = 0;
      let hop = 0;
      for (let i = 1; i <= segs.length; i++) {
        if (devices[i].role !== 'roteador') continue;
        const span = segs.slice(start, i);
        const vlan = r.vlans[(hop + salt) % r.vlans.length];
        span.forEach((s) => (s.vlan_id = vlan));
        span[r.subnetAt[(hop + salt) % r.subnetAt.length] % span.length].subnet = p2p();
        start = i;
        hop++;
      }
      return segs;
    };
    const [c1, c2, c3] = r.codes.map((c, i) => `${c}${['L1', 'L2', 'U'][i]}`);
    const paths: ScriptPath[] = [{ code: c1, name: `${r.names[0]} principal`, segments: segmentsOf(chain, 0) }];
    if (r.union) {
      const ends = [chain[0], ...(r.union.viaRadio ? [asset('radio', '6.x')] : []), chain[chain.length - 1]];
      paths.push({ code: c2, name: 'reserva', segments: segmentsOf(ends, 3) });
    }
    const last = chain[chain.length - 1];
    const clientPort = port(last);
    const svcs = r.svcs.map((s, i) => ({
      code: `${s.client}SVC${i}`,
      client_name: s.client,
      ip_block: r.family === 4 ? `198.51.${100 + i}.0/29` : `2001:db8:44${i}::/48`,
      gateway: r.family === 4 ? `198.51.${100 + i}.1` : `2001:db8:44${i}::1`,
      vlan_id: s.vlan,
      lmc_code: paths[Math.min(s.member, paths.length - 1)].code,
      delivery: { asset_id: last.id, interface: clientPort },
    }));
    return {
      lmc: { code: c1, name: r.names[1] },
      paths,
      union: r.union ? { code: c3, name: r.names[2], mode: r.union.mode, members: paths.map((p) => p.code), circuits: [] } : null,
      assets,
      svcs,
      settings: {
        ...settingsWithDefaults('mikrotik', {}),
        syslog_server: '10.10.0.50',
        management_vlan: r.managementVlan,
        management_networks: assets.map((a) => ({ block: `10.200.${a.id}.0/24`, gateway: `10.200.${a.id}.254` })),
      },
    };
  });

describe('MikroTik scripts: random paths (property)', () => {
  it(`apply on the RouterOS model, converge, route every SVC block both ways and remove cleanly (${RUNS} runs)`, () => {
    const seen = { devices: 0, delivered: 0, back: 0, warnedBack: 0, bonds: 0, bridges: 0, failover: 0, ipv6: 0, v6: 0, v7: 0 };
    fc.assert(
      fc.property(arbitraryModel, (model) => {
        const out = generateScripts(model);
        const { delivered } = checkScripts(model, out.devices);
        // Every SVC reaches its delivery port (the A-end and the customer end are MikroTiks in these paths).
        expect(delivered).toBe(model.svcs.length);
        // Where the way back cannot be written (IPv6 through a RouterOS 6 router), a warning names the router and the block.
        for (const svc of model.svcs) {
          const routers = [...new Set(model.paths.find((p) => p.code === svc.lmc_code)!.segments.map((s) => s.to_asset_id))].filter((id) => model.assets.find((a) => a.id === id)!.role === 'roteador');
          for (const id of routers) {
            const a = model.assets.find((x) => x.id === id)!;
            if (svc.ip_block!.includes(':') && a.routeros_version === '6.x') expect(out.warnings).toContainEqual(expect.stringMatching(new RegExp(`^${escape(a.hostname)}: o RouterOS 6 não tem roteamento por origem em IPv6, .* o retorno do bloco ${escape(svc.ip_block!)} do SVC ${escape(svc.code)} não é gerado`, 's')));
          }
          // The other SVCs' way back was followed by checkScripts.
          if (skipBack(model, svc.ip_block!, [0, ...routers])) seen.warnedBack++;
          else seen.back++;
        }
        const all = out.devices.map((d) => d.script).join('\n');
        seen.devices += out.devices.length;
        seen.delivered += delivered;
        seen.bonds += Number(all.includes('/interface bonding add'));
        seen.bridges += Number(all.includes('/interface bridge port add'));
        seen.failover += Number(/route add [^\n]* check-gateway=ping/.test(all));
        seen.ipv6 += Number(all.includes('/ipv6 route add'));
        seen.v6 += out.devices.filter((d) => d.routeros_version === '6.x').length;
        seen.v7 += out.devices.filter((d) => d.routeros_version === '7.x').length;
      }),
      { numRuns: RUNS },
    );
    // The runs covered what they are meant to: bonds, transit bridges, failover routes, IPv6, both dialects.
    if (RUNS >= 100) for (const [k, v] of Object.entries(seen)) expect(v, k).toBeGreaterThan(0);
    console.info(`script property: ${RUNS} runs`, seen);
  });

  it('refuse a block of the other family than the path, naming the segment', () => {
    fc.assert(
      fc.property(arbitraryModel, (model) => {
        const v6 = model.svcs[0].ip_block!.includes(':');
        model.svcs[0] = { ...model.svcs[0], ip_block: v6 ? '203.0.113.0/29' : '2001:db8:9999::/48', gateway: v6 ? '203.0.113.1' : '2001:db8:9999::1' };
        let message = '';
        try {
          generateScripts(model);
        } catch (e) {
          if (!(e instanceof ScriptRefusal)) throw e;
          message = e.message;
        }
        expect(message).toMatch(new RegExp(`^O bloco ${v6 ? '203\\.0\\.113\\.0/29' : '2001:db8:9999::/48'} do SVC .* é IPv${v6 ? 4 : 6}, mas (o segmento \\d+|os segmentos [\\d e]+) da LMC `, 's'));
      }),
      { numRuns: Math.max(20, Math.round(RUNS / 4)) },
    );
  });

  it('two LMCs on one router: refused naming both LMCs and the port, or both scripts apply there in either order', () => {
    const seenHere = { refused: 0, together: 0 };
    fc.assert(
      fc.property(
        fc.record({ version, ports: fc.uniqueArray(fc.constantFrom('ether1', 'ether2', 'ether3', 'ether4'), { minLength: 1, maxLength: 2 }), vlan: fc.constantFrom(null, 400, 500) }),
        ({ version: v, ports, vlan }) => {
          const mine = transitModel(v);
          const seg = (position: number, from: [number, string], to: [number, string], subnet: string): ScriptSegment => ({ position, from_asset_id: from[0], from_interface: from[1], to_asset_id: to[0], to_interface: to[1], medium: 'fibra_propria', vlan_id: vlan, capacity_mbps: 1000, subnet, circuit: null });
          const paths: ScriptPath[] = [{ code: 'LMC-TR-02', name: 'Outra', segments: [seg(1, [14, 'ether1'], [12, ports[0]], '10.255.40.0/30'), ...(ports[1] ? [seg(2, [12, ports[1]], [15, 'ether1'], '10.255.40.4/30')] : [])] }];
          const others = [router(14, 'rt-d', v), router(15, 'rt-e', v)];
          const theirs: ScriptModel = { lmc: { code: 'LMC-TR-02', name: 'Outra' }, paths, union: null, assets: [...others, mine.assets[1]], svcs: [], settings: mine.settings, neighbours: [{ code: 'LMC-TR-01', paths: mine.paths, union: null, svcs: mine.svcs, assets: mine.assets.filter((a) => a.id !== 12) }] };
          mine.neighbours = [{ code: 'LMC-TR-02', paths, union: null, svcs: [], assets: others }];
          const outcome = (m: ScriptModel) => {
            try {
              return generateScripts(m).devices.find((d) => d.asset_id === 12)!;
            } catch (e) {
              if (!(e instanceof ScriptRefusal)) throw e;
              return e.message;
            }
          };
          const [a, b] = [outcome(mine), outcome(theirs)];
          // Refused from one side, refused from the other; the sentence names both LMCs and the port.
          expect(typeof a).toBe(typeof b);
          if (typeof a === 'string' && typeof b === 'string') {
            for (const m of [a, b]) expect(m).toMatch(new RegExp(`(LMC-TR-01.*LMC-TR-02|LMC-TR-02.*LMC-TR-01)`, 's'));
            expect(ports.some((p) => a.includes(`porta ${p} de rt-b`))).toBe(true);
            seenHere.refused++;
            return;
          }
          if (typeof a === 'string' || typeof b === 'string') return;
          for (const order of [[a, b, a], [b, a, b]]) {
            const r = new Router('rt-b', v, mine.assets[1].interfaces);
            for (const d of order) {
              try {
                r.apply(d.script);
              } catch (e) {
                throw new Error(`${(e as Error).message}\n\n${order.map((x) => x.script).join('\n----\n')}`);
              }
            }
          }
          seenHere.together++;
        },
      ),
      { numRuns: Math.max(40, Math.round(RUNS / 2)) },
    );
    expect(seenHere.refused).toBeGreaterThan(0);
    expect(seenHere.together).toBeGreaterThan(0);
  });
});
