/**
 * Hostile values for the write-route fuzzer and the JSON writer that sends them.
 * Big values are markers (`Huge`, `Deep`, `RawJson`) built only when the request is written, so
 * fast-check's counterexample stays readable ("Huge('😀'×100000)" rather than the text).
 */
import fc from 'fast-check';

/** A string of `length` repetitions of `unit`, made when written. */
export class Huge {
  constructor(
    readonly unit: string,
    readonly length: number,
  ) {}
  text() {
    return this.unit.repeat(this.length);
  }
  [fc.toStringMethod]() {
    return `Huge(${JSON.stringify(this.unit)}×${this.length})`;
  }
}

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` levels. */
export class Deep {
  constructor(
    readonly kind: 'array' | 'object',
    readonly depth: number,
  ) {}
  [fc.toStringMethod]() {
    return `Deep(${this.kind}×${this.depth})`;
  }
}

/** JSON text written as is: numbers JSON.stringify cannot say (`-0`, `1e999` → Infinity, 2**63 digits). */
export class RawJson {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return `Raw(${this.text})`;
  }
}

/** The JSON text of a value with markers; `strings` collects the strings sent (to tell echoes from leaks). */
export function writeJson(value: unknown, strings?: Set<string>): string {
  if (value instanceof Huge) return JSON.stringify(value.text());
  if (value instanceof RawJson) return value.text;
  if (value instanceof Deep) return value.kind === 'array' ? '['.repeat(value.depth) + ']'.repeat(value.depth) : '{"a":'.repeat(value.depth) + '1' + '}'.repeat(value.depth);
  if (Array.isArray(value)) return `[${value.map((v) => writeJson(v, strings)).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => {
        strings?.add(k);
        return `${JSON.stringify(k)}:${writeJson(v, strings)}`;
      })
      .join(',')}}`;
  }
  if (typeof value === 'string') strings?.add(value);
  // JSON.stringify would write null for these, which a nullable property takes.
  if (typeof value === 'number' && !Number.isFinite(value)) {
    if (Number.isNaN(value)) throw new Error('NaN has no JSON: generate RawJson instead');
    return value > 0 ? '1e999' : '-1e999';
  }
  return JSON.stringify(value) ?? 'null';
}

export const SQL_INJECTION = [
  "' OR '1'='1",
  "1; DROP TABLE stock;--",
  "'; SELECT pg_sleep(10);--",
  '" OR ""="',
  "%' AND 1=0 UNION SELECT NULL, version()--",
  '$$; DELETE FROM users; $$',
  "\\'; --",
  "1' AND updatexml(1,concat(0x7e,version()),1)--",
  "admin'--",
  "') OR 1=1 --",
];
export const HTML_INJECTION = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '<!--',
  ']]><x>',
  '<iframe src="https://evil.example">',
  '&lt;b&gt;&amp;',
];
export const UNICODE = [
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  'a\ud83d',
  '\u202eRTL\u202c texto',
  'مرحبا بالعالم',
  'עברית',
  '\u200b\u200c\u200d\ufeff',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'e\u0301\u0301\u0301\u0301',
  '\uffff\ufffe',
  '\u2028\u2029',
  '\u0001\u001f\u007f\u0085',
  'İıßﬁ',
  'ﷺ',
  '\t\n\r',
];
export const INVALID_DATES = ['2024-02-30', '0000-01-01', '99999-12-31', '2024-13-01', '2024-00-10', '2023-02-29', '2024-01-01T25:61:00Z', '+275760-09-14T00:00:00Z', '-000001-01-01', '2024-06-31T10:00:00-03:00', '31/12/2024', 'T', '1970-01-01T00:00:00.000+99:99'];
export const NUMERIC_STRINGS = ['1e308', 'NaN', 'Infinity', '-0', '9223372036854775808', '0x1F', '1_000', '١٢٣', '1,5'];
export const MISC_STRINGS = ['../../etc/passwd', '..%2f..%2f', '%00', '%s%s%n', '{0}', 'null', 'true', '[]', '{}', 'a'.repeat(300), '😀'.repeat(300)];

/** Never blank, never a number's text that the schema could coerce into a valid one. */
export const hostileString: fc.Arbitrary<string | Huge> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SQL_INJECTION, ...HTML_INJECTION) },
  { weight: 8, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 4, arbitrary: fc.constantFrom(...INVALID_DATES) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_STRINGS, ...MISC_STRINGS) },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '' && !s.includes('\u0000')) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '') },
  { weight: 1, arbitrary: fc.constantFrom('a', 'é', '😀', '\u0301', '<', "'").map((unit) => new Huge(unit, 100_000)) },
  { weight: 1, arbitrary: fc.constant('\u0000') },
);

/** JSON numbers at the edges: overflow, -0, denormals, 2**63, Infinity (1e999 parses to it). */
export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 63, -(2 ** 63), 2 ** 53 + 2, 5e-324, 0, -1, 1.5, 0.1, 2147483648, -2147483649, 1e21),
  fc.constantFrom('-0', '1e999', '-1e999', '9223372036854775808', '1E+308', '123456789012345678901234567890').map((t) => new RawJson(t)),
  // Infinity and NaN have no JSON (JSON.stringify writes null, which a nullable property takes): 1e999 above says Infinity.
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any value of a JSON kind (for a property that accepts another kind). */
export type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';
export const KINDS: Kind[] = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'];

export const valueOfKind: Record<Kind, fc.Arbitrary<unknown>> = {
  string: hostileString,
  // A number that is not an integer (for a property taking only integers or no number).
  number: fc.constantFrom(1.5, -0.5, 5e-324, 1e-7, 3.14159),
  integer: fc.oneof(hostileNumber.filter((n) => !(typeof n === 'number' && !Number.isInteger(n))), fc.constantFrom(1, 42, 2147483647)),
  boolean: fc.boolean(),
  null: fc.constant(null),
  object: fc.oneof(
    fc.constantFrom({}, { $gt: '' }, { __proto__x: { admin: true } }, { toString: 1 }, { id: 1 }),
    fc.constant(new Deep('object', 5000)),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { minKeys: 1, maxKeys: 3 }),
  ),
  array: fc.oneof(fc.constantFrom([], [1], ['a', 'b'], [null], [[]]), fc.constant(new Deep('array', 5000)), fc.array(hostileString, { minLength: 1, maxLength: 3 })),
};

/** Malformed JSON texts (and JSON that Fastify's secure parser refuses: prototype poisoning). */
export const malformedJson = fc.oneof(
  fc.constantFrom(
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '{"a":1}}',
    '[1,2',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"a":"\\ud800\\u"}',
    '{"a":01}',
    '{"a":.5}',
    '"',
    '{"a":1} trailing',
  ),
  // Shrinking must not reach valid JSON ('{' + '}').
  fc
    .string({ minLength: 1, maxLength: 30 })
    .map((s) => `{${s}`)
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    }),
);

/** A query string that means nothing to a write route (they declare no query parameters). */
export const noiseQuery = fc.array(
  fc.tuple(
    fc.constantFrom('organization_id', 'id', 'page', 'pageSize', 'q', '__proto__[admin]', 'constructor[prototype][x]', 'a[]', 'filter[$ne]', 'sort', ''),
    fc.oneof(hostileString.filter((s): s is string => typeof s === 'string'), fc.integer().map(String), fc.constantFrom('-1', '0', '1e308', 'NaN')),
  ),
  { maxLength: 3 },
);

/** encodeURIComponent, but a lone surrogate is sent as its (invalid) UTF-8 bytes, as a hostile client could. */
export function encodeLoose(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        const u = ch.charCodeAt(0);
        if (ch.length === 1 && u >= 0xd800 && u <= 0xdfff) return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 63), 0x80 | (u & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

export const queryText = (pairs: [string, string][]) => (pairs.length ? '?' + pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&') : '');
