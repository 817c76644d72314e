import { and, eq, inArray } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { cities } from '../locale';
import { patrimonies } from '../warehouse';
import { sites } from './site/schema';

type Row = { id: number };
type Itf = { name: string; type?: string; mac?: string; speed_mbps?: number; description?: string; enabled?: boolean };

const ether = (n: number, speed = 1000) => Array.from({ length: n }, (_, i) => ({ name: `ether${i + 1}`, type: 'ethernet', speed_mbps: speed }) as Itf);
const mac = (seed: number, i: number) => `4C:5E:0C:${seed.toString(16).padStart(2, '0').toUpperCase()}:00:${(i + 1).toString(16).padStart(2, '0').toUpperCase()}`;
const withMacs = (seed: number, list: Itf[]) => list.map((itf, i) => ({ ...itf, mac: itf.type === 'vlan' || itf.type === 'bridge' ? undefined : mac(seed, i) }));

/**
 * The network of the demo organization: POPs, towers, a data centre, a cabinet and a client site in
 * Paraná, Santa Catarina and São Paulo (real-looking coordinates), and their routers, switches, OLTs
 * and radios with interfaces; one router is the warehouse's hEX patrimony item. Written through the
 * API; skipped when the organization already has a site.
 */
export async function seedNetworkDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: sites.id }).from(sites).where(eq(sites.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const gestor = ctx.as('gestor');
  const ibge = [4106902, 4119905, 4113700, 4209102, 4205407, 3550308];
  const found = await ctx.app.db.select({ id: cities.id, ibge: cities.ibge_code }).from(cities).where(inArray(cities.ibge_code, ibge));
  const city = (code: number) => found.find((c) => c.ibge === code)?.id ?? null;

  const site = (body: Record<string, unknown>) => gestor<Row>('POST', '/site', body);
  const cwbPop = await site({ code: 'POP-CWB-01', name: 'POP Curitiba Centro', type: 'pop', unit_organizational_id: ctx.unitId.CWB, address: 'Rua XV de Novembro, 1000', city_id: city(4106902), latitude: -25.4296, longitude: -49.2713, notes: 'Sala técnica no 3º andar, acesso 24 h com crachá.' });
  const cwbDc = await site({ code: 'DC-CWB', name: 'Data center Curitiba (colocation)', type: 'datacenter', unit_organizational_id: ctx.unitId.CWB, address: 'Rua Eng. Rebouças, 2500 — Rebouças', city_id: city(4106902), latitude: -25.4468, longitude: -49.2626 });
  const towerPg = await site({ code: 'TR-PGO-01', name: 'Torre Ponta Grossa Uvaranas', type: 'torre', address: 'Estrada municipal, km 4', city_id: city(4119905), latitude: -25.0916, longitude: -50.1066 });
  const popLdb = await site({ code: 'POP-LDB-01', name: 'POP Londrina Gleba Palhano', type: 'pop', city_id: city(4113700), latitude: -23.3367, longitude: -51.1816, status: 'em_implantacao' });
  const cabinetJoi = await site({ code: 'ARM-JOI-07', name: 'Armário FTTH Joinville América', type: 'armario', city_id: city(4209102), latitude: -26.2905, longitude: -48.8486 });
  const popFln = await site({ code: 'POP-FLN-01', name: 'POP Florianópolis Trindade', type: 'pop', city_id: city(4205407), latitude: -27.5869, longitude: -48.5222 });
  await site({ code: 'CLI-SP-0412', name: 'Cliente Conceição Logística — Vila Olímpia', type: 'cliente', unit_organizational_id: ctx.unitId.SP, address: 'Rua Funchal, 418', city_id: city(3550308), latitude: -23.5936, longitude: -46.6895 });
  await site({ code: 'TR-LDB-02', name: 'Torre Londrina Norte (desmontada)', type: 'torre', city_id: city(4113700), status: 'desativado' });

  const [hex] = await ctx.app.db
    .select({ id: patrimonies.id })
    .from(patrimonies)
    .where(and(eq(patrimonies.organization_id, ctx.organizationId), eq(patrimonies.serial, 'HEX7A0000301')));
  const asset = (body: Record<string, unknown>) => gestor<Row>('POST', '/asset', body);
  await asset({
    hostname: 'rt-borda-cwb-01', role: 'roteador', vendor: 'mikrotik', model: 'CCR2116-12G-4S+', serial: 'HG509XK2QTE', management_ip: '10.10.0.1', routeros_version: '7.x', site_id: cwbPop.id, management_interface: 'vlan100-gerencia',
    interfaces: withMacs(1, [...ether(4), { name: 'sfp-sfpplus1', type: 'sfp', speed_mbps: 10000, description: 'Uplink trânsito IP' }, { name: 'sfp-sfpplus2', type: 'sfp', speed_mbps: 10000, description: 'Enlace DC-CWB' }, { name: 'vlan100-gerencia', type: 'vlan', description: 'Gerência' }]),
  });
  await asset({
    hostname: 'sw-core-cwb-01', role: 'switch', vendor: 'huawei', model: 'S6730-H24X6C', serial: '2102353VKD10M5000123', management_ip: '10.10.0.2', site_id: cwbPop.id,
    interfaces: withMacs(2, Array.from({ length: 6 }, (_, i) => ({ name: `XGigabitEthernet0/0/${i + 1}`, type: 'sfp', speed_mbps: 10000 }))),
  });
  await asset({
    hostname: 'olt-cwb-01', role: 'olt', vendor: 'huawei', model: 'MA5800-X7', serial: '21023568XQ10L9000456', management_ip: '10.10.0.10', site_id: cwbPop.id,
    interfaces: withMacs(3, [{ name: 'uplink0/9/0', type: 'sfp', speed_mbps: 10000 }, ...Array.from({ length: 4 }, (_, i) => ({ name: `gpon0/1/${i}`, type: 'outro', speed_mbps: 2500, description: 'Porta PON' }))]),
  });
  await asset({
    hostname: 'rt-dc-cwb-01', role: 'roteador', vendor: 'juniper', model: 'MX204', serial: 'JN12AB34CDEF', management_ip: '2001:db8:10::1', site_id: cwbDc.id,
    interfaces: withMacs(4, [{ name: 'et-0/0/0', type: 'sfp', speed_mbps: 100000 }, { name: 'xe-0/1/0', type: 'sfp', speed_mbps: 10000 }, { name: 'xe-0/1/1', type: 'sfp', speed_mbps: 10000 }]),
  });
  await asset({
    hostname: 'radio-pgo-01', role: 'radio', vendor: 'ubiquiti', model: 'airFiber 5XHD', serial: 'UBAF5XHD0098', management_ip: '10.30.0.11', site_id: towerPg.id,
    interfaces: withMacs(5, [{ name: 'eth0', type: 'ethernet', speed_mbps: 1000 }, { name: 'wlan0', type: 'wireless', speed_mbps: 1000, description: 'Enlace para POP Curitiba' }]),
  });
  await asset({
    hostname: 'rt-pgo-01', role: 'roteador', vendor: 'mikrotik', model: 'RB750Gr3 (hEX)', serial: 'HEX7A0000301', management_ip: '10.30.0.1', routeros_version: '6.x', site_id: towerPg.id, patrimony_id: hex?.id ?? null, management_interface: 'ether5',
    interfaces: withMacs(6, [...ether(5), { name: 'bridge-lan', type: 'bridge' }]),
  });
  await asset({ hostname: 'rt-ldb-01', role: 'roteador', vendor: 'mikrotik', model: 'CCR2004-16G-2S+', management_ip: '10.40.0.1', routeros_version: '7.x', site_id: popLdb.id, status: 'em_estoque', interfaces: withMacs(7, [...ether(2), { name: 'sfp-sfpplus1', type: 'sfp', speed_mbps: 10000 }]) });
  await asset({ hostname: 'sw-acesso-joi-07', role: 'switch', vendor: 'intelbras', model: 'SG 2404 PoE L2+', management_ip: '10.50.7.2', site_id: cabinetJoi.id, interfaces: withMacs(8, ether(4)) });
  await asset({ hostname: 'fw-fln-01', role: 'firewall', vendor: 'cisco', model: 'Firepower 1120', management_ip: '10.60.0.1', site_id: popFln.id, status: 'manutencao', notes: 'Em RMA: fonte com defeito.', interfaces: withMacs(9, [{ name: 'Ethernet1/1' }, { name: 'Ethernet1/2' }, { name: 'Management1/1' }]) });
  return true;
}

/** The operator circuits' demo rows (after the sites). */
export { seedCircuitDemo } from './circuit/seed';
/** The paths' demo rows: LMCs, segments, a union and SVCs (after the circuits). */
export { seedPathDemo } from './lmc/seed';
