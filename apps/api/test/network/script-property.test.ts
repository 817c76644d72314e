/**
 * Property test of the MikroTik scripts (fast-check): random paths — 1 to 4 segments, IPv4 or IPv6
 * point-to-point subnets, radios, switches and routers in between, 6.x and 7.x, an optional union of
 * two members (sometimes a bond), hostile names with quotes, `;`, `$`, `[`, `\`, `?`, `|` and line
 * breaks — give scripts that the RouterOS model applies, that converge (a second run changes nothing),
 * that route every SVC block from the A-end to its delivery port, and whose removal leaves the
 * starting inventory. A block of the other family than the path's is refused, naming the segment.
 * PROPERTY_RUNS sets the number of runs (default 120); a failure prints its seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type UnionMode, settingsWithDefaults } from '@operacoes/contract';
import { ScriptRefusal, generateScripts, type ScriptAsset, type ScriptModel, type ScriptPath, type ScriptSegment } from '../../src/modules/network/script/generate';
import { checkScripts } from './script-harness';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 120);
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
  it(`apply on the RouterOS model, converge, deliver every SVC block and remove cleanly (${RUNS} runs)`, () => {
    const seen = { devices: 0, delivered: 0, bonds: 0, bridges: 0, failover: 0, ipv6: 0, v6: 0, v7: 0 };
    fc.assert(
      fc.property(arbitraryModel, (model) => {
        const out = generateScripts(model);
        const { delivered } = checkScripts(model, out.devices);
        // Every SVC reaches its delivery port (the A-end and the customer end are MikroTiks in these paths).
        expect(delivered).toBe(model.svcs.length);
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
});
