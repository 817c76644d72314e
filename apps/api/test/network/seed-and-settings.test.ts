import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL } from '@operacoes/contract';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { createTestApp, json, type TestApp } from '../helpers';

type Asset = { hostname: string; interfaces: unknown[]; patrimony: { tag: string } | null; warnings: string[] };

/** The network's demo data (sites on the map, assets with interfaces, one linked to its patrimony item) and the map's tile URL setting. */
describe('network demo and map settings', () => {
  let t: TestApp;
  let gestor: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
    gestor = (await t.login('gestor', DEMO_PASSWORD)).token;
  });
  afterAll(() => t?.close());

  it('seeds sites with coordinates and cities, and assets with interfaces', async () => {
    const sites = json<{ total_items: number; items: { code: string; city: { uf: string } | null }[] }>(await t.call('GET', '/api/site?pageSize=100', gestor));
    expect(sites.total_items).toBeGreaterThanOrEqual(8);
    expect(sites.items.find((s) => s.code === 'POP-CWB-01')).toMatchObject({ city: { name: 'Curitiba', uf: 'PR' } });
    const map = json<{ items: unknown[] }>(await t.call('GET', '/api/site/map', gestor));
    expect(map.items.length).toBeGreaterThanOrEqual(7);
    const assets = json<{ total_items: number; items: Asset[] }>(await t.call('GET', '/api/asset?pageSize=100', gestor));
    expect(assets.total_items).toBeGreaterThanOrEqual(9);
    expect(assets.items.every((a) => a.interfaces.length >= 2)).toBe(true);
    const hex = assets.items.find((a) => a.hostname === 'rt-pgo-01')!;
    expect(hex.patrimony).not.toBeNull();
    expect(hex.warnings).toEqual([]);
    // Seeding again adds nothing.
    await seedDemo(t.app);
    expect(json<{ total_items: number }>(await t.call('GET', '/api/site', gestor)).total_items).toBe(sites.total_items);
  });

  it('seeds the paths: two LMCs over radio and a down Vivo circuit, a degraded union, SVCs with their blocks', async () => {
    const lmcs = json<{ items: { code: string; segments: { medium: string }[]; svcs: unknown[]; down: boolean; unions: { code: string }[] }[] }>(await t.call('GET', '/api/lmc?pageSize=100', gestor));
    expect(lmcs.items.map((l) => [l.code, l.segments.length, l.down, l.unions.map((u) => u.code)])).toEqual([
      ['LMC-CWB-PGO-01', 2, false, ['UN-CWB-PGO']],
      ['LMC-CWB-PGO-02', 1, true, ['UN-CWB-PGO']],
    ]);
    const unions = json<{ items: { code: string; degraded: boolean; capacity_mbps: number }[] }>(await t.call('GET', '/api/union', gestor));
    // The radio (main, up) is the active path: its narrowest segment, 900 Mbps, is the union's capacity.
    expect(unions.items).toMatchObject([{ code: 'UN-CWB-PGO', degraded: true, capacity_mbps: 900 }]);
    const svcs = json<{ total_items: number; items: { code: string; ip_block: string | null }[] }>(await t.call('GET', '/api/svc?ip=200.150.10.10', gestor));
    expect(svcs.items.map((s) => s.code)).toEqual(['SVC-0002']);
    expect(json<{ total_items: number }>(await t.call('GET', '/api/svc', gestor)).total_items).toBe(5);
  });

  it("keeps the map's tile URL in the viability settings: OpenStreetMap's by default, a template with {z}/{x}/{y}", async () => {
    const read = json<{ map_tile_url: string }>(await t.call('GET', '/api/organization-settings/viability', gestor));
    expect(read.map_tile_url).toBe(DEFAULT_MAP_TILE_URL);
    const bad = await t.call('PUT', '/api/organization-settings/viability', gestor, { ...read, map_tile_url: 'https://tiles.exemplo.com.br/mapa.png' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad)).toMatchObject({ violations: [{ propertyPath: 'map_tile_url' }] });
    const url = 'https://tiles.exemplo.com.br/{z}/{x}/{y}.png';
    const ok = await t.call('PUT', '/api/organization-settings/viability', gestor, { ...read, map_tile_url: url });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(await t.call('GET', '/api/organization-settings/viability', gestor))).toMatchObject({ map_tile_url: url });
  });
});
