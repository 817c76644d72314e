/**
 * Property-based fuzzing of every write route of the OpenAPI document.
 *
 * For each POST/PUT/PATCH/DELETE operation, FUZZ_RUNS (300; `npm run fuzz`: 3000) generated
 * requests that are invalid by construction (fuzz-requests.ts) go through `app.inject`, as A's
 * full user, the super admin (superAdmin routes), nobody (public routes) or B's full user (on
 * A's rows). Every answer must be a 4xx `{code, message}` with `code` = status and a pt-BR
 * message that leaks nothing (no stack, SQL, file path); the database (row count and checksum of
 * every table) must be the same after the route's batch as before.
 *
 * Reproduce a failure: FUZZ_SEED=<seed printed> FUZZ_ROUTE='POST /api/stock' npx vitest run test/hardening/fuzz.test.ts
 */
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { type HardeningFixture, type Operation, type Snapshot, createHardeningFixture, diffSnapshots, snapshot } from './fixture';
import { type Caller, type FuzzCase, type RouteContext, requestsFor, urlOf } from './fuzz-requests';
import { Huge, queryText, writeJson } from './fuzz-values';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Only these routes (`POST /api/stock`, several separated by commas). */
const ONLY = process.env.FUZZ_ROUTE?.split(',').map((k) => k.trim());

/** Words of Fastify's, zod's or Node's English defaults: a pt-BR message has none. */
const ENGLISH = /\b(must|expected|invalid|required|should|unexpected|cannot|undefined|NaN|not found|is not|received|error|failed)\b/i;
/** What an error body must never show: a stack frame, a file path, SQL. */
const LEAK = /\bat .+:\d+:\d+|node_modules|\/work\/|\.ts:|SELECT |INSERT |UPDATE |DELETE FROM|relation "|syntax error/i;
/** Global rows (no organization): B's user on them is no tenancy defect. */
const GLOBAL = /^\/api\/(country|state|city|release-note|organization)(\/|$)/;

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const contexts = new Map<string, RouteContext>();
const figures = { routes: 0, requests: 0, statuses: new Map<number, number>(), defects: new Map<string, number>(), ms: new Map<string, number>(), defectMs: new Map<string, number>(), snapshotMs: 0, rare: new Map<string, number>() };
const started = performance.now();
const cpuStart = process.cpuUsage();

/** The first id of a list, as the given token (A's resolver reads lists as A's full user). */
async function firstId(listUrl: string, token: string) {
  const res = await f.t.call('GET', listUrl, token);
  if (res.statusCode !== 200) return undefined;
  return (res.json() as { items?: { id?: number }[] }).items?.find((i) => typeof i.id === 'number')?.id;
}

async function post(url: string, token: string, body: unknown) {
  const res = await f.t.call('POST', url, token, body);
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** A few rows of organization B, so bodies can name another organization's ids. */
async function seedOrganizationB() {
  const token = f.tokens.fullB;
  const unit = await post('/api/unit-organizational', token, { name: 'Unidade B', code: 'UB' });
  const stock = await post('/api/stock', token, { name: 'Estoque B', code: 'EB', unit_organizational_id: unit });
  const section = await post('/api/section', token, { name: 'Seção B', code: 'SB', stock_id: stock });
  const product = await post('/api/product', token, { name: 'Produto B', code: 'PB', tracking: 'consumivel' });
  const site = await post('/api/site', token, { name: 'Site B', code: 'SITEB', type: 'pop' });
  const user = f.users.fullB.id;
  const ids: Record<string, number> = { organization_id: f.orgB };
  for (const k of ['unit_organizational_id', 'unit_id', 'destination_unit_id', 'parent_id']) ids[k] = unit;
  for (const k of ['stock_id', 'origin_stock_id']) ids[k] = stock;
  for (const k of ['section_id', 'from_section_id', 'to_section_id', 'destination_section_id']) ids[k] = section;
  ids.product_id = product;
  for (const k of ['site_id', 'site_a_id', 'site_b_id']) ids[k] = site;
  for (const k of ['user_id', 'holder_user_id', 'recipient_user_id', 'manager_id', 'assignee_id', 'seller_id', 'user_ids', 'technician_ids', 'participant_ids', 'technician_id', 'participant_id']) ids[k] = user;
  return ids;
}

/** Tokens that must be refused: none, malformed, another scheme, a forged signature, alg none. */
function badAuthorizations(valid: string): (string | null)[] {
  const [header, payload, signature] = valid.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1', exp: 4102444800 })).toString('base64url');
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return [null, 'Bearer', 'Bearer ', 'Bearer garbage', 'Basic YWRtaW46YWRtaW4=', `Bearer ${header}.${forged}.${signature}`, `Bearer ${none}.${forged}.`, `Bearer ${valid}x`, `Bearer ${valid.slice(0, -4)}`];
}

async function contextFor(op: Operation, foreignIds: Record<string, number>): Promise<RouteContext> {
  const raw = f.openapi.paths[op.path][op.method.toLowerCase()] as { security?: unknown[]; requestBody?: { content?: Record<string, unknown> } };
  const isPublic = Array.isArray(raw.security) && raw.security.length === 0;
  const multipart = Boolean(raw.requestBody?.content?.['multipart/form-data']);
  let caller: RouteContext['caller'] = isPublic ? 'anonymous' : 'A';
  if (!isPublic) {
    // A's full user has every permission; a 403 means a super admin's route. Access is checked
    // before the body is parsed, so the malformed body keeps the probe from doing anything.
    const probe = await f.t.app.inject({ method: op.method, url: op.path.replace(/\{\w+\}/g, '0'), headers: { authorization: `Bearer ${f.tokens.fullA}`, 'content-type': 'application/json' }, payload: '{' });
    if (probe.statusCode === 403) caller = 'admin';
  }
  let visibleParams = op.pathParams.length ? await f.resolveParams(op.path) : undefined;
  if (op.pathParams.length && !visibleParams && caller === 'admin' && op.pathParams.length === 1) {
    const id = await firstId(op.path.slice(0, op.path.indexOf('/{')), f.tokens.admin);
    if (id) visibleParams = { [op.pathParams[0]]: id };
  }
  return {
    op,
    caller,
    visibleParams,
    orgScoped: caller === 'A' && !GLOBAL.test(op.path),
    multipart,
    foreignIds,
    badAuthorizations: badAuthorizations(f.tokens.fullA),
  };
}

/** The route's own seed: the same with FUZZ_ROUTE alone as in the whole run. */
const seedOf = (key: string) => [...key].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, SEED);

const tokenOf = (caller: Caller) => ({ A: f.tokens.fullA, B: f.tokens.fullB, admin: f.tokens.admin, anonymous: undefined })[caller];

/** What went wrong with an answer (undefined: a proper refusal). */
function problemWith(status: number, contentType: string | undefined, text: string, sent: Set<string>): string | undefined {
  if (status < 400 || status >= 500) return `status ${status}`;
  if (!contentType?.includes('application/json')) return `content-type ${contentType}`;
  let body: { code?: unknown; message?: unknown; violations?: { propertyPath: string; message: string }[] };
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  if (body.code !== status) return `code ${String(body.code)} ≠ status ${status}`;
  if (typeof body.message !== 'string' || !body.message.trim()) return 'no message';
  // What the request sent may come back (a key's name, a route): it is not the server's words.
  // Longest first: a short one (a key such as `version`) taken out of a longer echo would leave the rest looking like SQL.
  const echoes = [...sent].filter((x) => x.length > 2 && x.length < 1000).sort((a, b) => b.length - a.length);
  const strip = (s: string) => echoes.reduce((acc, x) => acc.split(x).join(''), s);
  let message = body.message;
  for (const v of body.violations ?? []) message = message.split(`${v.propertyPath}: `).join('');
  for (const m of [message, ...(body.violations ?? []).map((v) => v.message)]) {
    if (ENGLISH.test(strip(m))) return `English message: ${m.slice(0, 200)}`;
  }
  if (LEAK.test(strip(text))) return `leaks: ${text.slice(0, 300)}`;
  return undefined;
}

async function send(op: Operation, c: FuzzCase) {
  const headers: Record<string, string> = {};
  const token = tokenOf(c.caller);
  if (c.authorization !== undefined) {
    if (c.authorization !== null) headers.authorization = c.authorization;
  } else if (token) headers.authorization = `Bearer ${token}`;
  const sent = new Set<string>(Object.values(c.params).filter((v): v is string => typeof v === 'string'));
  c.query.forEach(([k, v]) => (sent.add(k), sent.add(v)));
  let payload: string | undefined;
  if (c.body && 'json' in c.body) {
    payload = writeJson(c.body.json, sent);
    headers['content-type'] = 'application/json';
  } else if (c.body) {
    payload = c.body.text instanceof Huge ? c.body.text.text() : c.body.text;
    headers['content-type'] = c.body.contentType;
  }
  const res = await f.t.app.inject({ method: op.method, url: urlOf(op, c) + queryText(c.query), headers, payload });
  return { res, sent };
}

const describeCase = (op: Operation, c: FuzzCase) => {
  const body = c.body && 'json' in c.body ? writeJson(c.body.json) : c.body ? String(c.body.text) : '';
  return `${op.method} ${urlOf(op, c).slice(0, 200)}${queryText(c.query).slice(0, 200)} as ${c.caller}${c.authorization !== undefined ? ` (Authorization: ${String(c.authorization).slice(0, 40)})` : ''} — ${c.defect}\n  body: ${body.slice(0, 400)}`;
};

// The routes are known once the app is built: the fixture is made while the file is collected,
// so each route is a test of its own (its failure, seed and time reported on its own line).
const f: HardeningFixture = await createHardeningFixture();
const foreignIds = await seedOrganizationB();
for (const op of f.operations) {
  if (!WRITE.has(op.method) || (ONLY && !ONLY.includes(op.key))) continue;
  contexts.set(op.key, await contextFor(op, foreignIds));
}
// Routes whose rows A lacks get ids of no row: still refused, but less deeply exercised.
const missing = [...contexts.values()].filter((c) => c.op.pathParams.length && !c.visibleParams).map((c) => c.op.key);
if (missing.length) console.log(`fuzz: no visible row for ${missing.join(', ')}`);
console.log(`fuzz: seed ${SEED}, ${RUNS} requests per route, ${contexts.size} write routes (setup ${Math.round(performance.now() - started)} ms)`);

let last: Snapshot | undefined;

/** CPU time of this worker (app, PGlite and fuzzer share it): a figure a busy machine does not inflate as much. */
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage(cpuStart);
  return Math.round((user + system) / 1e6);
};

afterAll(async () => {
  const histogram = [...figures.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
  const slowest = [...figures.ms].sort(([, a], [, b]) => b - a).slice(0, 5).map(([k, ms]) => `${k} ${Math.round(ms)} ms`).join('; ');
  const costly = [...figures.defectMs].map(([d, ms]) => [d, ms / (figures.defects.get(d) ?? 1)] as const).sort(([, a], [, b]) => b - a).slice(0, process.env.FUZZ_DEBUG ? 99 : 5).map(([d, ms]) => `${d} ${ms.toFixed(1)} ms`).join(', ');
  const sendMs = [...figures.defectMs.values()].reduce((a, b) => a + b, 0);
  console.log(
    [
      `fuzz figures: ${figures.routes} write routes, ${RUNS} requests per route, ${figures.requests} requests in ${Math.round((performance.now() - started) / 1000)} s, ${cpuSeconds()} s of CPU (seed ${SEED})`,
      `  statuses: ${histogram}`,
      `  defects: ${figures.defects.size} kinds; most sent: ${[...figures.defects].sort(([, a], [, b]) => b - a).slice(0, 6).map(([d, n]) => `${d} ${n}`).join(', ')}`,
      `  dearest per request: ${costly}; requests ${Math.round(sendMs / 1000)} s in all`,
      `  slowest routes: ${slowest}; database snapshots ${Math.round(figures.snapshotMs / 1000)} s`,
      ...(figures.rare.size ? [`  other answers: ${[...figures.rare].map(([k, n]) => `${k} ×${n}`).join('; ')}`] : []),
    ].join('\n'),
  );
  await f?.close();
});

describe('fuzzing every write route', () => {
  test('the document has write routes to fuzz', () => {
    expect(contexts.size).toBeGreaterThan(ONLY ? 0 : 150);
  });

  for (const [key, ctx] of contexts) {
    test(`${key} refuses generated bad requests with a pt-BR 4xx and changes nothing`, { timeout: 60_000 + RUNS * 100 }, async () => {
      const routeStart = performance.now();
      let snapStart = performance.now();
      const before = last ?? (await snapshot(f.t));
      figures.snapshotMs += performance.now() - snapStart;
      let failure: string | undefined;
      try {
        await fc.assert(
          fc.asyncProperty(requestsFor(ctx), async (c) => {
            const t0 = performance.now();
            const { res, sent } = await send(ctx.op, c);
            const defect = c.defect.replace(/^[^:]*: /, '');
            figures.requests++;
            figures.statuses.set(res.statusCode, (figures.statuses.get(res.statusCode) ?? 0) + 1);
            figures.defects.set(defect, (figures.defects.get(defect) ?? 0) + 1);
            figures.defectMs.set(defect, (figures.defectMs.get(defect) ?? 0) + performance.now() - t0);
            // Answers other than the usual refusals are worth a look (409: a refused write that got as far as a rule).
            if (![400, 401, 404, 413, 414, 415, 422].includes(res.statusCode)) {
              const k = `${res.statusCode} ${key} (${defect} as ${c.caller})`;
              figures.rare.set(k, (figures.rare.get(k) ?? 0) + 1);
            }
            const problem = problemWith(res.statusCode, res.headers['content-type'] as string | undefined, res.body, sent);
            if (problem) throw new Error(`${problem}\n  ${describeCase(ctx.op, c)}\n  answer ${res.statusCode}: ${res.body.slice(0, 400)}`);
          }),
          { numRuns: RUNS, seed: seedOf(key), includeErrorInReport: true },
        );
      } catch (err) {
        failure = `FUZZ_SEED=${SEED} FUZZ_ROUTE='${key}': ${(err as Error).message.replace(/\n*Hint: .*$/s, '').replace(/\n\s+at .*/g, '').slice(0, 3000)}`;
      }
      snapStart = performance.now();
      last = await snapshot(f.t);
      figures.snapshotMs += performance.now() - snapStart;
      figures.routes++;
      figures.ms.set(key, performance.now() - routeStart);
      const changed = diffSnapshots(before, last);
      const problems = [failure, changed.length ? `the database changed: ${changed.join(', ')}` : undefined].filter(Boolean);
      expect(problems.length, problems.join('\n\n')).toBe(0);
    });
  }
});
