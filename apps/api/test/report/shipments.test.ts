import { describe, expect, it } from 'vitest';
import { shipmentItems, shipments } from '../../src/modules/logistics';
import { shipmentsReport as def } from '../../src/modules/report/reports/shipments';
import type { TestApp } from '../helpers';
import { expectHttpAccess, itCoversEveryRowOnce, objects, reportSuite, run, scopeOf, warehouseStart } from './definition-helpers';

/**
 * Three shipments from "Almox Norte" (unit Norte). The warehouse rows come through the API; the
 * shipments are written as they stand after their workflow (dispatch and the public receiving
 * link are the logistics tests' subject), with fixed dates:
 * E1 (4 May, to unit Sul) received with divergences: P-01 ok, P-02 missing, 12,5 m of cable damaged;
 * E2 (10 May, to an address) received; E3 (1 Jun, to a person) still being prepared.
 */
async function dataset(t: TestApp, organizationId: number) {
  const { call, north, south } = await warehouseStart(t, organizationId);
  const stock = await call('POST', '/api/stock', { name: 'Almox Norte', code: 'AN', unit_organizational_id: north });
  const section = await call('POST', '/api/section', { stock_id: stock.id, name: 'S1', code: 'S1' });
  const onu = await call('POST', '/api/product', { code: 'ONU', name: 'ONU', tracking: 'patrimonio' });
  const cable = await call('POST', '/api/product', { code: 'CAB', name: 'Cabo drop', tracking: 'consumivel', unit_of_measure: 'm' });
  const [p1, p2, p3] = [await call('POST', '/api/patrimony', { product_id: onu.id, section_id: section.id, tag: 'P-01' }), await call('POST', '/api/patrimony', { product_id: onu.id, section_id: section.id, tag: 'P-02' }), await call('POST', '/api/patrimony', { product_id: onu.id, section_id: section.id, tag: 'P-03' })];
  const base = { organization_id: organizationId, origin_stock_id: stock.id, recipient_email: 'destino@example.com' };
  const [e1, e2, e3] = await t.app.db
    .insert(shipments)
    .values([
      {
        ...base,
        destination_type: 'unidade',
        destination_unit_id: south,
        recipient_name: 'Dora',
        carrier: 'Correios',
        tracking_code: 'BR123',
        status: 'recebido_com_divergencia',
        created_at: new Date('2026-05-04T10:00:00-03:00'),
        dispatched_at: new Date('2026-05-04T15:00:00-03:00'),
        expected_date: '2026-05-08',
        received_at: new Date('2026-05-07T11:00:00-03:00'),
      },
      { ...base, destination_type: 'endereco', destination_address: 'Rua A, 10', recipient_name: 'Cliente', status: 'recebido', created_at: new Date('2026-05-10T09:00:00-03:00'), dispatched_at: new Date('2026-05-10T12:00:00-03:00'), received_at: new Date('2026-05-11T09:00:00-03:00') },
      { ...base, destination_type: 'pessoa', recipient_name: 'Eva', status: 'preparando', created_at: new Date('2026-06-01T08:00:00-03:00') },
    ])
    .returning();
  await t.app.db.insert(shipmentItems).values([
    { shipment_id: e1.id, patrimony_id: p1.id, product_id: onu.id, quantity: '1', received_status: 'recebido' },
    { shipment_id: e1.id, patrimony_id: p2.id, product_id: onu.id, quantity: '1', received_status: 'faltando', comment: 'não veio' },
    { shipment_id: e1.id, product_id: cable.id, section_id: section.id, quantity: '12.5', received_status: 'danificado' },
    { shipment_id: e2.id, patrimony_id: p3.id, product_id: onu.id, quantity: '1', received_status: 'recebido' },
    { shipment_id: e3.id, product_id: cable.id, section_id: section.id, quantity: '5', received_status: 'pendente' },
  ]);
  return { north, south, ids: [e1.id, e2.id, e3.id] };
}

describe('report: shipments and divergences', () => {
  const s = reportSuite('Envios', dataset);

  it('lists the shipments newest first with items sent, received, missing and damaged', async () => {
    const { rows, count } = await run(def, scopeOf(s.t, s.orgA));
    expect(count).toBe(3);
    const [e1, e2, e3] = s.a.ids;
    const found = objects(def, rows);
    expect(found.map((r) => [r.id, r.status, r.destination, r.sent, r.received, r.missing, r.damaged, r.divergences])).toEqual([
      [e3, 'Preparando', 'Eva', 1, 0, 0, 0, null],
      [e2, 'Recebido', 'Rua A, 10', 1, 1, 0, 0, null],
      [e1, 'Recebido com divergência', 'Sul', 3, 1, 1, 1, 'P-02 (faltando): não veio; Cabo drop × 12,5 (danificado)'],
    ]);
    expect(found[2]).toMatchObject({
      origin: 'Almox Norte',
      recipient: 'Dora',
      carrier: 'Correios',
      tracking_code: 'BR123',
      created_at: '2026-05-04T13:00:00.000Z',
      dispatched_at: '2026-05-04T18:00:00.000Z',
      expected_date: '2026-05-08',
      received_at: '2026-05-07T14:00:00.000Z',
    });
    expect(found[0]).toMatchObject({ dispatched_at: null, expected_date: null, received_at: null });
  });

  itCoversEveryRowOnce(s, def);

  it('filters by period, status and unit (the origin stock’s or the destination’s)', async () => {
    const ids = async (q: Parameters<typeof run>[2]) => objects(def, (await run(def, scopeOf(s.t, s.orgA), q)).rows).map((r) => r.id);
    const [e1, e2, e3] = s.a.ids;
    expect(await ids({ from: '2026-05-01', to: '2026-05-31' })).toEqual([e2, e1]);
    expect(await ids({ from: '2026-05-05' })).toEqual([e3, e2]);
    expect(await ids({ status: 'recebido_com_divergencia' })).toEqual([e1]);
    expect(await ids({ unit: s.a.south })).toEqual([e1]);
    expect(await ids({ unit: s.a.north })).toEqual([e3, e2, e1]);
  });

  it("never shows another organization's rows; a super admin sees every organization", async () => {
    expect((await run(def, scopeOf(s.t, s.orgB), { unit: s.a.south })).count).toBe(0);
    const theirs = objects(def, (await run(def, scopeOf(s.t, s.orgB))).rows).map((r) => r.id);
    expect(theirs).toHaveLength(3);
    expect(theirs.some((id) => s.a.ids.includes(id as number))).toBe(false);
    expect((await run(def, scopeOf(s.t, null))).count).toBe(6);
  });

  it('answers over HTTP: 403 without ASSET_SHIPMENT, 200 with ASSET_SHIPMENT.INDEX and the same total', async () => {
    const preview = await expectHttpAccess(s.t, def, s.orgA, '?from=2026-05-01&to=2026-05-31');
    expect(preview.total_rows).toBe(2);
    expect(preview.rows.map((r) => r[0])).toEqual([s.a.ids[1], s.a.ids[0]]);
  });
});
