import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/core/schema';
import { activitiesReport as def } from '../../src/modules/report/reports/activities';
import type { TestApp } from '../helpers';
import { expectHttpAccess, insertUnit, itCoversEveryRowOnce, objects, ok, reportSuite, run, scopeOf } from './definition-helpers';

/**
 * Five activities made through the API, then put where their workflow would have left them on
 * fixed dates (São Paulo time):
 * A1 Instalação, Téo, opened Mon 2 Mar 09:00, due 3 Mar 09:00, concluded 2 Mar 18:00 (SLA met);
 * A2 Reparo, Uli, opened 4 Mar 10:00, due 14:00, concluded 17:30 (breached by 3.5 h);
 * A3 Instalação, Téo and Uli, opened Tue 17 Mar 08:00, due 18 Mar 08:00, still open (breached);
 * A4 Reparo, Téo, opened 18 Mar, cancelled; A5 Instalação, Téo, opened 20 Mar, scheduled, due in 2099.
 * Téo's main unit is Norte, Uli's is Sul.
 */
async function dataset(t: TestApp, organizationId: number) {
  const keeper = await t.createUser({ permissions: ['ASSISTANCE_TYPE'], organizationId });
  const boss = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH'], organizationId });
  const teo = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'], organizationId, nickname: 'Téo', fullName: 'Teodoro Lima' });
  const uli = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'], organizationId, nickname: 'Uli', fullName: 'Ulisses Rocha' });
  const north = await insertUnit(t, organizationId, 'Norte');
  const south = await insertUnit(t, organizationId, 'Sul');
  await t.app.db.update(users).set({ unit_organizational_id: north }).where(eq(users.id, teo.id));
  await t.app.db.update(users).set({ unit_organizational_id: south }).where(eq(users.id, uli.id));
  const install = await ok(t, 'POST', '/api/external-activity/assistance-type', keeper.token, { name: 'Instalação', sla_hours: 24 });
  const repair = await ok(t, 'POST', '/api/external-activity/assistance-type', keeper.token, { name: 'Reparo', sla_hours: 4 });
  const make = async (type: number, techs: number[], client: string, status: string, created: string, due: string, finished: string | null) => {
    const a = await ok<{ id: number; code: string }>(t, 'POST', '/api/external-activity', boss.token, { assistance_type_id: type, client_name: client, technician_ids: techs, priority: 'alta' });
    await t.app.db.execute(sql`update external_activity set status = ${status}, created_at = ${created}::timestamptz, due_at = ${due}::timestamptz, finished_at = ${finished}::timestamptz where id = ${a.id}`);
    await t.app.db.execute(sql`update external_activity_technician set status = ${status} where activity_id = ${a.id}`);
    return a;
  };
  const a1 = await make(install.id, [teo.id], 'Cliente 1', 'concluida', '2026-03-02T09:00:00-03:00', '2026-03-03T09:00:00-03:00', '2026-03-02T18:00:00-03:00');
  const a2 = await make(repair.id, [uli.id], 'Cliente 2', 'concluida', '2026-03-04T10:00:00-03:00', '2026-03-04T14:00:00-03:00', '2026-03-04T17:30:00-03:00');
  const a3 = await make(install.id, [teo.id, uli.id], 'Cliente 3', 'aberta', '2026-03-17T08:00:00-03:00', '2026-03-18T08:00:00-03:00', null);
  const a4 = await make(repair.id, [teo.id], 'Cliente 4', 'cancelada', '2026-03-18T09:00:00-03:00', '2026-03-18T13:00:00-03:00', null);
  const a5 = await make(install.id, [teo.id], 'Cliente 5', 'agendada', '2026-03-20T09:00:00-03:00', '2099-01-01T00:00:00-03:00', null);
  return { north, south, teo: teo.id, uli: uli.id, codes: [a1.code, a2.code, a3.code, a4.code, a5.code] };
}

describe('report: external activities', () => {
  const s = reportSuite('Atividades', dataset);

  it('lists the activities newest first with technicians, due time and SLA compliance', async () => {
    const { rows, count } = await run(def, scopeOf(s.t, s.orgA));
    expect(count).toBe(5);
    const [c1, c2, c3, c4, c5] = s.a.codes;
    const found = objects(def, rows);
    expect(found.map((r) => [r.code, r.type, r.status, r.technicians, r.sla])).toEqual([
      [c5, 'Instalação', 'Agendada', 'Teodoro Lima (Téo)', 'No prazo'],
      [c4, 'Reparo', 'Cancelada', 'Teodoro Lima (Téo)', 'Não se aplica'],
      [c3, 'Instalação', 'Aberta', 'Teodoro Lima (Téo), Ulisses Rocha (Uli)', 'Estourado'],
      [c2, 'Reparo', 'Concluída', 'Ulisses Rocha (Uli)', 'Estourado'],
      [c1, 'Instalação', 'Concluída', 'Teodoro Lima (Téo)', 'Cumprido'],
    ]);
    expect(found[3]).toMatchObject({
      priority: 'Alta',
      client_name: 'Cliente 2',
      created_at: '2026-03-04T13:00:00.000Z',
      due_at: '2026-03-04T17:00:00.000Z',
      finished_at: '2026-03-04T20:30:00.000Z',
      late_hours: 3.5,
    });
    expect(found[4].late_hours).toBeNull();
    expect(found[0].late_hours).toBeNull();
    // Still open past its due time: late by the time since (more than 0).
    expect(found[2].late_hours as number).toBeGreaterThan(24);
  });

  itCoversEveryRowOnce(s, def);

  it('filters by period, technician, status and unit (a technician’s main unit)', async () => {
    const codes = async (q: Parameters<typeof run>[2]) => objects(def, (await run(def, scopeOf(s.t, s.orgA), q)).rows).map((r) => r.code);
    const [c1, c2, c3, c4, c5] = s.a.codes;
    expect(await codes({ technician: s.a.teo })).toEqual([c5, c4, c3, c1]);
    expect(await codes({ technician: s.a.uli })).toEqual([c3, c2]);
    expect(await codes({ unit: s.a.south })).toEqual([c3, c2]);
    expect(await codes({ status: 'concluida' })).toEqual([c2, c1]);
    expect(await codes({ from: '2026-03-10' })).toEqual([c5, c4, c3]);
    expect(await codes({ from: '2026-03-02', to: '2026-03-04' })).toEqual([c2, c1]);
    expect(await codes({ technician: s.a.uli, status: 'concluida' })).toEqual([c2]);
  });

  it('charts the activities per ISO week (labelled by their Monday), split by SLA', async () => {
    const chart = await def.chart!(scopeOf(s.t, s.orgA), {});
    expect(chart.labels).toEqual(['02/03', '09/03', '16/03']);
    expect(chart.series).toEqual([
      { label: 'Dentro do SLA', data: [1, 0, 1] },
      { label: 'SLA estourado', data: [1, 0, 1] },
      { label: 'Canceladas', data: [0, 0, 1] },
    ]);
    const march = await def.chart!(scopeOf(s.t, s.orgA), { from: '2026-03-01', to: '2026-03-31' });
    expect(march.labels).toEqual(['23/02', '02/03', '09/03', '16/03', '23/03', '30/03']);
    expect(march.series[1].data).toEqual([0, 1, 0, 1, 0, 0]);
    const all = await def.chart!(scopeOf(s.t, null), {});
    expect(all.series.map((s) => s.data)).toEqual([
      [2, 0, 2],
      [2, 0, 2],
      [0, 0, 2],
    ]);
  });

  it("never shows another organization's rows; a super admin sees every organization", async () => {
    expect((await run(def, scopeOf(s.t, s.orgB), { technician: s.a.teo })).count).toBe(0);
    expect((await run(def, scopeOf(s.t, s.orgB), { unit: s.a.south })).count).toBe(0);
    expect((await run(def, scopeOf(s.t, null))).count).toBe(10);
  });

  it('answers over HTTP: 403 without EXTERNAL_ACTIVITY, 200 with EXTERNAL_ACTIVITY.INDEX and the same total', async () => {
    const preview = await expectHttpAccess(s.t, def, s.orgA, `?technician=${s.a.uli}`);
    expect(preview.total_rows).toBe(2);
    expect(preview.rows.map((r) => r[0])).toEqual([s.a.codes[2], s.a.codes[1]]);
  });
});
