import { describe, expect, it } from 'vitest';
import { circuitUnavailabilities } from '../../src/modules/network';
import { carrierSlaReport as def } from '../../src/modules/report/reports/carrier-sla';
import type { TestApp } from '../helpers';
import { makeCircuit } from '../network/circuit-helpers';
import { expectHttpAccess, itCoversEveryRowOnce, objects, reportSuite, run, scopeOf } from './definition-helpers';

/**
 * March 2026 has 44,640 minutes in São Paulo. Embratel EBT-1 (SLA 99,5%, R$ 1.000,00) was down
 * 240 min on 10 Mar: 99,462366%, breached, credit R$ 5,38. Embratel EBT-2 (99,9%, R$ 2.000,00)
 * had no downtime in March, but 60 min on 20 Feb (February: 40,320 min, 99,851190%, breached,
 * R$ 2,98). Vivo VIV-1 (99%, R$ 500,00) was down 60 min counted and 120 min not counted: 99,865591%.
 */
async function dataset(t: TestApp, organizationId: number) {
  const ebt1 = await makeCircuit(t, organizationId, { carrier: 'Embratel', designation: 'EBT-1', sla_percent: 99.5, monthly_cost: '1000,00' });
  const ebt2 = await makeCircuit(t, organizationId, { carrier: 'Embratel', designation: 'EBT-2', sla_percent: 99.9, monthly_cost: '2000,00' });
  const viv = await makeCircuit(t, organizationId, { carrier: 'Vivo', designation: 'VIV-1', sla_percent: 99, monthly_cost: '500,00' });
  const period = (circuit: number, start: string, end: string, counts = true) => ({
    organization_id: organizationId,
    circuit_id: circuit,
    started_at: new Date(start),
    ended_at: new Date(end),
    cause: 'Rompimento de fibra',
    responsibility: 'operadora' as const,
    counts_for_sla: counts,
  });
  await t.app.db
    .insert(circuitUnavailabilities)
    .values([
      period(ebt1.id, '2026-03-10T10:00:00-03:00', '2026-03-10T14:00:00-03:00'),
      period(ebt2.id, '2026-02-20T00:00:00-03:00', '2026-02-20T01:00:00-03:00'),
      period(viv.id, '2026-03-05T08:00:00-03:00', '2026-03-05T09:00:00-03:00'),
      period(viv.id, '2026-03-06T08:00:00-03:00', '2026-03-06T10:00:00-03:00', false),
    ]);
}

describe('report: carrier SLA', () => {
  const s = reportSuite('Circuitos', dataset);

  it("gives each circuit's month: downtime, availability, breach and credit", async () => {
    const { rows, count } = await run(def, scopeOf(s.t, s.orgA), { month: '2026-03' });
    expect(count).toBe(3);
    expect(objects(def, rows)).toEqual([
      { carrier: 'Embratel', designation: 'EBT-1', minutes_in_month: 44640, downtime_minutes: 240, availability_percent: 99.462366, sla_percent: 99.5, breached: 'Sim', incidents: 1, mttr_minutes: 240, monthly_cost: 1000, credit: 5.38 },
      { carrier: 'Embratel', designation: 'EBT-2', minutes_in_month: 44640, downtime_minutes: 0, availability_percent: 100, sla_percent: 99.9, breached: 'Não', incidents: 0, mttr_minutes: null, monthly_cost: 2000, credit: 0 },
      { carrier: 'Vivo', designation: 'VIV-1', minutes_in_month: 44640, downtime_minutes: 60, availability_percent: 99.865591, sla_percent: 99, breached: 'Não', incidents: 1, mttr_minutes: 60, monthly_cost: 500, credit: 0 },
    ]);
  });

  it('writes availability with three decimals in the CSV and PDF ("99,462"), never six', async () => {
    const reader = await s.t.createUser({ permissions: ['OPERATOR_CIRCUIT'], organizationId: s.orgA });
    const csv = await s.t.call('GET', '/api/report/carrier-sla/export?format=csv&month=2026-03', reader.token);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(';99,462;');
    expect(csv.body).not.toContain('99,462366');
    expect(csv.body).toContain(';99,500;');
  });

  it('filters by month and by carrier (case-insensitive)', async () => {
    const feb = objects(def, (await run(def, scopeOf(s.t, s.orgA), { month: '2026-02' })).rows);
    expect(feb.map((r) => [r.designation, r.minutes_in_month, r.downtime_minutes, r.availability_percent, r.breached, r.credit])).toEqual([
      ['EBT-1', 40320, 0, 100, 'Não', 0],
      ['EBT-2', 40320, 60, 99.85119, 'Sim', 2.98],
      ['VIV-1', 40320, 0, 100, 'Não', 0],
    ]);
    const vivo = await run(def, scopeOf(s.t, s.orgA), { month: '2026-03', carrier: 'vivo' });
    expect(vivo.count).toBe(1);
    expect(vivo.rows[0][1]).toBe('VIV-1');
  });

  it('agrees with the network module’s own SLA report', async () => {
    const reader = await s.t.createUser({ permissions: ['OPERATOR_CIRCUIT.INDEX'], organizationId: s.orgA });
    const res = await s.t.call('GET', '/api/circuit/sla?month=2026-03', reader.token);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: { designation: string; availability_percent: number; credit: string; breached: boolean }[] }).items;
    const mine = objects(def, (await run(def, scopeOf(s.t, s.orgA), { month: '2026-03' })).rows);
    expect(mine.map((r) => [r.designation, r.availability_percent, r.credit, r.breached === 'Sim'])).toEqual(items.map((i) => [i.designation, i.availability_percent, Number(i.credit), i.breached]));
  });

  itCoversEveryRowOnce(s, def, { month: '2026-03' });

  it('charts the availability per carrier over its circuits', async () => {
    const chart = await def.chart!(scopeOf(s.t, s.orgA), { month: '2026-03' });
    expect(chart).toMatchObject({ kind: 'bar', unit: '%', labels: ['Embratel', 'Vivo'] });
    // Embratel: 240 min down over 2 × 44,640 circuit-minutes.
    expect(chart.series).toEqual([{ label: 'Disponibilidade', data: [99.7312, 99.8656] }]);
    expect((await def.chart!(scopeOf(s.t, null), { month: '2026-03' })).series[0].data).toEqual([99.7312, 99.8656]);
  });

  it("never shows another organization's rows; a super admin sees every organization", async () => {
    expect((await run(def, scopeOf(s.t, s.orgB), { month: '2026-03' })).count).toBe(3);
    const all = await run(def, scopeOf(s.t, null), { month: '2026-03' });
    expect(all.count).toBe(6);
    expect(all.rows.map((r) => r[1])).toEqual(['EBT-1', 'EBT-1', 'EBT-2', 'EBT-2', 'VIV-1', 'VIV-1']);
  });

  it('answers over HTTP: 403 without OPERATOR_CIRCUIT, 200 with OPERATOR_CIRCUIT.INDEX and the same total', async () => {
    const preview = await expectHttpAccess(s.t, def, s.orgA, '?month=2026-03&carrier=Embratel');
    expect(preview.total_rows).toBe(2);
    expect(preview.rows.map((r) => r[1])).toEqual(['EBT-1', 'EBT-2']);
    // A month that does not exist is a validation error in Portuguese, never a 500.
    const bad = await s.t.call('GET', '/api/report/carrier-sla?month=2026-13', (await s.t.createUser({ permissions: ['OPERATOR_CIRCUIT.INDEX'], organizationId: s.orgA })).token);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Mês inválido');
  });
});
