import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { revisions } from '../src/modules/revision/schema';
import { createTestApp, type TestApp } from './helpers';

export type CrudOptions = {
  path: string;
  entity: string;
  /** Permission name `X` (read with `X.INDEX`), or a role-based rule. */
  permission: string | { read: 'authenticated'; write: 'superAdmin' };
  /** Any logged-in user may read (reference data); only writes need the permission. */
  openRead?: boolean;
  /** Rows belong to an organization: another organization's rows answer 404. */
  tenancy: boolean;
  /** A valid create body; `n` makes it unique. */
  valid: (n: number, t: TestApp) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Bodies that must be refused with 422 (and write nothing). */
  invalid: Record<string, unknown>[];
  /** A valid update body (or a function making one) and a check of the answer. */
  update: { body: Record<string, unknown> | ((t: TestApp) => Promise<Record<string, unknown>>); expect: (row: Record<string, unknown>) => void };
  /** A one-field update body; default: the first string field of the update body (else its first field). */
  oneField?: Record<string, unknown>;
  /** A search term, accents stripped or case changed, that finds any row made by `valid(n)`. */
  search?: string;
};

/** The generic resource test suite (DESIGN §2): permissions, tenancy, validation, paging, audit. */
export function describeCrud(name: string, o: CrudOptions) {
  describe(`${name}: resource kit`, () => {
    let t: TestApp;
    let full: string, readOnly: string | undefined, none: string, foreign: string;
    let created: Record<string, unknown>;
    let updateBody: Record<string, unknown>;
    const roleBased = typeof o.permission !== 'string';

    beforeAll(async () => {
      t = await createTestApp();
      if (typeof o.permission === 'string') {
        full = (await t.createUser({ permissions: [o.permission] })).token;
        readOnly = (await t.createUser({ permissions: [`${o.permission}.INDEX`] })).token;
        none = (await t.createUser({ permissions: [] })).token;
        const other = await t.createOrganization('Outra Organização');
        foreign = (await t.createUser({ permissions: [o.permission], organizationId: other })).token;
      } else {
        full = await t.adminToken();
        none = (await t.createUser({ permissions: ['ORG', 'USER'] })).token;
        readOnly = none;
        foreign = none;
      }
    });
    afterAll(() => t?.close());
    beforeAll(async () => {
      updateBody = typeof o.update.body === 'function' ? await o.update.body(t) : o.update.body;
    });

    const count = async () => {
      const res = await t.call('GET', `${o.path}?pageSize=1`, full);
      return res.json().total_items as number;
    };

    it('refuses calls without a token (401)', async () => {
      expect((await t.call('GET', o.path)).statusCode).toBe(401);
      expect((await t.call('POST', o.path, undefined, await o.valid(0, t))).statusCode).toBe(401);
    });

    it('creates with full permission (201) and writes an audit row in the same change', async () => {
      const res = await t.call('POST', o.path, full, await o.valid(1, t));
      expect(res.statusCode, res.body).toBe(201);
      created = res.json();
      expect(created.id).toBeTypeOf('number');
      const rows = await t.app.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.entity, o.entity), eq(revisions.entity_id, created.id as number), eq(revisions.action, 'create')));
      expect(rows).toHaveLength(1);
    });

    it('refuses writes without the permission (403)', async () => {
      if (!roleBased && !o.openRead) {
        expect((await t.call('GET', o.path, none)).statusCode).toBe(403);
      }
      expect((await t.call('POST', o.path, none, await o.valid(91, t))).statusCode).toBe(403);
      expect((await t.call('POST', o.path, readOnly, await o.valid(90, t))).statusCode).toBe(403);
      expect((await t.call('PUT', `${o.path}/${created.id}`, readOnly, updateBody)).statusCode).toBe(403);
      expect((await t.call('DELETE', `${o.path}/${created.id}`, readOnly)).statusCode).toBe(403);
    });

    it('lets a read-only user list and read (200)', async () => {
      const list = await t.call('GET', o.path, readOnly);
      expect(list.statusCode).toBe(200);
      expect((await t.call('GET', `${o.path}/${created.id}`, readOnly)).statusCode).toBe(200);
    });

    it('answers 422 with violations for bad input, and writes nothing', async () => {
      const before = await count();
      for (const body of o.invalid) {
        const res = await t.call('POST', o.path, full, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().violations.length).toBeGreaterThan(0);
        expect(res.json().message).toBeTypeOf('string');
      }
      expect(await count()).toBe(before);
      const bad = await t.call('PUT', `${o.path}/${created.id}`, full, o.invalid[0]);
      expect(bad.statusCode).toBe(422);
    });

    it('updates (200) and audits the changed fields', async () => {
      const res = await t.call('PUT', `${o.path}/${created.id}`, full, updateBody);
      expect(res.statusCode, res.body).toBe(200);
      o.update.expect(res.json());
      const [{ n }] = await t.app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(revisions)
        .where(and(eq(revisions.entity, o.entity), eq(revisions.entity_id, created.id as number), eq(revisions.action, 'update')));
      expect(n).toBeGreaterThan(0);
    });

    it('keeps every field a PUT does not carry (one field, then none)', async () => {
      const id = created.id as number;
      // Leave defaults behind first, so that a reset to a default would show.
      const first = (await t.call('GET', `${o.path}/${id}`, full)).json();
      if (first.is_active === true) expect((await t.call('PUT', `${o.path}/${id}`, full, { is_active: false })).statusCode).toBe(200);
      const before = (await t.call('GET', `${o.path}/${id}`, full)).json();
      const [key, value] = Object.entries(o.oneField ?? {})[0] ?? Object.entries(updateBody).find(([k, v]) => typeof v === 'string' && !k.endsWith('_id')) ?? Object.entries(updateBody)[0];
      const res = await t.call('PUT', `${o.path}/${id}`, full, { [key]: value });
      expect(res.statusCode, res.body).toBe(200);
      const after = (await t.call('GET', `${o.path}/${id}`, full)).json();
      const derived = new Set([key, key.replace(/_id$/, ''), 'updated_at']);
      const kept = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => !derived.has(k)));
      expect(kept(after)).toEqual(kept(before));
      const empty = await t.call('PUT', `${o.path}/${id}`, full, {});
      expect(empty.statusCode, empty.body).toBe(200);
      const { updated_at: _a, ...afterEmpty } = (await t.call('GET', `${o.path}/${id}`, full)).json();
      const { updated_at: _b, ...afterOne } = after;
      expect(afterEmpty).toEqual(afterOne);
    });

    it("lets a super admin list, read, create, update and delete every organization's rows", async () => {
      const admin = await t.adminToken();
      const mine = await t.call('POST', o.path, admin, await o.valid(60, t));
      expect(mine.statusCode, mine.body).toBe(201);
      const row = mine.json();
      // A super admin's create lands in the organization of what it references (here the platform's).
      if (o.tenancy && 'organization_id' in row) expect(row.organization_id).toBe(t.platformOrganizationId);
      const put = await t.call('PUT', `${o.path}/${row.id}`, admin, updateBody);
      expect(put.statusCode, put.body).toBe(200);
      o.update.expect(put.json());
      let elsewhere = created.id as number;
      if (o.tenancy) {
        // A row of another organization (moved there directly: fixtures belong to the platform's).
        const moved = (await t.call('POST', o.path, full, await o.valid(61, t))).json();
        const other = await t.createOrganization(`Org do super admin ${o.entity}`);
        await t.app.db.execute(sql`update ${sql.identifier(o.entity)} set organization_id = ${other} where id = ${moved.id}`);
        expect((await t.call('GET', `${o.path}/${moved.id}`, full)).statusCode).toBe(404);
        elsewhere = moved.id;
      }
      const list = await t.call('GET', `${o.path}?pageSize=100`, admin);
      expect(list.statusCode, list.body).toBe(200);
      const ids = list.json().items.map((i: { id: number }) => i.id);
      expect(ids).toContain(row.id);
      expect(ids).toContain(elsewhere);
      expect(list.json().total_items).toBeGreaterThanOrEqual(2);
      expect((await t.call('GET', `${o.path}/${elsewhere}`, admin)).statusCode).toBe(200);
      const del = await t.call('DELETE', `${o.path}/${row.id}`, admin);
      expect([200, 204]).toContain(del.statusCode);
      if (o.tenancy) expect([200, 204]).toContain((await t.call('DELETE', `${o.path}/${elsewhere}`, admin)).statusCode);
    });

    it('refuses a NUL character and unknown or prototype sort fields (422, never 500)', async () => {
      const body = await o.valid(70, t);
      const [field] = Object.entries(body).find(([, v]) => typeof v === 'string') ?? ['name'];
      const res = await t.call('POST', o.path, full, { ...body, [field]: 'a\u0000b' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().violations[0].propertyPath).toBe(field);
      expect((await t.call('GET', `${o.path}?search=a%00b`, full)).statusCode).toBe(422);
      for (const sort of ['__proto__', '-__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const list = await t.call('GET', `${o.path}?sort=${sort}`, full);
        expect(list.statusCode, `${sort}: ${list.body}`).toBe(422);
        expect(list.json().code).toBe(422);
      }
    });

    it('answers 404 for unknown ids', async () => {
      expect((await t.call('GET', `${o.path}/999999`, full)).statusCode).toBe(404);
      expect((await t.call('PUT', `${o.path}/999999`, full, updateBody)).statusCode).toBe(404);
      expect((await t.call('DELETE', `${o.path}/999999`, full)).statusCode).toBe(404);
    });

    if (o.tenancy) {
      it("hides another organization's rows (404) and never lists them", async () => {
        expect((await t.call('GET', `${o.path}/${created.id}`, foreign)).statusCode).toBe(404);
        expect((await t.call('PUT', `${o.path}/${created.id}`, foreign, updateBody)).statusCode).toBe(404);
        expect((await t.call('DELETE', `${o.path}/${created.id}`, foreign)).statusCode).toBe(404);
        const list = (await t.call('GET', `${o.path}?pageSize=100`, foreign)).json();
        expect(list.items.map((i: { id: number }) => i.id)).not.toContain(created.id);
      });
    }

    it('pages with the list shape {items, total_items, total_pages, current_page, page_size}', async () => {
      for (let n = 2; n <= 4; n++) expect((await t.call('POST', o.path, full, await o.valid(n, t))).statusCode).toBe(201);
      const res = await t.call('GET', `${o.path}?page=2&pageSize=2`, full);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['current_page', 'items', 'page_size', 'total_items', 'total_pages']);
      expect(body.current_page).toBe(2);
      expect(body.page_size).toBe(2);
      expect(body.total_pages).toBe(Math.ceil(body.total_items / 2));
      expect(body.items.length).toBeLessThanOrEqual(2);
      expect((await t.call('GET', `${o.path}?page=0`, full)).statusCode).toBe(422);
      expect((await t.call('GET', `${o.path}?sort=-nao_existe`, full)).statusCode).toBe(422);
    });

    if (o.search) {
      it('searches accent- and case-insensitively', async () => {
        const row = (await t.call('POST', o.path, full, await o.valid(7, t))).json();
        const res = await t.call('GET', `${o.path}?search=${encodeURIComponent(o.search!)}&pageSize=100`, full);
        expect(res.statusCode).toBe(200);
        expect(res.json().items.map((i: { id: number }) => i.id)).toContain(row.id);
        const none = await t.call('GET', `${o.path}?search=zzzznadazzzz`, full);
        expect(none.json().total_items).toBe(0);
      });
    }

    it('deletes (204) and audits the deletion', async () => {
      const extra = (await t.call('POST', o.path, full, await o.valid(50, t))).json();
      const res = await t.call('DELETE', `${o.path}/${extra.id}`, full);
      expect([200, 204]).toContain(res.statusCode);
      if (res.statusCode === 204) expect((await t.call('GET', `${o.path}/${extra.id}`, full)).statusCode).toBe(404);
      const rows = await t.app.db.select().from(revisions).where(and(eq(revisions.entity, o.entity), eq(revisions.entity_id, extra.id)));
      expect(rows.length).toBeGreaterThanOrEqual(2);
    });
  });
}
