import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { WikiPageView, WikiTree } from '@operacoes/contract';
import { revisions } from '../../src/core/schema';
import { createTestApp, type TestApp } from '../helpers';
import { createPage, view, wikiUsers } from './helpers';

describe('wiki pages: paths, access, tenancy, tree, delete', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof wikiUsers>>;
  beforeAll(async () => {
    t = await createTestApp();
    u = await wikiUsers(t);
    await createPage(t, u.org, 'redes', 'Redes');
    await createPage(t, u.org, 'redes/mikrotik', 'MikroTik');
    await createPage(t, u.org, 'redes/mikrotik/vlan', 'VLANs');
    await createPage(t, u.org, 'redes/mikrotik/vlan/trunk', 'Trunk 802.1Q');
    await createPage(t, u.org, 'redes/olt', 'OLTs');
  });
  afterAll(() => t?.close());

  describe('path rules', () => {
    it('reads a page by path with its breadcrumbs (root first) and children (by title)', async () => {
      const res = await view(t, u.org, 'redes/mikrotik');
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json() as WikiPageView;
      expect(v.page).toMatchObject({ path: 'redes/mikrotik', title: 'MikroTik', version: 1, created_by: { name: 'Carla' }, updated_by: { name: 'Carla' } });
      expect(v.breadcrumbs.map((b) => b.title)).toEqual(['Redes']);
      expect(v.children.map((c) => [c.path, c.title])).toEqual([['redes/mikrotik/vlan', 'VLANs']]);
      expect(v.redirected_from).toBeNull();
      const deep = (await view(t, u.org, '/redes/mikrotik/vlan/trunk/')).json() as WikiPageView;
      expect(deep.breadcrumbs.map((b) => b.path)).toEqual(['redes', 'redes/mikrotik', 'redes/mikrotik/vlan']);
      const root = (await view(t, u.org, 'redes')).json() as WikiPageView;
      expect(root.children.map((c) => c.title)).toEqual(['MikroTik', 'OLTs']);
      expect(root.page.parent_id).toBeNull();
      expect((await t.call('GET', `/api/wiki/page/${root.page.id}`, u.org)).json().page.path).toBe('redes');
    });

    it('refuses a fifth level, a bad slug, a reserved root and an empty path (422 on path); creates nothing', async () => {
      const cases: [string, RegExp][] = [
        ['redes/mikrotik/vlan/trunk/extra', /no máximo 4 níveis/],
        ['Redes/Maiúsculas', /letras minúsculas/],
        ['redes/com espaço', /letras minúsculas/],
        ['redes//vazio', /letras minúsculas/],
        ['redes/configuração', /letras minúsculas/],
        ['search', /reservado/],
        ['', /Informe o endereço/],
      ];
      for (const [path, message] of cases) {
        const res = await t.call('POST', '/api/wiki/page', u.org, { path, title: 'X', body: '' });
        expect(res.statusCode, path).toBe(422);
        expect(res.json().violations).toEqual([{ propertyPath: 'path', message: expect.stringMatching(message) }]);
      }
      const bad = await t.call('POST', '/api/wiki/page', u.org, { path: 'redes/x', title: '   ', body: 5 });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().violations.map((v: { propertyPath: string }) => v.propertyPath).sort()).toEqual(['body', 'title']);
      expect((await t.call('GET', '/api/wiki/tree', u.org)).json().items).toHaveLength(5);
    });

    it('needs the parent first (422 naming it) and answers 409 for a path in use', async () => {
      const orphan = await t.call('POST', '/api/wiki/page', u.org, { path: 'campo/ftth', title: 'FTTH', body: '' });
      expect(orphan.statusCode).toBe(422);
      expect(orphan.json().violations[0]).toEqual({ propertyPath: 'path', message: 'A página superior "campo" não existe. Crie-a antes desta.' });
      const taken = await t.call('POST', '/api/wiki/page', u.org, { path: 'redes/olt', title: 'Outra', body: '' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('Já existe uma página em "redes/olt".');
    });

    it('answers 404 in pt-BR for an unknown path or id, and 422 for a bad path in the query', async () => {
      const res = await view(t, u.org, 'redes/nada');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Página não encontrada.');
      expect((await t.call('GET', '/api/wiki/page/999999', u.org)).statusCode).toBe(404);
      expect((await view(t, u.org, 'a/b/c/d/e')).statusCode).toBe(422);
      expect((await t.call('GET', '/api/wiki/page', u.org)).statusCode).toBe(422);
    });
  });

  describe('who may read and write', () => {
    it('no token: 401 on every route', async () => {
      for (const [method, url] of [
        ['GET', '/api/wiki/tree'],
        ['GET', '/api/wiki/page?path=redes'],
        ['GET', '/api/wiki/search?q=redes'],
        ['POST', '/api/wiki/page'],
        ['POST', '/api/wiki/upload'],
      ]) expect((await t.call(method, url, undefined, {})).statusCode, url).toBe(401);
    });

    it('a user without ORG (with or without other permissions, ORG.INDEX too) reads but never writes: 403', async () => {
      const page = (await view(t, u.org, 'redes/olt')).json() as WikiPageView;
      for (const token of [u.reader, u.orgIndex]) {
        const read = (await view(t, token, 'redes/olt')).json() as WikiPageView;
        expect(read.page.title).toBe('OLTs');
        expect(read.can_edit).toBe(false);
        expect((await t.call('GET', '/api/wiki/tree', token)).statusCode).toBe(200);
        expect((await t.call('GET', `/api/wiki/page/${page.page.id}/versions`, token)).statusCode).toBe(200);
        const writes = [
          await t.call('POST', '/api/wiki/page', token, { path: 'redes/novo', title: 'Novo', body: '' }),
          await t.call('PUT', `/api/wiki/page/${page.page.id}`, token, { title: 'X', body: '', base_version: 1 }),
          await t.call('POST', `/api/wiki/page/${page.page.id}/move`, token, { path: 'olt' }),
          await t.call('POST', `/api/wiki/page/${page.page.id}/restore`, token, { version: 1 }),
          await t.call('DELETE', `/api/wiki/page/${page.page.id}`, token),
        ];
        expect(writes.map((w) => w.statusCode)).toEqual([403, 403, 403, 403, 403]);
        expect(writes[0].json().message).toBe('Você não tem permissão para esta ação.');
      }
      expect((await view(t, u.org, 'redes/olt')).json().page.version).toBe(1);
    });

    it('ORG users and the super admin write, in their own organization', async () => {
      const made = await createPage(t, u.admin, 'redes/radio', 'Rádio');
      expect(made.page.organization_id).toBe(t.platformOrganizationId);
      expect(made.can_edit).toBe(true);
      expect((await view(t, u.org, 'redes/radio')).json().page.title).toBe('Rádio');
      const del = await t.call('DELETE', `/api/wiki/page/${made.page.id}`, u.org);
      expect(del.statusCode).toBe(204);
      expect((await view(t, u.admin, 'redes/radio')).statusCode).toBe(404);
    });

    it('another organization: its own wiki; our pages are 404 there, never listed, never found, never written', async () => {
      const ours = (await view(t, u.org, 'redes')).json() as WikiPageView;
      expect((await view(t, u.foreignOrg, 'redes')).statusCode).toBe(404);
      expect((await t.call('GET', `/api/wiki/page/${ours.page.id}`, u.foreignOrg)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/wiki/page/${ours.page.id}/versions`, u.foreignOrg)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/wiki/page/${ours.page.id}/diff?from=1&to=1`, u.foreignOrg)).statusCode).toBe(404);
      expect((await t.call('PUT', `/api/wiki/page/${ours.page.id}`, u.foreignOrg, { title: 'Invadida', body: '', base_version: 1 })).statusCode).toBe(404);
      expect((await t.call('POST', `/api/wiki/page/${ours.page.id}/move`, u.foreignOrg, { path: 'x' })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/api/wiki/page/${ours.page.id}`, u.foreignOrg)).statusCode).toBe(404);
      expect((await t.call('GET', '/api/wiki/tree', u.foreignOrg)).json().items).toEqual([]);
      expect((await t.call('GET', '/api/wiki/search?q=redes', u.foreignOrg)).json().total_items).toBe(0);
      // The same path is free in the other organization, and its page stays there.
      const theirs = await createPage(t, u.foreignOrg, 'redes', 'Redes da outra');
      expect(theirs.page.organization_id).toBe(u.otherOrg);
      expect((await view(t, u.org, 'redes')).json().page.title).toBe('Redes');
      expect((await t.call('GET', '/api/wiki/tree', u.foreignOrg)).json().items.map((i: { title: string }) => i.title)).toEqual(['Redes da outra']);
      expect((await t.call('GET', '/api/wiki/tree', u.org)).json().items.map((i: { title: string }) => i.title)).not.toContain('Redes da outra');
      expect((await t.call('GET', `/api/wiki/page/${theirs.page.id}`, u.admin)).statusCode).toBe(404);
      // A body naming another organization is refused and writes nothing.
      const forged = await t.call('POST', '/api/wiki/page', u.org, { path: 'forjada', title: 'Forjada', body: '', organization_id: u.otherOrg });
      expect(forged.statusCode).toBe(422);
      expect(forged.json().violations).toEqual([{ propertyPath: 'organization_id', message: 'Organização inválida.' }]);
      expect((await view(t, u.org, 'forjada')).statusCode).toBe(404);
      expect((await view(t, u.foreignOrg, 'forjada')).statusCode).toBe(404);
    });
  });

  it('the tree: every page of the organization, a parent before its children', async () => {
    await createPage(t, u.org, 'redes-legado', 'Redes legado');
    const tree = (await t.call('GET', '/api/wiki/tree', u.orgIndex)).json() as WikiTree;
    const paths = tree.items.map((i) => i.path);
    expect(paths).toEqual(['redes', 'redes/mikrotik', 'redes/mikrotik/vlan', 'redes/mikrotik/vlan/trunk', 'redes/olt', 'redes-legado']);
    const byPath = new Map(tree.items.map((i) => [i.path, i]));
    expect(byPath.get('redes/mikrotik')!.parent_id).toBe(byPath.get('redes')!.id);
    expect(byPath.get('redes')!.parent_id).toBeNull();
  });

  it('delete: refused (409) while a page has children; a leaf goes, audited', async () => {
    const parent = (await view(t, u.org, 'redes/mikrotik/vlan')).json() as WikiPageView;
    const refused = await t.call('DELETE', `/api/wiki/page/${parent.page.id}`, u.org);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A página "VLANs" não pode ser excluída: tem 1 subpágina. Exclua ou mova as subpáginas antes.');
    const leaf = (await view(t, u.org, 'redes/mikrotik/vlan/trunk')).json() as WikiPageView;
    expect((await t.call('DELETE', `/api/wiki/page/${leaf.page.id}`, u.org)).statusCode).toBe(204);
    expect((await view(t, u.org, 'redes/mikrotik/vlan/trunk')).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/wiki/page/${leaf.page.id}`, u.org)).statusCode).toBe(404);
    const log = await t.app.db.select().from(revisions).where(and(eq(revisions.entity, 'wiki_page'), eq(revisions.entity_id, leaf.page.id)));
    expect(log.map((r) => r.action).sort()).toEqual(['create', 'delete']);
    expect(log.find((r) => r.action === 'create')!.changes).toMatchObject({ path: [null, 'redes/mikrotik/vlan/trunk'], title: [null, 'Trunk 802.1Q'] });
  });
});
