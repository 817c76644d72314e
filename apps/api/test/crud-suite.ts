import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ResourceDescriptor } from '@operacoes/contract';
import { revisions } from '../src/modules/revision/schema';
import { createTestApp, type TestApp } from './helpers';

type Body = Record<string, unknown>;
type Route = 'list' | 'get' | 'create' | 'update' | 'delete';

/** What the suite reads from a resource's contract descriptor (`defineResource`). */
export type CrudResource = Pick<ResourceDescriptor, 'entity' | 'plural' | 'apiPath' | 'permission' | 'access' | 'tenancy'>;

/** What only the resource's test knows: bodies, fixtures and the resource's own shape. */
export type CrudOptions = {
  /** A valid create body; `n` makes it unique (unused without a create route). */
  valid: (n: number, t: TestApp) => Body | Promise<Body>;
  /** Bodies that must be refused with 422 (and write nothing); updates when there is no create route. */
  invalid: Body[];
  /** A valid update body (or a function making one) and a check of the answer. */
  update: { body: Body | ((t: TestApp) => Promise<Body>); expect: (row: Body) => void };
  /** A one-field update body; default: the first string field of the update body (else its first field). */
  oneField?: Body;
  /** A search term, accents stripped or case changed, that finds any row made by `valid(n)`. */
  search?: string;
  /** The kit routes the resource registers (default all). */
  routes?: Route[];
  /** Without a `create` route: makes row `n` another way (e.g. through a workflow) and answers its read shape. */
  make?: (n: number, t: TestApp) => Promise<Body>;
  /**
   * Tenancy forgery: bodies (one, or one per reference) naming a row of organization `otherOrgId`
   * (a stock, unit, section, user…): a create and an update carrying their references are refused
   * with 404 or 422 and write nothing (an update schema without the field may ignore it: 200, row unchanged).
   */
  foreign?: (t: TestApp, otherOrgId: number) => Promise<Body | Body[]>;
};

/**
 * How the suite tests access, from the descriptor: a permission `X` (read with `X.INDEX`); a
 * role-based rule (shared rows: anyone reads, super admins write); or `X` whose rows only super
 * admins create and delete (organizations, where the row is the holder's own organization).
 */
type Permission = string | { read: 'authenticated'; write: 'superAdmin' } | { permission: string; createDelete: 'superAdmin' };

function permissionOf(r: CrudResource): Permission {
  const { access } = r;
  if (access.create === 'superAdmin' && access.delete === 'superAdmin' && r.permission) return { permission: r.permission, createDelete: 'superAdmin' };
  if (access.write === 'superAdmin') return { read: 'authenticated', write: 'superAdmin' };
  if (!r.permission) throw new Error(`describeCrud(${r.entity}): no permission and no rule the suite knows`);
  return r.permission;
}

/** The generic resource test suite (DESIGN §2): permissions, tenancy, validation, paging, audit, forgery. */
export function describeCrud(resource: CrudResource, options: CrudOptions) {
  const o = {
    ...options,
    path: `/api${resource.apiPath}`,
    entity: resource.entity,
    permission: permissionOf(resource),
    /** Any logged-in user may read (reference data); only writes need the permission. */
    openRead: resource.access.read === 'authenticated',
    /** Rows belong to an organization: another organization's rows answer 404. */
    tenancy: resource.tenancy === 'organization',
  };
  describe(`${resource.entity} (${resource.plural}): resource kit`, () => {
    let t: TestApp;
    let full: string, readOnly: string | undefined, none: string, foreign: string;
    let created: Body;
    let updateBody: Body;
    const perm = o.permission;
    const roleBased = typeof perm !== 'string' && !('createDelete' in perm);
    /** Rows are organizations themselves: only super admins create and delete them. */
    const ownRow = typeof perm !== 'string' && 'createDelete' in perm;
    const has = (route: Route) => !o.routes || o.routes.includes(route);
    const canCreate = has('create');
    const canDelete = has('delete');
    /** Row `n` through the kit's create (201), or through `make`. */
    const make = async (n: number, token = full): Promise<Body> => {
      if (!canCreate) return o.make!(n, t);
      const res = await t.call('POST', o.path, token, await o.valid(n, t));
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };

    beforeAll(async () => {
      t = await createTestApp();
      if (typeof perm !== 'string' && 'createDelete' in perm) {
        // The super admin creates; the read-only holder is made in the created organization (below).
        full = await t.adminToken();
        none = (await t.createUser({ permissions: [] })).token;
        foreign = (await t.createUser({ permissions: [perm.permission] })).token;
      } else if (typeof o.permission === 'string') {
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
    /** Rows as the super admin counts them: a forged write must land in no organization. */
    const countAll = async () => {
      const res = await t.call('GET', `${o.path}?pageSize=1`, await t.adminToken());
      return res.json().total_items as number;
    };
    const read = async (id: unknown) => (await t.call('GET', `${o.path}/${id}`, full)).json() as Body;

    it('refuses calls without a token (401)', async () => {
      expect((await t.call('GET', o.path)).statusCode).toBe(401);
      if (canCreate) expect((await t.call('POST', o.path, undefined, await o.valid(0, t))).statusCode).toBe(401);
      else expect((await t.call('PUT', `${o.path}/1`, undefined, {})).statusCode).toBe(401);
    });

    it('creates with full permission (201) and writes an audit row in the same change', async () => {
      created = await make(1);
      expect(created.id).toBeTypeOf('number');
      if (ownRow) readOnly = (await t.createUser({ permissions: [`${(perm as { permission: string }).permission}.INDEX`], organizationId: created.id as number })).token;
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
      if (canCreate) {
        expect((await t.call('POST', o.path, none, await o.valid(91, t))).statusCode).toBe(403);
        expect((await t.call('POST', o.path, readOnly, await o.valid(90, t))).statusCode).toBe(403);
      }
      expect((await t.call('PUT', `${o.path}/${created.id}`, readOnly, updateBody)).statusCode).toBe(403);
      if (canDelete) expect((await t.call('DELETE', `${o.path}/${created.id}`, readOnly)).statusCode).toBe(403);
    });

    it('lets a read-only user list and read (200)', async () => {
      const list = await t.call('GET', o.path, readOnly);
      expect(list.statusCode).toBe(200);
      expect((await t.call('GET', `${o.path}/${created.id}`, readOnly)).statusCode).toBe(200);
    });

    it('answers 422 with violations for bad input, and writes nothing', async () => {
      const before = await count();
      const row = await read(created.id);
      for (const body of o.invalid) {
        // Without a create route, the bad bodies are updates.
        const res = canCreate ? await t.call('POST', o.path, full, body) : await t.call('PUT', `${o.path}/${created.id}`, full, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().violations.length).toBeGreaterThan(0);
        expect(res.json().message).toBeTypeOf('string');
      }
      expect(await count()).toBe(before);
      const bad = await t.call('PUT', `${o.path}/${created.id}`, full, o.invalid[0]);
      expect(bad.statusCode).toBe(422);
      expect(await read(created.id)).toEqual(row);
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
      const row = await make(60, admin);
      // A super admin's create lands in the organization of what it references (here the platform's).
      if (o.tenancy && 'organization_id' in row) expect(row.organization_id).toBe(t.platformOrganizationId);
      const put = await t.call('PUT', `${o.path}/${row.id}`, admin, updateBody);
      expect(put.statusCode, put.body).toBe(200);
      o.update.expect(put.json());
      let elsewhere = created.id as number;
      // Organizations themselves are each their own organization: nothing to move.
      const movable = o.tenancy && 'organization_id' in row;
      if (movable) {
        // A row of another organization (moved there directly: fixtures belong to the platform's).
        const moved = await make(61);
        const other = await t.createOrganization(`Org do super admin ${o.entity}`);
        await t.app.db.execute(sql`update ${sql.identifier(o.entity)} set organization_id = ${other} where id = ${moved.id}`);
        expect((await t.call('GET', `${o.path}/${moved.id}`, full)).statusCode).toBe(404);
        elsewhere = moved.id as number;
      }
      // Newest first where the resource sorts by id (shared lists such as cities hold thousands of shipped rows).
      let list = await t.call('GET', `${o.path}?pageSize=100&sort=-id`, admin);
      if (list.statusCode === 422) list = await t.call('GET', `${o.path}?pageSize=100`, admin);
      expect(list.statusCode, list.body).toBe(200);
      const ids = list.json().items.map((i: { id: number }) => i.id);
      expect(ids).toContain(row.id);
      expect(ids).toContain(elsewhere);
      expect(list.json().total_items).toBeGreaterThanOrEqual(2);
      expect((await t.call('GET', `${o.path}/${elsewhere}`, admin)).statusCode).toBe(200);
      if (!canDelete) return;
      const del = await t.call('DELETE', `${o.path}/${row.id}`, admin);
      expect([200, 204]).toContain(del.statusCode);
      if (movable) expect([200, 204]).toContain((await t.call('DELETE', `${o.path}/${elsewhere}`, admin)).statusCode);
    });

    it('refuses a NUL character and unknown or prototype sort fields (422, never 500)', async () => {
      const body = canCreate ? await o.valid(70, t) : updateBody;
      const [field] = Object.entries(body).find(([, v]) => typeof v === 'string') ?? ['name'];
      const nul = { ...body, [field]: 'a\u0000b' };
      const res = canCreate ? await t.call('POST', o.path, full, nul) : await t.call('PUT', `${o.path}/${created.id}`, full, nul);
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
      if (canDelete) expect((await t.call('DELETE', `${o.path}/999999`, full)).statusCode).toBe(404);
    });

    if (o.tenancy) {
      it("hides another organization's rows (404) and never lists them", async () => {
        expect((await t.call('GET', `${o.path}/${created.id}`, foreign)).statusCode).toBe(404);
        expect((await t.call('PUT', `${o.path}/${created.id}`, foreign, updateBody)).statusCode).toBe(404);
        // Where only super admins delete, the holder of another organization is refused before the row is looked up.
        if (canDelete) expect((await t.call('DELETE', `${o.path}/${created.id}`, foreign)).statusCode).toBe(ownRow ? 403 : 404);
        const list = (await t.call('GET', `${o.path}?pageSize=100`, foreign)).json();
        expect(list.items.map((i: { id: number }) => i.id)).not.toContain(created.id);
      });
    }

    if (o.tenancy && !ownRow) {
      it("refuses a body naming another organization (422 on organization_id) and writes nothing; its own organization is accepted", async () => {
        const other = await t.createOrganization(`Org forjada ${o.entity}`);
        const refused = (res: { statusCode: number; body: string; json: () => Body }) => {
          expect(res.statusCode, res.body).toBe(422);
          expect(res.json().violations).toContainEqual({ propertyPath: 'organization_id', message: 'Organização inválida.' });
        };
        const before = await countAll();
        if (canCreate) {
          refused(await t.call('POST', o.path, full, { ...(await o.valid(80, t)), organization_id: other }));
          expect(await countAll()).toBe(before);
        }
        const row = await read(created.id);
        refused(await t.call('PUT', `${o.path}/${created.id}`, full, { ...updateBody, organization_id: other }));
        expect(await read(created.id)).toEqual(row);
        if (canCreate) {
          const own = await t.call('POST', o.path, full, { ...(await o.valid(81, t)), organization_id: t.platformOrganizationId });
          expect(own.statusCode, own.body).toBe(201);
          expect(own.json().organization_id ?? t.platformOrganizationId).toBe(t.platformOrganizationId);
        }
      });
    }

    if (o.foreign) {
      it("refuses a reference to another organization's row (404 or 422) and writes nothing", async () => {
        const other = await t.createOrganization(`Org alheia ${o.entity}`);
        const built = await o.foreign!(t, other);
        const before = await countAll();
        for (const body of Array.isArray(built) ? built : [built]) {
          if (canCreate) {
            const res = await t.call('POST', o.path, full, body);
            expect([404, 422], `POST ${JSON.stringify(body)}: ${res.body}`).toContain(res.statusCode);
            expect(await countAll()).toBe(before);
          }
          // The update carries only the references; an update schema without them ignores them (200) and changes nothing.
          const refs = Object.fromEntries(Object.entries(body).filter(([k]) => k.endsWith('_id') || k === 'items' || k === 'destination_type'));
          const { updated_at: _b, ...row } = await read(created.id);
          const res = await t.call('PUT', `${o.path}/${created.id}`, full, refs);
          if (res.statusCode !== 200) expect([404, 422], `PUT ${JSON.stringify(refs)}: ${res.body}`).toContain(res.statusCode);
          const { updated_at: _a, ...after } = await read(created.id);
          expect(after, `PUT ${JSON.stringify(refs)}`).toEqual(row);
          expect(await countAll()).toBe(before);
        }
      });
    }

    it('pages with the list shape {items, total_items, total_pages, current_page, page_size}', async () => {
      for (let n = 2; n <= 4; n++) await make(n);
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
        const row = await make(7);
        const res = await t.call('GET', `${o.path}?search=${encodeURIComponent(o.search!)}&pageSize=100`, full);
        expect(res.statusCode).toBe(200);
        expect(res.json().items.map((i: { id: number }) => i.id)).toContain(row.id);
        const none = await t.call('GET', `${o.path}?search=zzzznadazzzz`, full);
        expect(none.json().total_items).toBe(0);
      });
    }

    if (canDelete) it('deletes (204) and audits the deletion', async () => {
      const extra = await make(50);
      const res = await t.call('DELETE', `${o.path}/${extra.id}`, full);
      expect([200, 204]).toContain(res.statusCode);
      if (res.statusCode === 204) expect((await t.call('GET', `${o.path}/${extra.id}`, full)).statusCode).toBe(404);
      const rows = await t.app.db.select().from(revisions).where(and(eq(revisions.entity, o.entity), eq(revisions.entity_id, extra.id as number)));
      expect(rows.length).toBeGreaterThanOrEqual(2);
    });
  });
}
