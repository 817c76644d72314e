import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_PASSWORD, call, login, sleep } from './server-process';

/**
 * A stream of writes that matter, over real HTTP: plain creates (products) and workflow steps
 * (a patrimony out-request created → approved → delivered, a shipment requested → approved →
 * dispatched → received through its public link). Every 2xx answer is recorded as acknowledged,
 * so that after a crash we can check that each one is still there.
 */

export type Place = { unitId: number; stockId: number; sectionA: number; sectionB: number; patrimonyProductId: number; techId: number; techUsername: string; techPassword: string };

/** Steps in order: an acknowledged step means at least that far (a later one may have landed without its answer). */
export const OUT_STEPS = ['pendente', 'aprovada', 'entregue'] as const;
export const SHIP_STEPS = ['aprovada', 'enviado', 'recebido'] as const;

export type Acks = {
  products: Map<number, string>;
  items: Set<number>;
  /** out-request id → highest acknowledged step index in OUT_STEPS */
  outRequests: Map<number, number>;
  /** shipment id → highest acknowledged step index in SHIP_STEPS */
  shipments: Map<number, number>;
  /** Answers that were not 2xx and not a network failure (should stay 0). */
  unexpected: string[];
  sent: number;
  /** Requests that got no answer (connection refused or reset: the server went away). */
  unanswered: number;
  /** 503 answers (database unavailable), each checked for its message and Retry-After. */
  unavailable: number;
  /** Whole rounds (every step of both workflows) acknowledged. */
  completed: number;
};

export const newAcks = (): Acks => ({ products: new Map(), items: new Set(), outRequests: new Map(), shipments: new Map(), unexpected: [], sent: 0, unanswered: 0, unavailable: 0, completed: 0 });

let seq = 0;
const uid = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(++seq).toString(36)}`;

/** Unit, stock with two sections, a patrimony product and a technician user, made by the super admin. */
export async function setupPlace(baseUrl: string, adminToken: string): Promise<Place> {
  const k = uid();
  const ok = async (method: string, url: string, body: unknown) => {
    const res = await call(baseUrl, method, url, adminToken, body);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  };
  const unit = await ok('POST', '/api/unit-organizational', { name: `Almoxarifado ${k}`, code: `A${k}`.slice(0, 20) });
  const stock = await ok('POST', '/api/stock', { name: `Estoque ${k}`, code: `E${k}`.slice(0, 20), unit_organizational_id: unit.id });
  const a = await ok('POST', '/api/section', { stock_id: stock.id, name: 'Prateleira A', code: 'A' });
  const b = await ok('POST', '/api/section', { stock_id: stock.id, name: 'Prateleira B', code: 'B' });
  const pp = await ok('POST', '/api/product', { code: `ONU${k}`.slice(0, 30), name: `ONU ${k}`, tracking: 'patrimonio' });
  const techPassword = 'Tecnico-Campo-2026!x';
  const techUsername = `tec_${k}`.slice(0, 50);
  const tech = await ok('POST', '/api/user', {
    username: techUsername,
    email: `tec_${k}@example.com`,
    password: techPassword,
    person: { nickname: `Técnico ${k}`, full_name: `Técnico de Campo ${k}` },
    permissions: ['PATRIMONY_OUT_REQUEST'],
  });
  return { unitId: unit.id, stockId: stock.id, sectionA: a.id, sectionB: b.id, patrimonyProductId: pp.id, techId: tech.id, techUsername, techPassword };
}

/** The receiving link's hash from the e-mail written under DATA_DIR/mail (no SMTP in these tests). */
export async function receivingHash(dataDir: string, email: string, timeoutMs = 3000): Promise<string | undefined> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir);
    } catch {
      // no mail yet
    }
    for (const f of files) {
      // Quoted-printable: join soft line breaks before looking for the link.
      const text = readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '');
      if (!text.includes(email)) continue;
      const m = /\/receiving\/([A-Za-z0-9_-]{43})/.exec(text);
      if (m) return m[1];
    }
    await sleep(50);
  }
  return undefined;
}

type Lane = { baseUrl: string; dataDir: string; adminToken: string; techToken: string; place: Place; acks: Acks };

/** Records a step: 2xx → returns the body; a network error or 5xx → undefined (the server is going away). */
async function step(lane: Lane, method: string, url: string, token: string | undefined, body?: unknown) {
  lane.acks.sent++;
  let res;
  try {
    res = await call(lane.baseUrl, method, url, token, body, 15_000);
  } catch {
    lane.acks.unanswered++;
    return undefined;
  }
  if (res.status >= 200 && res.status < 300) return res.body as Record<string, unknown> & { id: number };
  // 503 with a pt-BR message and Retry-After is the documented answer while the database is away; anything else is a defect.
  if (res.status === 503 && /^Banco de dados indisponível/.test(String(res.body.message)) && res.headers.get('retry-after')) lane.acks.unavailable++;
  else lane.acks.unexpected.push(`${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
  return undefined;
}

/** One round of the mixed workload; returns false as soon as a step fails (the caller decides whether to go on). */
async function oneRound(lane: Lane): Promise<boolean> {
  const { place, acks } = lane;
  const k = uid();
  const product = await step(lane, 'POST', '/api/product', lane.adminToken, { code: `P${k}`.slice(0, 30), name: `Conector ${k}`, tracking: 'patrimonio' });
  if (!product) return false;
  acks.products.set(product.id, `P${k}`.slice(0, 30));

  // Out-request: an item, requested by the technician, approved and delivered by the admin.
  const item = await step(lane, 'POST', '/api/patrimony', lane.adminToken, { product_id: place.patrimonyProductId, section_id: place.sectionA, serial: `SN${k}` });
  if (!item) return false;
  acks.items.add(item.id);
  const req = await step(lane, 'POST', '/api/patrimony-solicitation', lane.techToken, { reason: 'Instalação no cliente', items: [{ patrimony_id: item.id }] });
  if (!req) return false;
  acks.outRequests.set(req.id, 0);
  for (const [i, s] of [[1, 'approve'], [2, 'deliver']] as const) {
    if (!(await step(lane, 'POST', `/api/patrimony-solicitation/${req.id}/${s}`, lane.adminToken, {}))) return false;
    acks.outRequests.set(req.id, i);
  }

  // Shipment of a second item to section B, received through the e-mailed link.
  const item2 = await step(lane, 'POST', '/api/patrimony', lane.adminToken, { product_id: place.patrimonyProductId, section_id: place.sectionA, serial: `SM${k}` });
  if (!item2) return false;
  acks.items.add(item2.id);
  const email = `dest_${k}@example.com`;
  const ship = await step(lane, 'POST', '/api/shipment-solicitation', lane.adminToken, {
    origin_stock_id: place.stockId,
    destination_type: 'unidade',
    destination_unit_id: place.unitId,
    destination_section_id: place.sectionB,
    recipient_name: 'Renata Ribeiro',
    recipient_email: email,
    justification: 'Reposição do POP',
    items: [{ patrimony_id: item2.id }],
  });
  if (!ship) return false;
  const approved = await step(lane, 'POST', `/api/shipment-solicitation/${ship.id}/approve`, lane.adminToken, {});
  if (!approved) return false;
  const shipmentId = approved.shipment_id as number;
  acks.shipments.set(shipmentId, 0);
  if (!(await step(lane, 'POST', `/api/shipment/${shipmentId}/dispatch`, lane.adminToken, {}))) return false;
  acks.shipments.set(shipmentId, 1);
  const hash = await receivingHash(lane.dataDir, email);
  if (!hash) return false;
  const view = await step(lane, 'GET', `/api/receiving/${hash}`, undefined);
  if (!view) return false;
  const lines = (view.items as { id: number }[]).map((i) => ({ id: i.id, status: 'recebido' }));
  if (!(await step(lane, 'POST', `/api/receiving/${hash}`, undefined, { name: 'Renata Ribeiro', items: lines }))) return false;
  acks.shipments.set(shipmentId, 2);
  acks.completed++;
  return true;
}

/**
 * Runs `lanes` concurrent loops of the workload until `stop()` says so or the server stops
 * answering. With `keepGoing`, a failed round is retried after a pause (a database outage).
 */
export async function runWorkload(opts: { baseUrl: string; dataDir: string; place: Place; acks: Acks; lanes: number; stop: () => boolean; keepGoing?: boolean }) {
  const adminToken = (await login(opts.baseUrl, 'admin', ADMIN_PASSWORD)).token;
  const techToken = (await login(opts.baseUrl, opts.place.techUsername, opts.place.techPassword)).token;
  const lane: Lane = { baseUrl: opts.baseUrl, dataDir: opts.dataDir, adminToken, techToken, place: opts.place, acks: opts.acks };
  await Promise.all(
    Array.from({ length: opts.lanes }, async () => {
      while (!opts.stop()) {
        const ok = await oneRound(lane);
        if (!ok) {
          if (!opts.keepGoing) return;
          await sleep(100);
        }
      }
    }),
  );
}

/** Each acknowledged write is still there, at least as far as acknowledged (checked over the API). */
export async function checkAcksOverApi(baseUrl: string, acks: Acks) {
  const token = (await login(baseUrl, 'admin', ADMIN_PASSWORD)).token;
  const missing: string[] = [];
  for (const [id, code] of acks.products) {
    const res = await call(baseUrl, 'GET', `/api/product/${id}`, token);
    if (res.status !== 200 || res.body.code !== code) missing.push(`product ${id}: ${res.status}`);
  }
  for (const id of acks.items) {
    const res = await call(baseUrl, 'GET', `/api/patrimony/${id}`, token);
    if (res.status !== 200) missing.push(`patrimony ${id}: ${res.status}`);
  }
  for (const [id, stepIndex] of acks.outRequests) {
    const res = await call(baseUrl, 'GET', `/api/patrimony-solicitation/${id}`, token);
    const at = OUT_STEPS.indexOf(res.body.status as never);
    if (res.status !== 200 || at < stepIndex) missing.push(`out-request ${id}: ${res.status} ${String(res.body.status)} < ${OUT_STEPS[stepIndex]}`);
  }
  for (const [id, stepIndex] of acks.shipments) {
    const res = await call(baseUrl, 'GET', `/api/shipment/${id}`, token);
    const status = res.body.status === 'preparando' ? 'aprovada' : (res.body.status as string);
    const at = SHIP_STEPS.indexOf(status as never);
    if (res.status !== 200 || at < stepIndex) missing.push(`shipment ${id}: ${res.status} ${String(res.body.status)} < ${SHIP_STEPS[stepIndex]}`);
  }
  return missing;
}

/**
 * Workflow invariants in SQL; each query returns the rows that break one (all must be empty):
 * an item's state is its last movement's, an out-request's items match its status, a shipment's
 * items match its status, balances equal the sum of their movements.
 */
export const INVARIANTS: Record<string, string> = {
  'item state equals its last movement': `
    select p.id from patrimony p
    left join lateral (select * from movement m where m.patrimony_id = p.id order by m.id desc limit 1) last on true
    where last.id is null or last.to_status is distinct from p.status or last.to_section_id is distinct from p.section_id
       or last.to_holder_id is distinct from p.holder_user_id`,
  'each movement starts where the previous ended': `
    select m.id from movement m
    join lateral (select * from movement x where x.patrimony_id = m.patrimony_id and x.id < m.id order by x.id desc limit 1) prev on true
    where m.from_status is distinct from prev.to_status or m.from_section_id is distinct from prev.to_section_id
       or m.from_holder_id is distinct from prev.to_holder_id`,
  'pending/approved out-request: items reserved with a reserva movement': `
    select s.id from patrimony_solicitation s join patrimony_solicitation_item i on i.solicitation_id = s.id
    join patrimony p on p.id = i.patrimony_id
    where s.status in ('pendente', 'aprovada')
      and (p.status <> 'reservado' or not exists (select 1 from movement m where m.solicitation_id = s.id and m.patrimony_id = p.id and m.type = 'reserva'))`,
  'delivered out-request: items with the requester and a saida movement': `
    select s.id from patrimony_solicitation s join patrimony_solicitation_item i on i.solicitation_id = s.id
    join patrimony p on p.id = i.patrimony_id
    where s.status = 'entregue' and i.returned_at is null
      and (p.status <> 'em_uso' or p.holder_user_id is distinct from s.requester_id or i.delivered_at is null
           or not exists (select 1 from movement m where m.solicitation_id = s.id and m.patrimony_id = p.id and m.type = 'saida'))`,
  'out-request without item rows': `
    select s.id from patrimony_solicitation s where not exists (select 1 from patrimony_solicitation_item i where i.solicitation_id = s.id)`,
  'approved shipment request without its shipment': `
    select s.id from shipment_solicitation s where s.status = 'aprovada' and not exists (select 1 from shipment sh where sh.id = s.shipment_id)`,
  'shipment without item rows': `
    select sh.id from shipment sh where not exists (select 1 from shipment_item i where i.shipment_id = sh.id)`,
  'dispatched shipment: items in transit': `
    select sh.id from shipment sh join shipment_item i on i.shipment_id = sh.id join patrimony p on p.id = i.patrimony_id
    where sh.status = 'enviado' and p.status <> 'em_transito'`,
  'received shipment: every item answered and out of transit': `
    select sh.id from shipment sh join shipment_item i on i.shipment_id = sh.id left join patrimony p on p.id = i.patrimony_id
    where sh.status in ('recebido', 'recebido_com_divergencia')
      and (i.received_status = 'pendente' or (p.id is not null and i.received_status = 'recebido' and (p.status <> 'disponivel' or p.section_id is distinct from sh.destination_section_id)))`,
  'balance equals its movements': `
    select b.id from consumable_balance b
    left join (select section_id, product_id, sum(q) q from (
      select to_section_id section_id, product_id, quantity q from movement where patrimony_id is null and to_section_id is not null
      union all select from_section_id, product_id, -quantity from movement where patrimony_id is null and from_section_id is not null) x
      group by section_id, product_id) s on s.section_id = b.section_id and s.product_id = b.product_id
    where b.quantity <> coalesce(s.q, 0) or b.quantity < 0`,
};

/** Runs every invariant with `query` (PGlite or pg); returns the broken ones with a few offending ids. */
export async function brokenInvariants(query: (sql: string) => Promise<{ rows: unknown[] }>) {
  const broken: string[] = [];
  for (const [name, sql] of Object.entries(INVARIANTS)) {
    const { rows } = await query(sql);
    if (rows.length) broken.push(`${name}: ${JSON.stringify(rows.slice(0, 5))}`);
  }
  return broken;
}
