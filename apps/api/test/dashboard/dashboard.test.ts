/**
 * `GET /api/dashboard` on a fixed dataset: each card's count and items per kind of user
 * (super admin, full user, `.INDEX` user, user without permissions), another organization's rows
 * never counted, the key figures, and the cards agreeing with the list pages they link to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_PERMISSIONS, type DashboardCard, type DashboardRead } from '@operacoes/contract';
import { unitsOrganizational, users } from '../../src/core/schema';
import { eq } from 'drizzle-orm';
import { activityTechnicians, assistanceTypes, externalActivities } from '../../src/modules/external-activity';
import { shipmentSolicitations, shipments } from '../../src/modules/logistics';
import { circuitUnavailabilities, circuits, sites } from '../../src/modules/network';
import { consumableBalances, patrimonies, patrimonySolicitations, products, sections, stocks } from '../../src/modules/warehouse';
import { type TestApp, createTestApp } from '../helpers';

const FULL = MODULE_PERMISSIONS.map((p) => p.name).filter((n) => n !== 'ORG');
const INDEX = MODULE_PERMISSIONS.map((p) => `${p.name}.INDEX`);
const HOUR = 3_600_000;

type User = { id: number; token: string };

/**
 * One organization's rows: every card has something to count, and something it must not count
 * (a refused request, a shipment still being prepared, an inactive product, a closed period…).
 */
async function dataset(t: TestApp, organizationId: number, people: { full: User; index: User; none: User }) {
  const db = t.app.db;
  const now = Date.now();
  const o = organizationId;
  const [unit, otherUnit] = await db
    .insert(unitsOrganizational)
    .values([
      { organization_id: o, name: `Matriz ${o}`, code: `M${o}` },
      { organization_id: o, name: `Filial ${o}`, code: `F${o}` },
    ])
    .returning();
  await db.update(users).set({ unit_organizational_id: unit.id }).where(eq(users.id, people.full.id));
  const [stock] = await db.insert(stocks).values({ organization_id: o, unit_organizational_id: unit.id, name: 'Central', code: `C${o}` }).returning();
  const [otherStock] = await db.insert(stocks).values({ organization_id: o, unit_organizational_id: otherUnit.id, name: 'Filial', code: `F${o}` }).returning();
  const [section] = await db.insert(sections).values({ organization_id: o, stock_id: stock.id, name: 'Prateleira', code: 'P1' }).returning();
  const [otherSection] = await db.insert(sections).values({ organization_id: o, stock_id: otherStock.id, name: 'Prateleira F', code: 'PF' }).returning();

  // Products: cable below its minimum (4 of 10), connectors above (20 of 5), ONUs below (1 available of 2), an inactive one below.
  const [cable, connector, onu, old] = await db
    .insert(products)
    .values([
      { organization_id: o, code: 'CABO', name: 'Cabo drop', tracking: 'consumivel', unit_of_measure: 'm', price: '10.00', minimum_quantity: '10' },
      { organization_id: o, code: 'CON', name: 'Conector SC', tracking: 'consumivel', price: '2.50', minimum_quantity: '5' },
      { organization_id: o, code: 'ONU', name: 'ONU GPON', tracking: 'patrimonio', price: '1000.00', minimum_quantity: '2' },
      { organization_id: o, code: 'OLD', name: 'Modem antigo', tracking: 'consumivel', price: '1.00', minimum_quantity: '3', is_active: false },
    ])
    .returning();
  await db.insert(consumableBalances).values([
    { organization_id: o, stock_id: stock.id, section_id: section.id, product_id: cable.id, quantity: '4' },
    { organization_id: o, stock_id: stock.id, section_id: section.id, product_id: connector.id, quantity: '20' },
  ]);
  void old;
  await db.insert(patrimonies).values([
    { organization_id: o, tag: `ONU-${o}-1`, product_id: onu.id, status: 'disponivel', stock_id: stock.id, section_id: section.id },
    { organization_id: o, tag: `ONU-${o}-2`, product_id: onu.id, status: 'reservado', stock_id: stock.id, section_id: section.id },
    // Held by the full user, not confirmed; another held and confirmed.
    { organization_id: o, tag: `ONU-${o}-3`, product_id: onu.id, status: 'em_uso', holder_user_id: people.full.id },
    { organization_id: o, tag: `ONU-${o}-4`, product_id: onu.id, status: 'em_uso', holder_user_id: people.full.id, holder_confirmed_at: new Date() },
  ]);

  // Patrimony requests: two to approve (one the full user's own), one to deliver, one return to receive, one refused.
  await db.insert(patrimonySolicitations).values([
    { organization_id: o, kind: 'retirada', status: 'pendente', requester_id: people.none.id, reason: 'Instalação no cliente' },
    { organization_id: o, kind: 'retirada', status: 'pendente', requester_id: people.full.id, reason: 'Meu próprio pedido' },
    { organization_id: o, kind: 'retirada', status: 'aprovada', requester_id: people.index.id, reason: 'Troca de equipamento' },
    { organization_id: o, kind: 'devolucao', status: 'pendente', requester_id: people.none.id, reason: 'Devolução' },
    { organization_id: o, kind: 'retirada', status: 'recusada', requester_id: people.none.id, reason: 'Recusada' },
  ]);

  const destination = { destination_type: 'pessoa' as const, recipient_name: 'Fulano', recipient_email: 'fulano@example.com' };
  await db.insert(shipmentSolicitations).values([
    { organization_id: o, origin_stock_id: stock.id, ...destination, justification: 'Envio para a filial', requester_id: people.none.id },
    { organization_id: o, origin_stock_id: stock.id, ...destination, justification: 'Meu pedido', requester_id: people.full.id },
    { organization_id: o, origin_stock_id: stock.id, ...destination, justification: 'Já aprovado', requester_id: people.none.id, status: 'aprovada' },
  ]);
  await db.insert(shipments).values([
    // To the full user by name (the public link is theirs), to their unit, to a section of their unit's stock.
    { organization_id: o, origin_stock_id: otherStock.id, ...destination, recipient_user_id: people.full.id, status: 'enviado', dispatched_at: new Date(now - HOUR), receiving_hash: `hash-${o}-1`, receiving_expires_at: new Date(now + 48 * HOUR) },
    { organization_id: o, origin_stock_id: otherStock.id, ...destination, destination_type: 'unidade', destination_unit_id: unit.id, status: 'enviado', dispatched_at: new Date(now - 2 * HOUR), receiving_hash: `hash-${o}-2`, receiving_expires_at: new Date(now + 48 * HOUR) },
    { organization_id: o, origin_stock_id: otherStock.id, ...destination, destination_type: 'unidade', destination_section_id: section.id, status: 'enviado', dispatched_at: new Date(now - 3 * HOUR) },
    // Not counted: still being prepared, and on its way to another unit.
    { organization_id: o, origin_stock_id: otherStock.id, ...destination, recipient_user_id: people.full.id, status: 'preparando' },
    { organization_id: o, origin_stock_id: stock.id, ...destination, destination_type: 'unidade', destination_section_id: otherSection.id, status: 'enviado', dispatched_at: new Date(now) },
  ]);

  const [type] = await db.insert(assistanceTypes).values({ organization_id: o, name: 'Instalação', sla_hours: 24 }).returning();
  const activity = (code: string, v: Partial<typeof externalActivities.$inferInsert>) => ({ organization_id: o, code, assistance_type_id: type.id, client_name: `Cliente ${code}`, due_at: new Date(now + 24 * HOUR), ...v });
  // Today: 12:00 São Paulo time of the current day.
  const noonToday = new Date(`${new Date(now - 3 * HOUR).toISOString().slice(0, 10)}T12:00:00-03:00`).toISOString();
  const acts = await db
    .insert(externalActivities)
    .values([
      activity('OS-1', { status: 'agendada', scheduled_start: noonToday }),
      activity('OS-2', { status: 'em_execucao', due_at: new Date(now - 30 * 60_000 - 24 * HOUR) }),
      activity('OS-3', { status: 'concluida', finished_at: new Date(now - 60_000), due_at: new Date(now + HOUR) }),
      activity('OS-4', { status: 'concluida', finished_at: new Date(now - 60_000), due_at: new Date(now - 2 * HOUR) }),
      activity('OS-5', { status: 'agendada', scheduled_start: noonToday }),
      activity('OS-6', { status: 'cancelada', due_at: new Date(now - 48 * HOUR), created_at: new Date(now - 20 * 24 * HOUR) }),
    ])
    .returning();
  const tech = (i: number, user: User) => ({ activity_id: acts[i].id, user_id: user.id, status: acts[i].status });
  await db.insert(activityTechnicians).values([tech(0, people.full), tech(1, people.full), tech(2, people.full), tech(3, people.full), tech(4, people.index), tech(5, people.full)]);

  const [site] = await db.insert(sites).values({ organization_id: o, code: `POP-${o}`, name: 'POP Centro', type: 'pop' }).returning();
  const circuit = (designation: string) => ({ organization_id: o, carrier: 'Vivo', designation, type: 'link_dedicado' as const, bandwidth_mbps: 100, site_a_id: site.id, monthly_cost: '1000.00', sla_percent: '99.5' });
  const [down, recovered] = await db.insert(circuits).values([circuit('VIV-1'), circuit('VIV-2'), circuit('VIV-3')]).returning();
  await db.insert(circuitUnavailabilities).values([
    { organization_id: o, circuit_id: down.id, started_at: new Date(now - HOUR), cause: 'Rompimento', responsibility: 'operadora', counts_for_sla: true },
    { organization_id: o, circuit_id: recovered.id, started_at: new Date(now - 3 * HOUR), ended_at: new Date(now - 2 * HOUR), cause: 'Falha', responsibility: 'operadora', counts_for_sla: true },
  ]);
  return { acts, down };
}

const cardsOf = (body: DashboardRead) => Object.fromEntries(body.cards.map((c) => [c.key, c])) as Record<string, DashboardCard>;

describe('GET /api/dashboard', () => {
  let t: TestApp;
  let org: number;
  let full: User;
  let index: User;
  let none: User;
  let superAdmin: User;
  let foreign: User;
  let fixture: Awaited<ReturnType<typeof dataset>>;
  const get = async (u: User | undefined) => {
    const res = await t.call('GET', '/api/dashboard', u?.token);
    return { status: res.statusCode, body: res.json() as DashboardRead };
  };

  beforeAll(async () => {
    t = await createTestApp();
    org = await t.createOrganization('Dashboard Telecom');
    const other = await t.createOrganization('Outra Telecom');
    full = await t.createUser({ organizationId: org, permissions: FULL });
    index = await t.createUser({ organizationId: org, permissions: INDEX });
    none = await t.createUser({ organizationId: org, permissions: [] });
    superAdmin = await t.createUser({ organizationId: org, superAdmin: true });
    foreign = await t.createUser({ organizationId: other, permissions: FULL });
    const otherIndex = await t.createUser({ organizationId: other, permissions: INDEX });
    const otherNone = await t.createUser({ organizationId: other, permissions: [] });
    fixture = await dataset(t, org, { full, index, none });
    // The same rows in another organization: never counted for this one, and the reverse.
    await dataset(t, other, { full: foreign, index: otherIndex, none: otherNone });
  }, 120_000);
  afterAll(() => t?.close());

  it('answers 401 without a token', async () => {
    const res = await t.call('GET', '/api/dashboard');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/Autentica/);
  });

  it('shows no card and no figure to a user without permissions, with a 200', async () => {
    const { status, body } = await get(none);
    expect(status).toBe(200);
    expect(body).toEqual({ cards: [], figures: null });
  });

  it('counts what waits for a full user, each card with its items and list link', async () => {
    const { status, body } = await get(full);
    expect(status).toBe(200);
    expect(body.cards.map((c) => c.key)).toEqual(['patrimony_requests', 'shipment_requests', 'activities_today', 'activities_breached', 'receiving', 'circuits_down', 'below_minimum']);
    const c = cardsOf(body);
    // To approve (not their own), to deliver, a return to receive.
    expect(c.patrimony_requests).toMatchObject({ count: 3, tone: 'warning', link: '/patrimony-solicitation?waiting=true' });
    expect(c.patrimony_requests.items.map((i) => i.detail)).toEqual(['Aguardando aprovação — Instalação no cliente', 'Aprovada: separar e entregar — Troca de equipamento', 'Devolução para receber — Devolução']);
    expect(c.patrimony_requests.items[0].link).toMatch(/^\/patrimony-solicitation\?id=\d+$/);
    expect(c.shipment_requests).toMatchObject({ count: 1, link: '/shipment-solicitation?status=pendente' });
    expect(c.shipment_requests.items[0].title).toMatch(/^Solicitação de envio #\d+ · Pessoa u/);
    expect(c.activities_today).toMatchObject({ count: 1, tone: 'warning', link: '/external-activity?mine=true' });
    expect(c.activities_today.items[0]).toMatchObject({ title: 'OS-1 · Cliente OS-1', link: `/external-activity/manage/${fixture.acts[0].id}`, alert: false });
    expect(c.activities_breached).toMatchObject({ count: 1, tone: 'danger', link: '/external-activity?mine=true&breached=true' });
    expect(c.activities_breached.items[0]).toMatchObject({ title: 'OS-2 · Cliente OS-2', alert: true });
    expect(c.activities_breached.items[0].detail).toMatch(/^Prazo vencido em \d\d\/\d\d\/\d{4}/);
    // One item held unconfirmed + shipments to them, to their unit and to their unit's stock.
    expect(c.receiving).toMatchObject({ count: 4, tone: 'warning', link: '/my-patrimony' });
    // Items first, then shipments waiting longest first; the public link only for the named recipient.
    expect(c.receiving.items.map((i) => i.link)).toEqual(['/my-patrimony', expect.stringMatching(/^\/shipment\/edit\/\d+$/), expect.stringMatching(/^\/shipment\/edit\/\d+$/), `/receiving/hash-${org}-1`]);
    expect(c.circuits_down).toMatchObject({ count: 1, tone: 'danger', link: '/circuit?down=true' });
    expect(c.circuits_down.items).toEqual([{ key: String(fixture.down.id), title: 'Vivo · VIV-1', detail: expect.stringMatching(/^Fora do ar desde /), link: `/circuit/${fixture.down.id}/unavailability/`, alert: true }]);
    expect(c.below_minimum).toMatchObject({ count: 2, tone: 'warning', link: '/product?belowMinimum=true' });
    expect(c.below_minimum.items.map((i) => [i.title, i.detail])).toEqual([
      ['CABO · Cabo drop', 'Disponível 4 de mínimo 10 (metro)'],
      ['ONU · ONU GPON', 'Disponível 1 de mínimo 2 (unidade)'],
    ]);
  });

  it('agrees with the list pages the cards link to', async () => {
    const c = cardsOf((await get(full)).body);
    const total = async (url: string) => (await t.call('GET', url, full.token)).json().total_items as number;
    expect(c.patrimony_requests.count).toBe(await total('/api/patrimony-solicitation?waiting=true'));
    expect(c.below_minimum.count).toBe(await total('/api/product?belowMinimum=true&isActive=true'));
    expect(c.circuits_down.count).toBe(await total('/api/circuit?down=true'));
  });

  it('gives a super admin every card of their own organization', async () => {
    const { body } = await get(superAdmin);
    const c = cardsOf(body);
    expect(Object.keys(c)).toHaveLength(7);
    // Their own requests count too (none of them is theirs); they are no technician and hold nothing.
    expect(c.patrimony_requests.count).toBe(4);
    expect(c.shipment_requests.count).toBe(2);
    expect(c.activities_today.count).toBe(0);
    expect(c.activities_today.tone).toBe('ok');
    expect(c.activities_breached.count).toBe(0);
    expect(c.receiving.count).toBe(0);
    expect(c.circuits_down.count).toBe(1);
    expect(c.below_minimum.count).toBe(2);
    expect(body.figures).not.toBeNull();
  });

  it('shows an .INDEX user the cards they may read: nothing to approve, their own work, no figures', async () => {
    const { body } = await get(index);
    const c = cardsOf(body);
    expect(body.cards.map((x) => x.key)).toEqual(['patrimony_requests', 'shipment_requests', 'activities_today', 'activities_breached', 'receiving', 'circuits_down', 'below_minimum']);
    expect(c.patrimony_requests).toMatchObject({ count: 0, tone: 'ok', items: [] });
    expect(c.shipment_requests.count).toBe(0);
    expect(c.activities_today.count).toBe(1);
    expect(c.activities_today.items[0].title).toBe('OS-5 · Cliente OS-5');
    expect(c.activities_breached.count).toBe(0);
    expect(c.receiving.count).toBe(0);
    expect(c.circuits_down.count).toBe(1);
    expect(c.below_minimum.count).toBe(2);
    expect(body.figures).toBeNull();
  });

  it('shows a card only with its module permission', async () => {
    const circuitsOnly = await t.createUser({ organizationId: org, permissions: ['OPERATOR_CIRCUIT.INDEX'] });
    expect((await get(circuitsOnly)).body.cards.map((c) => c.key)).toEqual(['circuits_down']);
    const productReader = await t.createUser({ organizationId: org, permissions: ['PRODUCT.INDEX'] });
    expect((await get(productReader)).body.cards.map((c) => c.key)).toEqual(['below_minimum']);
    // Someone without permissions who holds an unconfirmed item is told to confirm it.
    const holder = await t.createUser({ organizationId: org, permissions: [] });
    await t.app.db.insert(patrimonies).values({ organization_id: org, tag: `ONU-${org}-H`, product_id: (await t.app.db.select().from(products).where(eq(products.code, 'ONU')).limit(1))[0].id, status: 'em_uso', holder_user_id: holder.id });
    const { body } = await get(holder);
    expect(body.cards).toEqual([{ key: 'receiving', count: 1, tone: 'warning', link: '/my-patrimony', items: [expect.objectContaining({ title: `ONU-${org}-H · ONU GPON`, link: '/my-patrimony' })] }]);
    expect(body.figures).toBeNull();
  });

  it('sends a shipments reader with only shipments to confirm to the shipments, the public link while it is valid', async () => {
    const reader = await t.createUser({ organizationId: org, permissions: ['ASSET_SHIPMENT.INDEX'] });
    const [stock] = await t.app.db.select().from(stocks).where(eq(stocks.organization_id, org)).limit(1);
    const base = { organization_id: org, origin_stock_id: stock.id, destination_type: 'pessoa' as const, recipient_name: 'Leitor', recipient_email: 'leitor@example.com', recipient_user_id: reader.id, status: 'enviado' as const };
    const [valid, expired] = await t.app.db
      .insert(shipments)
      .values([
        { ...base, dispatched_at: new Date(Date.now() - 2 * HOUR), receiving_hash: `valid-${org}`, receiving_expires_at: new Date(Date.now() + HOUR) },
        { ...base, dispatched_at: new Date(Date.now() - HOUR), receiving_hash: `expired-${org}`, receiving_expires_at: new Date(Date.now() - HOUR) },
      ])
      .returning();
    const c = cardsOf((await get(reader)).body);
    expect(Object.keys(c)).toEqual(['shipment_requests', 'receiving']);
    expect(c.receiving).toMatchObject({ count: 2, link: '/shipment?status=enviado' });
    expect(c.receiving.items.map((i) => [i.key, i.link])).toEqual([
      [`s${valid.id}`, `/receiving/valid-${org}`],
      [`s${expired.id}`, `/shipment/edit/${expired.id}`],
    ]);
  });

  it("never counts another organization's rows (the platform's super admin sees their own organization)", async () => {
    const { body } = await get(await t.adminToken().then((token) => ({ id: 0, token })));
    const c = cardsOf(body);
    expect(c.patrimony_requests.count).toBe(0);
    expect(c.shipment_requests.count).toBe(0);
    expect(c.circuits_down.count).toBe(0);
    expect(c.below_minimum.count).toBe(0);
    expect(body.figures).toMatchObject({ activities_week: 0, stock_value: '0.00', circuits: 0, circuit_availability_percent: null, sla_compliance_percent: null });
    // The other organization's full user sees exactly their own copy of the dataset.
    expect(cardsOf((await get(foreign)).body).patrimony_requests.count).toBe(3);
  });

  it('gives managers the key figures, agreeing with the SLA report', async () => {
    const { body } = await get(full);
    const f = body.figures!;
    // OS-6 was opened 20 days ago; the others this week.
    expect(f.activities_week).toBe(5);
    expect(f.activities_per_day).toHaveLength(14);
    expect(f.activities_per_day!.reduce((a, d) => a + d.count, 0)).toBe(5);
    // OS-3 in time, OS-4 late.
    expect(f.sla_compliance_percent).toBe(50);
    expect(f.activities_concluded_month).toBe(2);
    // 4 × 10 + 20 × 2.50 + 2 ONUs on hand (available and reserved) × 1000.
    expect(f.stock_value).toBe('2090.00');
    const month = new Date(Date.now() - 3 * HOUR).toISOString().slice(0, 7);
    const report = (await t.call('GET', `/api/circuit/sla?month=${month}`, full.token)).json() as { items: { minutes_in_month: number; downtime_minutes: number; breached: boolean }[] };
    const minutes = report.items.reduce((a, i) => a + i.minutes_in_month, 0);
    const down = report.items.reduce((a, i) => a + i.downtime_minutes, 0);
    expect(f.circuits).toBe(3);
    expect(f.circuits_breached).toBe(report.items.filter((i) => i.breached).length);
    expect(f.circuit_availability_percent).toBeCloseTo(100 - (100 * down) / minutes, 3);
    expect(f.circuit_availability_percent).toBeLessThan(100);
  });

  it('gives each figure to its module manager only', async () => {
    const warehouseManager = await t.createUser({ organizationId: org, permissions: ['WAREHOUSE', 'EXTERNAL_ACTIVITY.INDEX'] });
    expect((await get(warehouseManager)).body.figures).toMatchObject({ stock_value: '2090.00', activities_week: null, sla_compliance_percent: null, circuit_availability_percent: null, circuits: null });
    const orgManager = await t.createUser({ organizationId: org, permissions: ['ORG'] });
    const { body } = await get(orgManager);
    expect(body.cards).toEqual([]);
    expect(body.figures).toMatchObject({ stock_value: '2090.00', activities_week: 5, circuits: 3 });
  });
});
