/**
 * Baseline of the warehouse benchmark: a minimal `node:http` + `pg` server answering
 * `GET /api/patrimony?search=…` and `GET /api/movements?item=…` with the SAME SQL the API sends
 * (captured from it: texts, parameters, round trips), the same JWT check (jose, HS256) and the
 * same JSON. No framework, validation, serializer or logging: what the API would cost if it
 * were free. The runner checks that both answer identically before measuring.
 *
 * Env: PORT, JWT_SECRET, DATABASE_URL (pool of 20, like the API).
 */
import { allowed, fold, inList, iso, query, type Row, serveBaseline, uniq } from './baseline-kit';

/** The one-round-trip name lookup of `loadRefs` (src/modules/warehouse/shared.ts). */
async function refs(want: { p?: unknown[]; s?: unknown[]; t?: unknown[]; u?: unknown[] }) {
  const p = uniq(want.p ?? []);
  const s = uniq(want.s ?? []);
  const t = uniq(want.t ?? []);
  const u = uniq(want.u ?? []);
  const parts: string[] = [];
  const values: unknown[] = [];
  const add = (ids: number[], text: (list: string) => string) => {
    if (!ids.length) return;
    parts.push(text(inList(ids.length, values.length + 1)));
    values.push(...ids);
  };
  add(p, (l) => `select 'p' as k, id, code as a, name as b, tracking as c, unit_of_measure as d, minimum_quantity::text as e from product where id in (${l})`);
  add(s, (l) => `select 's' as k, id, null as a, name as b, null as c, null as d, null as e from section where id in (${l})`);
  add(t, (l) => `select 't' as k, id, null as a, name as b, null as c, null as d, null as e from stock where id in (${l})`);
  add(u, (l) => `select 'u' as k, u.id, u.username as a, p.nickname as b, p.full_name as c, null as d, null as e from "user" u join person p on p.id = u.person_id where u.id in (${l})`);
  const out = { p: new Map<number, Row>(), s: new Map<number, Row>(), t: new Map<number, Row>(), u: new Map<number, Row>() };
  if (!parts.length) return out;
  for (const r of await query(parts.join(' union all '), values)) out[r.k as 'p'].set(Number(r.id), r);
  return out;
}
const named = (m: Map<number, Row>, id: unknown) => (id ? { id: id as number, name: m.get(id as number)!.b as string } : null);
const person = (m: Map<number, Row>, id: unknown) => {
  if (!id) return null;
  const r = m.get(id as number)!;
  return { id: id as number, username: r.a as string, name: (r.b || r.c || r.a) as string };
};

const PATRIMONY_COLS =
  '"id", "organization_id", "tag", "serial", "product_id", "condition", "status", "stock_id", "section_id", "holder_user_id", "holder_confirmed_at", "acquisition_date", "acquisition_value", "invoice_number", "supplier", "notes", "created_at", "updated_at"';

async function patrimony(u: { organization_id: number; permissions: string[]; super_admin: boolean }, url: URL) {
  if (!allowed(u, 'PATRIMONY')) return [403, { code: 403, message: 'Você não tem permissão para esta ação.' }] as const;
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const pageSize = Math.min(100, Math.max(1, Number(url.searchParams.get('pageSize') ?? 10)));
  const offset = (page - 1) * pageSize;
  const words = fold(url.searchParams.get('search') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const pattern = (w: string) => `%${w.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
  // The same SQL as src/modules/warehouse/patrimony/search.ts and the list route: products per word, then rows and total at once.
  let ids: number[][] = [];
  if (words.length) {
    const lookupParams: unknown[] = [];
    const lookups = words.map((w, i) => {
      lookupParams.push(u.organization_id, pattern(w));
      return `array(select "product"."id" from "product" where "product"."organization_id" = $${lookupParams.length - 1} and "product"."search_text" like $${lookupParams.length}) as "p${i}"`;
    });
    const [row] = await query(`select ${lookups.join(', ')}`, lookupParams);
    ids = words.map((_, i) => ((row[`p${i}`] as number[] | null) ?? []).map(Number));
  }
  const values: unknown[] = [];
  const $ = (v: unknown) => (values.push(v), `$${values.length}`);
  const text = (w: string) => `"patrimony"."search_text" like ${$(pattern(w))}`;
  const inIds = (xs: number[]) => `"patrimony"."product_id" in (${xs.map($).join(', ')})`;
  const cond = () => {
    const parts = words.map((w, i) => (ids[i].length ? `(${text(w)} or ${inIds(ids[i])})` : text(w)));
    return parts.length > 1 ? `(${parts.join(' and ')})` : parts[0];
  };
  const common = ids.length ? ids.slice(1).reduce((acc, xs) => acc.filter((id) => xs.includes(id)), ids[0]) : [];
  const org = () => `"patrimony"."organization_id" = ${$(u.organization_id)}`;
  const count = (c?: () => string) => `(select count(*)::int from "patrimony" where ${c ? `(${org()} and ${c()})` : org()})`;
  const anyText = () => (words.length > 1 ? `(${words.map(text).join(' or ')})` : text(words[0]));
  const totalSql = () =>
    !words.length
      ? count()
      : common.length
        ? `${count(() => inIds(common))} + ${count(() => `(${cond()} and ${anyText()} and not ${inIds(common)})`)}`
        : `0 + ${count(() => `(${cond()} and ${anyText()})`)}`;
  const total0 = totalSql();
  const where = words.length ? `(${org()} and ${cond()})` : org();
  const found = await query(`select ${PATRIMONY_COLS}, ${total0} from "patrimony" where ${where} order by "patrimony"."id" desc limit ${$(pageSize)}${offset ? ` offset ${$(offset)}` : ''}`, values);
  const total = found.length ? (found[0][words.length ? '?column?' : 'count'] as number) : 0;
  const r = await refs({ p: found.map((x) => x.product_id), s: found.map((x) => x.section_id), t: found.map((x) => x.stock_id), u: found.map((x) => x.holder_user_id) });
  const items = found.map((x) => {
    const p = r.p.get(x.product_id as number)!;
    return {
      id: x.id,
      organization_id: x.organization_id,
      tag: x.tag,
      serial: x.serial,
      product_id: x.product_id,
      product: { id: x.product_id, code: p.a, name: p.b, tracking: p.c },
      condition: x.condition,
      status: x.status,
      stock_id: x.stock_id,
      stock: named(r.t, x.stock_id),
      section_id: x.section_id,
      section: named(r.s, x.section_id),
      holder_user_id: x.holder_user_id,
      holder: person(r.u, x.holder_user_id),
      holder_confirmed_at: iso(x.holder_confirmed_at),
      acquisition_date: x.acquisition_date,
      acquisition_value: x.acquisition_value,
      invoice_number: x.invoice_number,
      supplier: x.supplier,
      notes: x.notes,
      created_at: iso(x.created_at),
      updated_at: iso(x.updated_at),
    };
  });
  return [200, { items, total_items: total, total_pages: Math.ceil(total / pageSize), current_page: page, page_size: pageSize }] as const;
}

const MOVEMENT_COLS = ['id', 'organization_id', 'type', 'product_id', 'patrimony_id', 'quantity', 'from_stock_id', 'from_section_id', 'to_stock_id', 'to_section_id', 'from_holder_id', 'to_holder_id', 'from_status', 'to_status', 'user_id', 'reason', 'document', 'solicitation_id', 'created_at']
  .map((c) => `"movement"."${c}"`)
  .join(', ');

async function movementList(u: { organization_id: number; permissions: string[]; super_admin: boolean }, url: URL) {
  if (!allowed(u, 'PATRIMONY_HISTORY')) return [403, { code: 403, message: 'Você não tem permissão para esta ação.' }] as const;
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const pageSize = Math.min(100, Math.max(1, Number(url.searchParams.get('pageSize') ?? 10)));
  const offset = (page - 1) * pageSize;
  const item = Number(url.searchParams.get('item'));
  const where = '("movement"."organization_id" = $1 and "movement"."patrimony_id" = $2)';
  const found = await query(
    `select ${MOVEMENT_COLS}, "patrimony"."tag", (count(*) over ())::int from "movement" left join "patrimony" on "patrimony"."id" = "movement"."patrimony_id" where ${where} order by "movement"."id" desc limit $3${offset ? ' offset $4' : ''}`,
    offset ? [u.organization_id, item, pageSize, offset] : [u.organization_id, item, pageSize],
  );
  const total = found.length ? (found[0].count as number) : offset === 0 ? 0 : ((await query(`select count(*)::int from "movement" where ${where}`, [u.organization_id, item]))[0].count as number);
  const r = await refs({
    p: found.map((m) => m.product_id),
    s: found.flatMap((m) => [m.from_section_id, m.to_section_id]),
    t: found.flatMap((m) => [m.from_stock_id, m.to_stock_id]),
    u: found.flatMap((m) => [m.from_holder_id, m.to_holder_id, m.user_id]),
  });
  const items = found.map((m) => {
    const p = r.p.get(m.product_id as number)!;
    return {
      id: m.id,
      type: m.type,
      product: { id: m.product_id, code: p.a, name: p.b },
      patrimony: m.patrimony_id ? { id: m.patrimony_id, tag: m.tag } : null,
      quantity: Number(m.quantity),
      from_stock: named(r.t, m.from_stock_id),
      from_section: named(r.s, m.from_section_id),
      to_stock: named(r.t, m.to_stock_id),
      to_section: named(r.s, m.to_section_id),
      from_holder: person(r.u, m.from_holder_id),
      to_holder: person(r.u, m.to_holder_id),
      from_status: m.from_status,
      to_status: m.to_status,
      user: person(r.u, m.user_id),
      reason: m.reason,
      document: m.document,
      solicitation_id: m.solicitation_id,
      created_at: iso(m.created_at),
    };
  });
  return [200, { items, total_items: total, total_pages: Math.ceil(total / pageSize), current_page: page, page_size: pageSize }] as const;
}

serveBaseline({ '/api/patrimony': patrimony, '/api/movements': movementList });
