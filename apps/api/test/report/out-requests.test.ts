import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { outRequestsReport as def } from '../../src/modules/report/reports/out-requests';
import type { TestApp } from '../helpers';
import { expectHttpAccess, itCoversEveryRowOnce, objects, ok, reportSuite, run, scopeOf, warehouseStart } from './definition-helpers';

/**
 * Four out-requests from stock "Almox" (unit Norte), asked by Carla and decided by the manager:
 * R1 (2 Mar 10:00) approved 4.5 h later; R2 (5 Mar 09:00, to unit Sul) refused a day later;
 * R3 (10 Mar 08:00) waiting; R4 (1 Apr 08:00) approved 45 min later, then cancelled. A return
 * request (devolução) is not an out-request.
 */
async function dataset(t: TestApp, organizationId: number) {
  const { boss, north, south } = await warehouseStart(t, organizationId, { manager: { nickname: 'Gestor', fullName: 'Gilberto Souza' } });
  const carla = await t.createUser({ permissions: ['PATRIMONY_OUT_REQUEST'], organizationId, nickname: 'Carla', fullName: 'Carla Mendes' });
  const stock = await ok(t, 'POST', '/api/stock', boss.token, { name: 'Almox', code: 'AL', unit_organizational_id: north });
  const section = await ok(t, 'POST', '/api/section', boss.token, { stock_id: stock.id, name: 'S1', code: 'S1' });
  const onu = await ok(t, 'POST', '/api/product', boss.token, { code: 'ONU', name: 'ONU', tracking: 'patrimonio' });
  const request = async (extra: Record<string, unknown> = {}) => {
    const item = await ok(t, 'POST', '/api/patrimony', boss.token, { product_id: onu.id, section_id: section.id });
    return ok(t, 'POST', '/api/patrimony-solicitation', carla.token, { reason: 'Instalação', stock_id: stock.id, items: [{ patrimony_id: item.id }], ...extra });
  };
  const step = (id: number, name: string, body?: unknown) => ok(t, 'POST', `/api/patrimony-solicitation/${id}/${name}`, name === 'cancel' ? carla.token : boss.token, body);
  const r1 = await request();
  await step(r1.id, 'approve');
  const r2 = await request({ destination_type: 'unidade', destination_unit_id: south });
  await step(r2.id, 'refuse', { reason: 'Sem estoque' });
  const r3 = await request();
  const r4 = await request();
  await step(r4.id, 'approve');
  await step(r4.id, 'cancel', { reason: 'Cliente desistiu' });
  const times = (id: number, created: string, decided: string | null) =>
    t.app.db.execute(sql`update patrimony_solicitation set created_at = ${created}::timestamptz, decided_at = ${decided}::timestamptz where id = ${id}`);
  await times(r1.id, '2026-03-02T10:00:00-03:00', '2026-03-02T14:30:00-03:00');
  await times(r2.id, '2026-03-05T09:00:00-03:00', '2026-03-06T09:00:00-03:00');
  await times(r3.id, '2026-03-10T08:00:00-03:00', null);
  await times(r4.id, '2026-04-01T08:00:00-03:00', '2026-04-01T08:45:00-03:00');
  await t.app.db.execute(sql`insert into patrimony_solicitation (organization_id, kind, status, requester_id, reason) values (${organizationId}, 'devolucao', 'pendente', ${carla.id}, 'Devolução')`);
  return { north, south, ids: [r1.id, r2.id, r3.id, r4.id] };
}

describe('report: out-requests', () => {
  const s = reportSuite('Solicitações', dataset);

  it('lists the out-requests newest first with their decision and the hours to decide', async () => {
    const { rows, count } = await run(def, scopeOf(s.t, s.orgA));
    expect(count).toBe(4);
    const [r1, r2, r3, r4] = s.a.ids;
    expect(objects(def, rows).map((r) => [r.id, r.status, r.decision, r.hours])).toEqual([
      [r4, 'Cancelada', 'Aprovada', 0.75],
      [r3, 'Aguardando', null, null],
      [r2, 'Recusada', 'Recusada', 24],
      [r1, 'Aprovada', 'Aprovada', 4.5],
    ]);
    expect(objects(def, rows)[2]).toMatchObject({
      requester: 'Carla Mendes (Carla)',
      stock: 'Almox',
      destination: 'Unidade organizacional: Sul',
      items: 1,
      reason: 'Instalação',
      created_at: '2026-03-05T12:00:00.000Z',
      decided_by: 'Gilberto Souza (Gestor)',
      decided_at: '2026-03-06T12:00:00.000Z',
    });
    expect(objects(def, rows)[3].destination).toBe('O próprio solicitante');
  });

  itCoversEveryRowOnce(s, def);

  it('filters by period, status and unit (the stock’s or the destination’s)', async () => {
    const ids = async (q: Parameters<typeof run>[2]) => objects(def, (await run(def, scopeOf(s.t, s.orgA), q)).rows).map((r) => r.id);
    const [r1, r2, r3, r4] = s.a.ids;
    expect(await ids({ from: '2026-03-01', to: '2026-03-31' })).toEqual([r3, r2, r1]);
    expect(await ids({ from: '2026-03-05', to: '2026-03-05' })).toEqual([r2]);
    expect(await ids({ status: 'recusada' })).toEqual([r2]);
    expect(await ids({ unit: s.a.south })).toEqual([r2]);
    expect(await ids({ unit: s.a.north })).toEqual([r4, r3, r2, r1]);
    // A status outside the list matches nothing (no error).
    expect(await ids({ status: 'inexistente' })).toEqual([]);
  });

  it('charts the count by status', async () => {
    const chart = await def.chart!(scopeOf(s.t, s.orgA), {});
    expect(chart.kind).toBe('bar');
    expect(chart.labels).toEqual(['Aguardando', 'Aprovada', 'Recusada', 'Entregue', 'Devolvida', 'Cancelada']);
    expect(chart.series).toEqual([{ label: 'Solicitações', data: [1, 1, 1, 0, 0, 1] }]);
    expect((await def.chart!(scopeOf(s.t, null), { from: '2026-03-01', to: '2026-03-31' })).series[0].data).toEqual([2, 2, 2, 0, 0, 0]);
  });

  it("never shows another organization's rows; a super admin sees every organization", async () => {
    expect((await run(def, scopeOf(s.t, s.orgB), { unit: s.a.south })).count).toBe(0);
    const mine = objects(def, (await run(def, scopeOf(s.t, s.orgB))).rows).map((r) => r.id);
    expect(mine.some((id) => s.a.ids.includes(id as number))).toBe(false);
    expect((await run(def, scopeOf(s.t, null))).count).toBe(8);
  });

  it('answers over HTTP: 403 without PATRIMONY_OUT_REQUEST, 200 with its .INDEX and the same total', async () => {
    const preview = await expectHttpAccess(s.t, def, s.orgA, '?status=recusada');
    expect(preview.total_rows).toBe(1);
    expect(preview.rows[0][0]).toBe(s.a.ids[1]);
  });
});
