/**
 * Script models for the generator's tests: the demo's union of two paths between Curitiba and Ponta
 * Grossa (built like the demo seed), and small paths for IPv6, transit VLANs and bonds.
 */
import { settingsWithDefaults } from '@operacoes/contract';
import type { ScriptAsset, ScriptModel, ScriptPath } from '../../src/modules/network/script/generate';

const ether = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `ether${i + 1}`, type: 'ethernet' as const }));

export const DEMO_SETTINGS = {
  ...settingsWithDefaults('mikrotik', {}),
  syslog_server: '10.10.0.50',
  management_vlan: 100,
  management_networks: [
    { block: '10.10.0.0/24', gateway: '10.10.0.254' },
    { block: '10.30.0.0/24', gateway: '10.30.0.254' },
  ],
};

/** The demo's devices: the Curitiba edge router (7.x), the Ponta Grossa radio (Ubiquiti), the tower's hEX (6.x). */
export function demoAssets(borda: '6.x' | '7.x' = '7.x', pgo: '6.x' | '7.x' = '6.x'): ScriptAsset[] {
  return [
    { id: 1, hostname: 'rt-borda-cwb-01', vendor: 'mikrotik', role: 'roteador', routeros_version: borda, management_ip: '10.10.0.1', management_interface: 'vlan100-gerencia', interfaces: [...ether(4), { name: 'sfp-sfpplus1', type: 'sfp' }, { name: 'sfp-sfpplus2', type: 'sfp' }, { name: 'vlan100-gerencia', type: 'vlan' }] },
    { id: 5, hostname: 'radio-pgo-01', vendor: 'ubiquiti', role: 'radio', routeros_version: null, management_ip: '10.30.0.11', management_interface: null, interfaces: [{ name: 'eth0', type: 'ethernet' }, { name: 'wlan0', type: 'wireless' }] },
    { id: 6, hostname: 'rt-pgo-01', vendor: 'mikrotik', role: 'roteador', routeros_version: pgo, management_ip: '10.30.0.1', management_interface: 'ether5', interfaces: [...ether(5), { name: 'bridge-lan', type: 'bridge' }] },
  ];
}

export const RADIO: ScriptPath = {
  code: 'LMC-CWB-PGO-01',
  name: 'Curitiba ⇄ Ponta Grossa (rádio)',
  segments: [
    { position: 1, from_asset_id: 1, from_interface: 'ether2', to_asset_id: 5, to_interface: 'wlan0', medium: 'radio', vlan_id: 210, capacity_mbps: 900, subnet: '10.255.10.0/30', circuit: null },
    { position: 2, from_asset_id: 5, from_interface: 'eth0', to_asset_id: 6, to_interface: 'ether1', medium: 'fibra_propria', vlan_id: 210, capacity_mbps: 1000, subnet: null, circuit: null },
  ],
};
export const VIVO: ScriptPath = {
  code: 'LMC-CWB-PGO-02',
  name: 'Curitiba ⇄ Ponta Grossa (Vivo)',
  segments: [{ position: 1, from_asset_id: 1, from_interface: 'ether3', to_asset_id: 6, to_interface: 'ether2', medium: 'circuito_operadora', vlan_id: 220, capacity_mbps: 500, subnet: '10.255.10.4/30', circuit: 'Vivo VIVO-PGO-448812' }],
};

/** The demo as the seed writes it: two LMCs in an active-backup union, SVC-0001/0002 delivered at the tower router. */
export function demoModel(lmc: 'LMC-CWB-PGO-01' | 'LMC-CWB-PGO-02' = 'LMC-CWB-PGO-01', versions: ['6.x' | '7.x', '6.x' | '7.x'] = ['7.x', '6.x']): ScriptModel {
  const path = lmc === RADIO.code ? RADIO : VIVO;
  return {
    lmc: { code: path.code, name: path.name },
    paths: [RADIO, VIVO],
    union: { code: 'UN-CWB-PGO', name: 'Redundância Curitiba ⇄ Ponta Grossa', mode: 'active-backup', members: [RADIO.code, VIVO.code], circuits: [] },
    assets: demoAssets(...versions),
    svcs: [
      { code: 'SVC-0001', client_name: 'Cooperativa Agroindustrial Campos Gerais', ip_block: '200.150.10.0/29', gateway: '200.150.10.1', vlan_id: 210, lmc_code: RADIO.code, delivery: { asset_id: 6, interface: 'ether3' } },
      { code: 'SVC-0002', client_name: 'Hospital Santa Clara de Ponta Grossa', ip_block: '200.150.10.8/30', gateway: '200.150.10.9', vlan_id: 210, lmc_code: RADIO.code, delivery: { asset_id: 6, interface: 'ether4' } },
      { code: 'SVC-0003', client_name: 'Escola Técnica Uvaranas', ip_block: null, gateway: null, vlan_id: 220, lmc_code: VIVO.code, delivery: null },
    ],
    settings: DEMO_SETTINGS,
  };
}

/** A router (MikroTik of this version, or another vendor) with ether1..etherN. */
export const router = (id: number, hostname: string, version: '6.x' | '7.x' | null, extra: Partial<ScriptAsset> = {}): ScriptAsset => ({
  id,
  hostname,
  vendor: version ? 'mikrotik' : 'juniper',
  role: 'roteador',
  routeros_version: version,
  management_ip: null,
  management_interface: null,
  interfaces: ether(6),
  ...extra,
});

/** Three routers in a row, A → B → C, VLAN 300 on both segments (B bridges it), and a customer on C. */
export function transitModel(version: '6.x' | '7.x', family: 4 | 6 = 4): ScriptModel {
  const v6 = family === 6;
  return {
    lmc: { code: 'LMC-TR-01', name: 'Trânsito' },
    paths: [
      {
        code: 'LMC-TR-01',
        name: 'Trânsito',
        segments: [
          { position: 1, from_asset_id: 11, from_interface: 'ether1', to_asset_id: 12, to_interface: 'ether1', medium: 'fibra_propria', vlan_id: 300, capacity_mbps: 1000, subnet: v6 ? '2001:db8:ffff::/127' : '10.255.30.0/30', circuit: null },
          { position: 2, from_asset_id: 12, from_interface: 'ether2', to_asset_id: 13, to_interface: 'ether1', medium: 'fibra_propria', vlan_id: 300, capacity_mbps: 1000, subnet: v6 ? '2001:db8:ffff::2/127' : '10.255.30.4/30', circuit: null },
        ],
      },
    ],
    union: null,
    assets: [router(11, 'rt-a', version), router(12, 'rt-b', version), router(13, 'rt-c', version)],
    svcs: [{ code: 'SVC-TR', client_name: 'Cliente', ip_block: v6 ? '2001:db8:4401::/48' : '198.51.100.0/29', gateway: v6 ? '2001:db8:4401::1' : '198.51.100.1', vlan_id: 900, lmc_code: 'LMC-TR-01', delivery: { asset_id: 13, interface: 'ether5' } }],
    settings: { ...settingsWithDefaults('mikrotik', {}) },
  };
}

/** Two LMCs, each one direct segment between the same two routers on distinct ports: a union that can be a bond. */
export function bondModel(version: '6.x' | '7.x', mode: 'active-backup' | '802.3ad' = 'active-backup'): ScriptModel {
  const path = (code: string, a: string, b: string, vlan: number, subnet: string): ScriptPath => ({
    code,
    name: code,
    segments: [{ position: 1, from_asset_id: 21, from_interface: a, to_asset_id: 22, to_interface: b, medium: 'fibra_propria', vlan_id: vlan, capacity_mbps: 1000, subnet, circuit: null }],
  });
  return {
    lmc: { code: 'LMC-BD-01', name: 'Bond 1' },
    paths: [path('LMC-BD-01', 'ether1', 'ether1', 410, '10.255.41.0/30'), path('LMC-BD-02', 'ether2', 'ether2', 420, '10.255.42.0/31')],
    union: { code: 'UN-BD', name: 'Bond', mode, members: ['LMC-BD-01', 'LMC-BD-02'], circuits: [] },
    assets: [router(21, 'rt-x', version, { management_ip: '10.99.0.21', management_interface: 'ether6' }), router(22, 'rt-y', version, { management_ip: '10.99.0.22', management_interface: 'ether6' })],
    svcs: [{ code: 'SVC-BD', client_name: 'Cliente', ip_block: '203.0.113.0/28', gateway: '203.0.113.1', vlan_id: 77, lmc_code: 'LMC-BD-02', delivery: { asset_id: 22, interface: 'ether5' } }],
    settings: { ...settingsWithDefaults('mikrotik', {}), management_vlan: 99, management_networks: [{ block: '10.99.0.0/24', gateway: '10.99.0.1' }] },
  };
}
