/**
 * The unit-scope matrix: for every kit resource that declares a `unitScope`, on the demo
 * organization, a caller whose permission is scoped to unit X (full, and read-only `.INDEX`) sees
 * exactly X's rows (ids and total checked against the test's own SQL), and a row of another unit Y
 * is 404 to read, update and delete (the row unchanged, nothing audited); the read-only caller's
 * writes are 403; the organization-wide manager sees X's and Y's rows. Every unit of the demo is
 * also taken as the scope once (its list is exactly its rows), and X's caller reads every row of the
 * organization (200 exactly for X's). A PUT moving X's row towards Y never leaves it outside X.
 *
 * X is Ponta Grossa (PGO) where the resource has rows there or the manager can make one (inPgo);
 * otherwise the first pair of units that both have rows.
 *
 * Which rows belong to a unit is written here again in plain SQL (MEMBERS), apart from the
 * resources' declarations: a resource that starts declaring a scope fails the coverage test until
 * its rule is written here too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { scopedResources } from '../../src/core/resource';

/** A user "of" a unit: main unit or membership (user_unit). */
const userInUnit = (userColumn: SQL, unit: number) =>
  sql`exists (select 1 from "user" m where m.id = ${userColumn} and (m.unit_organizational_id = ${unit} or exists (select 1 from user_unit uu where uu.user_id = m.id and uu.unit_id = ${unit})))`;

const shipmentIn = (u: number) =>
  sql`(exists (select 1 from stock s where s.id = r.origin_stock_id and s.unit_organizational_id = ${u}) or r.destination_unit_id = ${u} or exists (select 1 from section sec join stock s on s.id = sec.stock_id where sec.id = r.destination_section_id and s.unit_organizational_id = ${u}))`;

/**
 * Per entity: its table and the condition "row `r` belongs to unit `unit`" (the documented rule of
 * each module, written independently of its `unitScope`).
 */
const MEMBERS: Record<string, { table: string; inUnit: (unit: number) => SQL }> = {
  stock: { table: 'stock', inUnit: (u) => sql`r.unit_organizational_id = ${u}` },
  section: { table: 'section', inUnit: (u) => sql`exists (select 1 from stock s where s.id = r.stock_id and s.unit_organizational_id = ${u})` },
  // Its stock's unit, or the units of the person holding it.
  patrimony: { table: 'patrimony', inUnit: (u) => sql`(exists (select 1 from stock s where s.id = r.stock_id and s.unit_organizational_id = ${u}) or ${userInUnit(sql`r.holder_user_id`, u)})` },
  // Its requester's units, or its stock's unit.
  patrimony_solicitation: { table: 'patrimony_solicitation', inUnit: (u) => sql`(${userInUnit(sql`r.requester_id`, u)} or exists (select 1 from stock s where s.id = r.stock_id and s.unit_organizational_id = ${u}))` },
  user: { table: 'user', inUnit: (u) => userInUnit(sql`r.id`, u) },
  site: { table: 'site', inUnit: (u) => sql`r.unit_organizational_id = ${u}` },
  network_asset: { table: 'network_asset', inUnit: (u) => sql`exists (select 1 from site s where s.id = r.site_id and s.unit_organizational_id = ${u})` },
  project: { table: 'project', inUnit: (u) => sql`r.unit_organizational_id = ${u}` },
  project_task: { table: 'project_task', inUnit: (u) => sql`exists (select 1 from project p where p.id = r.project_id and p.unit_organizational_id = ${u})` },
  // Its origin stock's unit, its destination unit, or its destination section's stock's unit.
  shipment_solicitation: { table: 'shipment_solicitation', inUnit: (u) => shipmentIn(u) },
  shipment: { table: 'shipment', inUnit: (u) => shipmentIn(u) },
  // Its unit, or a participant's units.
  external_activity: { table: 'external_activity', inUnit: (u) => sql`r.unit_organizational_id = ${u}` },
  viability: { table: 'viability', inUnit: (u) => sql`r.unit_organizational_id = ${u}` },
  // An address of a study: the study's unit.
  viability_unit: { table: 'viability_unit', inUnit: (u) => sql`exists (select 1 from viability v where v.id = r.viability_id and v.unit_organizational_id = ${u})` },
  schedule_event: { table: 'schedule_event', inUnit: (u) => sql`(r.unit_organizational_id = ${u} or exists (select 1 from schedule_event_participant p where p.event_id = r.id and ${userInUnit(sql`p.user_id`, u)}))` },
};

/** The demo's units, Ponta Grossa first: a scoped caller is of PGO where the resource has rows there. */
const UNIT_ORDER = ['PGO', 'CWB', 'SP', 'ALM'];
const MISSING_ID = 999_999_999;
const STRONG_PASSWORD = 'Escopo-Matriz-2026!';

let t: TestApp;
let org: number;
let units: Map<string, number>;
let manager: string;
let managerId: number;
const counts = { assertions: 0, resources: 0 };
const summary: string[] = [];
const moves: string[] = [];
const started = performance.now();

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app);
  [{ id: org }] = await rows<{ id: number }>(sql`select id from organization where fantasy_name = 'Demo Telecom'`);
  units = new Map((await rows<{ id: number; code: string }>(sql`select id, code from unit_organizational where organization_id = ${org}`)).map((u) => [u.code, Number(u.id)]));
  const session = await t.login('gestor', DEMO_PASSWORD);
  manager = session.token;
  managerId = session.user.id;
});
afterAll(async () => {
  await t?.close();
  console.log(`unit-scope matrix: ${counts.resources} resources, ${counts.assertions} checks, ${Math.round(performance.now() - started)} ms\n  ${summary.join('\n  ')}\n  moves: ${moves.join('; ')}`);
});

async function rows<T>(query: SQL): Promise<T[]> {
  return (await t.app.db.execute(query)).rows as T[];
}

/** Each scoped entity once (every app built in this worker registers its resources again). */
const scopedEntities = () => [...new Map(scopedResources.map((r) => [r.entity, r])).values()];

/** Ids of the organization's rows of `entity` in `unit`. */
async function idsIn(entity: string, unit: number): Promise<Set<number>> {
  const m = MEMBERS[entity];
  const found = await rows<{ id: number }>(sql`select r.id from ${sql.identifier(m.table)} r where r.organization_id = ${org} and ${m.inUnit(unit)}`);
  return new Set(found.map((r) => Number(r.id)));
}
async function organizationCount(entity: string): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(MEMBERS[entity].table)} where organization_id = ${org}`);
  return Number(n);
}
/** The row as the database holds it, and what the audit log says of it: both must survive a refused write. */
async function rowState(entity: string, id: number): Promise<string> {
  const [row] = await rows<{ v: string }>(sql`select to_jsonb(r)::text as v from ${sql.identifier(MEMBERS[entity].table)} r where r.id = ${id}`);
  const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from revision where entity = ${entity} and entity_id = ${id}`);
  return `${row?.v ?? 'missing'} / ${n} revision(s)`;
}

/** A PGO row made by the manager through the API, for resources the demo has only elsewhere. */
const inPgo = async (entity: string): Promise<number> => {
  const pgo = units.get('PGO')!;
  const [found] = [...(await idsIn(entity, pgo))];
  if (found) return found;
  const post = async (path: string, body: object) => {
    const res = await t.call('POST', `/api${path}`, manager, body);
    if (res.statusCode !== 201) throw new Error(`POST ${path}: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  switch (entity) {
    case 'site':
      return post('/site', { code: 'POP-PGO-MTZ', name: 'POP Ponta Grossa (matriz de escopos)', type: 'pop', unit_organizational_id: pgo });
    case 'network_asset':
      return post('/asset', { hostname: 'rt-pgo-matriz-01', role: 'roteador', vendor: 'mikrotik', site_id: await inPgo('site'), status: 'ativo' });
    case 'project':
      return post('/project', { code: 'PRJ-PGO-MTZ', name: 'Expansão Ponta Grossa', manager_id: managerId, unit_organizational_id: pgo, starts_on: '2026-01-05', ends_on: '2026-12-18' });
    case 'project_task':
      return post('/project/task', { project_id: await inPgo('project'), title: 'Vistoria da regional', starts_on: '2026-02-02', due_on: '2026-02-27' });
    case 'shipment_solicitation': {
      // The demo ships from Curitiba to São Paulo only: one Ponta Grossa item moved inside its own unit.
      const [place] = await rows<{ stock: number; section: number; item: number }>(
        sql`select st.id as stock, sec.id as section, (select p.id from patrimony p where p.section_id = sec.id and p.status = 'disponivel' order by p.id limit 1) as item
            from stock st join section sec on sec.stock_id = st.id where st.unit_organizational_id = ${pgo} order by sec.id limit 1`,
      );
      return post('/shipment-solicitation', {
        origin_stock_id: place.stock,
        destination_type: 'unidade',
        destination_unit_id: pgo,
        destination_section_id: place.section,
        recipient_name: 'Rafael Kowalski',
        recipient_email: 'almoxarife.pg@demotelecom.com.br',
        justification: 'Remanejamento na regional (matriz de escopos)',
        items: [{ patrimony_id: place.item }],
      });
    }
    case 'shipment': {
      const request = await inPgo('shipment_solicitation');
      const res = await t.call('POST', `/api/shipment-solicitation/${request}/approve`, manager);
      if (res.statusCode !== 200) throw new Error(`approve ${request}: ${res.statusCode} ${res.body}`);
      return res.json().shipment_id as number;
    }
    default:
      return 0; // no recipe: another pair of units is used
  }
};

/** X and Y: X has rows, Y has a row X has not; X is PGO where the resource is (or can be made) there. */
async function pickUnits(entity: string) {
  await inPgo(entity);
  for (const x of UNIT_ORDER) {
    const inX = await idsIn(entity, units.get(x)!);
    if (!inX.size) continue;
    for (const y of UNIT_ORDER.filter((u) => u !== x)) {
      const onlyY = [...(await idsIn(entity, units.get(y)!))].filter((id) => !inX.has(id));
      if (onlyY.length) return { x, y, yRow: Math.min(...onlyY), xRow: Math.min(...inX) };
    }
  }
  throw new Error(`${entity}: no two units of the demo with rows (add a recipe to inPgo)`);
}

/** A user made by the manager through the user API, with `permission` scoped to `unit`, logged in. */
let made = 0;
async function scopedCaller(permission: string, scope: string, unit: number) {
  const username = `escopo_${++made}_${permission.toLowerCase().replace(/\W/g, '_')}`.slice(0, 40);
  const res = await t.call('POST', '/api/user', manager, {
    username,
    email: `${username}@example.com`,
    password: STRONG_PASSWORD,
    person: { nickname: username, full_name: `Matriz ${username}` },
    permissions: [permission],
    permission_scopes: { [scope]: [unit] },
  });
  if (res.statusCode !== 201) throw new Error(`user ${username}: ${res.statusCode} ${res.body}`);
  return (await t.login(username, STRONG_PASSWORD)).token;
}

/** Every id and the total of a list, walking its pages. */
async function listAll(path: string, token: string) {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; page < 100; page++) {
    const res = await t.call('GET', `/api${path}?pageSize=100&page=${page}`, token);
    if (res.statusCode !== 200) throw new Error(`GET ${path} page ${page}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const body = res.json() as { items: { id: number }[]; total_items: number; total_pages: number };
    ids.push(...body.items.map((i) => i.id));
    total = body.total_items;
    if (page >= body.total_pages) break;
  }
  return { ids, total };
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
const short = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 200)}`;

function check(condition: boolean, failures: string[], message: string) {
  counts.assertions++;
  if (!condition) failures.push(message);
}

describe('unit scopes × every scoped kit resource (demo organization)', () => {
  it('every resource declaring a unitScope has its membership rule here, and the demo has its units', () => {
    expect(scopedEntities().map((r) => r.entity).sort()).toEqual(Object.keys(MEMBERS).sort());
    expect([...units.keys()].sort()).toEqual([...UNIT_ORDER].sort());
    for (const r of scopedEntities()) expect(r.permission, r.entity).toMatch(/^[A-Z_]+$/);
  });

  for (const entity of Object.keys(MEMBERS)) {
    it(`${entity}: a caller scoped to one unit reaches only its rows`, async () => {
      const resource = scopedEntities().find((r) => r.entity === entity);
      expect(resource, `${entity} no longer declares a unitScope: remove it from MEMBERS`).toBeDefined();
      const { path, permission, routes } = resource!;
      counts.resources++;
      const { x, y, xRow, yRow } = await pickUnits(entity);
      const unitX = units.get(x)!;
      const full = await scopedCaller(permission, permission, unitX);
      const reader = await scopedCaller(`${permission}.INDEX`, permission, unitX);
      const failures: string[] = [];
      const where = `${entity} (${permission} scoped to ${x}; ${y}'s row #${yRow})`;

      // Lists: exactly X's rows, counted right (the sets are read after every user above was made).
      const inX = await idsIn(entity, unitX);
      const inY = await idsIn(entity, units.get(y)!);
      for (const [who, token] of [['full', full], ['read-only', reader]] as const) {
        const { ids, total } = await listAll(path, token);
        check(JSON.stringify(sorted(ids)) === JSON.stringify(sorted(inX)), failures, `${where}: ${who} list ids ${JSON.stringify(sorted(ids))}, expected ${x}'s ${JSON.stringify(sorted(inX))}`);
        check(total === inX.size, failures, `${where}: ${who} list total_items ${total}, expected ${inX.size}`);
      }
      // Every unit of the demo in turn as the scope (the rules' other branches: a holder's, a participant's
      // unit…): its list is exactly its rows; and of all the organization's rows (other units', rows of no
      // unit) a read by X's caller answers 200 exactly for X's.
      const [{ ids: all }] = await rows<{ ids: number[] }>(sql`select coalesce(array_agg(id order by id), '{}') as ids from ${sql.identifier(MEMBERS[entity].table)} where organization_id = ${org}`);
      const sizes: string[] = [];
      for (const code of UNIT_ORDER) {
        const unit = units.get(code)!;
        const token = code === x ? full : await scopedCaller(permission, permission, unit);
        const mine = await idsIn(entity, unit);
        sizes.push(`${code} ${mine.size}`);
        const { ids, total } = await listAll(path, token);
        check(JSON.stringify(sorted(ids)) === JSON.stringify(sorted(mine)) && total === mine.size, failures, `${entity} scoped to ${code}: list ids ${JSON.stringify(sorted(ids))} (total ${total}), expected ${JSON.stringify(sorted(mine))}`);
        if (code !== x) continue; // the reads of every row once, as X's caller (the lists vary the unit)
        const wrong: string[] = [];
        for (const id of all.map(Number)) {
          const res = await t.call('GET', `/api${path}/${id}`, token);
          const expected = mine.has(id) ? 200 : 404;
          check(res.statusCode === expected, wrong, `#${id}: ${expected} expected, got ${res.statusCode}`);
        }
        if (wrong.length) failures.push(`${entity} scoped to ${code}: GET of each of the organization's ${all.length} rows: ${wrong.join('; ')}`);
      }
      summary.push(`${entity}: X ${x} (${inX.size} rows), Y ${y} (${inY.size} rows; row #${yRow} written to); ${all.length} rows in the organization, by unit: ${sizes.join(', ')}`);

      const wide = await listAll(path, manager);
      const wideIds = new Set(wide.ids);
      check([...inX, ...inY].every((id) => wideIds.has(id)), failures, `${where}: the organization-wide manager misses rows of ${x} or ${y}`);
      check(wide.total === (await organizationCount(entity)), failures, `${where}: the manager's total_items ${wide.total} is not the organization's count`);

      // Reads: X's row yes, Y's row 404 with the resource's own "not found" (as for an id that does not exist).
      const missing = await t.call('GET', `/api${path}/${MISSING_ID}`, manager);
      const notFound = (res: LightMyRequestResponse) => res.statusCode === 404 && res.json().message === missing.json().message;
      check(missing.statusCode === 404, failures, `${where}: a missing id answers ${short(missing)}`);
      for (const [who, token] of [['full', full], ['read-only', reader]] as const) {
        const own = await t.call('GET', `/api${path}/${xRow}`, token);
        check(own.statusCode === 200, failures, `${where}: ${who} GET of ${x}'s row #${xRow}: ${short(own)}`);
        const other = await t.call('GET', `/api${path}/${yRow}`, token);
        check(notFound(other), failures, `${where}: ${who} GET of ${y}'s row: expected 404 "${missing.json().message}", got ${short(other)}`);
      }
      check((await t.call('GET', `/api${path}/${yRow}`, manager)).statusCode === 200, failures, `${where}: the manager cannot read ${y}'s row`);

      // Writes on Y's row: 404 and nothing changed (row and audit); the read-only caller is refused first (403).
      const writes: [string, string, unknown?][] = [];
      if (routes.includes('update')) writes.push(['PUT', `/api${path}/${yRow}`, {}]);
      if (routes.includes('delete')) writes.push(['DELETE', `/api${path}/${yRow}`]);
      for (const [method, url, body] of writes) {
        const before = await rowState(entity, yRow);
        const res = await t.call(method, url, full, body);
        check(notFound(res), failures, `${where}: full ${method} of ${y}'s row: expected 404, got ${short(res)}`);
        check((await rowState(entity, yRow)) === before, failures, `${where}: full ${method} of ${y}'s row changed it`);
      }
      const readerWrites: [string, string, unknown?][] = [...writes];
      if (routes.includes('update')) readerWrites.push(['PUT', `/api${path}/${xRow}`, {}]);
      if (routes.includes('delete')) readerWrites.push(['DELETE', `/api${path}/${xRow}`]);
      if (routes.includes('create')) readerWrites.push(['POST', `/api${path}`, {}]);
      const totalBefore = await organizationCount(entity);
      for (const [method, url, body] of readerWrites) {
        const id = Number(url.split('/').pop());
        const before = Number.isInteger(id) ? await rowState(entity, id) : '';
        const res = await t.call(method, url, reader, body);
        check(res.statusCode === 403, failures, `${where}: read-only ${method} ${url}: expected 403, got ${short(res)}`);
        if (before) check((await rowState(entity, id)) === before, failures, `${where}: read-only ${method} ${url} changed the row`);
      }
      check((await organizationCount(entity)) === totalBefore, failures, `${where}: the read-only caller's writes changed the row count`);

      // Moving X's row towards Y (its unit field set to a value one of Y's rows has): whatever the answer,
      // the row stays in X's scope; a refused write changes nothing.
      const field = resource!.unitField;
      const onlyY = [...inY].filter((id) => !inX.has(id));
      const [target] = field && routes.includes('update') && onlyY.length
        ? await rows<{ v: unknown }>(sql`select ${sql.identifier(field)} as v from ${sql.identifier(MEMBERS[entity].table)} where id in (${sql.join(onlyY.map((id) => sql`${id}`), sql`, `)}) and ${sql.identifier(field)} is not null order by id limit 1`)
        : [];
      if (target) {
        const before = await rowState(entity, xRow);
        const res = await t.call('PUT', `/api${path}/${xRow}`, full, { [field!]: target.v });
        check((await idsIn(entity, unitX)).has(xRow), failures, `${where}: PUT ${field} ${target.v} moved ${x}'s row #${xRow} out of ${x} (${short(res)})`);
        if (res.statusCode >= 400) check((await rowState(entity, xRow)) === before, failures, `${where}: the refused move (${res.statusCode}) changed ${x}'s row #${xRow}`);
        moves.push(`${entity} ${field}→${target.v}: ${res.statusCode}`);
      } else moves.push(`${entity}: no move tried`);

      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
