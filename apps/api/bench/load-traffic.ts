/**
 * The load run's traffic (bench/load.ts): the demo organization's people logging in, listing with
 * search and sort across the modules, reading details, searching the wiki, opening the dashboard,
 * taking out-requests through their whole workflow (ask → approve → deliver → return, so the items
 * come back and the run can go on for hours) and creating and deleting schedule events — plus
 * realtime subscribers (EventSource on the Mercure route) connected for the whole run.
 */
import http from 'node:http';
import { EventSource } from 'eventsource';
import { DEMO_PASSWORD } from '../src/db/seed';
import type { Recorder } from './load-stats';

type Json = Record<string, unknown>;
export type Session = { token: string; mercure_token: string; mercure_topics: string[]; user: { id: number } };
export type Person = 'gestor' | 'almoxarife' | 'tecnico' | 'estoque';
const PEOPLE: Person[] = ['gestor', 'almoxarife', 'tecnico', 'estoque'];
const TIMEOUT_MS = 30_000;

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];

/**
 * The generator's HTTP client: node:http over kept-alive connections. The generator shares the
 * machine's two cores with the server and PostgreSQL, and `fetch` cost it about 1.4 ms of CPU per
 * request (28% of a core at 200 req/s, its own event-loop delay p99 24 ms, which lands in every
 * latency it measures); this client does the same work for a fraction of that.
 */
const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo' });

function send(base: string, method: string, url: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One HTTP call, timed from send to the last byte of the body; any non-2xx or network error is an
 * error. `parse: false` (the run's reads, whose bodies nothing uses) answers `{}` without parsing.
 */
export async function call(rec: Recorder | undefined, base: string, route: string, method: string, url: string, token?: string, body?: unknown, parse = true): Promise<Json | undefined> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  const t = performance.now();
  try {
    const res = await send(base, method, url, headers, payload);
    const ms = performance.now() - t;
    const text = res.text;
    if (res.status < 200 || res.status >= 300) {
      if (!rec) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
      rec.fail(route, `${method} ${url}: ${res.status} ${text}`, ms);
      return undefined;
    }
    rec?.ok(route, ms);
    return text && parse ? (JSON.parse(text) as Json) : {};
  } catch (e) {
    if (!rec) throw e;
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const code = (e as { code?: string }).code;
    rec.fail(route, `${method} ${url}: ${(e as Error).message}${cause ? ` (${cause.code ?? cause.message})` : code ? ` (${code})` : ''}`);
    return undefined;
  }
}

const login = (rec: Recorder | undefined, base: string, username: Person) => call(rec, base, 'POST /api/login', 'POST', '/api/login', undefined, { username, password: DEMO_PASSWORD }) as Promise<Session | undefined>;

type ListDef = { who: Person; path: string; searches: string[]; sorts: string[] };
/** Lists with search and sort over several modules (the search words are the demo's; an empty search lists all). */
const LISTS: ListDef[] = [
  { who: 'almoxarife', path: '/api/patrimony', searches: ['', 'onu', 'roteador', 'fusão', 'huawei'], sorts: ['-id', 'status', 'id'] },
  { who: 'almoxarife', path: '/api/product', searches: ['', 'cabo', 'onu', 'conector'], sorts: ['name', '-id', 'code'] },
  { who: 'almoxarife', path: '/api/movements', searches: ['', 'entrega'], sorts: ['-id'] },
  { who: 'gestor', path: '/api/patrimony-solicitation', searches: ['', 'ftth', 'cpe'], sorts: ['-id', 'status'] },
  { who: 'gestor', path: '/api/stock', searches: ['', 'central'], sorts: ['name', '-id'] },
  { who: 'gestor', path: '/api/user', searches: ['', 'luiz', 'marina'], sorts: ['username', '-id'] },
  { who: 'gestor', path: '/api/external-activity', searches: ['', 'fibra', 'instalação'], sorts: ['-created_at', 'priority', 'status'] },
  { who: 'gestor', path: '/api/circuit', searches: ['', 'link', 'mpls'], sorts: ['-id', 'status'] },
  { who: 'gestor', path: '/api/site', searches: ['', 'pop', 'torre'], sorts: ['name', '-id'] },
  { who: 'gestor', path: '/api/asset', searches: ['', 'mikrotik', 'olt'], sorts: ['-id'] },
  { who: 'gestor', path: '/api/schedule', searches: ['', 'reunião'], sorts: ['-starts_at', 'title'] },
  { who: 'gestor', path: '/api/project', searches: ['', 'rede'], sorts: ['-id', 'name'] },
  { who: 'gestor', path: '/api/shipment-solicitation', searches: ['', 'envio'], sorts: ['-id'] },
  { who: 'gestor', path: '/api/viability', searches: ['', 'condomínio'], sorts: ['-created_at', 'status'] },
  { who: 'tecnico', path: '/api/faq/question', searches: ['', 'senha', 'ont'], sorts: ['-id'] },
  { who: 'tecnico', path: '/api/user/notification', searches: [''], sorts: [] },
];
/** Detail reads: the ids come from the lists at setup. */
const DETAILS: { who: Person; path: string }[] = [
  { who: 'almoxarife', path: '/api/patrimony' },
  { who: 'almoxarife', path: '/api/product' },
  { who: 'gestor', path: '/api/patrimony-solicitation' },
  { who: 'gestor', path: '/api/external-activity' },
  { who: 'gestor', path: '/api/circuit' },
  { who: 'gestor', path: '/api/site' },
  { who: 'gestor', path: '/api/project' },
  { who: 'tecnico', path: '/api/wiki/page' },
];
const WIKI_WORDS = ['fibra', 'otdr', 'segurança', 'roteador', 'emenda', 'procedimento', 'vlan', 'backup'];

const listUrl = (l: ListDef, search: string, sort: string | undefined) => {
  const q = new URLSearchParams({ page: '1', pageSize: '20' });
  if (search) q.set('search', search);
  if (sort) q.set('sort', sort);
  return `${l.path}?${q}`;
};
const listRoute = (l: ListDef, search: string, sort: string | undefined) => `GET ${l.path}${search || sort ? `?${[search && 'search', sort && 'sort'].filter(Boolean).join('&')}` : ''}`;

/** An out-request that owns one item and takes it round the whole workflow, one step per turn. */
type Chain = { item: number; stock: number; id?: number; next: 'ask' | 'approve' | 'deliver' | 'return'; busy: boolean };

export type Traffic = Awaited<ReturnType<typeof prepareTraffic>>;

/**
 * Logs the people in, gathers ids, and runs every kind of request once (and each workflow chain
 * once round) so that a wrong route or body fails here, before the timed run, with its answer.
 */
export async function prepareTraffic(base: string, opts: { chains: number }) {
  const sessions = {} as Record<Person, Session>;
  for (const p of PEOPLE) sessions[p] = (await login(undefined, base, p))!;
  const token = (p: Person) => sessions[p].token;
  const ids = new Map<string, number[]>();
  for (const d of DETAILS) {
    const r = d.path === '/api/wiki/page' ? await call(undefined, base, '', 'GET', '/api/wiki/tree', token(d.who)) : await call(undefined, base, '', 'GET', `${d.path}?page=1&pageSize=100`, token(d.who));
    const found: number[] = [];
    const walk = (x: unknown) => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') {
        const o = x as Json;
        if (typeof o.id === 'number') found.push(o.id);
        for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
      }
    };
    walk(d.path === '/api/wiki/page' ? r : r?.items);
    if (found.length === 0) throw new Error(`no ids for ${d.path} in the demo data`);
    ids.set(d.path, d.path === '/api/wiki/page' ? found : (r!.items as Json[]).map((x) => x.id as number));
  }
  for (const l of LISTS) for (const s of l.searches) for (const o of l.sorts.length ? l.sorts : [undefined]) await call(undefined, base, '', 'GET', listUrl(l, s, o), token(l.who));
  for (const d of DETAILS) for (const id of ids.get(d.path)!.slice(0, 3)) await call(undefined, base, '', 'GET', `${d.path}/${id}`, token(d.who));
  for (const w of WIKI_WORDS) await call(undefined, base, '', 'GET', `/api/wiki/search?q=${encodeURIComponent(w)}&page=1&pageSize=10`, token('tecnico'));
  await call(undefined, base, '', 'GET', '/api/dashboard', token('gestor'));

  // Items for the workflow chains: available, in a stock, not reserved on the schedule and not in a
  // technician's van (the chain's first round in setup proves it; an item whose request is refused is skipped).
  const available = (await call(undefined, base, '', 'GET', '/api/patrimony?status=disponivel&page=1&pageSize=100&sort=id', token('almoxarife')))!.items as Json[];
  const chains: Chain[] = [];
  for (const it of available) {
    if (chains.length >= opts.chains) break;
    if (typeof it.stock_id !== 'number') continue;
    const c: Chain = { item: it.id as number, stock: it.stock_id, next: 'ask', busy: false };
    try {
      for (let i = 0; i < 4; i++) await chainStep(undefined, base, sessions, c);
      chains.push(c);
    } catch (e) {
      if (c.next !== 'ask') throw e; // only the ask may be refused (an item reserved on the schedule or in a van)
    }
  }
  if (chains.length < opts.chains) throw new Error(`only ${chains.length} items can go round the out-request workflow`);
  // The schedule: create, read, delete once.
  const ev = await call(undefined, base, '', 'POST', '/api/schedule', token('gestor'), scheduleEvent(0, sessions));
  await call(undefined, base, '', 'DELETE', `/api/schedule/${ev!.id}`, token('gestor'));
  return { sessions, ids, chains };
}

let eventSeq = 1;
/**
 * A one-hour event on its own slot in the future (no two overlap), with one or two of the people:
 * creating an event locks its participants (the busy check), so the same two on every event would
 * make every create wait for the previous one.
 */
export function scheduleEvent(n: number, sessions: Record<Person, Session>) {
  const people = PEOPLE.filter((_, i) => i === n % 4 || i === (n + 1 + (n % 3)) % 4);
  const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1) + n * 3_600_000);
  return {
    title: `Carga ${n}: vistoria de rotina`,
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
    participant_ids: people.map((p) => sessions[p].user.id),
    location: 'POP Centro',
    // The demo's weekly meeting recurs for months: an hour of the run may fall on one of its occurrences.
    // The clash is still checked (its cost is part of the load); the event is kept as a planner would.
    force: true,
  };
}

/** Takes an out-request chain one step round its workflow (an answer that is not 2xx leaves it on its step). */
export async function chainStep(rec: Recorder | undefined, base: string, sessions: Record<Person, Session>, c: Chain) {
  const step = c.next;
  const route = step === 'ask' ? 'POST /api/patrimony-solicitation' : `POST /api/patrimony-solicitation/:id/${step}`;
  let r: Json | undefined;
  if (step === 'ask') r = await call(rec, base, route, 'POST', '/api/patrimony-solicitation', sessions.tecnico.token, { reason: 'Teste de carga: troca de equipamento', stock_id: c.stock, items: [{ patrimony_id: c.item }] });
  else if (step === 'approve') r = await call(rec, base, route, 'POST', `/api/patrimony-solicitation/${c.id}/approve`, sessions.gestor.token, { reason: 'Aprovado' });
  else if (step === 'deliver') r = await call(rec, base, route, 'POST', `/api/patrimony-solicitation/${c.id}/deliver`, sessions.almoxarife.token, { note: 'Retirado no balcão' });
  else r = await call(rec, base, route, 'POST', `/api/patrimony-solicitation/${c.id}/return`, sessions.almoxarife.token, { note: 'Devolvido' });
  if (!r) return; // recorded as an error; the chain stays on its step and tries again
  if (step === 'ask') c.id = r.id as number;
  c.next = step === 'ask' ? 'approve' : step === 'approve' ? 'deliver' : step === 'deliver' ? 'return' : 'ask';
}

/** The weighted mix: each call sends one request (a workflow turn sends one step). */
export function trafficMix(base: string, t: Traffic, rec: Recorder, opts: { logins: boolean } = { logins: true }) {
  const tok = (p: Person) => t.sessions[p].token;
  const created: number[] = [];
  let chainTurn = 0;
  const ops: [number, () => Promise<unknown>][] = [
    // Someone logs in about every two seconds at 200 req/s (argon2id at the production cost: ~60 ms of CPU each).
    [opts.logins ? 0.25 : 0, () => login(rec, base, pick(PEOPLE))],
    [
      38,
      () => {
        const l = pick(LISTS);
        const s = pick(l.searches);
        const o = l.sorts.length ? pick(l.sorts) : undefined;
        return call(rec, base, listRoute(l, s, o), 'GET', listUrl(l, s, o), tok(l.who), undefined, false);
      },
    ],
    [
      24,
      () => {
        const d = pick(DETAILS);
        return call(rec, base, `GET ${d.path}/:id`, 'GET', `${d.path}/${pick(t.ids.get(d.path)!)}`, tok(d.who), undefined, false);
      },
    ],
    [12, () => call(rec, base, 'GET /api/wiki/search?q', 'GET', `/api/wiki/search?q=${encodeURIComponent(pick(WIKI_WORDS))}&page=1&pageSize=10`, tok('tecnico'), undefined, false)],
    [4, () => call(rec, base, 'GET /api/dashboard', 'GET', '/api/dashboard', tok(pick(['gestor', 'almoxarife', 'tecnico'] as Person[])), undefined, false)],
    [
      16,
      async () => {
        // The next chain that is not waiting for its previous step's answer.
        for (let i = 0; i < t.chains.length; i++) {
          const c = t.chains[(chainTurn + i) % t.chains.length];
          if (c.busy) continue;
          chainTurn = (chainTurn + i + 1) % t.chains.length;
          c.busy = true;
          try {
            return await chainStep(rec, base, t.sessions, c);
          } finally {
            c.busy = false;
          }
        }
        // Every chain is mid-step: the same read the requester's screen makes meanwhile.
        return call(rec, base, 'GET /api/patrimony-solicitation?mine', 'GET', '/api/patrimony-solicitation?page=1&pageSize=20&mine=true', tok('tecnico'), undefined, false);
      },
    ],
    [
      5,
      async () => {
        if (created.length >= 3) {
          const id = created.shift()!;
          return call(rec, base, 'DELETE /api/schedule/:id', 'DELETE', `/api/schedule/${id}`, tok('gestor'));
        }
        const r = await call(rec, base, 'POST /api/schedule', 'POST', '/api/schedule', tok('gestor'), scheduleEvent(eventSeq++, t.sessions));
        if (r) created.push(r.id as number);
      },
    ],
  ];
  const total = ops.reduce((a, [w]) => a + w, 0);
  return () => {
    let x = Math.random() * total;
    for (const [w, op] of ops) if ((x -= w) < 0) return op();
    return ops[ops.length - 1][1](); // rounding at the very end of the range
  };
}

/**
 * `n` EventSource clients (the people's Mercure topics, spread over the four) connected for the
 * whole run. An error event (a dropped stream, a refused reconnection) counts as an error.
 */
export async function subscribers(base: string, sessions: Record<Person, Session>, n: number) {
  const state = { messages: 0, errors: 0, opens: 0, errorSamples: [] as string[] };
  const list: EventSource[] = [];
  const opened: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const s = sessions[PEOPLE[i % PEOPLE.length]];
    const q = new URLSearchParams();
    for (const topic of s.mercure_topics) q.append('topic', topic);
    const es = new EventSource(`${base}/.well-known/mercure?${q}`, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${s.mercure_token}` } }),
    });
    list.push(es);
    opened.push(new Promise((resolve) => es.addEventListener('open', () => resolve(), { once: true })));
    es.addEventListener('open', () => state.opens++);
    es.addEventListener('message', () => state.messages++);
    es.addEventListener('error', (ev) => {
      state.errors++;
      if (state.errorSamples.length < 5) state.errorSamples.push(`subscriber ${i}: ${(ev as { message?: string }).message ?? 'error'}`);
    });
  }
  await Promise.race([Promise.all(opened), new Promise((_, reject) => setTimeout(() => reject(new Error(`the ${n} subscribers did not all connect within 30 s`)), 30_000))]);
  return { state, close: () => list.forEach((es) => es.close()) };
}
