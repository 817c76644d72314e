import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WikiDiff, WikiPageView, WikiSearchResult, WikiTree } from '@operacoes/contract';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../helpers';

describe('wiki demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
  });
  afterAll(() => t?.close());

  it('seeds six linked pages, one with two versions, that search finds; seeding again adds nothing', async () => {
    const tecnico = (await t.login('tecnico', DEMO_PASSWORD)).token;
    const tree = (await t.call('GET', '/api/wiki/tree', tecnico)).json() as WikiTree;
    expect(tree.items.map((i) => i.path)).toEqual(['almoxarifado', 'procedimentos', 'procedimentos/instalacao-ftth', 'redes', 'redes/mikrotik', 'redes/mikrotik/vlan']);
    const vlan = (await t.call('GET', '/api/wiki/page?path=redes/mikrotik/vlan', tecnico)).json() as WikiPageView;
    expect(vlan.breadcrumbs.map((b) => b.title)).toEqual(['Redes', 'MikroTik']);
    expect(vlan.page.body).toMatch(/<a href="\/wiki\/procedimentos\/instalacao-ftth" data-wiki-page="\d+">o procedimento de instalação FTTH<\/a>/);
    const ftth = (await t.call('GET', '/api/wiki/page?path=procedimentos/instalacao-ftth', tecnico)).json() as WikiPageView;
    expect(ftth.page.version).toBe(2);
    expect(ftth.page.body).toContain('<a href="/wiki/redes/mikrotik/vlan" data-wiki-page="');
    expect(ftth.page.body).toMatch(/<a href="\/wiki\/almoxarifado" data-wiki-page="\d+">Almoxarifado<\/a>/);
    const diff = (await t.call('GET', `/api/wiki/page/${ftth.page.id}/diff?from=1&to=2`, tecnico)).json() as WikiDiff;
    expect(diff.rows.filter((r) => r.kind === 'added').map((r) => r.right![0].text)).toContain('Power meter calibrado');
    const found = (await t.call('GET', '/api/wiki/search?q=potencia%20conector', tecnico)).json() as WikiSearchResult;
    expect(found.items[0].title).toBe('Instalação FTTH');
    await seedDemo(t.app);
    expect((await t.call('GET', '/api/wiki/tree', tecnico)).json().items).toHaveLength(6);
  });
});
