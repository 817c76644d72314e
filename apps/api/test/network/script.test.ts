import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseIp } from '@operacoes/contract';
import { generateScripts, quote, ScriptRefusal, type ScriptModel, type ScriptNeighbour } from '../../src/modules/network/script/generate';
import { lmxSegments } from '../../src/modules/network/schema';
import { createTestApp, type TestApp } from '../helpers';
import { uid } from './helpers';
import { holder, makeAsset, makeCircuit, makeLmc, segment } from './path-helpers';
import { Network, Router, parseStatement } from './routeros-model';
import { OUTSIDE, applyAll, checkScripts, expectDelivered, freshRouter, hostOf, linksOf } from './script-harness';
import { bondModel, demoModel, router, transitModel } from './script-fixtures';

const lines = (script: string) => script.split('\n');
const byHost = (out: ReturnType<typeof generateScripts>, host: string) => out.devices.find((d) => d.hostname === host)!;
/** The refusal's message, or null when the generation went through. */
const refusal = (model: ScriptModel) => {
  try {
    generateScripts(model);
    return null;
  } catch (e) {
    if (e instanceof ScriptRefusal) return e.message;
    throw e;
  }
};

describe('MikroTik scripts: the generator against the RouterOS model', () => {
  it.each([
    ['7.x', '6.x'],
    ['6.x', '6.x'],
    ['7.x', '7.x'],
  ] as const)('the demo union (%s at Curitiba, %s at Ponta Grossa): applies, converges, routes each SVC to its delivery port, removes cleanly', (borda, pgo) => {
    for (const lmc of ['LMC-CWB-PGO-01', 'LMC-CWB-PGO-02'] as const) {
      const model = demoModel(lmc, [borda, pgo]);
      const out = generateScripts(model);
      expect(out.devices.map((d) => d.hostname)).toEqual(['rt-borda-cwb-01', 'rt-pgo-01']);
      const { net } = checkScripts(model, out.devices);
      expect(expectDelivered(model, net)).toBe(2);
    }
  });

  it('routes the union by failover: distance 1 by the radio, 2 by Vivo, check-gateway=ping; with the radio down the block goes by Vivo', () => {
    const model = demoModel();
    const out = generateScripts(model);
    const borda = byHost(out, 'rt-borda-cwb-01').script;
    expect(borda).toContain('/ip route add dst-address="200.150.10.0/29" gateway="10.255.10.2" distance=1 check-gateway=ping');
    expect(borda).toContain('/ip route add dst-address="200.150.10.0/29" gateway="10.255.10.6" distance=2 check-gateway=ping');
    // No bond over ports that keep their VLANs and addresses: two routed paths are not one L2 link.
    expect(borda).not.toContain('/interface bonding add');
    const { net } = applyAll(model, out.devices);
    expect(net.trace(1, { version: 4, value: 0xc8960a02n }).hops).toEqual([1, 6]);
    expect(net.route(1, { version: 4, value: 0xc8960a02n })!.props.gateway).toBe('10.255.10.2');
    net.links.find((l) => l.a.port === 'wlan0' || l.b.port === 'wlan0')!.up = false;
    expect(net.route(1, { version: 4, value: 0xc8960a02n })!.props.gateway).toBe('10.255.10.6');
    expect(expectDelivered(model, net)).toBe(2);
  });

  it('treats the radio as L2: the first segment\'s far address is on the tower router, the next hop of the routes', () => {
    const out = generateScripts(demoModel());
    const pgo = byHost(out, 'rt-pgo-01').script;
    expect(pgo).toContain('/ip address add address="10.255.10.2/30" interface="vlan210-ether1"');
    // The customer side: the SVC's VLAN on its delivery port, with its gateway.
    expect(pgo).toContain('/interface vlan add name="vlan210-ether3" interface="ether3" vlan-id=210');
    expect(pgo).toContain('/ip address add address="200.150.10.1/29" interface="vlan210-ether3"');
    expect(pgo).toContain('/ip address add address="200.150.10.9/30" interface="vlan210-ether4"');
    expect(out.devices.map((d) => d.hostname)).not.toContain('radio-pgo-01');
  });

  it.each(['6.x', '7.x'] as const)('IPv6 (%s): /127 segments and the block under /ipv6, next hops of the block\'s family', (v) => {
    const model = transitModel(v, 6);
    const out = generateScripts(model);
    const a = byHost(out, 'rt-a').script;
    expect(a).toContain('/ipv6 address add address="2001:db8:ffff::/127" interface=');
    expect(a).toContain('/ipv6 route add dst-address="2001:db8:4401::/48" gateway="2001:db8:ffff::1"');
    expect(a).not.toMatch(/\/ip (address|route) add [^\n]*2001:db8/);
    expect(byHost(out, 'rt-c').script).toContain('/ipv6 address add address="2001:db8:4401::1/48" interface="vlan900-ether5"');
    checkScripts(model, out.devices);
  });

  it('refuses a block whose path has no next hop of its family, naming the segment (pt-BR)', () => {
    const v4path = transitModel('7.x', 4);
    v4path.svcs[0] = { ...v4path.svcs[0], ip_block: '2001:db8:4401::/48', gateway: '2001:db8:4401::1' };
    expect(refusal(v4path)).toBe(
      'O bloco 2001:db8:4401::/48 do SVC SVC-TR é IPv6, mas o segmento 1 da LMC LMC-TR-01 (rt-a ether1 → rt-b ether1) tem a sub-rede IPv4 10.255.30.0/30: não há próximo salto IPv6 até rt-b. Use uma sub-rede /127 nesse trecho.',
    );
    const v6path = transitModel('6.x', 6);
    v6path.svcs[0] = { ...v6path.svcs[0], ip_block: '198.51.100.0/29', gateway: '198.51.100.1' };
    expect(refusal(v6path)).toMatch(/^O bloco 198\.51\.100\.0\/29 do SVC SVC-TR é IPv4, mas o segmento 1 da LMC LMC-TR-01 .* sub-rede IPv6 2001:db8:ffff::\/127/);
    const none = transitModel('7.x');
    none.paths[0].segments[1].subnet = null;
    expect(refusal(none)).toBe('O bloco 198.51.100.0/29 do SVC SVC-TR precisa de um próximo salto IPv4, mas o segmento 2 da LMC LMC-TR-01 (rt-b ether2 → rt-c ether1) não tem sub-rede: informe a sub-rede ponto a ponto desse trecho.');
  });

  it('7.x: a transit VLAN on the VLAN-filtering bridge, the address on /interface vlan over the bridge, the bridge tagged', () => {
    const model = transitModel('7.x');
    const b = byHost(generateScripts(model), 'rt-b').script;
    expect(b).toContain('/interface bridge add name="br-LMC-TR-01" vlan-filtering=no');
    expect(b).toContain('/interface vlan add name="vlan300-br-LMC-TR-01" interface="br-LMC-TR-01" vlan-id=300');
    expect(b).toContain('/interface bridge vlan add bridge="br-LMC-TR-01" vlan-ids=300 tagged="br-LMC-TR-01,ether1,ether2"');
    expect(b).toContain('/ip address add address="10.255.30.2/30" interface="vlan300-br-LMC-TR-01"');
    expect(b).toContain('/ip address add address="10.255.30.5/30" interface="vlan300-br-LMC-TR-01"');
    expect(b).not.toMatch(/\/ip address add [^\n]*interface="br-LMC-TR-01"/);
    // Filtering turns on after the ports and the VLAN table.
    const at = (text: string) => lines(b).findIndex((l) => l.includes(text));
    expect(at('vlan-filtering=yes')).toBeGreaterThan(at('/interface bridge vlan add'));
    checkScripts(model, generateScripts(model).devices);
  });

  it('6.x: a transit VLAN on a bridge of its VLAN interfaces, the address on the bridge', () => {
    const model = transitModel('6.x');
    const b = byHost(generateScripts(model), 'rt-b').script;
    expect(b).toContain('/interface bridge port add bridge="br-LMC-TR-01-v300" interface="vlan300-ether1"');
    expect(b).toContain('/interface bridge port add bridge="br-LMC-TR-01-v300" interface="vlan300-ether2"');
    expect(b).toContain('/ip address add address="10.255.30.2/30" interface="br-LMC-TR-01-v300"');
    checkScripts(model, generateScripts(model).devices);
  });

  it.each(['6.x', '7.x'] as const)('%s: a bond only for members on the same two devices, VLANs and addresses on it, primary= the main member', (v) => {
    const model = bondModel(v);
    const out = generateScripts(model);
    const x = byHost(out, 'rt-x').script;
    expect(x).toContain('/interface bonding add name="bond-UN-BD" mode=active-backup slaves="ether1,ether2" primary="ether1" link-monitoring=mii');
    expect(x).toContain('/interface vlan add name="vlan410-bond-UN-BD" interface="bond-UN-BD" vlan-id=410');
    expect(x).toContain('/ip address add address="10.255.42.0/31" interface="vlan420-bond-UN-BD"');
    expect(x).not.toMatch(/interface="ether[12]"/);
    const { net } = checkScripts(model, out.devices);
    // One link down: the bond carries on.
    net.links[0].up = false;
    expect(expectDelivered(model, net)).toBe(1);
    // An aggregating union: the bond's mode, no primary.
    expect(byHost(generateScripts(bondModel(v, '802.3ad')), 'rt-x').script).toContain('mode=802.3ad slaves="ether1,ether2" link-monitoring=mii');
  });

  it('management: on the management interface, VLAN of the settings, the block\'s prefix, a route via its gateway used only by that address', () => {
    const model = bondModel('7.x');
    const x = byHost(generateScripts(model), 'rt-x').script;
    expect(x).toContain('/interface vlan add name="vlan99-gerencia" interface="ether6" vlan-id=99 comment="operacoes:equipamento:vlan:vlan99-gerencia"');
    expect(x).toContain('/ip address add address="10.99.0.21/24" interface="vlan99-gerencia"');
    expect(x).toContain('/ip route add dst-address="0.0.0.0/0" gateway="10.99.0.1@main" routing-table="operacoes-gerencia"');
    expect(x).toContain('/routing rule add src-address="10.99.0.21/32" action=lookup table="operacoes-gerencia"');
    const v6 = byHost(generateScripts(bondModel('6.x')), 'rt-x').script;
    expect(v6).toContain('/ip route add dst-address="0.0.0.0/0" gateway="10.99.0.1" routing-mark="operacoes-gerencia"');
    expect(v6).toContain('/ip route rule add src-address="10.99.0.21/32" action=lookup table="operacoes-gerencia"');
    // The demo's edge router already has vlan100-gerencia: the address goes on it, nothing re-created.
    const borda = byHost(generateScripts(demoModel()), 'rt-borda-cwb-01').script;
    expect(borda).not.toContain('/interface vlan add name="vlan100-gerencia"');
    expect(borda).toContain('/ip address add address="10.10.0.1/24" interface="vlan100-gerencia"');
    // It is managed at 10.10.0.1 there already: the address is added only when the interface lacks it (an add
    // keyed by the tag alone would stop the import there), and the removal leaves it, untagged.
    const tag = 'operacoes:equipamento:ip:10.10.0.1/24:vlan100-gerencia';
    expect(borda).toContain(`:if ([:len [/ip address find address="10.10.0.1/24" interface="vlan100-gerencia"]] = 0) do={ /ip address add address="10.10.0.1/24" interface="vlan100-gerencia" comment="${tag}" }`);
    const managed = () => new Router('rt-borda-cwb-01', '7.x', demoModel().assets[0].interfaces, [{ address: '10.10.0.1/24', interface: 'vlan100-gerencia' }]);
    expect(() => managed().apply(`:if ([:len [/ip address find comment="${tag}"]] = 0) do={ /ip address add address="10.10.0.1/24" interface="vlan100-gerencia" comment="${tag}" }`)).toThrow(/já está no equipamento/);
    const bordaScripts = byHost(generateScripts(demoModel()), 'rt-borda-cwb-01');
    const r = managed().apply(bordaScripts.script).apply(bordaScripts.script);
    expect(r.items('ip address').filter((x) => x.props.address === '10.10.0.1/24')).toEqual([{ id: expect.any(Number), props: { address: '10.10.0.1/24', interface: 'vlan100-gerencia' } }]);
    expect(r.apply(bordaScripts.removal_script).items('ip address').map((x) => x.props)).toEqual([{ address: '10.10.0.1/24', interface: 'vlan100-gerencia' }]);
    // The same management on the device whichever LMC's script it comes from: one LMC alone, or the union's.
    const device = (script: string) => lines(script).filter((l) => l.includes('operacoes:equipamento:') && !l.includes(' remove '));
    const alone: ScriptModel = { ...demoModel('LMC-CWB-PGO-02'), union: null, paths: [demoModel().paths[1]] };
    for (const host of ['rt-borda-cwb-01', 'rt-pgo-01']) {
      const mine = device(byHost(generateScripts(demoModel()), host).script);
      expect(mine.length).toBeGreaterThan(4);
      expect(device(byHost(generateScripts(alone), host).script)).toEqual(mine);
    }
    // Never on a port the script enslaves or bridges.
    const slave = bondModel('7.x');
    slave.assets[0].management_interface = 'ether1';
    expect(refusal(slave)).toBe('A interface de gerência ether1 de rt-x é membro do bonding bond-UN-BD criado por este script: escolha outra interface de gerência no cadastro do ativo.');
    const bridged = transitModel('7.x');
    bridged.assets[1] = { ...bridged.assets[1], management_interface: 'ether2' };
    expect(refusal(bridged)).toMatch(/^A interface de gerência ether2 de rt-b é porta da bridge br-LMC-TR-01/);
  });

  it('6.x, IPv6 management: routes by destination to the other IPv6 management blocks via the block\'s gateway (RouterOS 6 has no IPv6 routing-mark nor rules), no default route', () => {
    const m = bondModel('6.x');
    m.assets = m.assets.map((a) => ({ ...a, management_ip: `2001:db8:99::${a.id}` }));
    m.settings = {
      ...m.settings,
      management_networks: [
        { block: '2001:db8:99::/64', gateway: '2001:db8:99::1' },
        { block: '10.99.0.0/24', gateway: '10.99.0.1' },
        { block: '2001:db8:98::/64', gateway: '2001:db8:98::1' },
      ],
    };
    const out = generateScripts(m);
    const x = byHost(out, 'rt-x').script;
    expect(x).toContain('/ipv6 address add address="2001:db8:99::21/64" interface="vlan99-gerencia" advertise=no');
    expect(x).toContain(':if ([:len [/ipv6 route find comment="operacoes:equipamento:rota-gerencia:6:2001:db8:98::/64"]] = 0) do={ /ipv6 route add dst-address="2001:db8:98::/64" gateway="2001:db8:99::1" comment="operacoes:equipamento:rota-gerencia:6:2001:db8:98::/64" }');
    expect(lines(x).filter((l) => !l.startsWith('#') && /\/ipv6 route add dst-address="::\/0"|routing-mark=|\/ip route rule add/.test(l))).toEqual([]);
    expect(out.warnings.join('\n')).not.toMatch(/gerência/);
    const { net } = checkScripts(m, out.devices);
    expect(net.route(21, parseIp('2001:db8:98::5')!)!.props.gateway).toBe('2001:db8:99::1');
    // Only management traffic takes it: the router's other IPv6 traffic has no new route.
    expect(net.route(21, OUTSIDE[6])).toBeUndefined();
    // With no other IPv6 management block, nothing to route: a note says so.
    m.settings = { ...m.settings, management_networks: [{ block: '2001:db8:99::/64', gateway: '2001:db8:99::1' }] };
    const alone = byHost(generateScripts(m), 'rt-x').script;
    expect(alone).not.toContain('rota-gerencia');
    expect(alone).toContain('# Gerência IPv6: sem outro bloco de gerência IPv6 nas configurações, nenhuma rota via 2001:db8:99::1 é necessária');
  });

  it.each(['6.x', '7.x'] as const)('the way back (%s at the tower): the SVC blocks return by policy routing — a table of the union, rules by source — never by a default route that would take the router\'s own traffic', (v) => {
    const v7 = v === '7.x';
    const model = demoModel('LMC-CWB-PGO-01', ['7.x', v]);
    const out = generateScripts(model);
    const pgo = byHost(out, 'rt-pgo-01').script;
    const table = 'operacoes-retorno-UN-CWB-PGO';
    if (v7) expect(pgo).toContain(`/routing table add name="${table}" fib comment="operacoes:UN-CWB-PGO:tabela:${table}"`);
    else expect(pgo).not.toContain('/routing table');
    for (const block of ['200.150.10.0/29', '200.150.10.8/30']) expect(pgo).toContain(`${v7 ? '/routing rule' : '/ip route rule'} add src-address="${block}" action=lookup-only-in-table table="${table}"`);
    const via = (gw: string) => (v7 ? `gateway="${gw}@main"` : `gateway="${gw}"`);
    const mark = v7 ? `routing-table="${table}"` : `routing-mark="${table}"`;
    expect(pgo).toContain(`/ip route add dst-address="0.0.0.0/0" ${via('10.255.10.1')} distance=1 check-gateway=ping ${mark}`);
    expect(pgo).toContain(`/ip route add dst-address="0.0.0.0/0" ${via('10.255.10.5')} distance=2 check-gateway=ping ${mark}`);
    // No default route in the main table; the A-end hands the traffic to the core by its own table.
    for (const d of out.devices) expect(lines(d.script).filter((l) => /route add dst-address="(0\.0\.0\.0\/0|::\/0)"/.test(l) && !/routing-(table|mark)=/.test(l))).toEqual([]);
    expect(byHost(out, 'rt-borda-cwb-01').script).not.toContain('retorno');
    // The tower router has a default route of its own (another uplink on bridge-lan): it keeps it, and the blocks still go back by the union.
    const routers = new Map(
      out.devices.map((d) => {
        const r = freshRouter(model, d);
        if (d.asset_id === 6) r.apply('/ip address add address="100.64.0.2/30" interface="bridge-lan"\n/ip route add dst-address="0.0.0.0/0" gateway="100.64.0.1"');
        return [d.asset_id, r.apply(d.script)] as const;
      }),
    );
    const net = new Network(routers, linksOf(model));
    expect(expectDelivered(model, net)).toBe(2);
    expect(net.route(6, OUTSIDE[4], parseIp('100.64.0.2')!)!.props.gateway).toBe('100.64.0.1');
    expect(net.route(6, OUTSIDE[4])!.props.gateway).toBe('100.64.0.1');
    expect(net.route(6, OUTSIDE[4], hostOf('200.150.10.0/29'))!.props.gateway).toBe(v7 ? '10.255.10.1@main' : '10.255.10.1');
    // The radio down: back by Vivo. Both down: the blocks' traffic is dropped, never leaked through the other uplink.
    net.links.find((l) => l.b.port === 'wlan0')!.up = false;
    expect(net.trace(6, OUTSIDE[4], hostOf('200.150.10.0/29')).hops).toEqual([6, 1]);
    expect(net.route(6, OUTSIDE[4], hostOf('200.150.10.0/29'))!.props.gateway).toBe(v7 ? '10.255.10.5@main' : '10.255.10.5');
    net.links.forEach((l) => (l.up = false));
    expect(net.route(6, OUTSIDE[4], hostOf('200.150.10.0/29'))).toBeUndefined();
    expect(net.route(6, OUTSIDE[4], parseIp('100.64.0.2')!)!.props.gateway).toBe('100.64.0.1');
  });

  it('the way back passes every router of the path: the transit router has the rule too, toward the router before it', () => {
    for (const family of [4, 6] as const) {
      const model = transitModel('7.x', family);
      const out = generateScripts(model);
      const block = family === 4 ? '198.51.100.0/29' : '2001:db8:4401::/48';
      expect(byHost(out, 'rt-a').script).not.toContain('regra-retorno');
      for (const host of ['rt-b', 'rt-c']) expect(byHost(out, host).script).toContain(`/routing rule add src-address="${block}" action=lookup-only-in-table table="operacoes-retorno-LMC-TR-01"`);
      expect(byHost(out, 'rt-b').script).toContain(family === 4 ? 'dst-address="0.0.0.0/0" gateway="10.255.30.1@main" routing-table="operacoes-retorno-LMC-TR-01"' : 'dst-address="::/0" gateway="2001:db8:ffff::@main" routing-table="operacoes-retorno-LMC-TR-01"');
      const { net } = checkScripts(model, out.devices);
      expect(net.trace(13, OUTSIDE[family], hostOf(block)).hops).toEqual([13, 12, 11]);
    }
    // RouterOS 6 has no IPv6 policy routing: the way back is a warning naming the router, the block and the next hop.
    const w = generateScripts(transitModel('6.x', 6)).warnings;
    expect(w).toContain('rt-b: o RouterOS 6 não tem roteamento por origem em IPv6, e uma rota padrão IPv6 desviaria todo o tráfego IPv6 do equipamento: o retorno do bloco 2001:db8:4401::/48 do SVC SVC-TR não é gerado. Atualize rt-b para o RouterOS 7 ou confira que a rota padrão IPv6 dele é via 2001:db8:ffff::.');
    expect(w.filter((x) => x.includes('roteamento por origem em IPv6')).map((x) => x.split(':')[0])).toEqual(['rt-b', 'rt-c']);
  });

  it('refuses a union\'s circuit member, naming the circuit and what the inventory lacks (or the LMC that describes it)', () => {
    const m = demoModel();
    m.union!.circuits = [{ label: 'Embratel EBT-1', segment: null }];
    expect(refusal(m)).toBe(
      'União UN-CWB-PGO: o membro Embratel EBT-1 é um circuito de operadora sem entrega no inventário — faltam as interfaces das pontas e a sub-rede ponto a ponto (o cadastro do circuito tem só operadora, designação e sites). Cadastre o circuito Embratel EBT-1 como segmento (meio "Circuito de operadora", com interfaces, VLAN e sub-rede) de uma LMC e use essa LMC na união no lugar do circuito.',
    );
    m.union!.circuits = [{ label: 'Vivo VIVO-9', segment: { lmc: 'LMC-X', position: 2 } }];
    expect(refusal(m)).toBe('União UN-CWB-PGO: o membro Vivo VIVO-9 é um circuito de operadora, e o inventário descreve a sua entrega (interfaces, VLAN e sub-rede) no segmento 2 da LMC LMC-X: na união, troque o circuito Vivo VIVO-9 pela LMC LMC-X.');
  });

  describe('another LMC on the same router', () => {
    /** LMC-TR-02 from rt-d to rt-e through rt-b, on rt-b's `ports` (one port: it ends there), VLAN `vlan`. */
    const other = (version: '6.x' | '7.x', ports: string[], vlan = 400): ScriptNeighbour => {
      const seg = (position: number, from: [number, string], to: [number, string], subnet: string) => ({ position, from_asset_id: from[0], from_interface: from[1], to_asset_id: to[0], to_interface: to[1], medium: 'fibra_propria', vlan_id: vlan, capacity_mbps: 1000, subnet, circuit: null });
      const segments = [seg(1, [14, 'ether1'], [12, ports[0]], '10.255.40.0/30'), ...(ports[1] ? [seg(2, [12, ports[1]], [15, 'ether1'], '10.255.40.4/30')] : [])];
      return { code: 'LMC-TR-02', paths: [{ code: 'LMC-TR-02', name: 'Outra', segments }], union: null, svcs: [], assets: [router(14, 'rt-d', version), router(15, 'rt-e', version)] };
    };
    /** The neighbour's own model, with LMC-TR-01 as its neighbour. */
    const itsModel = (n: ScriptNeighbour, mine: ScriptModel): ScriptModel => ({
      lmc: { code: n.code, name: 'Outra' },
      paths: n.paths,
      union: null,
      assets: [...n.assets, mine.assets[1]],
      svcs: [],
      settings: mine.settings,
      neighbours: [{ code: mine.lmc.code, paths: mine.paths, union: null, svcs: mine.svcs, assets: mine.assets.filter((a) => a.id !== 12) }],
    });

    it('7.x: refuses two LMCs wanting the same port in different bridges, naming both and the port, from either side', () => {
      const mine = { ...transitModel('7.x'), neighbours: [other('7.x', ['ether2', 'ether3'])] };
      const message = 'As LMCs LMC-TR-01 e LMC-TR-02 querem a porta ether2 de rt-b em bridges diferentes (br-LMC-TR-01 e br-LMC-TR-02): uma porta fica numa bridge só. Passe uma das duas LMCs por outra porta de rt-b.';
      expect(refusal(mine)).toBe(message);
      expect(refusal(itsModel(other('7.x', ['ether2', 'ether3']), transitModel('7.x')))).toBe('As LMCs LMC-TR-02 e LMC-TR-01 querem a porta ether2 de rt-b em bridges diferentes (br-LMC-TR-02 e br-LMC-TR-01): uma porta fica numa bridge só. Passe uma das duas LMCs por outra porta de rt-b.');
      // A port of the bridge used by the other LMC (its VLAN and address on it) is refused too.
      expect(refusal({ ...transitModel('7.x'), neighbours: [other('7.x', ['ether2'])] })).toBe(
        'A LMC LMC-TR-01 põe a porta ether2 de rt-b na bridge br-LMC-TR-01 (VLAN em trânsito), e a LMC LMC-TR-02 também usa essa porta (segmento 1): uma porta de bridge ou de bonding não leva VLANs nem endereços de outra LMC. Passe uma das duas LMCs por outra porta de rt-b.',
      );
    });

    it.each(['6.x', '7.x'] as const)('%s: LMCs on distinct ports (or, on 6.x, in bridges of their VLAN interfaces) both apply on the one router', (v) => {
      // 6.x bridges a transit VLAN's interfaces, not the port: the same port in two LMCs' VLAN bridges is fine.
      const n = other(v, v === '7.x' ? ['ether3', 'ether4'] : ['ether2', 'ether3']);
      const mine = { ...transitModel(v), neighbours: [n] };
      const theirs = itsModel(n, transitModel(v));
      const [a, b] = [generateScripts(mine), generateScripts(theirs)];
      const r = freshRouter(mine, byHost(a, 'rt-b'));
      r.apply(byHost(a, 'rt-b').script).apply(byHost(b, 'rt-b').script).apply(byHost(a, 'rt-b').script);
      expect(r.interfaces('bridge').map((x) => x.props.name).sort()).toEqual(v === '7.x' ? ['br-LMC-TR-01', 'br-LMC-TR-02'] : ['br-LMC-TR-01-v300', 'br-LMC-TR-02-v400']);
    });
  });

  it('users disabled, with how to enable them; SSH, Winbox and API only from the management blocks', () => {
    const out = generateScripts(demoModel());
    const s = byHost(out, 'rt-pgo-01').script;
    expect(s).toContain(':if ([:len [/user find name="noc"]] = 0) do={ /user add name="noc" group=full disabled=yes comment="operacoes:equipamento:usuario:noc" }');
    expect(s).toContain('# noc: criado desativado e sem senha. No equipamento: /user set [find name="noc"] password=<senha forte> disabled=no');
    expect(s).toContain('set "ssh" address="10.10.0.0/24,10.30.0.0/24"');
    expect(s).toContain('set "winbox" address="10.10.0.0/24,10.30.0.0/24"');
    expect(s).toContain('set "api" disabled=yes');
    expect(s).not.toMatch(/password=(?!<senha forte>)/);
    const r = applyAll(demoModel(), out.devices).routers.get(6)!;
    expect(r.items('user').find((u) => u.props.name === 'noc')!.props).toMatchObject({ disabled: 'yes', group: 'full' });
    expect(r.items('ip service').find((u) => u.props.name === 'ssh')!.props.address).toBe('10.10.0.0/24,10.30.0.0/24');
  });

  it('converges from the previous version: a changed VLAN, an LMC joining a union that bonds', () => {
    const before = transitModel('7.x');
    const after = transitModel('7.x');
    after.paths[0].segments.forEach((s) => (s.vlan_id = 301));
    const old = generateScripts(before).devices;
    const next = generateScripts(after).devices;
    for (const d of next) {
      const r = freshRouter(after, d);
      r.apply(old.find((o) => o.asset_id === d.asset_id)!.script).apply(d.script);
      expect(r.snapshot()).toEqual(freshRouter(after, d).apply(d.script).snapshot());
    }
    // Alone, then in a union whose members are one L2 link: the VLANs move from the port to the bond.
    const alone: ScriptModel = { ...bondModel('6.x'), union: null, paths: [bondModel('6.x').paths[0]], svcs: [] };
    const union = bondModel('6.x');
    for (const d of generateScripts(union).devices) {
      const r = freshRouter(union, d);
      r.apply(generateScripts(alone).devices.find((o) => o.asset_id === d.asset_id)!.script).apply(d.script);
      expect(r.snapshot()).toEqual(freshRouter(union, d).apply(d.script).snapshot());
    }
  });

  it('removes only what it tagged; the device\'s own items stay while another LMC uses it', () => {
    const model = { ...demoModel(), shared: { 6: ['LMC-OUTRA'] } };
    const out = generateScripts(model);
    const removal = byHost(out, 'rt-pgo-01').removal_script;
    expect(removal).toContain('/interface vlan remove [find where comment~"^operacoes:(LMC-CWB-PGO-01|LMC-CWB-PGO-02|UN-CWB-PGO):"]');
    expect(removal).toContain('# Gerência, usuários, NTP e syslog ficam: rt-pgo-01 também leva LMC-OUTRA.');
    const r = freshRouter(model, byHost(out, 'rt-pgo-01'));
    r.apply(byHost(out, 'rt-pgo-01').script).apply(removal);
    expect(r.items('user').map((u) => u.props.name)).toEqual(['admin', 'noc']);
    expect(r.interfaces('vlan').map((v) => v.props.name)).toEqual(['vlan100-gerencia']);
  });

  it('is the same script twice, and skips a MikroTik without a RouterOS version with a warning', () => {
    const m = demoModel();
    expect(generateScripts(m)).toEqual(generateScripts(m));
    m.assets[2].routeros_version = null;
    expect(generateScripts(m).warnings).toContain('rt-pgo-01: informe a versão do RouterOS no cadastro do ativo para gerar o script.');
    expect(generateScripts(m).devices.map((d) => d.hostname)).toEqual(['rt-borda-cwb-01']);
  });

  it('warns about what it cannot deliver: no delivery interface, no management interface', () => {
    const m = demoModel();
    m.svcs[1].delivery = null;
    m.assets[0].management_interface = null;
    const w = generateScripts(m).warnings;
    expect(w).toContain('SVC SVC-0002: informe a interface de entrega (no cadastro do SVC) para o script entregar o bloco 200.150.10.8/30 ao cliente.');
    expect(w).toContain('rt-borda-cwb-01: informe a interface de gerência no cadastro do ativo para o script configurar a gerência.');
  });

  it('keeps every hostile value inside its quotes', () => {
    const evil = ['x" ; /system reset-configuration', 'a$var b', 'linha\n/system reboot', 'barra \\ e ?', 'tab\there', '[/system reboot]'];
    for (const text of evil) {
      const st = parseStatement(`/system identity set name=${quote(text)}`);
      expect(st).toMatchObject({ kind: 'command', cmd: { verb: 'set', params: [{ key: 'name', value: { kind: 'str', v: text } }] } });
    }
    const m = demoModel();
    m.assets[0].hostname = evil[0];
    m.lmc = { code: 'LMC"1|(x)', name: evil[2] };
    m.paths[0] = { ...m.paths[0], code: 'LMC"1|(x)' };
    m.union!.members[0] = 'LMC"1|(x)';
    m.svcs.forEach((s) => s.lmc_code === 'LMC-CWB-PGO-01' && (s.lmc_code = 'LMC"1|(x)'));
    m.svcs[0].client_name = evil[1];
    const out = generateScripts(m);
    for (const d of out.devices) {
      expect(lines(d.script).filter((l) => /^\/system (reset|reboot)/.test(l))).toEqual([]);
      const r = freshRouter(m, d).apply(d.script);
      if (d.asset_id === 1) expect(r.singletons.get('system identity')!.name).toBe(evil[0]);
    }
    checkScripts(m, out.devices);
  });

  it('the model refuses what RouterOS refuses', () => {
    const r = () => new Router('rt', '7.x', router(1, 'rt', '7.x').interfaces);
    const refuse = (script: string, message: RegExp) => expect(() => r().apply(script)).toThrow(message);
    refuse('/interface vlan add name="v" interface="ether9" vlan-id=10', /interface desconhecida "ether9"/);
    refuse('/interface vlan add name="ether1" interface="ether2" vlan-id=10', /nome de interface repetido/);
    refuse('/interface bonding add name="b" slaves="ether1,ether2"\n/ip address add address="10.0.0.1/30" interface="ether1"', /\(slave\) do bonding b/);
    refuse('/interface vlan add name="v" interface="ether1" vlan-id=10\n/interface bonding add name="b" slaves="ether1,ether2"', /slave ether1 tem VLANs/);
    refuse('/ip route add dst-address="10.9.0.0/16" gateway="10.0.0.2"', /não é alcançável/);
    refuse('/ip address add address="10.0.0.1/30" interface="ether1"\n/ipv6 route add dst-address="2001:db8::/48" gateway="10.0.0.2"', /não é IPv6/);
    refuse('/ip address add address="2001:db8::1/64" interface="ether1"', /endereço inválido em \/ip address/);
    refuse('/ip address add address="10.0.0.1/30" interface="ether1"\n/ip address add address="10.0.0.1/30" interface="ether1"', /já existe/);
    refuse('/ip route rule add action=lookup', /não existe no RouterOS 7/);
    refuse('/user add name="x" group=full password="segredo"', /senha no script/);
    refuse('/interface bridge add name="br"\n/interface bridge port add bridge="br" interface="ether1"\n/interface bridge vlan add bridge="br" vlan-ids=10 tagged="ether2"', /não é porta da bridge/);
    refuse('/interface bridge add name="br"\n/interface bridge port add bridge="br" interface="ether1"\n/interface vlan add name="v" interface="ether1" vlan-id=10', /porta da bridge br/);
    refuse('/interface vlan add name="v" interface="ether1" vlan-id=10\n/ip address add address="10.0.0.1/30" interface="v"\n/interface vlan remove [find name="v"]', /ainda é usada/);
    refuse('/system identity set name=x;y', /sobra texto|argumentos colados|valor inválido/);
    refuse('/ip address add address="10.0.0.1/30" interface="ether1" foo=bar', /parâmetro desconhecido/);
    // Policy routing: a table exists before a route or rule uses it; 6.x has neither tables nor IPv6 marks, nor gateway@table.
    const link = '/ip address add address="10.0.0.1/30" interface="ether1"\n/ipv6 address add address="2001:db8::/127" interface="ether2"\n';
    refuse(`${link}/ip route add dst-address="0.0.0.0/0" gateway="10.0.0.2@main" routing-table="retorno"`, /tabela de roteamento desconhecida: retorno/);
    refuse('/routing rule add src-address="198.51.100.0/29" action=lookup-only-in-table table="retorno"', /tabela de roteamento desconhecida: retorno/);
    refuse(`${link}/ip route add dst-address="0.0.0.0/0" gateway="10.0.0.2@retorno"`, /tabela de roteamento desconhecida: retorno/);
    refuse('/routing table add name="retorno" fib\n/ip route add dst-address="0.0.0.0/0" gateway="10.0.0.2@main" routing-table="retorno"', /não é alcançável/);
    refuse(`/routing table add name="retorno" fib\n${link}/ip route add dst-address="0.0.0.0/0" gateway="10.0.0.2@main" routing-table="retorno"\n/routing table remove [find name="retorno"]`, /ainda tem rotas ou regras/);
    const v6 = (script: string, message: RegExp) => expect(() => new Router('rt', '6.x', router(1, 'rt', '6.x').interfaces).apply(script)).toThrow(message);
    v6(`${link}/ipv6 route add dst-address="::/0" gateway="2001:db8::1" routing-mark="retorno"`, /parâmetro desconhecido em \/ipv6 route: routing-mark/);
    v6(`${link}/ip route add dst-address="0.0.0.0/0" gateway="10.0.0.2@main" routing-mark="retorno"`, /@tabela só existe no RouterOS 7/);
    v6('/routing table add name="retorno"', /não existe no RouterOS 6/);
    v6('/ip route rule add src-address="2001:db8:4401::/48" action=lookup-only-in-table table="retorno"', /só IPv4/);
    v6(`${link}/ip route add dst-address="0.0.0.0/0" gateway="10.0.0.2" routing-table="retorno"`, /parâmetro desconhecido em \/ip route: routing-table/);
    // A rule's table is looked up by source; lookup-only-in-table stops there.
    const policy = new Router('rt', '7.x', router(1, 'rt', '7.x').interfaces).apply(`/routing table add name="retorno" fib\n${link}/ip route add dst-address="0.0.0.0/0" gateway="10.0.0.2@main" routing-table="retorno"\n/routing rule add src-address="198.51.100.0/29" action=lookup-only-in-table table="retorno"`);
    const net = new Network(new Map([[1, policy]]), []);
    expect(net.route(1, OUTSIDE[4], hostOf('198.51.100.0/29'))!.props.gateway).toBe('10.0.0.2@main');
    expect(net.route(1, OUTSIDE[4])).toBeUndefined();
    expect(net.route(1, OUTSIDE[4], parseIp('198.51.100.77')!)).toBeUndefined();
  });
});

describe('MikroTik scripts: POST /api/lmc/{id}/script', () => {
  let t: TestApp;
  let token: string;
  let lmcId: number;
  let segmentId: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = await holder(t);
    const lmc = await makeLmc(t);
    lmcId = lmc.id;
    const [a, b] = [await makeAsset(t), await makeAsset(t, undefined, { routeros_version: '6.x', interfaces: [{ name: 'ether1' }, { name: 'ether2' }, { name: 'ether3' }] })];
    segmentId = (await t.call('POST', '/api/lmx', token, segment(lmc.id, a, b, { vlan_id: 330, subnet: '10.255.33.0/30' }))).json().id;
    const svc = await t.call('POST', '/api/svc', token, { code: `SVC-${uid()}`, client_name: 'Cliente', client_document: '11.222.333/0001-81', type: 'internet_dedicada', bandwidth_mbps: 10, ip_block: '198.51.100.0/29', gateway: '198.51.100.1', vlan_id: 900, lmc_id: lmc.id, delivery_interface_id: b.interfaces[2].id });
    expect(svc.statusCode, svc.body).toBe(201);
  });
  afterAll(() => t?.close());

  it('generates per device with its removal script, keeps a version only when it changed, and diffs against it', async () => {
    const first = await t.call('POST', `/api/lmc/${lmcId}/script`, token);
    expect(first.statusCode, first.body).toBe(200);
    const devices = first.json().devices;
    expect(devices.map((d: { routeros_version: string }) => d.routeros_version)).toEqual(['7.x', '6.x']);
    expect(devices[0]).toMatchObject({ previous_script: null, diff: '' });
    expect(devices[0].script).toContain('/ip route add dst-address="198.51.100.0/29" gateway="10.255.33.2"');
    expect(devices[1].script).toContain('/ip address add address="198.51.100.1/29" interface="vlan900-ether3"');
    expect(devices[0].removal_script).toContain('/ip route remove [find where comment~');
    const again = (await t.call('POST', `/api/lmc/${lmcId}/script`, token)).json().devices;
    expect(again[0]).toMatchObject({ script: devices[0].script, removal_script: devices[0].removal_script, previous_script: devices[0].script, diff: '' });
    expect(again[0].previous_generated_by).toBeTruthy();
    await t.app.db.update(lmxSegments).set({ vlan_id: 331 }).where(eq(lmxSegments.id, segmentId));
    const changed = (await t.call('POST', `/api/lmc/${lmcId}/script`, token)).json().devices[0];
    expect(changed.diff).toMatch(/^-.*add name="vlan330-ether1"/m);
    expect(changed.diff).toMatch(/^\+.*add name="vlan331-ether1"/m);
    const last = (await t.call('GET', `/api/lmc/${lmcId}/script`, token)).json().devices[0];
    expect(last.removal_script).toBe(changed.removal_script);
  });

  it('refuses (422, pt-BR) a union with a circuit member, naming the circuit and the missing hand-off — or the LMC whose segment rides on it', async () => {
    const lmc = await makeLmc(t);
    const [x, y] = [await makeAsset(t), await makeAsset(t)];
    expect((await t.call('POST', '/api/lmx', token, segment(lmc.id, x, y, { vlan_id: 350, subnet: '10.255.35.0/30' }))).statusCode).toBe(201);
    const circuit = await makeCircuit(t, undefined, { site_a_id: lmc.site_a_id, site_b_id: lmc.site_b_id, carrier: 'Embratel' });
    const union = await t.call('POST', '/api/union', token, { code: `UN-${uid()}`, name: 'Com circuito', mode: 'active-backup', members: [{ lmc_id: lmc.id }, { circuit_id: circuit.id }] });
    expect(union.statusCode, union.body).toBe(201);
    const code = union.json().code as string;
    const bare = await t.call('POST', `/api/lmc/${lmc.id}/script`, token);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().message).toBe(
      `União ${code}: o membro Embratel ${circuit.designation} é um circuito de operadora sem entrega no inventário — faltam as interfaces das pontas e a sub-rede ponto a ponto (o cadastro do circuito tem só operadora, designação e sites). Cadastre o circuito Embratel ${circuit.designation} como segmento (meio "Circuito de operadora", com interfaces, VLAN e sub-rede) de uma LMC e use essa LMC na união no lugar do circuito.`,
    );
    // Once an LMC outside the union rides on the circuit, the refusal names that LMC and its segment.
    const rider = await makeLmc(t, undefined, { site_a_id: lmc.site_a_id, site_b_id: lmc.site_b_id });
    expect((await t.call('POST', '/api/lmx', token, segment(rider.id, x, y, { medium: 'circuito_operadora', circuit_id: circuit.id, vlan_id: 360, subnet: '10.255.36.0/30' }, 1, 1))).statusCode).toBe(201);
    const named = await t.call('POST', `/api/lmc/${lmc.id}/script`, token);
    expect(named.statusCode).toBe(422);
    expect(named.json().message).toBe(`União ${code}: o membro Embratel ${circuit.designation} é um circuito de operadora, e o inventário descreve a sua entrega (interfaces, VLAN e sub-rede) no segmento 1 da LMC ${rider.code}: na união, troque o circuito Embratel ${circuit.designation} pela LMC ${rider.code}.`);
    // Swapped for that LMC, the union generates, failing over between the two.
    expect((await t.call('PUT', `/api/union/${union.json().id}`, token, { members: [{ lmc_id: lmc.id }, { lmc_id: rider.id }] })).statusCode).toBe(200);
    const ok = await t.call('POST', `/api/lmc/${lmc.id}/script`, token);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses (422, pt-BR) an LMC whose transit bridge takes a port another LMC bridges or uses on the same router, naming both LMCs and the port', async () => {
    const [x, y, z, q, r] = [await makeAsset(t), await makeAsset(t), await makeAsset(t), await makeAsset(t), await makeAsset(t)];
    const first = await makeLmc(t);
    // first: x → y → z, VLAN 370 through y's ether1 and ether2 (y bridges it).
    expect((await t.call('POST', '/api/lmx', token, segment(first.id, x, y, { vlan_id: 370, subnet: '10.255.37.0/30' }))).statusCode).toBe(201);
    expect((await t.call('POST', '/api/lmx', token, segment(first.id, y, z, { vlan_id: 370, subnet: '10.255.37.4/30' }, 1, 0))).statusCode).toBe(201);
    expect((await t.call('POST', `/api/lmc/${first.id}/script`, token)).statusCode).toBe(200);
    // second: q → y → r, VLAN 380 through y's ether2 and sfp1 — a second bridge wanting ether2.
    const second = await makeLmc(t);
    expect((await t.call('POST', '/api/lmx', token, segment(second.id, q, y, { vlan_id: 380, subnet: '10.255.38.0/30' }, 0, 1))).statusCode).toBe(201);
    expect((await t.call('POST', '/api/lmx', token, segment(second.id, y, r, { vlan_id: 380, subnet: '10.255.38.4/30' }, 2, 0))).statusCode).toBe(201);
    const mine = await t.call('POST', `/api/lmc/${first.id}/script`, token);
    expect(mine.statusCode).toBe(422);
    expect(mine.json().message).toBe(`As LMCs ${first.code} e ${second.code} querem a porta ether2 de ${y.hostname} em bridges diferentes (br-${first.code} e br-${second.code}): uma porta fica numa bridge só. Passe uma das duas LMCs por outra porta de ${y.hostname}.`);
    const theirs = await t.call('POST', `/api/lmc/${second.id}/script`, token);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().message).toBe(`As LMCs ${second.code} e ${first.code} querem a porta ether2 de ${y.hostname} em bridges diferentes (br-${second.code} e br-${first.code}): uma porta fica numa bridge só. Passe uma das duas LMCs por outra porta de ${y.hostname}.`);
  });

  it('is refused to read-only users and users without LMC (403), and hidden from other organizations (404)', async () => {
    expect((await t.call('POST', `/api/lmc/${lmcId}/script`, (await t.createUser({ permissions: ['LMC.INDEX'] })).token)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/lmc/${lmcId}/script`, (await t.createUser({ permissions: ['SVC'] })).token)).statusCode).toBe(403);
    const other = await t.createOrganization();
    expect((await t.call('POST', `/api/lmc/${lmcId}/script`, (await t.createUser({ permissions: ['LMC'], organizationId: other })).token)).statusCode).toBe(404);
  });
});
