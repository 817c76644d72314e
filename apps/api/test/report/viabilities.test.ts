import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { viabilitiesReport as def } from '../../src/modules/report/reports/viabilities';
import type { TestApp } from '../helpers';
import { fixture, makeUnit, makeViability, north } from '../viability/helpers';
import { expectHttpAccess, itCoversEveryRowOnce, objects, reportSuite, run, scopeOf } from './definition-helpers';

/**
 * Three viabilities made through the API (their units calculated by the module), then given fixed
 * dates, statuses, verdicts and prices:
 * V1 (Sara, 1 Apr, concluída): Matriz viável R$ 1.000,00 accepted by the client, Filial inviável;
 * V2 (Tiago, 10 Apr, aberta): Loja viável com custo R$ 2.500,00; V3 (Sara, 2 May, cancelada): no units.
 */
async function dataset(t: TestApp, organizationId: number) {
  const f = await fixture(t, organizationId);
  const sara = await t.createUser({ permissions: ['VIABILITY'], organizationId, nickname: 'Sara', fullName: 'Sara Nogueira' });
  const tiago = await t.createUser({ permissions: ['VIABILITY'], organizationId, nickname: 'Tiago', fullName: 'Tiago Alves' });
  const v1 = await makeViability(t, f, { seller_id: sara.id, client_name: 'Padaria Um' });
  const v2 = await makeViability(t, f, { seller_id: tiago.id, client_name: 'Mercado Dois' });
  const v3 = await makeViability(t, f, { seller_id: sara.id, client_name: 'Farmácia Três' });
  const unit = async (viability: number, name: string, verdict: string, price: string, decision: string | null = null) => {
    const u = await makeUnit(t, f, viability, north(0.001), { name });
    await t.app.db.execute(sql`update viability_unit set verdict = ${verdict}, price = ${price}::numeric, decision = ${decision} where id = ${u.id}`);
  };
  await unit(v1.id, 'Matriz', 'viavel', '1000.00', 'aceita');
  await unit(v1.id, 'Filial', 'inviavel', '0');
  await unit(v2.id, 'Loja', 'viavel_com_custo', '2500.00');
  const set = (id: number, status: string, created: string) => t.app.db.execute(sql`update viability set status = ${status}, created_at = ${created}::timestamptz where id = ${id}`);
  await set(v1.id, 'concluida', '2026-04-01T10:00:00-03:00');
  await set(v2.id, 'aberta', '2026-04-10T10:00:00-03:00');
  await set(v3.id, 'cancelada', '2026-05-02T10:00:00-03:00');
  return { sara: sara.id, tiago: tiago.id, codes: [v1.code, v2.code, v3.code] };
}

describe('report: viabilities', () => {
  const s = reportSuite('Viabilidade', dataset);

  it('lists the studies newest first with their units by verdict and the proposals’ value', async () => {
    const { rows, count } = await run(def, scopeOf(s.t, s.orgA));
    expect(count).toBe(3);
    const [c1, c2, c3] = s.a.codes;
    const found = objects(def, rows);
    expect(found.map((r) => [r.code, r.client_name, r.seller, r.status, r.units, r.viavel, r.viavel_com_custo, r.inviavel, r.accepted, r.price, r.verdicts])).toEqual([
      [c3, 'Farmácia Três', 'Sara Nogueira (Sara)', 'Cancelada', 0, 0, 0, 0, 0, null, null],
      [c2, 'Mercado Dois', 'Tiago Alves (Tiago)', 'Aberta', 1, 0, 1, 0, 0, 2500, 'Loja: Viável com custo'],
      [c1, 'Padaria Um', 'Sara Nogueira (Sara)', 'Concluída', 2, 1, 0, 1, 1, 1000, 'Matriz: Viável; Filial: Inviável'],
    ]);
    expect(found[2].created_at).toBe('2026-04-01T13:00:00.000Z');
    // Masked as people read it.
    expect(found[2].client_document).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
  });

  itCoversEveryRowOnce(s, def);

  it('filters by seller, status and period', async () => {
    const codes = async (q: Parameters<typeof run>[2]) => objects(def, (await run(def, scopeOf(s.t, s.orgA), q)).rows).map((r) => r.code);
    const [c1, c2, c3] = s.a.codes;
    expect(await codes({ seller: s.a.sara })).toEqual([c3, c1]);
    expect(await codes({ seller: s.a.tiago })).toEqual([c2]);
    expect(await codes({ status: 'aberta' })).toEqual([c2]);
    expect(await codes({ from: '2026-04-05', to: '2026-04-30' })).toEqual([c2]);
    expect(await codes({ to: '2026-04-01' })).toEqual([c1]);
  });

  it('charts the units by verdict for each seller', async () => {
    const chart = await def.chart!(scopeOf(s.t, s.orgA), {});
    expect(chart.labels).toEqual(['Sara Nogueira (Sara)', 'Tiago Alves (Tiago)']);
    expect(chart.series).toEqual([
      { label: 'Viável', data: [1, 0] },
      { label: 'Viável com custo', data: [0, 1] },
      { label: 'Inviável', data: [1, 0] },
    ]);
    expect((await def.chart!(scopeOf(s.t, s.orgA), { seller: s.a.tiago })).labels).toEqual(['Tiago Alves (Tiago)']);
    expect((await def.chart!(scopeOf(s.t, null), {})).labels).toEqual(['Sara Nogueira (Sara)', 'Sara Nogueira (Sara)', 'Tiago Alves (Tiago)', 'Tiago Alves (Tiago)']);
  });

  it("never shows another organization's rows; a super admin sees every organization", async () => {
    expect((await run(def, scopeOf(s.t, s.orgB), { seller: s.a.sara })).count).toBe(0);
    const theirs = objects(def, (await run(def, scopeOf(s.t, s.orgB))).rows).map((r) => r.code);
    expect(theirs).toHaveLength(3);
    expect((await run(def, scopeOf(s.t, null))).count).toBe(6);
  });

  it('answers over HTTP: 403 without VIABILITY, 200 with VIABILITY.INDEX and the same total', async () => {
    const preview = await expectHttpAccess(s.t, def, s.orgA, `?seller=${s.a.sara}`);
    expect(preview.total_rows).toBe(2);
    expect(preview.rows.map((r) => r[0])).toEqual([s.a.codes[2], s.a.codes[0]]);
  });
});
