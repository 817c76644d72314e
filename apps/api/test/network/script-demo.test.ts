import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { lmcs } from '../../src/modules/network/schema';
import type { GeneratedScript } from '../../src/modules/network/script/generate';
import { loadModel } from '../../src/modules/network/script/routes';
import { createTestApp, type TestApp } from '../helpers';
import { holder, makeAsset, makeLmc, segment } from './path-helpers';
import { uid } from './helpers';
import { checkScripts, expectDelivered } from './script-harness';

/**
 * The demo's MikroTik scripts, from the seeded database through the API: golden files in both
 * dialects (UPDATE_GOLDEN=1 rewrites them), and on the RouterOS model each one applies, converges,
 * routes SVC-0001 and SVC-0002 from Curitiba to their delivery ports at the tower, and its removal
 * leaves the starting inventory.
 */
const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const LMCS = ['LMC-CWB-PGO-01', 'LMC-CWB-PGO-02'];

type Device = GeneratedScript & { previous_script: string | null };

describe('MikroTik scripts of the demo LMCs', () => {
  let t: TestApp;
  let gestor: string;
  const ids = new Map<string, number>();
  const assetId = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
    gestor = (await t.login('gestor', DEMO_PASSWORD)).token;
    for (const l of (await t.call('GET', '/api/lmc?pageSize=100', gestor)).json().items as { id: number; code: string }[]) ids.set(l.code, l.id);
    for (const a of (await t.call('GET', '/api/asset?pageSize=100', gestor)).json().items as { id: number; hostname: string }[]) assetId.set(a.hostname, a.id);
  });
  afterAll(() => t?.close());

  const setVersion = async (v: '6.x' | '7.x') => {
    for (const host of ['rt-borda-cwb-01', 'rt-pgo-01']) expect((await t.call('PUT', `/api/asset/${assetId.get(host)}`, gestor, { routeros_version: v })).statusCode).toBe(200);
  };
  const model = async (code: string) => loadModel(t.app.db, (await t.app.db.select().from(lmcs).where(eq(lmcs.id, ids.get(code)!)))[0]);

  it.each(['6.x', '7.x'] as const)('RouterOS %s: every demo LMC matches its golden files, applies, converges, delivers each SVC and removes cleanly', async (v) => {
    await setVersion(v);
    for (const code of LMCS) {
      const res = await t.call('POST', `/api/lmc/${ids.get(code)}/script`, gestor);
      expect(res.statusCode, res.body).toBe(200);
      const { devices, warnings } = res.json() as { devices: Device[]; warnings: string[] };
      expect(devices.map((d) => [d.hostname, d.routeros_version])).toEqual([
        ['rt-borda-cwb-01', v],
        ['rt-pgo-01', v],
      ]);
      expect(warnings).toEqual(['SVC SVC-0003: sem bloco IP, nada a rotear (um serviço L2 não é configurado por este script).']);
      for (const d of devices) {
        for (const [kind, text] of [
          ['', d.script],
          ['.remover', d.removal_script],
        ] as const) {
          const file = path.join(golden, `${code}.${d.hostname}.v${v[0]}${kind}.rsc`);
          if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
          expect(text, file).toBe(readFileSync(file, 'utf8'));
        }
      }
      const m = await model(code);
      const { net } = checkScripts(m, devices);
      expect(expectDelivered(m, net)).toBe(2);
    }
  });

  it('refuses (422, pt-BR, naming the segment) an IPv6 block on the demo\'s IPv4 path, and generates again once it is gone', async () => {
    await setVersion('7.x');
    const svcs = (await t.call('GET', '/api/svc?search=SVC-0004', gestor)).json().items as { id: number }[];
    const pgo = (await t.call('GET', `/api/asset/${assetId.get('rt-pgo-01')}`, gestor)).json() as { interfaces: { id: number; name: string }[] };
    const moved = await t.call('PUT', `/api/svc/${svcs[0].id}`, gestor, { lmc_id: ids.get('LMC-CWB-PGO-01'), delivery_interface_id: pgo.interfaces.find((i) => i.name === 'ether3')!.id, vlan_id: 440 });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const code of LMCS) {
      const res = await t.call('POST', `/api/lmc/${ids.get(code)}/script`, gestor);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'O bloco 2001:db8:4400::/48 do SVC SVC-0004 é IPv6, mas os segmentos 1 e 2 da LMC LMC-CWB-PGO-01 (rt-borda-cwb-01 ether2 → radio-pgo-01 → rt-pgo-01 ether1) têm a sub-rede IPv4 10.255.10.0/30: não há próximo salto IPv6 até rt-pgo-01. Use uma sub-rede /127 nesse trecho.',
      );
    }
    expect((await t.call('PUT', `/api/svc/${svcs[0].id}`, gestor, { status: 'cancelado' })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/lmc/${ids.get('LMC-CWB-PGO-01')}/script`, gestor)).statusCode).toBe(200);
  });
});

describe('The management interface of an asset and the delivery interface of an SVC', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await holder(t);
  });
  afterAll(() => t?.close());

  const asset = (extra: Record<string, unknown>) => ({ hostname: `rt-${uid()}`, role: 'roteador', vendor: 'mikrotik', routeros_version: '7.x', interfaces: [{ name: 'ether1' }, { name: 'ether2' }], ...extra });

  it('is one of the asset\'s interfaces, follows a rename and cannot leave the list while chosen (422 on the field)', async () => {
    const bad = await t.call('POST', '/api/asset', token, asset({ management_interface: 'ether9' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations).toEqual([{ propertyPath: 'management_interface', message: 'A interface de gerência "ether9" não está entre as interfaces do ativo' }]);
    const made = await t.call('POST', '/api/asset', token, asset({ management_interface: 'ether2' }));
    expect(made.statusCode, made.body).toBe(201);
    const a = made.json() as { id: number; management_interface: string; interfaces: { id: number; name: string }[] };
    expect(a.management_interface).toBe('ether2');
    const [e1, e2] = a.interfaces;
    const renamed = await t.call('PUT', `/api/asset/${a.id}`, token, { interfaces: [e1, { ...e2, name: 'gerencia' }] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().management_interface).toBe('gerencia');
    const dropped = await t.call('PUT', `/api/asset/${a.id}`, token, { interfaces: [e1] });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().violations[0]).toMatchObject({ propertyPath: 'management_interface' });
    expect((await t.call('PUT', `/api/asset/${a.id}`, token, { management_interface: 'ether7' })).statusCode).toBe(422);
    expect((await t.call('PUT', `/api/asset/${a.id}`, token, { management_interface: null, interfaces: [e1] })).json().management_interface).toBeNull();
  });

  it('is an interface of the SVC\'s LMC path, needs the LMC, and keeps the interface from being removed (409)', async () => {
    const lmc = await makeLmc(t);
    const [x, y] = [await makeAsset(t), await makeAsset(t)];
    expect((await t.call('POST', '/api/lmx', token, segment(lmc.id, x, y, { subnet: '10.77.0.0/30' }))).statusCode).toBe(201);
    const stranger = await makeAsset(t);
    const body = (extra: Record<string, unknown>) => ({ code: `SVC-${uid()}`, client_name: 'Cliente', client_document: '11.222.333/0001-81', type: 'internet_dedicada', bandwidth_mbps: 10, ...extra });
    const noLmc = await t.call('POST', '/api/svc', token, body({ delivery_interface_id: y.interfaces[1].id }));
    expect(noLmc.statusCode).toBe(422);
    expect(noLmc.json().violations).toEqual([{ propertyPath: 'delivery_interface_id', message: 'Informe a LMC para indicar a interface de entrega' }]);
    const off = await t.call('POST', '/api/svc', token, body({ lmc_id: lmc.id, delivery_interface_id: stranger.interfaces[0].id }));
    expect(off.statusCode).toBe(422);
    expect(off.json().violations[0].message).toBe('A interface de entrega deve ser de um equipamento do caminho da LMC (o roteador da ponta do cliente)');
    const foreign = await makeAsset(t, await t.createOrganization());
    expect((await t.call('POST', '/api/svc', token, body({ lmc_id: lmc.id, delivery_interface_id: foreign.interfaces[0].id }))).statusCode).toBe(422);
    const ok = await t.call('POST', '/api/svc', token, body({ lmc_id: lmc.id, delivery_interface_id: y.interfaces[1].id }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().delivery_interface).toEqual({ id: y.interfaces[1].id, name: y.interfaces[1].name, asset_id: y.id, hostname: y.hostname });
    const removing = await t.call('PUT', `/api/asset/${y.id}`, token, { interfaces: [y.interfaces[0]] });
    expect(removing.statusCode).toBe(409);
    expect(removing.json().message).toMatch(/SVC \(interface de entrega\)/);
  });
});
