import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsWithDefaults } from '@operacoes/contract';
import { eq } from 'drizzle-orm';
import { generateScripts, quote, type ScriptModel } from '../../src/modules/network/script/generate';
import { lmxSegments } from '../../src/modules/network/schema';
import { createTestApp, type TestApp } from '../helpers';
import { uid } from './helpers';
import { holder, makeAsset, makeLmc, segment } from './path-helpers';
import { parseLine, syntaxProblems } from './routeros-syntax';

const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');

/** A three-device path: edge router → radio (not MikroTik) → tower router, VLAN 210 passing through, two /30s, a leased backup. */
function model(version: '6.x' | '7.x', opts: { union: boolean; managementVlan: boolean }): ScriptModel {
  return {
    lmc: { code: 'LMC-CWB-PGO-01', name: 'Curitiba ⇄ Ponta Grossa' },
    assets: [
      { id: 1, hostname: 'rt-borda-cwb-01', vendor: 'mikrotik', routeros_version: version, management_ip: '10.10.0.1' },
      { id: 2, hostname: 'radio-pgo-01', vendor: 'ubiquiti', routeros_version: null, management_ip: '10.30.0.11' },
      { id: 3, hostname: 'rt-pgo-01', vendor: 'mikrotik', routeros_version: version, management_ip: null },
    ],
    segments: [
      { position: 1, from_asset_id: 1, from_interface: 'ether2', to_asset_id: 2, to_interface: 'wlan0', medium: 'radio', vlan_id: 210, capacity_mbps: 900, subnet: '10.255.10.0/30', circuit: null },
      { position: 2, from_asset_id: 2, from_interface: 'eth0', to_asset_id: 3, to_interface: 'ether1', medium: 'fibra_propria', vlan_id: 210, capacity_mbps: 1000, subnet: null, circuit: null },
      { position: 3, from_asset_id: 3, from_interface: 'ether2', to_asset_id: 1, to_interface: 'ether4', medium: 'fibra_propria', vlan_id: 210, capacity_mbps: 1000, subnet: '10.255.10.8/31', circuit: null },
    ],
    svcs: [
      { code: 'SVC-0001', client_name: 'Cooperativa Campos Gerais', ip_block: '200.150.10.0/29' },
      { code: 'SVC-0003', client_name: 'Escola Técnica', ip_block: null },
    ],
    unions: opts.union ? [{ code: 'UN-CWB-PGO', name: 'Redundância', mode: 'active-backup', interfaces: { 1: ['ether2', 'ether3'], 3: ['ether1', 'ether2'] } }] : [],
    settings: { ...settingsWithDefaults('mikrotik', {}), syslog_server: '10.10.0.50', management_vlan: opts.managementVlan ? 99 : null },
  };
}

describe('MikroTik scripts: the generator', () => {
  const cases = (['6.x', '7.x'] as const).flatMap((v) => [false, true].flatMap((union) => [false, true].map((managementVlan) => ({ v, union, managementVlan }))));
  it.each(cases)('RouterOS $v, union $union, management VLAN $managementVlan: matches its golden file, every line valid', ({ v, union, managementVlan }) => {
    const out = generateScripts(model(v, { union, managementVlan }));
    expect(out.devices.map((d) => d.hostname)).toEqual(['rt-borda-cwb-01', 'rt-pgo-01']);
    expect(out.warnings).toEqual([]);
    for (const d of out.devices) {
      expect(syntaxProblems(d.script)).toEqual([]);
      const file = path.join(golden, `${d.hostname}-v${v[0]}${union ? '-union' : ''}${managementVlan ? '-mgmt' : ''}.rsc`);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, d.script);
      expect(d.script).toBe(readFileSync(file, 'utf8'));
      // Never a password; the dialect's NTP syntax.
      expect(d.script).not.toMatch(/password=(?!\.\.\.)/);
      expect(d.script).toContain(v === '7.x' ? '/system ntp client servers' : 'server-dns-names="a.ntp.br,b.ntp.br"');
    }
  });

  it('is the same script twice, and skips a MikroTik without a RouterOS version with a warning', () => {
    const m = model('7.x', { union: true, managementVlan: true });
    expect(generateScripts(m)).toEqual(generateScripts(m));
    m.assets[2].routeros_version = null;
    expect(generateScripts(m).warnings).toEqual(['rt-pgo-01: informe a versão do RouterOS no cadastro do ativo para gerar o script.']);
  });

  it('keeps every hostile value inside its quotes', () => {
    const evil = ['x" ; /system reset-configuration', 'a$var b', 'linha\n/system reboot', 'barra \\ e ?', 'tab\there'];
    for (const text of evil) expect(parseLine(`set name=${quote(text)}`)).toEqual({ kind: 'command', args: { name: text } });
    const m = model('6.x', { union: true, managementVlan: false });
    m.assets[0].hostname = evil[0];
    m.lmc = { code: 'LMC"1', name: evil[2] };
    m.svcs[0].client_name = evil[1];
    m.segments[0].from_interface = 'ether2" disabled=yes';
    for (const d of generateScripts(m).devices) {
      expect(syntaxProblems(d.script)).toEqual([]);
      expect(d.script.split('\n').filter((l) => l.startsWith('/system reset') || l.startsWith('/system reboot'))).toEqual([]);
    }
    const identity = generateScripts(m).devices[0].script.split('\n').find((l) => l.startsWith('set name='))!;
    expect(parseLine(identity)).toEqual({ kind: 'command', args: { name: evil[0] } });
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
    const [a, b] = [await makeAsset(t), await makeAsset(t, undefined, { routeros_version: '6.x' })];
    segmentId = (await t.call('POST', '/api/lmx', token, segment(lmc.id, a, b, { vlan_id: 330, subnet: '10.255.33.0/30' }))).json().id;
    await t.call('POST', '/api/svc', token, { code: `SVC-${uid()}`, client_name: 'Cliente', client_document: '11.222.333/0001-81', type: 'internet_dedicada', bandwidth_mbps: 10, ip_block: '198.51.100.0/29', lmc_id: lmc.id });
  });
  afterAll(() => t?.close());

  it('generates per device, keeps a version only when it changed, and diffs against it', async () => {
    const first = await t.call('POST', `/api/lmc/${lmcId}/script`, token);
    expect(first.statusCode).toBe(200);
    const devices = first.json().devices;
    expect(devices.map((d: { routeros_version: string }) => d.routeros_version)).toEqual(['7.x', '6.x']);
    expect(devices[0]).toMatchObject({ previous_script: null, diff: '' });
    expect(devices[0].script).toContain('add dst-address="198.51.100.0/29" gateway="10.255.33.2"');
    const again = (await t.call('POST', `/api/lmc/${lmcId}/script`, token)).json().devices;
    expect(again[0]).toMatchObject({ script: devices[0].script, previous_script: devices[0].script, diff: '' });
    expect(again[0].previous_generated_by).toBeTruthy();
    await t.app.db.update(lmxSegments).set({ vlan_id: 331 }).where(eq(lmxSegments.id, segmentId));
    const changed = (await t.call('POST', `/api/lmc/${lmcId}/script`, token)).json().devices[0];
    expect(changed.diff).toContain('-add name="vlan330-ether1"');
    expect(changed.diff).toContain('+add name="vlan331-ether1"');
  });

  it('is refused to read-only users and users without LMC (403), and hidden from other organizations (404)', async () => {
    expect((await t.call('POST', `/api/lmc/${lmcId}/script`, (await t.createUser({ permissions: ['LMC.INDEX'] })).token)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/lmc/${lmcId}/script`, (await t.createUser({ permissions: ['SVC'] })).token)).statusCode).toBe(403);
    const other = await t.createOrganization();
    expect((await t.call('POST', `/api/lmc/${lmcId}/script`, (await t.createUser({ permissions: ['LMC'], organizationId: other })).token)).statusCode).toBe(404);
  });
});
