/**
 * Generated bad requests for one write operation of the OpenAPI document.
 *
 * Every case carries at least one defect that makes it invalid whatever the rest holds, so no
 * generated request may change anything: a property of a kind its schema refuses, a string
 * longer than its maxLength, a number beyond its bounds, a value outside its enum, a required
 * property left out, a body of the wrong kind, malformed JSON, a content type the route does
 * not take, a bad token, a path id that is not a positive int4 or names no row the caller may
 * see (organization B's caller on A's rows), an id of another organization in the body.
 * Around the defect the rest is hostile but plausible (injection strings, Unicode edge cases,
 * invalid dates, edge numbers, unknown fields, noise in the query string), so the server's
 * handling of each is exercised on the way to the refusal.
 */
import fc from 'fast-check';
import type { JsonSchema, Operation } from './fixture';
import { Huge, type Kind, RawJson, encodeLoose, hostileNumber, hostileString, malformedJson, noiseQuery, valueOfKind } from './fuzz-values';

export type Caller = 'A' | 'B' | 'admin' | 'anonymous';

export type FuzzCase = {
  defect: string;
  caller: Caller;
  /** Replaces the caller's `Authorization` header (null: none sent). */
  authorization?: string | null;
  params: Record<string, unknown>;
  query: [string, string][];
  body?: { json: unknown } | { text: string | Huge; contentType: string };
};

export type RouteContext = {
  op: Operation;
  /** Who the route is fuzzed as: A's full user, the super admin (superAdmin routes) or nobody (public routes). */
  caller: Exclude<Caller, 'B'>;
  /** Path parameters naming rows the caller sees (undefined: none exists). */
  visibleParams?: Record<string, string | number>;
  /** Organization B's full user can be sent to A's rows (the rows belong to an organization). */
  orgScoped: boolean;
  /** The route takes an upload (multipart/form-data) rather than JSON. */
  multipart: boolean;
  /** Ids of organization B's rows by body property name (`stock_id` → a stock of B). */
  foreignIds: Record<string, number>;
  /** Bearer values that must be refused (forged, expired shape, other scheme). */
  badAuthorizations: (string | null)[];
};

/** An id no row has: int4's maximum (serial ids never get there). */
export const NO_SUCH_ID = 2147483647;

// ---- what a schema accepts

const branchesOf = (s: JsonSchema): JsonSchema[] => {
  const union = s.anyOf ?? s.oneOf;
  return union ? union.flatMap(branchesOf) : [s];
};

const kindOfValue = (v: unknown): Kind[] =>
  v === null ? ['null'] : Array.isArray(v) ? ['array'] : typeof v === 'number' ? (Number.isInteger(v) ? ['integer', 'number'] : ['number']) : typeof v === 'object' ? ['object'] : [typeof v as Kind];

/** The JSON kinds a branch takes; undefined when it takes anything (no type: zod's unknown). */
function branchKinds(b: JsonSchema): Kind[] | undefined {
  if (b.enum) return b.enum.flatMap(kindOfValue);
  if ('const' in b) return kindOfValue(b.const);
  if (b.allOf || b.not) return undefined;
  const types = b.type === undefined ? undefined : Array.isArray(b.type) ? b.type : [b.type];
  if (!types) return undefined;
  return types.flatMap((t) => (t === 'number' ? ['number', 'integer'] : [t])) as Kind[];
}

/** The kinds a schema takes, or 'any'. */
export function kindsOf(s: JsonSchema): Set<Kind> | 'any' {
  const out = new Set<Kind>();
  for (const b of branchesOf(s)) {
    const k = branchKinds(b);
    if (!k) return 'any';
    k.forEach((x) => out.add(x));
  }
  return out;
}

const branchesTaking = (s: JsonSchema, kind: Kind) => branchesOf(s).filter((b) => branchKinds(b)?.includes(kind));

/** The one branch taking objects (arrays), when exactly one does: only then a defect inside it stays a defect. */
const soleBranch = (s: JsonSchema, kind: 'object' | 'array') => {
  if (kindsOf(s) === 'any') return undefined;
  const bs = branchesTaking(s, kind);
  return bs.length === 1 && !bs[0].enum && !('const' in bs[0]) ? bs[0] : undefined;
};

// ---- values a schema refuses

/** A value of a kind the schema does not take (undefined when it takes every kind). */
export function wrongKind(s: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const kinds = kindsOf(s);
  if (kinds === 'any') return undefined;
  const arbs: fc.Arbitrary<unknown>[] = [];
  if (!kinds.has('string')) arbs.push(hostileString);
  if (!kinds.has('number') && !kinds.has('integer')) arbs.push(hostileNumber);
  else if (!kinds.has('number')) arbs.push(valueOfKind.number);
  if (!kinds.has('boolean')) arbs.push(valueOfKind.boolean);
  if (!kinds.has('null')) arbs.push(valueOfKind.null);
  if (!kinds.has('object')) arbs.push(valueOfKind.object);
  if (!kinds.has('array')) arbs.push(valueOfKind.array);
  return arbs.length ? fc.oneof(...arbs) : undefined;
}

/** Values in the schema's kinds that break one of its limits, when every branch of that kind has the limit. */
export function outOfBounds(s: JsonSchema): { label: string; arb: fc.Arbitrary<unknown> }[] {
  const kinds = kindsOf(s);
  if (kinds === 'any') return [];
  const out: { label: string; arb: fc.Arbitrary<unknown> }[] = [];
  const strings = branchesTaking(s, 'string');
  if (strings.length) {
    if (strings.every((b) => typeof b.maxLength === 'number' && b.maxLength < 100_000)) {
      out.push({ label: 'string over maxLength', arb: fc.constantFrom('a', 'é', '😀', '\u0301', "'").map((u) => new Huge(u, 100_000)) });
    }
    if (strings.every((b) => b.enum || 'const' in b)) {
      const allowed = new Set(strings.flatMap((b) => b.enum ?? [b.const]));
      out.push({ label: 'string outside the enum', arb: hostileString.filter((v) => !(typeof v === 'string' && allowed.has(v))) });
    }
    // '' only when blank cannot turn into null (blankAsNull).
    if (!kinds.has('null') && strings.every((b) => typeof b.minLength === 'number' && b.minLength >= 1)) out.push({ label: 'empty string', arb: fc.constant('') });
  }
  const numbers = branchesOf(s).filter((b) => branchKinds(b)?.some((k) => k === 'number' || k === 'integer'));
  if (numbers.length) {
    const capped = (b: JsonSchema) => b.enum || 'const' in b || typeof b.maximum === 'number' || typeof b.exclusiveMaximum === 'number';
    const floored = (b: JsonSchema) => b.enum || 'const' in b || typeof b.minimum === 'number' || typeof b.exclusiveMinimum === 'number';
    if (numbers.every(capped)) out.push({ label: 'number over maximum', arb: fc.constantFrom(1e308, 2 ** 63, new RawJson('1e999'), new RawJson('9223372036854775808')) });
    if (numbers.every(floored)) out.push({ label: 'number under minimum', arb: fc.constantFrom(-1e308, -(2 ** 63), new RawJson('-1e999')) });
    if (numbers.every((b) => b.type === 'integer' || b.enum)) out.push({ label: 'non-integer', arb: valueOfKind.number });
  }
  const arrays = branchesTaking(s, 'array');
  if (arrays.length && arrays.every((b) => typeof b.minItems === 'number' && b.minItems >= 1)) out.push({ label: 'empty array', arb: fc.constant([]) });
  return out;
}

// ---- plausible (hostile but well-typed) values

const VALID_DATES = ['2024-05-10', '2024-05-10T10:00:00.000Z', '2030-12-31T23:59:59-03:00'];

function plausible(s: JsonSchema, name: string, ctx: RouteContext, depth: number): fc.Arbitrary<unknown> {
  if (kindsOf(s) === 'any') return fc.oneof(hostileString, hostileNumber, fc.constant(null), valueOfKind.object);
  return fc.oneof(...branchesOf(s).map((b) => plausibleBranch(b, name, ctx, depth)));
}

function plausibleBranch(b: JsonSchema, name: string, ctx: RouteContext, depth: number): fc.Arbitrary<unknown> {
  if (b.enum) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...b.enum) }, { weight: 1, arbitrary: hostileString });
  if ('const' in b) return fc.constant(b.const);
  const type = Array.isArray(b.type) ? b.type[0] : b.type;
  switch (type) {
    case 'string':
      return b.format === 'date' || b.format === 'date-time' || /date|_at$|start|end/.test(name)
        ? fc.oneof(fc.constantFrom(...VALID_DATES), hostileString)
        : fc.oneof({ weight: 1, arbitrary: fc.constantFrom('Teste', 'abc', 'Nome válido') }, { weight: 3, arbitrary: hostileString });
    case 'integer':
    case 'number': {
      const foreign = ctx.foreignIds[name];
      return fc.oneof(
        { weight: 2, arbitrary: hostileNumber },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }) },
        { weight: foreign ? 2 : 0, arbitrary: fc.constant(foreign ?? NO_SUCH_ID) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 2 || !b.items) return fc.constant([]);
      const singular = name.replace(/s$/, '');
      return fc.array(plausible(b.items, singular, ctx, depth + 1), { maxLength: 2 });
    }
    case 'object':
      return depth > 2 ? fc.constant({}) : plausibleObject(b, ctx, depth);
    default:
      return hostileString;
  }
}

const UNKNOWN_KEYS = ['organization_id', 'id', 'created_at', 'super_admin', 'permissions', '__proto__x', 'constructor', '$where', "a'; DROP TABLE x;--", '😀', 'deleted_at', 'version'];

function plausibleObject(b: JsonSchema, ctx: RouteContext, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = b.properties ?? {};
  const known = fc.record(
    Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v, k, ctx, depth + 1)])),
    { requiredKeys: [] },
  );
  const unknownKeys = UNKNOWN_KEYS.filter((k) => !(k in props));
  const extra = fc.dictionary(fc.constantFrom(...unknownKeys), fc.oneof(hostileString, hostileNumber, fc.constant(ctx.foreignIds.organization_id ?? 1)), { maxKeys: 2 });
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }) as Record<string, unknown>);
}

// ---- defects placed inside a body

type Step = string | 0;
type Patch = { path: Step[]; remove?: true; value?: unknown };
type Defect = { label: string; weight: number; arb: fc.Arbitrary<Patch> };

/** Every place of the body where a defect can go, with the defects it takes. */
function bodyDefects(s: JsonSchema, ctx: RouteContext, path: Step[] = [], depth = 0): Defect[] {
  const out: Defect[] = [];
  const at = path.length ? path.join('.') : 'body';
  const wrong = wrongKind(s);
  if (wrong) out.push({ label: `${at}: wrong type`, weight: 3, arb: wrong.map((value) => ({ path, value })) });
  for (const { label, arb } of outOfBounds(s)) out.push({ label: `${at}: ${label}`, weight: 2, arb: arb.map((value) => ({ path, value })) });
  if (depth > 3) return out;
  const obj = soleBranch(s, 'object');
  if (obj?.properties) {
    const defaults = new Set(Object.entries(obj.properties).filter(([, v]) => 'default' in v).map(([k]) => k));
    for (const name of obj.required ?? []) {
      if (!defaults.has(name)) out.push({ label: `${[...path, name].join('.')}: missing required`, weight: 2, arb: fc.constant({ path: [...path, name], remove: true as const }) });
    }
    for (const [name, prop] of Object.entries(obj.properties)) {
      out.push(...bodyDefects(prop, ctx, [...path, name], depth + 1));
      const foreign = ctx.foreignIds[name];
      const kinds = kindsOf(prop);
      if (foreign && kinds !== 'any' && kinds.has('integer')) {
        out.push({ label: `${[...path, name].join('.')}: organization B's id`, weight: 3, arb: fc.constant({ path: [...path, name], value: foreign }) });
      }
    }
  }
  const arr = soleBranch(s, 'array');
  if (arr?.items) out.push(...bodyDefects(arr.items, ctx, [...path, 0], depth + 1));
  return out;
}

/** The body with the patch applied: containers on the way are made (an object, or an array of one). */
function applyPatch(body: unknown, patch: Patch): unknown {
  if (!patch.path.length) return patch.value;
  const [step, ...rest] = patch.path;
  if (step === 0) {
    const arr = Array.isArray(body) && body.length ? [...body] : [{}];
    arr[0] = applyPatch(arr[0], { ...patch, path: rest });
    return arr;
  }
  const obj: Record<string, unknown> = body && typeof body === 'object' && !Array.isArray(body) && !(body instanceof Huge) ? { ...(body as Record<string, unknown>) } : {};
  if (!rest.length && patch.remove) delete obj[step];
  else obj[step] = applyPatch(obj[step], { ...patch, path: rest });
  return obj;
}

// ---- path parameters

/** A path id that coerces to no visible row: not a number, not positive, not an integer, or beyond int4. */
const invalidId = fc
  .oneof(
    fc.constantFrom('abc', '1a', '-1', '0', '-0', '1.5', '2147483648', '9223372036854775808', '99999999999999999999', '1e400', 'Infinity', 'NaN', '١٢', "1' OR '1'='1", '1;DROP TABLE stock', '%', '..', 'null', 'undefined', '[]', '{}'),
    hostileString.filter((v): v is string => typeof v === 'string'),
    fc.constant(new Huge('9', 1000)),
  )
  .filter((v) => {
    if (v instanceof Huge) return true;
    const n = Number(v);
    return !(Number.isSafeInteger(n) && n > 0 && n < NO_SUCH_ID);
  });

/** A string parameter (hash, key, report name) no row or catalogue entry has. */
const invalidName = fc.oneof(hostileString, fc.constantFrom('no-such-hash-0000', '../../etc/passwd', '%2e%2e', 'a'.repeat(300))).filter((v) => !(typeof v === 'string' && /^[a-z-]{1,40}$/.test(v)));

/** Hashes, form keys and report names are text; every other path parameter is an integer id. */
const isIntParam = (_op: Operation, name: string) => !/^(hash|key|name|token)$/.test(name);

// ---- a route's generator

const MALFORMED_TYPES = ['application/xml', 'application/x-www-form-urlencoded', 'text/csv', 'application/yaml', 'image/png'];
const OVERSIZE = new Huge('x', 1_100_000);

export function requestsFor(ctx: RouteContext): fc.Arbitrary<FuzzCase> {
  const { op, caller } = ctx;
  const params = Object.fromEntries(op.pathParams.map((p) => [p, ctx.visibleParams?.[p] ?? (isIntParam(op, p) ? NO_SUCH_ID : 'no-such-value')]));
  const schema = op.body;
  const body = schema ? plausible(schema, 'body', ctx, 0) : fc.constant(undefined);
  const base = fc.record({ query: noiseQuery, body });
  const make = (defect: string, over: (b: { query: [string, string][]; body: unknown }) => Partial<FuzzCase>, from = base) =>
    from.map((b): FuzzCase => ({ defect, caller, params, query: b.query, body: b.body === undefined ? undefined : { json: b.body }, ...over(b) }));
  // When the path is the defect, the body is often {} (valid for a PUT or an action): the handler, not validation, meets the id.
  const reachHandler = schema ? fc.record({ query: noiseQuery, body: fc.oneof(body, fc.constant({})) }) : base;
  const arbs: { weight: number; arbitrary: fc.Arbitrary<FuzzCase> }[] = [];

  // Whatever the route: malformed JSON, a content type it does not parse, a bad token, an oversize body.
  arbs.push({ weight: 2, arbitrary: malformedJson.chain((text) => make('malformed JSON', () => ({ body: { text, contentType: 'application/json' } }))) });
  if (!ctx.multipart) {
    arbs.push({
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...MALFORMED_TYPES), hostileString).chain(([contentType, text]) => make(`content-type ${contentType}`, () => ({ body: { text, contentType } }))),
    });
  }
  if (caller !== 'anonymous') {
    arbs.push({ weight: 2, arbitrary: fc.constantFrom(...ctx.badAuthorizations).chain((authorization) => make('bad token', () => ({ authorization }))) });
  }
  arbs.push({ weight: 1, arbitrary: make('body over 1 MB', () => ({ body: { text: OVERSIZE, contentType: 'application/json' } })) });

  // Path parameters.
  for (const p of op.pathParams) {
    const bad = isIntParam(op, p) ? invalidId : invalidName;
    arbs.push({ weight: 4, arbitrary: bad.chain((v) => make(`path ${p}: invalid`, () => ({ params: { ...params, [p]: v } }), reachHandler)) });
    if (isIntParam(op, p)) {
      arbs.push({ weight: 2, arbitrary: fc.constantFrom(NO_SUCH_ID, NO_SUCH_ID - 1).chain((v) => make(`path ${p}: no such row`, () => ({ params: { ...params, [p]: v } }), reachHandler)) });
    }
  }
  // Organization B's user on A's rows.
  if (ctx.orgScoped && ctx.visibleParams && op.pathParams.some((p) => isIntParam(op, p))) {
    arbs.push({ weight: 4, arbitrary: make("organization B's user on A's row", () => ({ caller: 'B' as const }), reachHandler) });
  }

  if (ctx.multipart) {
    arbs.push({ weight: 4, arbitrary: make('JSON sent to an upload', (b) => ({ body: { json: b.body ?? { file: 'x' } } })) });
  } else if (schema) {
    const defects = bodyDefects(schema, ctx);
    if (defects.length) {
      const one = fc.oneof(...defects.map((d) => ({ weight: d.weight, arbitrary: fc.tuple(base, d.arb).map(([b, patch]): FuzzCase => ({ defect: d.label, caller, params, query: b.query, body: { json: applyPatch(b.body, patch) } })) })));
      arbs.push({ weight: 16, arbitrary: one });
    }
  }
  return fc.oneof(...arbs);
}

export const urlOf = (op: Operation, c: FuzzCase) =>
  op.path.replace(/\{(\w+)\}/g, (_, n: string) => {
    const v = c.params[n];
    return encodeLoose(v instanceof Huge ? v.text() : String(v));
  });
