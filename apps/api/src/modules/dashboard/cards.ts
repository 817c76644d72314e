/**
 * The dashboard's cards: what waits for the user now. Every card is read by ONE prepared statement
 * (one round trip, planned once per connection): each card is a `case when <allowed> then (…) end`
 * column, so a card the user may not see costs nothing, and each card's count and top items come
 * from the same module tables the list pages read, through their indexes:
 *
 * - patrimony requests: `solicitation_org_idx` (organization, status, id) — the list's `waiting` filter;
 * - shipment requests: `shipment_solicitation_org_idx`;
 * - my activities: `external_activity_technician_user_idx` (user, status, activity) then primary keys, once for both cards;
 * - receiving: `patrimony_holder_idx`, `shipment_org_idx`;
 * - circuits down: the partial unique index of ongoing periods (`ended_at is null`), then each circuit by key;
 * - below minimum (its own statement, kept 30 s per organization): per active product with a minimum,
 *   at most `minimum` available items are read (`patrimony_product_idx` with a LIMIT), so a product
 *   with thousands of items costs a few index entries.
 */
import { type SQL, eq, sql } from 'drizzle-orm';
import { ACTIVITY_OPEN_STATUSES, DASHBOARD_TOP_ITEMS, type DashboardCard, type DashboardCardKey, type DashboardItem, UNIT_OF_MEASURE_LABELS, type UnitOfMeasure } from '@operacoes/contract';
import { type CurrentUser, allows, unitScopeOf } from '../../core/access';
import { localDay, nextDay, startOfDay } from '../../core/dates';
import { currentTimeZone } from '../../core/time-zone';
import type { DbOrTx } from '../../core/db';
import { preparedRead } from '../../core/prepared';
import { cached } from './cache';
import { num } from '../../core/rows';
import { organizations, persons, userUnits, users } from '../../core/schema';
import { activityTechnicians, externalActivities } from '../external-activity';
import { shipmentSolicitations, shipments } from '../logistics';
import { circuitUnavailabilities, circuits } from '../network';
import { consumableBalances, patrimonies, patrimonySolicitations, products, sections, stocks } from '../warehouse';

const p = (name: string, type: 'int' | 'boolean' | 'timestamptz') => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
const org = p('org', 'int');
const me = p('user', 'int');
const now = p('now', 'timestamptz');
const TOP = sql.raw(String(DASHBOARD_TOP_ITEMS));
const OPEN = sql.raw(ACTIVITY_OPEN_STATUSES.map((s) => `'${s}'`).join(', '));

/** `{count, items}` of the rows `from … where …`, the items as `select` ordered by `order`. */
const card = (flag: string, from: SQL, where: SQL, select: SQL, order: SQL) =>
  sql`case when ${p(flag, 'boolean')} then json_build_object(
    'count', (select count(*) from ${from} where ${where}),
    'items', coalesce((select json_agg(x) from (select ${select} from ${from} where ${where} order by ${order} limit ${TOP}) x), '[]'::json)) end`;

const requesterName = (id: SQL) => sql`(select coalesce(nullif(${persons.full_name}, ''), ${users.username}) from ${users} left join ${persons} on ${persons.id} = ${users.person_id} where ${users.id} = ${id})`;

/** The list's `waiting=true` (warehouse `waitingFor`): retiradas to approve (WAREHOUSE, not my own), to deliver or returns to receive (PATRIMONY). */
const ps = patrimonySolicitations;
const patrimonyRequests = card(
  'patrimony_requests',
  sql`${ps}`,
  sql`${ps.organization_id} = ${org} and ${ps.status} in ('pendente', 'aprovada') and (
    (${p('approve_patrimony', 'boolean')} and ${ps.kind} = 'retirada' and ${ps.status} = 'pendente' and ${ps.requester_id} <> ${me})
    or (${p('deliver_patrimony', 'boolean')} and ((${ps.kind} = 'retirada' and ${ps.status} = 'aprovada') or (${ps.kind} = 'devolucao' and ${ps.status} = 'pendente'))))`,
  sql`${ps.id} as id, ${ps.kind} as kind, ${ps.status} as status, ${ps.reason} as reason, ${requesterName(sql`${ps.requester_id}`)} as requester`,
  sql`${ps.id}`,
);

/** Requests someone else made, waiting for an approver (ASSET_SHIPMENT), oldest first. */
const ss = shipmentSolicitations;
const shipmentRequests = card(
  'shipment_requests',
  sql`${ss}`,
  sql`${ss.organization_id} = ${org} and ${ss.status} = 'pendente' and ${p('approve_shipment', 'boolean')} and ${ss.requester_id} is distinct from ${me}`,
  sql`${ss.id} as id, ${ss.recipient_name} as recipient, ${ss.wanted_date} as wanted_date, ${requesterName(sql`${ss.requester_id}`)} as requester`,
  sql`${ss.id}`,
);

/** My open work orders (as technician), through the technicians' index. */
const ea = externalActivities;
const myOpen = sql`${ea.id} = any(array(select ${activityTechnicians.activity_id} from ${activityTechnicians} where ${activityTechnicians.user_id} = ${me} and ${activityTechnicians.status} in (${OPEN})))
  and ${ea.organization_id} = ${org} and ${ea.status} in (${OPEN})`;
/**
 * Both activity cards from ONE pass over my open work orders (a technician may have hundreds: each
 * is a primary-key read, once): `today` and `late` flags, each side numbered for its top items.
 */
const starts = sql`coalesce(${ea.scheduled_start}, ${ea.due_at})`;
const isToday = sql`(${starts} >= ${p('day_start', 'timestamptz')} and ${starts} < ${p('day_end', 'timestamptz')})`;
const isLate = sql`(${ea.due_at} < ${now})`;
const activityItem = sql`json_build_object('id', m.id, 'code', m.code, 'client', m.client, 'status', m.status, 'scheduled_start', m.scheduled_start, 'due_at', m.due_at)`;
const myActivities = sql`case when ${p('activities', 'boolean')} then (select json_build_object(
    'today', json_build_object('count', count(*) filter (where m.today), 'items', coalesce(json_agg(${activityItem} order by m.starts, m.id) filter (where m.today and m.today_rank <= ${TOP}), '[]'::json)),
    'late', json_build_object('count', count(*) filter (where m.late), 'items', coalesce(json_agg(${activityItem} order by m.due_at, m.id) filter (where m.late and m.late_rank <= ${TOP}), '[]'::json)))
  from (select ${ea.id} as id, ${ea.code} as code, ${ea.client_name} as client, ${ea.status} as status, ${ea.scheduled_start} as scheduled_start, ${ea.due_at} as due_at, ${starts} as starts,
          ${isToday} as today, ${isLate} as late,
          row_number() over (partition by ${isToday} order by ${starts}, ${ea.id}) as today_rank,
          row_number() over (partition by ${isLate} order by ${ea.due_at}, ${ea.id}) as late_rank
        from ${ea} where ${myOpen}) m) end`;

/** Items I hold and have not confirmed; shipments on their way to me, my unit or a stock of my unit. */
const heldUnconfirmed = card(
  'receiving',
  sql`${patrimonies} join ${products} on ${products.id} = ${patrimonies.product_id}`,
  sql`${patrimonies.holder_user_id} = ${me} and ${patrimonies.organization_id} = ${org} and ${patrimonies.holder_confirmed_at} is null`,
  sql`${patrimonies.id} as id, ${patrimonies.tag} as tag, ${products.name} as product`,
  sql`${patrimonies.id}`,
);
const myUnits = sql`(select ${users.unit_organizational_id} from ${users} where ${users.id} = ${me} union select ${userUnits.unit_id} from ${userUnits} where ${userUnits.user_id} = ${me})`;
const shipmentsToReceive = card(
  'receiving',
  sql`${shipments}`,
  sql`${shipments.organization_id} = ${org} and ${shipments.status} = 'enviado' and (
    ${shipments.recipient_user_id} = ${me}
    or ${shipments.destination_unit_id} in ${myUnits}
    or ${shipments.destination_section_id} in (select ${sections.id} from ${sections} join ${stocks} on ${stocks.id} = ${sections.stock_id} where ${stocks.unit_organizational_id} in ${myUnits}))`,
  sql`${shipments.id} as id, ${shipments.carrier} as carrier, ${shipments.tracking_code} as tracking, ${shipments.recipient_name} as recipient, ${shipments.dispatched_at} as dispatched_at,
    case when ${shipments.recipient_user_id} = ${me} and ${shipments.receiving_expires_at} > ${now} then ${shipments.receiving_hash} end as hash`,
  sql`${shipments.dispatched_at}, ${shipments.id}`,
);

const cu = circuitUnavailabilities;
/** From the few ongoing periods to their circuits by primary key (`limit 1` keeps the planner from hashing every circuit instead). */
const circuitsDown = card(
  'circuits',
  sql`${cu} cross join lateral (select ${circuits.carrier} as carrier, ${circuits.designation} as designation, ${circuits.organization_id} as organization_id from ${circuits} where ${circuits.id} = ${cu.circuit_id} limit 1) c`,
  sql`${cu.ended_at} is null and c.organization_id = ${org}`,
  sql`${cu.circuit_id} as id, c.carrier as carrier, c.designation as designation, ${cu.started_at} as since`,
  sql`${cu.started_at} desc, ${cu.circuit_id}`,
);

/** On hand as the product list counts it (warehouse `availableQuantity`), stopping at the minimum for items. */
const onHand = sql`(case when ${products.tracking} = 'consumivel'
  then coalesce((select sum(${consumableBalances.quantity}) from ${consumableBalances} where ${consumableBalances.product_id} = ${products.id}), 0)
  else (select count(*) from (select 1 from ${patrimonies} where ${patrimonies.product_id} = ${products.id} and ${patrimonies.status} = 'disponivel' limit ceil(${products.minimum_quantity})::int) s) end)`;
const belowMinimum = card(
  'products',
  sql`${products}`,
  sql`${products.organization_id} = ${org} and ${products.is_active} and ${products.minimum_quantity} > 0 and ${onHand} < ${products.minimum_quantity}`,
  sql`${products.id} as id, ${products.code} as code, ${products.name} as name, ${products.unit_of_measure} as unit, ${products.minimum_quantity} as minimum, ${onHand} as on_hand`,
  sql`${products.name}, ${products.id}`,
);

type Raw = { count: number; items: Record<string, unknown>[] } | null;
type Row = Record<'patrimony_requests' | 'shipment_requests' | 'held' | 'shipments' | 'circuits_down', Raw> & { activities: { today: Raw; late: Raw } | null };

/**
 * Products below their minimum: the same for the whole organization and the dearest card (every
 * active product's stock on hand: the sum of its balances, or its available items up to the
 * minimum), so it is kept for 30 s per organization (`cache.ts`) instead of read on every request.
 */
const BELOW_MINIMUM_TTL_MS = 30_000;
const belowMinimumStatement = (db: DbOrTx) =>
  preparedRead<{ below_minimum: Raw }>(db, 'dashboard-below-minimum', 'dashboard_below_minimum', (d) =>
    d.select({ below_minimum: belowMinimum }).from(organizations).where(eq(organizations.id, sql.placeholder('org'))),
  );
const belowMinimumOf = (db: DbOrTx, organizationId: number) =>
  cached(db, `below-minimum-${organizationId}`, BELOW_MINIMUM_TTL_MS, async () => (await belowMinimumStatement(db).execute({ org: organizationId, products: true }))[0].below_minimum);

const statement = (db: DbOrTx) =>
  preparedRead<Row>(db, 'dashboard-cards', 'dashboard_cards', (d) =>
    d
      .select({
        patrimony_requests: patrimonyRequests,
        shipment_requests: shipmentRequests,
        activities: myActivities,
        held: heldUnconfirmed,
        shipments: shipmentsToReceive,
        circuits_down: circuitsDown,
      })
      .from(organizations)
      .where(eq(organizations.id, sql.placeholder('org'))),
  );

// A card counts the whole organization's rows: a permission scoped to some units does not show it.
const wide = (user: CurrentUser, name: string) => unitScopeOf(user, name) === undefined;
const canRead = (user: CurrentUser, ...names: string[]) => names.some((n) => allows(user, { read: n as never }) && wide(user, n));
const canWrite = (user: CurrentUser, name: string) => allows(user, { write: name as never }) && wide(user, name);

// Formatters built once: `toLocaleString` with options builds one per call (most of a request's CPU here).
// One pair per zone (the request's: the organization's, or the user's unit's).
const formatters = new Map<string, { dateTime: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
function formattersOf(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = {
      dateTime: new Intl.DateTimeFormat('pt-BR', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }),
      time: new Intl.DateTimeFormat('pt-BR', { timeZone: zone, hour: '2-digit', minute: '2-digit' }),
    };
    formatters.set(zone, f);
  }
  return f;
}
const dateTime = (iso: unknown) => (iso ? formattersOf(currentTimeZone()).dateTime.format(new Date(String(iso))) : null);
const time = (iso: unknown) => (iso ? formattersOf(currentTimeZone()).time.format(new Date(String(iso))) : null);
const QUANTITY = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Midnight today and tomorrow in the zone ("hoje" of the dashboard). */
export function todayBounds(at = Date.now(), zone = currentTimeZone()) {
  const day = localDay(at, zone);
  return { start: startOfDay(day, zone), end: startOfDay(nextDay(day), zone) };
}

/** The cards this user may see, in the contract's order. */
export async function dashboardCards(db: DbOrTx, user: CurrentUser, at = new Date()): Promise<DashboardCard[]> {
  const seesPatrimonyRequests = canRead(user, 'PATRIMONY_OUT_REQUEST');
  const seesShipments = canRead(user, 'ASSET_SHIPMENT');
  const seesActivities = canRead(user, 'EXTERNAL_ACTIVITY');
  const seesCircuits = canRead(user, 'OPERATOR_CIRCUIT');
  const seesProducts = canRead(user, 'WAREHOUSE', 'PRODUCT');
  const day = todayBounds(at.getTime());
  const [[row], below] = await Promise.all([
    statement(db).execute({
      org: user.organizationId,
      user: user.id,
      now: at.toISOString(),
      day_start: day.start.toISOString(),
      day_end: day.end.toISOString(),
      patrimony_requests: seesPatrimonyRequests,
      approve_patrimony: canWrite(user, 'WAREHOUSE'),
      deliver_patrimony: canWrite(user, 'PATRIMONY'),
      shipment_requests: seesShipments,
      approve_shipment: canWrite(user, 'ASSET_SHIPMENT'),
      activities: seesActivities,
      // Anyone may have something to confirm (my patrimony needs only a login): read for everyone, shown below.
      receiving: true,
      circuits: seesCircuits,
    }),
    seesProducts ? belowMinimumOf(db, user.organizationId) : null,
  ]);
  const cards: DashboardCard[] = [];
  const add = (key: DashboardCardKey, raw: Raw, item: (r: Record<string, unknown>) => Omit<DashboardItem, 'key'> & { key?: string }, link: string, tone: (count: number, items: DashboardItem[]) => DashboardCard['tone'] = (n) => (n ? 'warning' : 'ok')) => {
    if (!raw) return;
    const items = raw.items.map((r) => ({ key: s(r.id), ...item(r) }));
    cards.push({ key, count: num(raw.count), tone: tone(num(raw.count), items), items, link });
  };

  add(
    'patrimony_requests',
    row.patrimony_requests,
    (r) => ({
      title: `Solicitação #${r.id} · ${s(r.requester)}`,
      detail: `${r.kind === 'devolucao' ? 'Devolução para receber' : r.status === 'aprovada' ? 'Aprovada: separar e entregar' : 'Aguardando aprovação'} — ${s(r.reason)}`,
      link: `/patrimony-solicitation?id=${r.id}`,
      alert: false,
    }),
    '/patrimony-solicitation?waiting=true',
  );
  add(
    'shipment_requests',
    row.shipment_requests,
    (r) => ({
      title: `Solicitação de envio #${r.id} · ${s(r.requester) || 'sem solicitante'}`,
      detail: `Para ${s(r.recipient)}${r.wanted_date ? ` · desejado até ${String(r.wanted_date).split('-').reverse().join('/')}` : ''}`,
      link: `/shipment-solicitation/edit/${r.id}`,
      alert: false,
    }),
    '/shipment-solicitation?status=pendente',
  );
  const activity = (r: Record<string, unknown>) => {
    const late = new Date(String(r.due_at)).getTime() < at.getTime();
    return {
      title: `${s(r.code)} · ${s(r.client)}`,
      detail: late ? `Prazo vencido em ${dateTime(r.due_at)}` : r.scheduled_start ? `Agendada para ${time(r.scheduled_start)} · prazo ${dateTime(r.due_at)}` : `Prazo ${dateTime(r.due_at)}`,
      link: `/external-activity/manage/${r.id}`,
      alert: late,
    };
  };
  add('activities_today', row.activities?.today ?? null, activity, '/external-activity?mine=true', (n, items) => (items.some((i) => i.alert) ? 'danger' : n ? 'warning' : 'ok'));
  add('activities_breached', row.activities?.late ?? null, activity, '/external-activity?mine=true&breached=true', (n) => (n ? 'danger' : 'ok'));

  // Receiving: items I hold, then shipments coming. Shown to whoever has something to confirm, and
  // always (even empty) to those who work with the warehouse or shipments.
  if (row.held && row.shipments) {
    const count = num(row.held.count) + num(row.shipments.count);
    if (count > 0 || seesShipments || canRead(user, 'WAREHOUSE', 'PATRIMONY')) {
      const items: DashboardItem[] = [
        ...row.held.items.map((r) => ({ key: `p${r.id}`, title: `${s(r.tag)} · ${s(r.product)}`, detail: 'Patrimônio com você: confirme que recebeu', link: '/my-patrimony', alert: false })),
        ...row.shipments.items.map((r) => ({
          key: `s${r.id}`,
          title: `Envio #${r.id} para ${s(r.recipient)}`,
          detail: [`Despachado em ${dateTime(r.dispatched_at)}`, r.carrier ? s(r.carrier) : null, r.tracking ? `rastreio ${s(r.tracking)}` : null].filter(Boolean).join(' · '),
          // The public link goes to its named recipient only (they also got it by e-mail).
          link: r.hash ? `/receiving/${r.hash}` : seesShipments ? `/shipment/edit/${r.id}` : null,
          alert: false,
        })),
      ].slice(0, DASHBOARD_TOP_ITEMS);
      const link = num(row.held.count) > 0 || !seesShipments ? '/my-patrimony' : '/shipment?status=enviado';
      cards.push({ key: 'receiving', count, tone: count ? 'warning' : 'ok', items, link });
    }
  }

  add(
    'circuits_down',
    row.circuits_down,
    (r) => ({ title: `${s(r.carrier)} · ${s(r.designation)}`, detail: `Fora do ar desde ${dateTime(r.since)}`, link: `/circuit/${r.id}/unavailability/`, alert: true }),
    '/circuit?down=true',
    (n) => (n ? 'danger' : 'ok'),
  );
  add(
    'below_minimum',
    below,
    (r) => {
      const unit = UNIT_OF_MEASURE_LABELS[r.unit as UnitOfMeasure]?.toLowerCase() ?? s(r.unit);
      return { title: `${s(r.code)} · ${s(r.name)}`, detail: `Disponível ${QUANTITY.format(num(r.on_hand))} de mínimo ${QUANTITY.format(num(r.minimum))} (${unit})`, link: `/product/edit/${r.id}`, alert: false };
    },
    '/product?belowMinimum=true',
  );
  return cards;
}
