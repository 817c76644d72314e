/**
 * Stale edits: every kit record's read carries its version (`ETag`); a `PUT` with
 * `If-Match` of an older version is refused with 412, naming who changed it, and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifMatchPasses } from '../../src/core/etag';
import { kitUpdatesOf } from '../../src/core/resource';
import { seedDemo } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../helpers';
import { WAREHOUSE_ALL, place, uid } from '../warehouse/helpers';

type Caller = { token: string };

describe('If-Match on the kit (RFC 9110 strong comparison)', () => {
  it('matches quoted, listed and * tags; never a weak one', () => {
    expect(ifMatchPasses('"abc"', '"abc"')).toBe(true);
    expect(ifMatchPasses('abc', '"abc"')).toBe(true);
    expect(ifMatchPasses('"x", "abc"', '"abc"')).toBe(true);
    expect(ifMatchPasses('*', '"abc"')).toBe(true);
    expect(ifMatchPasses('W/"abc"', '"abc"')).toBe(false);
    expect(ifMatchPasses('"abd"', '"abc"')).toBe(false);
    expect(ifMatchPasses(',', '"abc"')).toBe(false);
  });
});

describe('ETag / If-Match on every resource (stock, product, section, user; organization settings)', () => {
  let t: TestApp;
  let ana: Caller & { id: number };
  let bruno: Caller;
  let foreign: Caller;
  let resources: { name: string; path: string; edit: (n: number) => Record<string, unknown>; field: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    ana = await t.createUser({ permissions: [...WAREHOUSE_ALL, 'USER'], nickname: 'Ana Revisora' });
    bruno = await t.createUser({ permissions: [...WAREHOUSE_ALL, 'USER'], nickname: 'Bruno' });
    const other = await t.createOrganization('Outra');
    foreign = await t.createUser({ permissions: [...WAREHOUSE_ALL, 'USER'], organizationId: other });
    const p = await place(t);
    const user = await t.call('POST', '/api/user', ana.token, {
      username: `editado.${uid()}`,
      email: `editado.${uid()}@example.com`,
      password: 'uma-senha-forte',
      person: { nickname: 'Editado', full_name: 'Editado da Silva' },
    });
    expect(user.statusCode, user.body).toBe(201);
    resources = [
      { name: 'stock', path: `/api/stock/${p.stockId}`, edit: (n) => ({ name: `Estoque editado ${n}` }), field: 'name' },
      { name: 'product', path: `/api/product/${p.consumableProductId}`, edit: (n) => ({ name: `Produto editado ${n}`, price: `${n},50` }), field: 'name' },
      { name: 'section', path: `/api/section/${p.sectionId}`, edit: (n) => ({ name: `Seção editada ${n}` }), field: 'name' },
      { name: 'user', path: `/api/user/${user.json().id}`, edit: (n) => ({ email: `editado${n}.${uid()}@example.com` }), field: 'email' },
    ];
  });
  afterAll(() => t?.close());

  const put = (token: string, path: string, body: unknown, ifMatch?: string) =>
    t.app.inject({ method: 'PUT', url: path, payload: body as never, headers: { authorization: `Bearer ${token}`, ...(ifMatch ? { 'if-match': ifMatch } : {}) } });
  const get = (token: string, path: string) => t.call('GET', path, token);

  it('answers an ETag on a read and on a PUT; the old version is refused (412, author named, nothing changed)', async () => {
    for (const r of resources) {
      const first = await get(bruno.token, r.path);
      const v1 = first.headers.etag as string;
      expect(v1, r.name).toMatch(/^"[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{16}"$/);
      // Reading again gives the same version (nothing changed).
      expect((await get(bruno.token, r.path)).headers.etag).toBe(v1);
      // Ana saves with the version she read: 200, a new version, the same one a read gives.
      const saved = await put(ana.token, r.path, r.edit(1), v1);
      expect(saved.statusCode, `${r.name} ${saved.body}`).toBe(200);
      const v2 = saved.headers.etag as string;
      expect(v2).not.toBe(v1);
      expect((await get(bruno.token, r.path)).headers.etag, r.name).toBe(v2);
      // Bruno still holds v1: refused, told who changed it, given the current record.
      const before = (await get(bruno.token, r.path)).json();
      const stale = await put(bruno.token, r.path, r.edit(2), v1);
      expect(stale.statusCode, r.name).toBe(412);
      expect(stale.json()).toMatchObject({ code: 412, message: 'Este registro foi alterado por Ana Revisora enquanto você editava.' });
      expect(stale.json().current[r.field]).toBe(before[r.field]);
      // The 412 names the current row version (what If-Match compares), without an answer hash.
      expect(`${stale.headers.etag}`.replace(/"/g, '')).toBe(v2.replace(/"/g, '').split('.')[0]);
      expect((await get(bruno.token, r.path)).json()).toEqual(before);
      // A weak tag never matches (strong comparison); the quoted current one, a list holding it, or * do.
      expect((await put(bruno.token, r.path, r.edit(3), `W/${v2}`)).statusCode).toBe(412);
      const listed = await put(bruno.token, r.path, r.edit(4), `${v1}, ${v2}`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect((await put(bruno.token, r.path, r.edit(5), '*')).statusCode).toBe(200);
      // Old clients: a PUT without If-Match still writes.
      expect((await put(bruno.token, r.path, r.edit(6))).statusCode).toBe(200);
      // Another organization's record is still 404, whatever the If-Match.
      expect((await put(foreign.token, r.path, r.edit(7), v1)).statusCode).toBe(404);
      expect((await get(foreign.token, r.path)).statusCode).toBe(404);
    }
  });

  it('a version changed by a workflow or a custom route is a new version too', async () => {
    // The stock's stored row changes by any path (here a direct update, as a workflow would).
    const r = resources[0];
    const v = (await get(ana.token, r.path)).headers.etag as string;
    const { stocks } = await import('../../src/modules/warehouse/stock/schema');
    const { eq } = await import('drizzle-orm');
    const id = Number(r.path.split('/').pop());
    await t.app.db.update(stocks).set({ address: `Rua mudada ${uid()}` }).where(eq(stocks.id, id));
    expect((await get(ana.token, r.path)).headers.etag).not.toBe(v);
    const stale = await put(ana.token, r.path, r.edit(8), v);
    expect(stale.statusCode).toBe(412);
    // The last revision is Ana's own edit from the previous test, or Bruno's: a name, never empty.
    expect(stale.json().message).toMatch(/^Este registro foi alterado por \S.* enquanto você editava\.$/);
  });

  it('two racing saves with the same If-Match: exactly one 200, one 412', async () => {
    for (const r of resources) {
      const v = (await get(ana.token, r.path)).headers.etag as string;
      const answers = await Promise.all([put(ana.token, r.path, r.edit(10), v), put(bruno.token, r.path, r.edit(11), v)]);
      expect(answers.map((a) => a.statusCode).sort(), `${r.name}: ${answers.map((a) => a.body).join(' | ')}`).toEqual([200, 412]);
      const winner = answers.find((a) => a.statusCode === 200)!;
      expect((await get(ana.token, r.path)).json()[r.field]).toBe(winner.json()[r.field]);
    }
  });

  // A hand-written route with an edit form shares core/etag's check.
  it('a settings section has a version; a save with an older one is 412 naming who saved', async () => {
    const ana = await t.createUser({ permissions: ['ORG'], nickname: 'Ana Configuradora' });
    const bruno = await t.createUser({ permissions: ['ORG'] });
    const put = (token: string, body: unknown, ifMatch?: string) =>
      t.app.inject({ method: 'PUT', url: '/api/organization-settings/warehouse', payload: body as never, headers: { authorization: `Bearer ${token}`, ...(ifMatch ? { 'if-match': ifMatch } : {}) } });
    const first = await t.call('GET', '/api/organization-settings/warehouse', bruno.token);
    const v1 = first.headers.etag as string;
    expect(v1).toMatch(/^"[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{16}"$/);
    const loaded = first.json() as Record<string, unknown>;
    const saved = await put(ana.token, { ...loaded, patrimony_prefix: 'ANA-' }, v1);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).not.toBe(v1);
    const stale = await put(bruno.token, { ...loaded, patrimony_prefix: 'BRU-' }, v1);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 412, message: 'Este registro foi alterado por Ana Configuradora enquanto você editava.', current: { patrimony_prefix: 'ANA-' } });
    expect((await t.call('GET', '/api/organization-settings/warehouse', bruno.token)).json().patrimony_prefix).toBe('ANA-');
    // Without If-Match (old clients) it still saves; with the current version too.
    expect((await put(bruno.token, { ...loaded, patrimony_prefix: 'BRU-' })).statusCode).toBe(200);
    const v3 = (await t.call('GET', '/api/organization-settings/warehouse', bruno.token)).headers.etag as string;
    expect((await put(ana.token, { ...loaded, patrimony_prefix: 'ANA2-' }, v3)).statusCode).toBe(200);
  });

  it('the OpenAPI document: ETag on a kit read and write, If-Match and 412 on its PUT, also for organization settings', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    for (const path of ['/api/stock/{id}', '/api/organization-settings/warehouse']) {
      const item = doc.paths[path];
      expect(item.get.responses['200'].headers.ETag, path).toBeDefined();
      expect(item.put.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'If-Match'), path).toBeDefined();
      expect(item.put.responses['412'].description, path).toMatch(/If-Match/);
    }
    expect(doc.paths['/api/stock'].get.responses['200'].headers).toBeUndefined();
  });
});

describe('every kit resource: the version a read gives is the one its update checks', () => {
  it('on a demo row of each resource: If-Match of the read passes, a made-up one is 412', { timeout: 120_000 }, async () => {
    const t = await createTestApp();
    try {
      await seedDemo(t.app);
      const admin = await t.adminToken();
      const checked: string[] = [];
      const skipped: string[] = [];
      for (const [entity, kit] of kitUpdatesOf(t.app.db)) {
        const list = await t.call('GET', `/api${kit.def.path}?pageSize=1`, admin);
        const id = list.statusCode === 200 ? (list.json().items[0]?.id as number | undefined) : undefined;
        if (!id) continue;
        const read = await t.call('GET', `/api${kit.def.path}/${id}`, admin);
        const etag = read.headers.etag as string;
        if (read.statusCode !== 200 || !read.headers.etag) {
          skipped.push(`${entity} ${read.statusCode}`);
          continue;
        }
        expect(etag, entity).toMatch(/^"[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{16}"$/);
        const put = (ifMatch: string) => t.app.inject({ method: 'PUT', url: `/api${kit.def.path}/${id}`, payload: {}, headers: { authorization: `Bearer ${admin}`, 'if-match': ifMatch } });
        const stale = await put('"versao-inventada"');
        expect(stale.statusCode, `${entity}: ${stale.body}`).toBe(412);
        const fresh = await put(etag);
        expect(fresh.statusCode, `${entity}: ${fresh.body}`).not.toBe(412);
        checked.push(entity);
      }
      // 31 of the demo's resources today (faq_question reads through its own route, without a version).
      expect(checked.length, `checked ${checked.join(', ')}; skipped ${skipped.join(', ')}`).toBeGreaterThanOrEqual(25);
    } finally {
      await t.close();
    }
  });
});
