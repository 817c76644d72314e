/**
 * The authorization × tenancy matrix: every operation of the OpenAPI document × {no
 * token, a member without permissions, a `.INDEX`-only member, a full member of A, a full member
 * of B, the super admin}, checked against the expectations table (route-access.ts). A new route
 * without an entry fails the test the day it is added. The field-service routes also get another
 * technician of A (route-access.ts OTHER_TECHNICIAN): A's orders are not theirs.
 *
 * Cells run in phases so that no side effect reaches a later cell:
 *  1. every call expected to be refused, and every read (the database must not change at all;
 *     B's writes are checked one by one);
 *  2. the calls expected to pass the access check but harmless by construction: an empty body
 *     (validation answers 4xx), ids that do not exist (404) — they prove the check let them through;
 *  3. the bodies B was refused, with B's own ids in every reference field: when they are accepted,
 *     B's refusal was the tenancy check and not a validation error.
 * A member of A holding every permission, each unit-scopable one scoped to a unit with no rows, then
 * calls every route under a unit-scoped resource on A's rows: 404 (or a missing row's very answer),
 * its lists empty, nothing changed.
 * The figures are printed at the end; MATRIX_DEBUG=1 also prints the bodies the generator could
 * not make valid (B's creates, the unproved refusals).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ALL } from '../helpers';
import { createHardeningFixture, diffSnapshots, INDEX_PERMISSIONS, type HardeningFixture, type JsonSchema, type Operation, type Snapshot } from './fixture';
import { type Access, type RouteOptions, OTHER_TECHNICIAN, ROUTE_ACCESS } from './route-access';
import { eq } from 'drizzle-orm';
import { SCOPABLE_PERMISSIONS } from '@operacoes/contract';
import { scopedResources } from '../../src/core/resource';
import { users } from '../../src/core/schema';

/** Path parameters that name a row (the others name a report, a hash, a token…). */
const ROW_PARAMS = new Set(['id', 'unitId', 'activityId']);
const MISSING_ID = 999_999_999;

type Side = 'A' | 'B';
type Who = 'anonymous' | 'none' | 'index' | 'fullA' | 'fullB' | 'admin' | 'techA';
const PERMS: Record<Who, { perms: string[]; superAdmin: boolean }> = {
  anonymous: { perms: [], superAdmin: false },
  none: { perms: [], superAdmin: false },
  index: { perms: INDEX_PERMISSIONS, superAdmin: false },
  fullA: { perms: ALL, superAdmin: false },
  fullB: { perms: ALL, superAdmin: false },
  admin: { perms: ALL, superAdmin: true },
  techA: { perms: OTHER_TECHNICIAN.permissions, superAdmin: false },
};
/** Another technician of A calls the field-service routes only (the other routes have callers enough). */
const callsAsTechnician = (op: Operation) => OTHER_TECHNICIAN.routes.test(op.key);

/** The test's own reading of an access rule (not the server's `allows`: the two must agree). */
function passes(access: Access, who: Who): boolean {
  if (access === 'public') return true;
  if (who === 'anonymous') return false;
  if (access === 'authenticated') return true;
  const { perms, superAdmin } = PERMS[who];
  if (superAdmin) return true;
  if (access === 'superAdmin') return false;
  if (access === 'orgAdmin') return perms.includes('ORG');
  if ('anyOf' in access) return access.anyOf.some((p) => perms.includes(p));
  if ('write' in access) return perms.includes(access.write);
  const names = Array.isArray(access.read) ? access.read : [access.read];
  return names.some((n) => perms.includes(n) || perms.includes(`${n}.INDEX`) || (n === 'LOG' && perms.includes('LOG.READ')));
}

const entryOf = (key: string): { access: Access; options: RouteOptions } => {
  const e = ROUTE_ACCESS[key];
  return Array.isArray(e) ? { access: e[0], options: e[1] } : { access: e, options: {} };
};

let f: HardeningFixture;
const failures: string[] = [];
/** Strings that only A's rows carry (names, titles, e-mails…): B's answers must not contain them. */
const markers = new Set<string>();
const counts: Record<string, number> = {};
let cells = 0;
const started = performance.now();

/** Fails with every failure of the phase listed (then clears them, so the next phase reports only its own). */
function assertNoFailures() {
  const found = failures.splice(0);
  if (found.length) throw new Error(`${found.length} cell(s) failed:\n${found.join('\n')}`);
}
const count = (kind: string) => {
  cells++;
  counts[kind] = (counts[kind] ?? 0) + 1;
};
const short = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 160)}`;
const fail = (kind: string, op: Operation, expected: string, res: LightMyRequestResponse) => failures.push(`${kind} ${op.key}: expected ${expected}, got ${short(res)}`);

const spent = new Map<string, number>();
async function send(op: Operation, token: string | undefined, params: Record<string, string | number>, body?: unknown) {
  const payload = op.method === 'GET' || op.method === 'DELETE' ? undefined : (body ?? {});
  const t0 = performance.now();
  const res = await f.t.app.inject({
    method: op.method,
    url: f.urlOf(op.path, params) + (await f.resolveQuery(entryOf(op.key).options.query)),
    payload: payload as never,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  spent.set(op.key, (spent.get(op.key) ?? 0) + performance.now() - t0);
  return res;
}

/** Parameters that cannot name anything real: ids that do not exist, names nobody uses. */
const harmlessParams = (op: Operation) => Object.fromEntries(op.pathParams.map((p) => [p, ROW_PARAMS.has(p) ? MISSING_ID : `matriz-inexistente-${p}`]));
const namesRow = (op: Operation) => op.pathParams.some((p) => ROW_PARAMS.has(p));
const is2xx = (s: number) => s >= 200 && s < 300;

/** B's own rows, made through its create routes (bodies naming B's rows), so B's lists are not empty and B has rows to update. */
const madeByB = new Set<string>();
async function makeRowsOfB() {
  const creates = f.operations.filter((o) => {
    if (o.method !== 'POST' || o.pathParams.length || !o.body || !(o.key in ROUTE_ACCESS)) return false;
    const { access, options } = entryOf(o.key);
    return access !== 'public' && !options.fresh && passes(access, 'fullB');
  });
  const lastRefusal = new Map<string, string>();
  // Two rows of each kind where it can (a link has two ends).
  const madeTwice = new Map<string, number>();
  // A few passes: a section needs B's stock, a stock B's unit…
  for (let pass = 0; pass < 4; pass++) {
    const before = [...madeTwice.values()].reduce((a, b) => a + b, 0);
    for (const op of creates.filter((o) => (madeTwice.get(o.key) ?? 0) < 2)) {
      const body = await referenceBody(op, 'B');
      const res = await send(op, f.tokens.fullB, {}, body?.value);
      if (is2xx(res.statusCode)) {
        madeByB.add(op.key);
        madeTwice.set(op.key, (madeTwice.get(op.key) ?? 0) + 1);
      }
      else lastRefusal.set(op.key, `${JSON.stringify(body?.value)} → ${res.body.slice(0, 300)}`);
    }
    if ([...madeTwice.values()].reduce((a, b) => a + b, 0) === before) break;
  }
  if (process.env.MATRIX_DEBUG) for (const [k, v] of lastRefusal) if (!madeByB.has(k)) console.log('B could not make', k, v);
}

beforeAll(async () => {
  f = await createHardeningFixture();
  await makeRowsOfB();
  await f.settleBackgroundJobs(); // B's new activities may already be past due: notified now, not during phase 1
});
afterAll(async () => {
  await f?.close();
});

describe('authorization × tenancy matrix', () => {
  it('has an expectation for every operation of the OpenAPI document, and none for a route that is gone', () => {
    const keys = new Set(f.operations.map((o) => o.key));
    expect(f.operations.length).toBeGreaterThan(300);
    expect(f.operations.filter((o) => !(o.key in ROUTE_ACCESS)).map((o) => o.key), 'operations without an entry in route-access.ts').toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((k) => !keys.has(k)), 'entries of route-access.ts for routes that no longer exist').toEqual([]);
  });

  const proofs: { op: Operation; params: Record<string, string | number> }[] = [];
  const ownProofs: { op: Operation; params: Record<string, string | number> }[] = [];

  it('phase 1: refusals, tenancy and reads change nothing', async () => {
    const before = await f.snapshot();
    const tokens: Record<Who, string | undefined> = { anonymous: undefined, none: f.tokens.noneA, index: f.tokens.indexA, fullA: f.tokens.fullA, fullB: f.tokens.fullB, admin: f.tokens.admin, techA: f.tokens.techA };
    const aIds = new Map<string, Set<number>>();
    let snap: Snapshot | undefined = before;

    for (const op of f.operations) {
      if (!(op.key in ROUTE_ACCESS)) continue;
      const { access, options } = entryOf(op.key);
      const params = op.pathParams.length ? await f.resolveParams(op.path) : {};
      if (!params) {
        failures.push(`resolve ${op.key}: organization A has no row for its path parameters (fixture.ts resolver)`);
        continue;
      }
      const read = op.method === 'GET';
      const readOk = (s: number, who?: Who) => {
        const stated = who && who !== 'anonymous' ? options.answers?.[who] : undefined;
        return stated ? stated.includes(s) : is2xx(s) || (options.readOk ?? []).includes(s);
      };
      // Writes are refused with a body that is otherwise valid where practical: the refusal is the check's.
      const body = read ? undefined : (await referenceBody(op))?.value;

      for (const who of ['anonymous', 'none', 'index', 'fullA', 'fullB', 'admin', 'techA'] as Who[]) {
        if (who === 'techA' && !callsAsTechnician(op)) continue;
        const ok = passes(access, who);
        const onRow = who === 'none' || who === 'index' || who === 'fullA' || who === 'techA' ? options.onARow?.[who] : undefined;
        if (!read && ok && onRow) {
          // Through the route's rule, refused by the handler on A's real row: that status, nothing written.
          const kind = `${who} on A's row not theirs → ${onRow}, nothing changed`;
          count(kind);
          const pre = snap ?? (await f.snapshot());
          const res = await send(op, tokens[who], params, body);
          snap = await f.snapshot();
          if (res.statusCode !== onRow) fail(kind, op, String(onRow), res);
          const changed = diffSnapshots(pre, snap);
          if (changed.length) failures.push(`${kind} ${op.key}: the database changed: ${changed.join('; ')}`);
          continue;
        }
        if (access === 'public' && who !== 'anonymous') continue; // a token changes nothing on a public route
        if (!read && ok && who === 'techA') {
          // Every write of A's orders is refused to someone else's technician: the table must say with what.
          failures.push(`techA ${op.key}: route-access.ts does not say what another technician of A gets (onARow.techA)`);
          continue;
        }
        if (!read && ok && who !== 'fullB') continue; // phase 2 (harmless allowed writes)
        if (who === 'anonymous' && access === 'public') {
          if (!read) continue; // phase 2: with names that do not exist
          count('public read');
          const res = await send(op, undefined, params);
          if (!readOk(res.statusCode)) fail('public read', op, `2xx${options.readOk ? ` or ${options.readOk}` : ''}`, res);
          continue;
        }
        if (!ok) {
          const kind = who === 'anonymous' ? 'no token → 401' : `${who} → 403`;
          count(kind);
          const res = await send(op, tokens[who], params, body);
          if (res.statusCode !== (who === 'anonymous' ? 401 : 403)) fail(kind, op, who === 'anonymous' ? '401' : '403', res);
          if (who === 'fullB' && !read) snap = undefined; // a refused write must change nothing: checked at the end of the phase
          continue;
        }
        if (who === 'fullB') {
          if (namesRow(op) && !options.shared && !read) {
            // B changes ITS OWN row with a body naming one of A's rows (the other references B's): refused, nothing written.
            const own = await f.b.resolveParams(op.path);
            const fields = own ? ((await referenceBody(op, 'A'))?.fields ?? []) : [];
            for (const field of fields) {
              const kind = "B's own row, a body field names A's row → refused, nothing changed";
              count(kind);
              const ref = (await referenceBody(op, (p) => (p === field ? 'A' : 'B')))!;
              const pre = snap ?? (await f.snapshot());
              const res = await send(op, tokens.fullB, own!, ref.value);
              snap = await f.snapshot();
              const changed = diffSnapshots(pre, snap);
              if (res.statusCode < 400 || res.statusCode >= 500) fail(kind, op, `4xx for ${field} (body ${JSON.stringify(ref.value).slice(0, 200)})`, res);
              if (changed.length) failures.push(`${kind} ${op.key} (${field}): the database changed: ${changed.join('; ')}`);
            }
            if (fields.length) ownProofs.push({ op, params: own! });
          }
          if (namesRow(op) && !options.shared) {
            // B names A's row: 404, never its data, and nothing written.
            let kind = read ? "B reads A's row → 404" : "B writes A's row → 404, nothing changed";
            const pre = read ? undefined : (snap ?? (await f.snapshot()));
            const res = await send(op, tokens.fullB, params, body);
            if (res.statusCode !== 404 && !read && res.statusCode === 422) {
              // Validation answered before the lookup: right only if a row that does not exist gets the very same answer.
              kind = "B writes A's row → the same 422 as a missing row, nothing changed";
              const missing = await send(op, tokens.fullB, harmlessParams(op), body);
              if (missing.statusCode !== 422 || missing.json().message !== res.json().message) fail(kind, op, `the answer for a missing row (${short(missing)})`, res);
            } else if (res.statusCode !== 404) fail(kind, op, '404', res);
            count(kind);
            if (pre) {
              snap = await f.snapshot();
              const changed = diffSnapshots(pre, snap);
              if (changed.length) failures.push(`${kind} ${op.key}: the database changed: ${changed.join('; ')}`);
            }
            continue;
          }
          if (read) {
            count('B reads');
            const res = await send(op, tokens.fullB, params);
            if (!readOk(res.statusCode, 'fullB')) fail('B reads', op, '2xx', res);
            else if (!options.shared) await checkNoLeak(op, res, markers, aIds);
            continue;
          }
          // B's writes without a row in the path (creates…): each reference field in turn names A's row.
          const fields = (await referenceBody(op, 'A'))?.fields ?? [];
          for (const field of fields) {
            const kind = "B's body names A's row in a field → refused, nothing changed";
            count(kind);
            const ref = (await referenceBody(op, (p) => (p === field ? 'A' : 'B')))!;
            const pre = snap ?? (await f.snapshot());
            const res = await send(op, tokens.fullB, params, ref.value);
            snap = await f.snapshot();
            const changed = diffSnapshots(pre, snap);
            if (res.statusCode < 400 || res.statusCode >= 500) fail(kind, op, `4xx for ${field} (body ${JSON.stringify(ref.value).slice(0, 200)})`, res);
            if (changed.length) failures.push(`${kind} ${op.key} (${field}): the database changed: ${changed.join('; ')}`);
          }
          if (fields.length) proofs.push({ op, params });
          continue;
        }
        // An allowed read: A's members and the super admin.
        const kind = who === 'admin' ? 'super admin reads' : `${who} reads`;
        count(kind);
        const res = await send(op, tokens[who], params);
        if (!readOk(res.statusCode, who)) fail(kind, op, `${(who !== 'anonymous' && options.answers?.[who]) || `2xx${options.readOk ? ` or ${options.readOk}` : ''}`}`, res);
        if (who === 'fullA' && is2xx(res.statusCode) && op.pathParams.length === 0) collectA(op, res, markers, aIds);
      }
    }
    // A's lists were read above route by route; check B's lists again now that every marker is known.
    for (const op of f.operations.filter((o) => o.method === 'GET' && o.pathParams.length === 0 && o.key in ROUTE_ACCESS)) {
      const { access, options } = entryOf(op.key);
      if (access === 'public' || options.shared || !passes(access, 'fullB')) continue;
      count("B's list holds no row of A");
      const res = await send(op, f.tokens.fullB, {});
      if (is2xx(res.statusCode)) await checkNoLeak(op, res, markers, aIds);
    }
    // B's reads filtered by A's rows (`?stock_id=<A's stock>`): nothing of A comes back.
    for (const op of f.operations.filter((o) => o.method === 'GET' && o.key in ROUTE_ACCESS)) {
      const { access, options } = entryOf(op.key);
      if (access === 'public' || options.shared || !passes(access, 'fullB')) continue;
      const own = op.pathParams.length ? await f.b.resolveParams(op.path) : {};
      if (!own) continue;
      if (namesRow(op)) {
        // B's own row (its detail, balances, timeline…): readable, and nothing of A inside.
        count("B reads its own row, nothing of A");
        const res = await send(op, f.tokens.fullB, own);
        if (!is2xx(res.statusCode) && !(options.readOk ?? []).includes(res.statusCode)) fail("B reads its own row", op, '2xx', res);
        else await checkNoLeak(op, res, markers, new Map());
      }
      for (const q of op.query.filter((x) => /_id$|^(stock|section|product|patrimony|site|project|unit|user|activity|circuit|lmc)$/.test(x.name))) {
        const id = await aRowFor(op, q.name.endsWith('_id') ? q.name : `${q.name}_id`, 'A');
        if (id === undefined) continue;
        count("B's read filtered by A's row holds nothing of A");
        const base = (await f.resolveQuery(options.query)) || '?';
        const url = `${f.urlOf(op.path, own)}${base}${base === '?' ? '' : '&'}${q.name}=${id}`;
        const res = await f.t.call('GET', url, f.tokens.fullB);
        if (res.statusCode >= 500) failures.push(`B filters ${op.key} by A's ${q.name}: ${short(res)}`);
        else if (is2xx(res.statusCode)) {
          const theirs = await f.t.call('GET', url.replace(f.urlOf(op.path, own), f.urlOf(op.path, (await f.resolveParams(op.path)) ?? own)), f.tokens.fullA);
          const aItems = new Set(((safeJson(theirs) as { items?: { id?: number }[] })?.items ?? []).map((i) => i.id));
          const leaked = ((safeJson(res) as { items?: { id?: number; organization_id?: number }[] })?.items ?? []).filter((i) => i.organization_id === f.orgA || aItems.has(i.id));
          if (leaked.length) failures.push(`B filters ${op.key} by A's ${q.name}=${id}: ${leaked.length} row(s) of A: ${JSON.stringify(leaked[0]).slice(0, 160)}`);
          await checkNoLeak(op, res, markers, new Map());
        }
      }
    }
    const changed = diffSnapshots(before, await f.snapshot());
    if (changed.length) failures.push(`phase 1 changed the database: ${changed.join('; ')}`);
    // The leak detector itself: A's own stock list, read as if it were B's answer, is flagged.
    const stockList = f.operations.find((o) => o.key === 'GET /api/stock')!;
    const mark = failures.length;
    await checkNoLeak(stockList, await send(stockList, f.tokens.fullA, {}), markers, aIds);
    expect(failures.length, 'the leak detector flags A\'s own rows').toBeGreaterThan(mark);
    failures.splice(mark);
    assertNoFailures();
  });

  it('a member of A scoped to a unit with no rows: every route of a unit-scoped resource on A\'s rows is 404, its lists empty; nothing changes', async () => {
    const unit = await f.t.call('POST', '/api/unit-organizational', f.tokens.fullA, { name: 'Unidade vazia da matriz', code: 'VAZIA-MTZ' });
    expect(unit.statusCode, unit.body).toBe(201);
    const scoped = await f.t.createUser({ organizationId: f.orgA, permissions: ALL, username: 'matrix_scoped_a' });
    const scopes = Object.fromEntries(SCOPABLE_PERMISSIONS.map((p) => [p, [unit.json().id as number]]));
    await f.t.app.db.update(users).set({ permission_scopes: scopes }).where(eq(users.id, scoped.id));
    const before = await f.snapshot();
    const resources = [...new Map(scopedResources.map((r) => [r.path, r])).values()];
    const reached = new Set<string>();
    for (const op of f.operations) {
      if (!(op.key in ROUTE_ACCESS)) continue;
      const { access, options } = entryOf(op.key);
      if (access === 'public' || options.shared || !passes(access, 'fullA')) continue;
      const resource = resources.find((r) => op.path === `/api${r.path}` || op.path.startsWith(`/api${r.path}/{id}`));
      if (!resource) continue;
      reached.add(resource.entity);
      if (op.path === `/api${resource.path}`) {
        if (op.method !== 'GET') continue; // a create is checked by the unit-scope matrix (its rows must land in the scope)
        const kind = 'scoped to an empty unit: the list is empty';
        count(kind);
        const res = await send(op, scoped.token, {});
        const body = safeJson(res) as { items?: unknown[]; total_items?: number } | undefined;
        if (!is2xx(res.statusCode) || body?.items?.length !== 0 || body.total_items !== 0) fail(kind, op, '2xx with no items', res);
        continue;
      }
      const params = await f.resolveParams(op.path);
      if (!params) continue;
      const read = op.method === 'GET';
      const kind = read ? "scoped to an empty unit: A's row → 404" : "scoped to an empty unit: a write of A's row → 404, nothing changed";
      count(kind);
      const body = read ? undefined : (await referenceBody(op))?.value;
      const res = await send(op, scoped.token, params, body);
      if (res.statusCode === 404) continue;
      if (!read && res.statusCode === 422) {
        // Validation answered before the lookup: right only if a row that does not exist gets the very same answer.
        const missing = await send(op, scoped.token, harmlessParams(op), body);
        if (missing.statusCode === 422 && missing.json().message === res.json().message) continue;
      }
      fail(kind, op, '404', res);
    }
    const changed = diffSnapshots(before, await f.snapshot());
    if (changed.length) failures.push(`the scoped caller changed the database: ${changed.join('; ')}`);
    expect([...reached].sort(), 'every unit-scoped resource has routes in the document').toEqual([...new Set(resources.map((r) => r.entity))].sort());
    assertNoFailures();
  });

  it('phase 2: calls the access check lets through are not refused (harmless bodies and ids)', async () => {
    for (const op of f.operations) {
      if (!(op.key in ROUTE_ACCESS) || op.method === 'GET') continue;
      const { access, options } = entryOf(op.key);
      for (const who of ['anonymous', 'none', 'index', 'fullA', 'techA'] as Who[]) {
        if (who === 'techA' && !callsAsTechnician(op)) continue;
        if (!passes(access, who)) continue;
        if (access === 'public' && who !== 'anonymous') continue;
        const kind = who === 'anonymous' ? 'public write not 401' : `${who} write allowed`;
        count(kind);
        let token = ({ none: f.tokens.noneA, index: f.tokens.indexA, fullA: f.tokens.fullA, techA: f.tokens.techA } as Partial<Record<Who, string>>)[who];
        if (options.fresh) token = (await f.t.createUser({ organizationId: f.orgA, permissions: PERMS[who].perms })).token;
        const res = await send(op, token, harmlessParams(op), {});
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) fail(kind, op, 'the access check to pass (not 401/403/5xx)', res);
      }
    }
    assertNoFailures();
  });

  it("phase 3: the bodies B was refused are accepted with B's own ids (the refusal was tenancy)", async () => {
    // The same bodies with B's own ids everywhere: accepted, so each refusal above was the tenancy check.
    const before = await f.snapshot();
    const unproved: string[] = [];
    for (const { op, params } of proofs) {
      count("B's own ids accepted (proof)");
      const body = await referenceBody(op, 'B');
      const res = await send(op, f.tokens.fullB, params, body?.value);
      if (res.statusCode >= 500) fail('proof', op, 'not 5xx', res);
      if (!is2xx(res.statusCode)) unproved.push(`${op.key} (${res.statusCode})`);
      if (process.env.MATRIX_DEBUG && !is2xx(res.statusCode)) console.log(op.key, JSON.stringify(body?.value), res.body.slice(0, 400));
    }
    // B's own rows with bodies naming B's rows: accepted, so the refusal above was tenancy.
    const ownUnproved: string[] = [];
    for (const { op, params } of ownProofs) {
      count("B's own ids accepted (proof)");
      const body = await referenceBody(op, 'B');
      const res = await send(op, f.tokens.fullB, params, body?.value);
      if (res.statusCode >= 500) fail('proof', op, 'not 5xx', res);
      if (!is2xx(res.statusCode)) ownUnproved.push(`${op.key} (${res.statusCode})`);
      if (process.env.MATRIX_DEBUG && !is2xx(res.statusCode)) console.log(op.key, JSON.stringify(body?.value), res.body.slice(0, 400));
    }
    // The snapshot itself sees writes: the accepted proofs changed the database.
    if (proofs.length + ownProofs.length > unproved.length + ownUnproved.length) expect(diffSnapshots(before, await f.snapshot()).length, 'the snapshot sees the accepted writes').toBeGreaterThan(0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `authorization matrix: ${f.operations.length} operations, ${new Set(f.operations.map((o) => o.path)).size} paths, ${cells} cells in ${seconds} s`,
        ...Object.entries(counts).map(([k, n]) => `  ${String(n).padStart(5)}  ${k}`),
        `  A's distinctive values watched in B's answers: ${markers.size}`,
        `  B made its own rows through ${madeByB.size} create routes`,
        `  B's own rows: bodies naming A's ids refused, the same bodies with B's ids accepted: ${ownProofs.length - ownUnproved.length}/${ownProofs.length}${ownUnproved.length ? ` (not valid with B's ids either: ${ownUnproved.join(', ')})` : ''}`,
        `  slowest operations (all cells): ${[...spent].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, ms]) => `${k} ${Math.round(ms)} ms`).join(', ')}`,
        `  creates: bodies naming A's ids refused, the same bodies with B's ids accepted: ${proofs.length - unproved.length}/${proofs.length}${unproved.length ? ` (not valid with B's ids either, refusal not proved to be tenancy: ${unproved.join(', ')})` : ''}`,
      ].join('\n'),
    );
    assertNoFailures();
  });
});

// ---- leaks: B's answers against what A's full user sees

const MARKER_FIELDS = new Set(['name', 'fantasy_name', 'legal_name', 'code', 'title', 'username', 'client_name', 'email', 'serial', 'designation']);

function collectA(op: Operation, res: LightMyRequestResponse, markers: Set<string>, aIds: Map<string, Set<number>>) {
  const body = safeJson(res);
  if (!body || typeof body !== 'object') return;
  const items = (body as { items?: unknown[] }).items;
  if (Array.isArray(items)) aIds.set(op.key, new Set(items.map((i) => (i as { id?: number }).id).filter((x): x is number => typeof x === 'number')));
  const walk = (v: unknown, depth: number) => {
    if (depth > 4 || !v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      // Distinctive values only (a name with a space or a digit): words like "activities" are labels, not A's data.
      // Sequential codes (OS-000001) are per organization: B has its own.
      if (typeof x === 'string' && MARKER_FIELDS.has(k) && x.length >= 8 && /[\s\d@]/.test(x) && !/^[\d\s./:-]+$/.test(x) && !/^[A-Z]{1,5}-\d+$/.test(x)) markers.add(x);
      else walk(x, depth + 1);
    }
  };
  if (Array.isArray(items)) walk(items, 0);
}

async function checkNoLeak(op: Operation, res: LightMyRequestResponse, markers: Set<string>, aIds: Map<string, Set<number>>) {
  const body = safeJson(res);
  const items = (body as { items?: unknown[] } | undefined)?.items;
  if (Array.isArray(items)) {
    const ids = aIds.get(op.key);
    for (const item of items as { id?: number; organization_id?: number }[]) {
      if (item.organization_id === f.orgA) failures.push(`B's list ${op.key} holds a row of organization A: ${JSON.stringify(item).slice(0, 160)}`);
      else if (ids && typeof item.id === 'number' && ids.has(item.id)) failures.push(`B's list ${op.key} holds A's row id ${item.id}: ${JSON.stringify(item).slice(0, 160)}`);
    }
  }
  const text = res.body;
  for (const m of markers) if (text.includes(m)) failures.push(`B's answer to ${op.key} contains "${m}", a value of organization A's rows`);
}

function safeJson(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

// ---- request bodies naming A's rows in every reference field

/** Where A's row for a reference field is listed, by the field's name without `_id` (and its prefixes). */
const REF_LIST: Record<string, string> = {
  stock: '/api/stock',
  section: '/api/section',
  product: '/api/product',
  patrimony: '/api/patrimony',
  site: '/api/site',
  asset: '/api/asset',
  network_asset: '/api/asset',
  circuit: '/api/circuit',
  lmc: '/api/lmc',
  lmx: '/api/lmx',
  svc: '/api/svc',
  union: '/api/union',
  project: '/api/project',
  task: '/api/project/task',
  activity: '/api/external-activity',
  external_activity: '/api/external-activity',
  assistance_type: '/api/external-activity/assistance-type',
  viability: '/api/viability',
  viability_unit: '/api/viability/unit',
  template: '/api/viability/unit/template',
  category: '/api/faq/category',
  question: '/api/faq/question',
  unit_organizational: '/api/unit-organizational',
  data_source: '/api/organization-settings/data-source',
  shipment: '/api/shipment',
  shipment_solicitation: '/api/shipment-solicitation',
  solicitation: '/api/patrimony-solicitation',
  patrimony_solicitation: '/api/patrimony-solicitation',
  schedule: '/api/schedule',
  page: '/api/wiki/page',
};
const USER_REFS = /^(user|seller|requester|technician|responsible|holder|assignee|owner|manager|recipient|approver|person|created_by|receiver|driver|participant|member)s?$/;
const PREFIXES = /^(from|to|origin|destination|target|source|parent|main|primary|secondary|a|b|new|old)_/;
const LOCALE_REFS = new Set(['city', 'state', 'country']);

/** The row of organization `side` (A by default) a reference field names, or undefined. */
async function aRowFor(op: Operation, field: string, side: Side = 'A'): Promise<number | undefined> {
  const r = side === 'A' ? f : f.b;
  const org = side === 'A' ? f.orgA : f.orgB;
  let base = field.replace(/_ids?$/, '');
  // A link's other end (site_b, to_section, to_asset) names a second row: both ends on one row is refused for its own reason.
  const index = /^to_|_b$/.test(base) ? 1 : 0;
  if (base === 'organization') return org;
  if (LOCALE_REFS.has(base)) return undefined; // platform-wide: not a tenancy reference
  for (let i = 0; i < 2; i++) {
    if (USER_REFS.test(base)) return side === 'A' ? (await f.rows<{ id: number }>(`select id from "user" where organization_id = ${f.orgA} and username = 'gestor'`))[0]?.id : f.users.fullB.id;
    if (base === 'unit') return r.resolveParams(op.path.startsWith('/api/viability') ? '/api/viability/unit/{id}' : '/api/unit-organizational/{id}').then((p) => p?.id as number | undefined);
    if (base === 'page') return (await f.rows<{ id: number }>(`select id from wiki_page where organization_id = ${org} order by id limit 1`))[0]?.id;
    if (REF_LIST[base]) return index ? ((await r.idAt(REF_LIST[base], index)) ?? r.resolveParams(`${REF_LIST[base]}/{id}`).then((p) => p?.id as number | undefined)) : r.resolveParams(`${REF_LIST[base]}/{id}`).then((p) => p?.id as number | undefined);
    base = base.replace(PREFIXES, '').replace(/_(a|b)$/, ''); // from_section → section, site_a → site
  }
  return undefined;
}

const first = (s: JsonSchema): JsonSchema => {
  const options = s.anyOf ?? s.oneOf;
  if (options) return first(options.find((o) => o.type !== 'null') ?? options[0]);
  if (s.allOf) return first(Object.assign({}, ...s.allOf));
  return s;
};
const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

let serial = 0;
/** A plausible value for a field (valid where practical: enums, formats, bounds, well-known names). */
function sample(name: string, schema: JsonSchema): unknown {
  const s = first(schema);
  if (s.enum?.length) return s.enum.find((v) => v !== null);
  if (s.const !== undefined) return s.const;
  const type = typeOf(s);
  if (type === 'integer' || type === 'number') {
    if (/lat/.test(name)) return -25.43;
    if (/lng|lon/.test(name)) return -49.27;
    const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? (s.exclusiveMinimum as number) + 1 : 1;
    const v = Math.max(min, 1);
    return typeof s.maximum === 'number' ? Math.min(v, s.maximum) : v;
  }
  if (type === 'boolean') return false;
  if (type === 'array') {
    const n = typeof s.minItems === 'number' ? (s.minItems as number) : 0;
    return Array.from({ length: n }, () => sample(name, s.items ?? {}));
  }
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const r of s.required ?? []) out[r] = sample(r, s.properties?.[r] ?? {});
    return out;
  }
  // Dates in the past (an outage cannot start in the future), an end after its start.
  const ends = /^(end|ends|due|finish|to|until)|_(end|to|until)$/.test(name);
  if (s.format === 'date' || /(_on|_date|date)$/.test(name)) return ends ? '2026-11-25' : '2026-11-20';
  if (s.format === 'date-time' || /_at$/.test(name)) return ends ? '2026-11-20T12:00:00.000Z' : '2026-11-20T10:00:00.000Z';
  if (s.format === 'email' || /email/.test(name)) return `matriz${++serial}@example.com`;
  // A drawing (a client's signature): a well-formed PNG data URL, so the refusal under test is not the body's.
  if (typeof s.pattern === 'string' && s.pattern.includes('data:image')) return 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  if (s.format === 'uri' || /url/.test(name)) return 'https://example.com/matriz';
  if (/cnpj|document/.test(name)) return '11222333000181';
  if (/cpf/.test(name)) return '52998224725';
  if (/(^|_)ip$|address_ip/.test(name)) return '10.0.0.1';
  if (/cidr/.test(name)) return '10.0.0.0/24';
  if (/vlan/.test(name)) return 100;
  if (/color/.test(name)) return '#336699';
  if (/cost|price|amount|value/.test(name)) return '100.00';
  // Codes, usernames and hostnames take letters, digits and hyphens only; unique per call.
  const text = `matriz-${name.replace(/_/g, '-')}-${++serial}`.padEnd(typeof s.minLength === 'number' ? s.minLength : 0, 'x');
  return typeof s.maxLength === 'number' ? text.slice(0, s.maxLength) : text;
}

/**
 * A body for `op` whose reference fields (`*_id` / `*_ids`, top level and in arrays of objects one
 * level down, e.g. `items.0.patrimony_id`) name rows of organization `side(field)` — one side for
 * all, or A for one field and B for the rest — the other required fields filled with plausible
 * values. `fields`: the reference fields that got a row.
 */
async function referenceBody(op: Operation, side: Side | ((field: string) => Side) = 'A'): Promise<{ value: Record<string, unknown>; refs: number; fields: string[] } | undefined> {
  if (!op.body) return undefined;
  const schema = first(op.body);
  if (!schema.properties) return undefined;
  const sideOf = typeof side === 'function' ? side : () => side;
  const fields: string[] = [];
  const fill = async (s: JsonSchema, prefix: string, depth: number): Promise<Record<string, unknown>> => {
    const out: Record<string, unknown> = {};
    for (const [name, raw] of Object.entries(s.properties ?? {})) {
      const p = first(raw);
      const path = prefix + name;
      if (/_ids?$/.test(name)) {
        const id = await aRowFor(op, name, sideOf(path));
        if (id !== undefined) fields.push(path);
        // No such row on that side: an id nobody has (a sampled 1 would be another organization's row).
        const ref = id ?? (LOCALE_REFS.has(name.replace(/_ids?$/, '')) ? undefined : MISSING_ID);
        if (ref !== undefined && (id !== undefined || (s.required ?? []).includes(name))) {
          out[name] = name.endsWith('_ids') || typeOf(p) === 'array' ? [ref] : ref;
          continue;
        }
      }
      if (typeOf(p) === 'array' && depth < 1 && p.items && first(p.items).properties && Object.keys(first(p.items).properties ?? {}).some((k) => /_ids?$/.test(k))) {
        out[name] = [await fill(first(p.items), `${path}.0.`, depth + 1)];
        continue;
      }
      if ((s.required ?? []).includes(name)) out[name] = sample(name, p);
    }
    return out;
  };
  const value = await fill(schema, '', 0);
  return { value, refs: fields.length, fields };
}
