import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations } from '../../src/core/schema';
import { runContractNotices } from '../../src/modules/network/circuit/notices';
import { notifications } from '../../src/modules/notification/schema';
import { createTestApp, json, type TestApp } from '../helpers';
import { makeCircuit } from './circuit-helpers';

// The carrier SLA report through the API (the math itself: sla-math.test.ts), its exports and
// letter, and the contract-end notices.

type Report = { items: Record<string, unknown>[]; carriers: Record<string, unknown>[] };

describe('SLA report', () => {
  let t: TestApp;
  let token: string;
  let breached: { id: number; designation: string };
  let fine: { id: number; designation: string };
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT'] })).token;
    await t.app.db.update(organizations).set({ legal_name: 'Provedor Exemplo Telecomunicações Ltda', cnpj: '11222333000181' }).where(eq(organizations.id, t.platformOrganizationId));
    breached = await makeCircuit(t, undefined, { carrier: 'Vivo', monthly_cost: '1500', sla_percent: 99.5 });
    fine = await makeCircuit(t, undefined, { carrier: 'Vivo', monthly_cost: '800', sla_percent: 99 });
    const period = (id: number, started_at: string, ended_at: string, extra: Record<string, unknown> = {}) =>
      t.call('POST', `/api/circuit/${id}/unavailability`, token, { started_at, ended_at, cause: 'Rompimento de fibra na BR-116', responsibility: 'operadora', protocol: 'VIVO-2026-0001', ...extra });
    // October 2026 (31 days, 44 640 minutes): 4 h, plus an overlapping hour and a period starting in September.
    for (const r of [
      await period(breached.id, '2026-10-10T09:00:00-03:00', '2026-10-10T13:00:00-03:00'),
      await period(breached.id, '2026-10-10T12:00:00-03:00', '2026-10-10T14:00:00-03:00', { protocol: 'VIVO-2026-0002' }),
      await period(breached.id, '2026-09-30T23:00:00-03:00', '2026-10-01T01:00:00-03:00'),
      await period(breached.id, '2026-10-20T09:00:00-03:00', '2026-10-20T19:00:00-03:00', { responsibility: 'propria' }),
      await period(fine.id, '2026-10-05T10:00:00-03:00', '2026-10-05T10:30:00-03:00'),
    ])
      expect(r.statusCode, r.body).toBe(201);
    await makeCircuit(t, undefined, { carrier: 'Claro', monthly_cost: '999.99', sla_percent: 99.9 });
  });
  afterAll(() => t?.close());

  it('answers the items and the carriers\' totals in the issue\'s shape', async () => {
    const res = await t.call('GET', '/api/circuit/sla?month=2026-10', token);
    expect(res.statusCode, res.body).toBe(200);
    const r = json<Report>(res);
    const b = r.items.find((i) => i.circuit_id === breached.id)!;
    // 5 h merged (09–14) + 1 h after midnight = 360 minutes of 44 640.
    expect(b).toEqual({
      circuit_id: breached.id,
      carrier: 'Vivo',
      designation: breached.designation,
      minutes_in_month: 44_640,
      downtime_minutes: 360,
      availability_percent: 99.193548,
      sla_percent: 99.5,
      breached: true,
      incidents: 3,
      mttr_minutes: 160, // (240 + 120 + 120) / 3: full durations of the closed periods
      monthly_cost: '1500.00',
      credit: '12.10', // 1500 × 360 / 44640 = 12.0967… → 12.10
    });
    expect(r.items.find((i) => i.circuit_id === fine.id)).toMatchObject({ downtime_minutes: 30, breached: false, credit: '0.00', mttr_minutes: 30 });
    expect(r.carriers).toEqual([
      { carrier: 'Claro', circuits: 1, downtime_minutes: 0, credit: '0.00' },
      { carrier: 'Vivo', circuits: 2, downtime_minutes: 390, credit: '12.10' },
    ]);
    const vivo = json<Report>(await t.call('GET', '/api/circuit/sla?month=2026-10&carrier=vivo', token));
    expect(vivo.items).toHaveLength(2);
  });

  it('validates the month, and checks permission and tenancy', async () => {
    const bad = await t.call('GET', '/api/circuit/sla?month=2026-13', token);
    expect(bad.statusCode).toBe(422);
    expect(json(bad)).toMatchObject({ violations: [{ propertyPath: 'month' }] });
    expect((await t.call('GET', '/api/circuit/sla?month=2026-10', (await t.createUser()).token)).statusCode).toBe(403);
    const reader = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT.INDEX'] })).token;
    expect(json<Report>(await t.call('GET', '/api/circuit/sla?month=2026-10', reader)).items).toHaveLength(3);
    const other = await t.createOrganization();
    const stranger = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT'], organizationId: other })).token;
    expect(json<Report>(await t.call('GET', '/api/circuit/sla?month=2026-10', stranger)).items).toEqual([]);
    await makeCircuit(t, other, { carrier: 'Oi' });
    const admin = await t.adminToken();
    expect(json<Report>(await t.call('GET', '/api/circuit/sla?month=2026-10', admin)).items).toHaveLength(4);
  });

  it('exports CSV and XLSX', async () => {
    const csv = await t.call('GET', '/api/circuit/sla?month=2026-10&format=csv', token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Operadora');
    expect(csv.body).toContain(breached.designation);
    expect(csv.body).toContain('Total Vivo');
    const xlsx = await t.call('GET', '/api/circuit/sla?month=2026-10&format=xlsx', token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('writes the carrier letter as a PDF, and 404 for a carrier the organization does not have', async () => {
    const res = await t.call('GET', '/api/circuit/sla/letter?month=2026-10&carrier=Vivo', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('pedido-de-desconto-vivo-2026-10.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', '/api/circuit/sla/letter?month=2026-10&carrier=Nenhuma', token)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/circuit/sla/letter?month=2026-10', token)).statusCode).toBe(422);
  });
});

describe('contract-end notices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const noticesOf = async (userId: number, designation: string) => (await t.app.db.select().from(notifications).where(eq(notifications.user_id, userId))).filter((n) => n.title.includes(designation));

  it('defaults the setting to 30 days', async () => {
    const res = await t.call('GET', '/api/organization-settings/circuit', (await t.createUser()).token);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ contract_end_notice_days: 30 });
  });

  it('notifies the holders N days before the contract ends, once per circuit and contract date', async () => {
    const holder = await t.createUser({ permissions: ['OPERATOR_CIRCUIT'] });
    const bystander = await t.createUser({ permissions: ['OPERATOR_CIRCUIT.INDEX'] });
    const now = Date.parse('2026-11-23T12:00:00Z');
    const soon = await makeCircuit(t, undefined, { contract_ends_on: '2026-12-13' }); // 20 days ahead
    const later = await makeCircuit(t, undefined, { contract_ends_on: '2027-01-20' }); // 58 days ahead
    const cancelled = await makeCircuit(t, undefined, { contract_ends_on: '2026-12-01', status: 'cancelado' });
    await runContractNotices(t.app, now);
    await runContractNotices(t.app, now);
    expect(await noticesOf(holder.id, soon.designation)).toHaveLength(1);
    expect((await noticesOf(holder.id, soon.designation))[0]).toMatchObject({ title: `Contrato do circuito Embratel ${soon.designation} termina em 13/12/2026`, message: expect.stringContaining('Faltam 20 dias'), link: `/circuit/edit/${soon.id}` });
    expect(await noticesOf(bystander.id, soon.designation)).toHaveLength(0);
    expect(await noticesOf(holder.id, later.designation)).toHaveLength(0);
    expect(await noticesOf(holder.id, cancelled.designation)).toHaveLength(0);

    // A longer notice (organization setting) reaches the later contract, once.
    const admin = await t.adminToken();
    const put = await t.call('PUT', '/api/organization-settings/circuit', admin, { contract_end_notice_days: 60 });
    expect(put.statusCode, put.body).toBe(200);
    await runContractNotices(t.app, now);
    await runContractNotices(t.app, now);
    expect(await noticesOf(holder.id, later.designation)).toHaveLength(1);
    expect(await noticesOf(holder.id, soon.designation)).toHaveLength(1);

    // A renewed contract (new date) is announced again when its time comes.
    const boss = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT'] })).token;
    await t.call('PUT', `/api/circuit/${soon.id}`, boss, { contract_ends_on: '2027-01-10' });
    await runContractNotices(t.app, now);
    expect(await noticesOf(holder.id, soon.designation)).toHaveLength(2);
  });

});
