import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { networkAssetResource } from '@operacoes/contract';
import { interfaceReferences } from '../../src/modules/network/asset/interfaces';
import { revisions } from '../../src/modules/revision/schema';
import { describeCrud } from '../crud-suite';
import { createTestApp, json, type TestApp } from '../helpers';
import { newItem, place } from '../warehouse/helpers';
import { makeSite, uid } from './helpers';

type Asset = { id: number; hostname: string; status: string; site_id: number | null; interfaces: { id: number; name: string; mac: string | null }[]; warnings: string[] };

let ips = 0;
const nextIp = () => `10.20.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

describeCrud(networkAssetResource, {
  valid: async (n, t) => ({
    hostname: `rt-borda-conceicao-${n}-${uid()}`,
    role: 'roteador',
    vendor: 'mikrotik',
    model: 'CCR2004-16G-2S+',
    routeros_version: '7.x',
    management_ip: nextIp(),
    site_id: (await makeSite(t)).id,
    interfaces: [{ name: 'ether1' }, { name: 'sfp-sfpplus1', type: 'sfp', mac: '4c:5e:0c:12:34:56', speed_mbps: 10000 }],
  }),
  invalid: [
    { hostname: '', role: 'roteador', vendor: 'mikrotik' },
    { hostname: 'rt-1', role: 'roteador', vendor: 'mikrotik', management_ip: '300.1.1.1' },
    { hostname: 'rt-2', role: 'roteador', vendor: 'huawei', routeros_version: '7.x' },
    { hostname: 'rt-3', role: 'roteador', vendor: 'mikrotik', routeros_version: '5.x' },
    { hostname: 'rt-4', role: 'roteador', vendor: 'mikrotik', interfaces: [{ name: 'ether1' }, { name: 'ETHER1' }] },
    { hostname: 'rt-5', role: 'roteador', vendor: 'mikrotik', interfaces: [{ name: 'ether1', mac: 'zz:zz' }] },
    { hostname: 'rt-6', role: 'cafeteira', vendor: 'mikrotik' },
    { hostname: 'rt-7', role: 'roteador', vendor: 'mikrotik', site_id: 99_999_999 },
  ],
  update: { body: { model: 'CCR2116', status: 'manutencao' }, expect: (r) => expect(r).toMatchObject({ model: 'CCR2116', status: 'manutencao' }) },
  oneField: { model: 'RB5009' },
  search: 'RT-BORDA conceicao',
  foreign: async (t, other) => [
    { hostname: `alheio-${uid()}`, role: 'switch', vendor: 'huawei', site_id: (await makeSite(t, other)).id },
    { hostname: `alheio-${uid()}`, role: 'switch', vendor: 'huawei', patrimony_id: (await newItem(t, await place(t, other))).id },
  ],
});

describe('network asset: own rules', () => {
  let t: TestApp;
  let token: string;
  let siteId: number;
  const create = async (body: Record<string, unknown>, as = token) => t.call('POST', '/api/asset', as, { role: 'roteador', vendor: 'mikrotik', site_id: siteId, ...body });
  const ok = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return json<Asset>(res);
  };
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['NETWORK_ASSET', 'SITE'] })).token;
    siteId = (await makeSite(t)).id;
  });
  afterAll(() => t?.close());

  it('refuses a duplicate hostname (any case) and a duplicate management IP (any spelling) with 409 on the field', async () => {
    const host = `olt-${uid()}`;
    await ok({ hostname: host, management_ip: '2001:db8::10' });
    const dupHost = await create({ hostname: host.toUpperCase() });
    expect(dupHost.statusCode).toBe(409);
    expect(json(dupHost)).toMatchObject({ violations: [{ propertyPath: 'hostname' }] });
    const dupIp = await create({ hostname: `olt-${uid()}`, management_ip: '2001:0DB8:0:0::10' });
    expect(dupIp.statusCode).toBe(409);
    expect(json(dupIp)).toMatchObject({ violations: [{ propertyPath: 'management_ip' }] });
  });

  it('keeps the ids of kept interfaces on update, creates new ones and removes the others', async () => {
    const a = await ok({ hostname: `sw-${uid()}`, interfaces: [{ name: 'ether1' }, { name: 'ether2' }, { name: 'ether3' }] });
    const [e1, e2, e3] = a.interfaces;
    const res = await t.call('PUT', `/api/asset/${a.id}`, token, {
      interfaces: [
        { id: e2.id, name: 'ether1' },
        { id: e1.id, name: 'ether2', mac: 'AABB.CCDD.EEFF' },
        { name: 'wlan1', type: 'wireless' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = json<Asset>(res).interfaces;
    expect(after.map((i) => [i.id, i.name])).toEqual([
      [e2.id, 'ether1'],
      [e1.id, 'ether2'],
      [expect.any(Number), 'wlan1'],
    ]);
    expect(after[1].mac).toBe('AA:BB:CC:DD:EE:FF');
    expect(after.map((i) => i.id)).not.toContain(e3.id);
    // A PUT without `interfaces` keeps them.
    const kept = json<Asset>(await t.call('PUT', `/api/asset/${a.id}`, token, { notes: 'Rack 2' }));
    expect(kept.interfaces.map((i) => i.id)).toEqual(after.map((i) => i.id));
    // The revision log shows the interface list.
    const rows = await t.app.db.select().from(revisions).where(eq(revisions.entity_id, a.id));
    expect(rows.some((r) => JSON.stringify(r.changes).includes('wlan1'))).toBe(true);
  });

  it('refuses an interface id of another asset (422 on the row) and repeated names (422)', async () => {
    const a = await ok({ hostname: `rt-${uid()}`, interfaces: [{ name: 'ether1' }] });
    const b = await ok({ hostname: `rt-${uid()}`, interfaces: [{ name: 'ether1' }] });
    const res = await t.call('PUT', `/api/asset/${a.id}`, token, { interfaces: [{ id: b.interfaces[0].id, name: 'ether1' }] });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ violations: [{ propertyPath: 'interfaces.0.id' }] });
    const dup = await t.call('PUT', `/api/asset/${a.id}`, token, { interfaces: [{ name: 'ether1' }, { name: 'Ether1' }] });
    expect(dup.statusCode).toBe(422);
    expect(json(dup)).toMatchObject({ violations: [{ propertyPath: 'interfaces.1.name' }] });
  });

  it('refuses to remove an interface something refers to (409), through the reference hook', async () => {
    await t.app.db.execute(sql`create table lmx_probe (id serial primary key, interface_id integer)`);
    const probe = pgTable('lmx_probe', { id: integer().primaryKey(), interface_id: integer() });
    interfaceReferences.push([probe, probe.interface_id, 'segmento LMX', 'segmentos LMX']);
    try {
      const a = await ok({ hostname: `rt-${uid()}`, interfaces: [{ name: 'ether1' }, { name: 'ether2' }] });
      await t.app.db.execute(sql`insert into lmx_probe (interface_id) values (${a.interfaces[1].id})`);
      const res = await t.call('PUT', `/api/asset/${a.id}`, token, { interfaces: [{ id: a.interfaces[0].id, name: 'ether1' }] });
      expect(res.statusCode).toBe(409);
      expect(json(res).message).toContain('ether2');
      expect(json(res).message).toContain('1 segmento LMX');
      expect((await t.call('DELETE', `/api/asset/${a.id}`, token)).statusCode).toBe(409);
      // Renaming it is fine: the id stays.
      expect((await t.call('PUT', `/api/asset/${a.id}`, token, { interfaces: [a.interfaces[0], { id: a.interfaces[1].id, name: 'ether2-uplink' }] })).statusCode).toBe(200);
    } finally {
      interfaceReferences.pop();
    }
  });

  it('links a patrimony item and warns when the serials differ', async () => {
    const p = await place(t);
    const item = await newItem(t, p, { serial: 'HEX7A0000301' });
    const a = await ok({ hostname: `hex-${uid()}`, serial: 'HEX7A0000999', patrimony_id: item.id });
    expect(a).toMatchObject({ patrimony: { id: item.id, tag: item.tag, serial: 'HEX7A0000301' } });
    expect(a.warnings[0]).toContain('difere');
    const fixed = json<Asset>(await t.call('PUT', `/api/asset/${a.id}`, token, { serial: 'hex7a0000301' }));
    expect(fixed.warnings).toEqual([]);
    // One asset per patrimony item.
    const again = await create({ hostname: `hex-${uid()}`, patrimony_id: item.id });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ violations: [{ propertyPath: 'patrimony_id' }] });
    // The patrimony page finds its asset.
    const found = json<{ items: { id: number }[] }>(await t.call('GET', `/api/asset?patrimony=${item.id}`, token));
    expect(found.items.map((x) => x.id)).toEqual([a.id]);
  });

  it('checks the RouterOS version against the stored vendor on update', async () => {
    const a = await ok({ hostname: `rt-${uid()}`, routeros_version: '6.x' });
    const res = await t.call('PUT', `/api/asset/${a.id}`, token, { vendor: 'cisco' });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ violations: [{ propertyPath: 'routeros_version' }] });
    expect((await t.call('PUT', `/api/asset/${a.id}`, token, { vendor: 'cisco', routeros_version: null })).statusCode).toBe(200);
  });

  describe('bulk actions', () => {
    it('changes the status of several assets, auditing each', async () => {
      const [a, b] = [await ok({ hostname: `b-${uid()}` }), await ok({ hostname: `b-${uid()}` })];
      const res = await t.call('POST', '/api/asset/bulk/status', token, { ids: [a.id, b.id], status: 'manutencao' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toEqual({ updated: 2 });
      expect(json(await t.call('GET', `/api/asset/${b.id}`, token))).toMatchObject({ status: 'manutencao' });
    });

    it('moves several assets to another site', async () => {
      const target = await makeSite(t);
      const [a, b] = [await ok({ hostname: `m-${uid()}` }), await ok({ hostname: `m-${uid()}` })];
      const res = await t.call('POST', '/api/asset/bulk/move', token, { ids: [a.id, b.id], site_id: target.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(await t.call('GET', `/api/asset/${a.id}`, token))).toMatchObject({ site_id: target.id, site: { id: target.id, code: target.code } });
    });

    it("refuses another organization's ids and sites, changing nothing", async () => {
      const other = await t.createOrganization();
      const stranger = await t.createUser({ permissions: ['NETWORK_ASSET', 'SITE'], organizationId: other });
      const theirSite = await makeSite(t, other);
      const theirs = json<Asset>(await t.call('POST', '/api/asset', stranger.token, { hostname: `x-${uid()}`, role: 'switch', vendor: 'cisco', site_id: theirSite.id }));
      const mine = await ok({ hostname: `y-${uid()}` });
      const res = await t.call('POST', '/api/asset/bulk/status', token, { ids: [mine.id, theirs.id], status: 'desativado' });
      expect(res.statusCode).toBe(404);
      expect(json(await t.call('GET', `/api/asset/${mine.id}`, token))).toMatchObject({ status: 'ativo' });
      const move = await t.call('POST', '/api/asset/bulk/move', token, { ids: [mine.id], site_id: theirSite.id });
      expect(move.statusCode).toBe(422);
      expect(json(move)).toMatchObject({ violations: [{ propertyPath: 'site_id' }] });
      expect(json(await t.call('GET', `/api/asset/${theirs.id}`, stranger.token))).toMatchObject({ status: 'ativo' });
    });

    it('needs NETWORK_ASSET: .INDEX and no permission are refused', async () => {
      const a = await ok({ hostname: `p-${uid()}` });
      const reader = await t.createUser({ permissions: ['NETWORK_ASSET.INDEX'] });
      const none = await t.createUser({ permissions: ['SITE'] });
      for (const who of [reader, none]) {
        expect((await t.call('POST', '/api/asset/bulk/status', who.token, { ids: [a.id], status: 'desativado' })).statusCode).toBe(403);
        expect((await t.call('POST', '/api/asset/bulk/move', who.token, { ids: [a.id], site_id: siteId })).statusCode).toBe(403);
      }
      expect((await t.call('GET', '/api/asset/export', reader.token)).statusCode).toBe(200);
      expect((await t.call('GET', '/api/asset/export', none.token)).statusCode).toBe(403);
      expect((await t.call('POST', '/api/asset/bulk/status', undefined, { ids: [a.id], status: 'desativado' })).statusCode).toBe(401);
    });

    it('lets a super admin act across organizations', async () => {
      const admin = await t.adminToken();
      const a = await ok({ hostname: `s-${uid()}` });
      const res = await t.call('POST', '/api/asset/bulk/status', admin, { ids: [a.id], status: 'em_estoque' });
      expect(res.statusCode).toBe(200);
    });
  });

  it('exports the filtered list as CSV and XLSX', async () => {
    const host = `exp-${uid()}`;
    await ok({ hostname: host, management_ip: '192.0.2.77', interfaces: [{ name: 'ether1' }, { name: 'ether2' }] });
    const csv = await t.call('GET', `/api/asset/export?format=csv&search=${host}`, token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Hostname;Função;Fabricante');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${host};Roteador;MikroTik`);
    expect(lines[1]).toContain('192.0.2.77');
    const xlsx = await t.call('GET', `/api/asset/export?format=xlsx&search=${host}`, token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
