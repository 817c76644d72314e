import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WikiDiff, WikiPageView, WikiStaleConflict, WikiVersion, WikiVersionList } from '@operacoes/contract';
import { createTestApp, type TestApp } from '../helpers';
import { createPage, view, wikiUsers } from './helpers';

describe('wiki history: versions, diff, restore, stale saves, moves and links', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof wikiUsers>>;
  beforeAll(async () => {
    t = await createTestApp();
    u = await wikiUsers(t);
  });
  afterAll(() => t?.close());

  const save = (token: string, id: number, title: string, body: string, base_version: number) => t.call('PUT', `/api/wiki/page/${id}`, token, { title, body, base_version });

  describe('versions, diff and restore', () => {
    let id: number;
    beforeAll(async () => {
      id = (await createPage(t, u.org, 'procedimentos', 'Procedimentos', '<p>Levar o kit de fusão.</p><p>Conferir a ONU.</p>')).page.id;
      expect((await save(u.orgUser2, id, 'Procedimentos de campo', '<p>Levar o kit de fusão completo.</p><p>Conferir a ONU.</p><ul><li>Medir a potência</li></ul>', 1)).statusCode).toBe(200);
      expect((await save(u.org, id, 'Procedimentos de campo', '<p>Conferir a ONU.</p><ul><li>Medir a potência</li></ul>', 2)).statusCode).toBe(200);
    });

    it('every save is a version (who, when, title, path), newest first; an unchanged save is not', async () => {
      const same = await save(u.org, id, 'Procedimentos de campo', '<p>Conferir a ONU.</p><ul><li>Medir a potência</li></ul>', 3);
      expect(same.json().page.version).toBe(3);
      const list = (await t.call('GET', `/api/wiki/page/${id}/versions`, u.reader)).json() as WikiVersionList;
      expect(list.total_items).toBe(3);
      expect(list.items.map((v) => [v.version, v.action, v.title, v.author?.name, v.path])).toEqual([
        [3, 'update', 'Procedimentos de campo', 'Carla', 'procedimentos'],
        [2, 'update', 'Procedimentos de campo', 'Bruno', 'procedimentos'],
        [1, 'create', 'Procedimentos', 'Carla', 'procedimentos'],
      ]);
      expect(Date.parse(list.items[0].created_at)).toBeGreaterThan(0);
      const paged = (await t.call('GET', `/api/wiki/page/${id}/versions?page=2&pageSize=2`, u.reader)).json() as WikiVersionList;
      expect(paged.items.map((v) => v.version)).toEqual([1]);
      expect(paged.total_pages).toBe(2);
      const one = (await t.call('GET', `/api/wiki/page/${id}/versions/1`, u.reader)).json() as WikiVersion;
      expect(one).toMatchObject({ version: 1, title: 'Procedimentos', body: '<p>Levar o kit de fusão.</p><p>Conferir a ONU.</p>', page_id: id });
      const missing = await t.call('GET', `/api/wiki/page/${id}/versions/99`, u.reader);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Versão 99 não encontrada.');
    });

    it('diff between any two versions: side-by-side rows, a changed line word by word, the title too', async () => {
      const d = (await t.call('GET', `/api/wiki/page/${id}/diff?from=1&to=2`, u.reader)).json() as WikiDiff;
      expect(d.from.version).toBe(1);
      expect(d.to.version).toBe(2);
      expect(d.title.kind).toBe('changed');
      expect(d.title.right!.filter((p) => p.changed).map((p) => p.text.trim())).toEqual(['de campo']);
      expect(d.rows.map((r) => r.kind)).toEqual(['changed', 'same', 'added']);
      expect(d.rows[0].left!.some((p) => p.changed)).toBe(false);
      expect(d.rows[0].left!.map((p) => p.text).join('')).toBe('Levar o kit de fusão.');
      expect(d.rows[0].right!.find((p) => p.changed)!.text).toContain('completo');
      expect(d.rows[0].right!.map((p) => p.text).join('')).toBe('Levar o kit de fusão completo.');
      expect(d.rows[1]).toEqual({ kind: 'same', left: [{ text: 'Conferir a ONU.', changed: false }], right: [{ text: 'Conferir a ONU.', changed: false }] });
      expect(d.rows[2]).toEqual({ kind: 'added', left: null, right: [{ text: 'Medir a potência', changed: true }] });
      expect([d.added, d.removed]).toEqual([2, 1]);
      // Backwards, and across versions: a removed line.
      const back = (await t.call('GET', `/api/wiki/page/${id}/diff?from=3&to=1`, u.reader)).json() as WikiDiff;
      expect(back.rows.map((r) => r.kind)).toEqual(['added', 'same', 'removed']);
      expect((await t.call('GET', `/api/wiki/page/${id}/diff?from=1&to=9`, u.reader)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/wiki/page/${id}/diff?from=x&to=1`, u.reader)).statusCode).toBe(422);
    });

    it('restore: a new version with that title and body; the history keeps everything', async () => {
      const res = await t.call('POST', `/api/wiki/page/${id}/restore`, u.org, { version: 1, base_version: 3 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().page).toMatchObject({ version: 4, title: 'Procedimentos', body: '<p>Levar o kit de fusão.</p><p>Conferir a ONU.</p>', path: 'procedimentos' });
      const list = (await t.call('GET', `/api/wiki/page/${id}/versions`, u.org)).json() as WikiVersionList;
      expect(list.items[0]).toMatchObject({ version: 4, action: 'restore', restored_from: 1, author: { name: 'Carla' } });
      expect(list.total_items).toBe(4);
      expect((await t.call('POST', `/api/wiki/page/${id}/restore`, u.org, { version: 42 })).statusCode).toBe(404);
      const stale = await t.call('POST', `/api/wiki/page/${id}/restore`, u.org, { version: 2, base_version: 3 });
      expect(stale.statusCode).toBe(409);
      expect((await view(t, u.org, 'procedimentos')).json().page.version).toBe(4);
    });
  });

  it('a stale save is a 409 naming who changed the page, with the current page to merge; never a silent overwrite', async () => {
    const page = (await createPage(t, u.org, 'almoxarifado', 'Almoxarifado', '<p>Inventário mensal.</p>')).page;
    // Both opened version 1; Bruno saves first.
    expect((await save(u.orgUser2, page.id, 'Almoxarifado', '<p>Inventário semanal.</p>', 1)).statusCode).toBe(200);
    const late = await save(u.org, page.id, 'Almoxarifado central', '<p>Inventário quinzenal.</p>', 1);
    expect(late.statusCode).toBe(409);
    const body = late.json() as WikiStaleConflict;
    expect(body.message).toBe('A página foi alterada por Bruno enquanto você editava.');
    expect(body.current).toMatchObject({ id: page.id, version: 2, title: 'Almoxarifado', body: '<p>Inventário semanal.</p>', updated_by: { name: 'Bruno' } });
    expect((await view(t, u.org, 'almoxarifado')).json().page.body).toBe('<p>Inventário semanal.</p>');
    // Merged and saved again from the current version: accepted.
    const merged = await save(u.org, page.id, 'Almoxarifado central', '<p>Inventário semanal e quinzenal.</p>', body.current.version);
    expect(merged.statusCode).toBe(200);
    expect(merged.json().page.version).toBe(3);
    // Without base_version the save is refused (422): the editor must say where it started.
    expect((await t.call('PUT', `/api/wiki/page/${page.id}`, u.org, { title: 'X', body: '' })).statusCode).toBe(422);
  });

  it('two saves racing from the same version: exactly one wins', async () => {
    const page = (await createPage(t, u.org, 'corrida', 'Corrida')).page;
    const results = await Promise.all([save(u.org, page.id, 'A', '<p>a</p>', 1), save(u.orgUser2, page.id, 'B', '<p>b</p>', 1)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await t.call('GET', `/api/wiki/page/${page.id}/versions`, u.org)).json().total_items).toBe(2);
  });

  describe('moves and links', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      ids = {};
      for (const [path, title] of [
        ['redes', 'Redes'],
        ['redes/mikrotik', 'MikroTik'],
        ['redes/mikrotik/vlan', 'VLANs'],
        ['redes/mikrotik/vlan/trunk', 'Trunk'],
        ['equipamentos', 'Equipamentos'],
      ]) ids[path] = (await createPage(t, u.org, path, title)).page.id;
      await createPage(
        t,
        u.org,
        'redes/guia',
        'Guia',
        '<p>Veja [[redes/mikrotik/vlan]] e [[redes/mikrotik|o roteador]].</p><p><a href="/wiki/redes/mikrotik/vlan/trunk#passo-2">Trunk</a> e [[redes/inexistente]].</p>',
      );
    });

    it('stores links by page id: [[…]] become anchors labelled with the title (or the given text)', async () => {
      const guide = (await view(t, u.org, 'redes/guia')).json() as WikiPageView;
      expect(guide.page.body).toBe(
        `<p>Veja <a href="/wiki/redes/mikrotik/vlan" data-wiki-page="${ids['redes/mikrotik/vlan']}">VLANs</a> e <a href="/wiki/redes/mikrotik" data-wiki-page="${ids['redes/mikrotik']}">o roteador</a>.</p>` +
          `<p><a href="/wiki/redes/mikrotik/vlan/trunk#passo-2" data-wiki-page="${ids['redes/mikrotik/vlan/trunk']}">Trunk</a> e <a href="/wiki/redes/inexistente">redes/inexistente</a>.</p>`,
      );
    });

    it('a link text with accents, as the editor writes it (named entities), is stored and searched as the letters, never as "&aacute;"', async () => {
      const res = await createPage(
        t,
        u.org,
        'teste-acentos',
        'Acentuação',
        '<h2>Configura&ccedil;&atilde;o b&aacute;sica</h2><p>Veja [[redes/mikrotik|a p&aacute;gina MikroTik: &aacute; &ccedil; &atilde; &eacute; &otilde; &uuml;]] e [[redes/mikrotik|P&D &amp; testes]].</p>',
      );
      const body = res.page.body;
      expect(body).toContain(`data-wiki-page="${ids['redes/mikrotik']}">a página MikroTik: á ç ã é õ ü</a>`);
      expect(body).toContain('>P&amp;D &amp; testes</a>');
      expect(body).toContain('<h2>Configuração básica</h2>');
      expect(body).not.toContain('&amp;aacute;');
      const found = (await t.call('GET', '/api/wiki/search?q=pagina%20mikrotik', u.org)).json() as { items: { path: string; headline: string }[] };
      const hit = found.items.find((i) => i.path === 'teste-acentos');
      expect(hit?.headline).toContain('página');
      expect(hit?.headline).not.toContain('&amp;aacute;');
    });

    it('moving a page takes its children, leaves redirects from every old path, and links follow', async () => {
      const res = await t.call('POST', `/api/wiki/page/${ids['redes/mikrotik']}/move`, u.org, { path: 'equipamentos/roteadores' });
      expect(res.statusCode, res.body).toBe(200);
      const moved = res.json() as WikiPageView;
      expect(moved.page).toMatchObject({ path: 'equipamentos/roteadores', parent_id: ids.equipamentos, version: 2 });
      expect(moved.breadcrumbs.map((b) => b.title)).toEqual(['Equipamentos']);
      expect(moved.children.map((c) => c.path)).toEqual(['equipamentos/roteadores/vlan']);

      const old = (await view(t, u.reader, 'redes/mikrotik/vlan/trunk')).json() as WikiPageView;
      expect(old.redirected_from).toBe('redes/mikrotik/vlan/trunk');
      expect(old.page).toMatchObject({ id: ids['redes/mikrotik/vlan/trunk'], path: 'equipamentos/roteadores/vlan/trunk' });
      expect(old.breadcrumbs.map((b) => b.path)).toEqual(['equipamentos', 'equipamentos/roteadores', 'equipamentos/roteadores/vlan']);
      expect((await view(t, u.reader, 'redes/mikrotik')).json().page.id).toBe(ids['redes/mikrotik']);
      expect((await view(t, u.reader, 'redes')).json().children.map((c: { path: string }) => c.path)).toEqual(['redes/guia']);

      const guide = (await view(t, u.org, 'redes/guia')).json() as WikiPageView;
      expect(guide.page.body).toContain(`href="/wiki/equipamentos/roteadores/vlan" data-wiki-page="${ids['redes/mikrotik/vlan']}"`);
      expect(guide.page.body).toContain(`href="/wiki/equipamentos/roteadores" data-wiki-page="${ids['redes/mikrotik']}"`);
      expect(guide.page.body).toContain('href="/wiki/equipamentos/roteadores/vlan/trunk#passo-2"');
      expect(guide.page.body).not.toContain('/wiki/redes/mikrotik');
      // The guide was not rewritten: still its first version.
      expect(guide.page.version).toBe(1);
      // Old versions render their links to the current paths too.
      const v1 = (await t.call('GET', `/api/wiki/page/${guide.page.id}/versions/1`, u.org)).json() as WikiVersion;
      expect(v1.body).toContain('href="/wiki/equipamentos/roteadores/vlan"');

      // Each moved page has a 'move' version with its new path.
      const versions = (await t.call('GET', `/api/wiki/page/${ids['redes/mikrotik/vlan/trunk']}/versions`, u.org)).json() as WikiVersionList;
      expect(versions.items[0]).toMatchObject({ version: 2, action: 'move', path: 'equipamentos/roteadores/vlan/trunk', author: { name: 'Carla' } });

      // A link written later with an old path resolves to the page through its redirect.
      const later = await createPage(t, u.org, 'redes/atalhos', 'Atalhos', '<p><a href="/wiki/redes/mikrotik/vlan">VLANs antigas</a></p>');
      expect(later.page.body).toBe(`<p><a href="/wiki/equipamentos/roteadores/vlan" data-wiki-page="${ids['redes/mikrotik/vlan']}">VLANs antigas</a></p>`);
    });

    it('a page created at an old path takes the address over from the redirect', async () => {
      const fresh = await createPage(t, u.org, 'redes/mikrotik', 'MikroTik (novo)');
      expect((await view(t, u.org, 'redes/mikrotik')).json()).toMatchObject({ redirected_from: null, page: { id: fresh.page.id } });
      // Its old child path still redirects to the moved child.
      expect((await view(t, u.org, 'redes/mikrotik/vlan')).json().page.id).toBe(ids['redes/mikrotik/vlan']);
    });

    it('refuses a move into itself, under a missing parent, onto a used path, or past 4 levels; nothing moves', async () => {
      const id = ids['redes/mikrotik'];
      const into = await t.call('POST', `/api/wiki/page/${id}/move`, u.org, { path: 'equipamentos/roteadores/vlan/x' });
      expect(into.statusCode).toBe(422);
      expect(into.json().violations[0].message).toBe('Uma página não pode ser movida para dentro dela mesma');
      const orphan = await t.call('POST', `/api/wiki/page/${id}/move`, u.org, { path: 'nada/roteadores' });
      expect(orphan.statusCode).toBe(422);
      expect(orphan.json().violations[0].message).toMatch(/"nada" não existe/);
      const taken = await t.call('POST', `/api/wiki/page/${id}/move`, u.org, { path: 'redes/guia' });
      expect(taken.statusCode).toBe(409);
      const deep = await t.call('POST', `/api/wiki/page/${id}/move`, u.org, { path: 'redes/guia/roteadores' });
      expect(deep.statusCode).toBe(422);
      expect(deep.json().violations[0].message).toBe('Com as subpáginas, o endereço passaria de 4 níveis');
      const bad = await t.call('POST', `/api/wiki/page/${id}/move`, u.org, { path: 'Equipamentos' });
      expect(bad.statusCode).toBe(422);
      const stale = await t.call('POST', `/api/wiki/page/${id}/move`, u.org, { path: 'roteadores', base_version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.version).toBe(2);
      expect((await t.call('GET', `/api/wiki/page/${id}`, u.org)).json().page.path).toBe('equipamentos/roteadores');
    });

    it('moves a root page to the top level of another and back; the back-and-forth leaves working redirects', async () => {
      const id = ids['redes/mikrotik'];
      expect((await t.call('POST', `/api/wiki/page/${id}/move`, u.org, { path: 'roteadores' })).json().page).toMatchObject({ path: 'roteadores', parent_id: null });
      expect((await view(t, u.org, 'equipamentos/roteadores/vlan')).json().page.path).toBe('roteadores/vlan');
      expect((await t.call('POST', `/api/wiki/page/${id}/move`, u.org, { path: 'equipamentos/roteadores' })).statusCode).toBe(200);
      const back = (await view(t, u.org, 'equipamentos/roteadores')).json() as WikiPageView;
      expect(back).toMatchObject({ redirected_from: null, page: { id } });
      expect((await view(t, u.org, 'roteadores/vlan')).json().page.path).toBe('equipamentos/roteadores/vlan');
    });
  });
});
