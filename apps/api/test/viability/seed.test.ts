import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../helpers';

describe('viability demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
  });
  afterAll(() => t?.close());

  it('seeds three templates, five plans and five studies: one accepted, one with extra cost and a carrier circuit, one by radio (in and out of reach), one new, one of the Ponta Grossa branch; seeding again adds nothing', async () => {
    const gestor = (await t.login('gestor', DEMO_PASSWORD)).token;
    expect((await t.call('GET', '/api/viability/unit/template', gestor)).json().total_items).toBe(3);
    const list = (await t.call('GET', '/api/viability?sort=code', gestor)).json() as { items: { id: number; client_name: string; status: string; unit_count: number }[] };
    expect(list.items.map((v) => [v.client_name, v.status, v.unit_count])).toEqual([
      ['Padaria Pão Quente Ltda', 'concluida', 1],
      ['Clínica São Lucas', 'em_analise', 2],
      ['Cooperativa Agrícola Campos Gerais', 'em_analise', 2],
      ['Condomínio Jardim Botânico', 'aberta', 0],
      // The Ponta Grossa branch's own study (its unit's scoped users see only this one).
      ['Hotel Vila Velha', 'em_analise', 1],
    ]);
    expect((await t.call('GET', '/api/viability/plan', gestor)).json().total_items).toBe(5);
    const units = (await t.call('GET', `/api/viability/${list.items[1].id}/unit`, gestor)).json() as { name: string; verdict: string }[];
    expect(units.map((u) => [u.name, u.verdict])).toEqual([
      ['Matriz Rebouças', 'viavel_com_custo'],
      // A carrier's circuit has no distance rule: its quote prices it.
      ['Filial Campo Largo', 'viavel'],
    ]);
    const radio = (await t.call('GET', `/api/viability/${list.items[2].id}/unit`, gestor)).json() as { name: string; verdict: string; calculation: { rule: string } }[];
    expect(radio.map((u) => [u.name, u.verdict, u.calculation.rule])).toEqual([
      ['Sede Uvaranas', 'viavel', 'Rádio: 2,2 km da Torre TR-PGO-01, dentro do alcance de 15 km.'],
      ['Armazém Carambeí', 'inviavel', 'Rádio: 19,4 km da Torre TR-PGO-01, além do alcance de 15 km.'],
    ]);
    const [shop] = (await t.call('GET', `/api/viability/${list.items[0].id}/unit`, gestor)).json();
    expect(shop).toMatchObject({ verdict: 'viavel', decision: { kind: 'aceita', name: 'Joana Lima' }, calculation: { monthly_fee: '1890.00', installation_fee: '990.00', contract_months: 24, contract_total: '46350.00' } });
    // No proposal the demo can send reads "Mensalidade R$ 0,00": every served unit carries its plan's fee.
    const served: { name: string; fee: string }[] = [];
    for (const v of list.items) {
      const rows = (await t.call('GET', `/api/viability/${v.id}/unit`, gestor)).json() as { name: string; verdict: string; calculation: { monthly_fee: string } }[];
      for (const u of rows) if (u.verdict !== 'inviavel') served.push({ name: u.name, fee: u.calculation.monthly_fee });
    }
    expect(served.map((u) => u.name)).toEqual(expect.arrayContaining(['Loja Centro', 'Matriz Rebouças', 'Filial Campo Largo', 'Sede Uvaranas']));
    expect(served.filter((u) => !(Number(u.fee) > 0))).toEqual([]);
    expect(served.find((u) => u.name === 'Filial Campo Largo')?.fee).toBe('3900.00');
    await seedDemo(t.app);
    expect((await t.call('GET', '/api/viability', gestor)).json().total_items).toBe(5);
  });
});
