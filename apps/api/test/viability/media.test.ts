import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchText } from '../../src/core/list';
import { networkAssets, sites } from '../../src/modules/network';
import { pdfText } from '../files/images';
import { createTestApp, type TestApp, violationsByField } from '../helpers';
import { uid } from '../warehouse/helpers';
import { type Fixture, POP, fixture, makeUnit, makeViability, north, templateBody, unitBody, type UnitRead } from './helpers';

type Calc = UnitRead['calculation'] & { rule: string; monthly_fee: string; installation_fee: string; contract_months: number; contract_total: string; monthly_margin: string; payback_months: number | null; payback_warning: string | null };
type Unit = Omit<UnitRead, 'calculation'> & { calculation: Calc; name: string; address: string; latitude: number; longitude: number; line_of_sight_confirmed: boolean; line_of_sight_confirmed_at: string | null; plan: { id: number; name: string } | null };

/**
 * Rules per medium (fibre, radio from a tower with a radio, a carrier's circuit), the plans and
 * the monthly fee, payback and its warning, and who may read or write them.
 */
describe('viability: rules per medium, plans, monthly fee and payback', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await fixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const plan = async (body: Record<string, unknown>, token = f.keeper.token) => {
    const res = await t.call('POST', '/api/viability/plan', token, { name: `Plano ${uid()}`, medium: 'fibra_propria', bandwidth_mbps: 300, contract_months: 24, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string };
  };
  const unit = async (body: Record<string, unknown>, g = f) => (await makeUnit(t, g, (await makeViability(t, g)).id, north(0.003), body)) as unknown as Unit;
  const view = async (hash: string | null) => (await t.call('GET', `/api/viability/unit/viewer/${hash}`)).json();
  const template = async (g: Fixture, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/viability/unit/template', g.keeper.token, templateBody(g.cableId, g.connectorId, body));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const site = async (organizationId: number, code: string, type: 'torre' | 'pop' | 'armario', at: { latitude: number; longitude: number }) =>
    (await t.app.db.insert(sites).values({ organization_id: organizationId, code, name: `${code} Bacacheri`, type, status: 'ativo', ...at, search_text: searchText(code) }).returning())[0];
  const radioAt = (organizationId: number, siteId: number) =>
    t.app.db.insert(networkAssets).values({ organization_id: organizationId, hostname: `ptp-${uid()}`, role: 'radio', vendor: 'ubiquiti' as never, site_id: siteId, status: 'ativo', search_text: 'ptp' });

  it('fibre with a plan: the plan charges its fees; the contract total and payback follow, to the cent', async () => {
    const p = await plan({ name: `Dedicado 300 Mbps ${uid()}`, monthly_fee: '1.890,00', installation_fee: '500,00' });
    const u = await unit({ plan_id: p.id });
    // The build as before (R$ 1.880,10 at 434 m); the client pays the plan's R$ 500,00 now and R$ 1.890,00 a month.
    expect(u.calculation).toMatchObject({
      total_cost: '1880.10',
      price: '500.00',
      installation_fee: '500.00',
      monthly_cost: '0.00',
      monthly_fee: '1890.00',
      monthly_price: '1890.00',
      contract_months: 24,
      contract_total: '45860.00', // 500 + 24 × 1890
      monthly_margin: '1890.00',
      payback_months: 1, // (1880,10 − 500) / 1890 → 1 month
      payback_warning: null,
      plan: { id: p.id, name: p.name, bandwidth_mbps: 300 },
      verdict: 'viavel',
      rule: expect.stringMatching(/^Fibra própria: rota estimada de 434 m do POP-.+, dentro da distância máxima de 500 m\.$/),
    });
    expect(u).toMatchObject({ price: '500.00', plan: { id: p.id, name: p.name } });
    expect(await view(u.public_hash)).toMatchObject({ plan_name: p.name, monthly_fee: '1890.00', installation_fee: '500.00', contract_months: 24, contract_total: '45860.00', medium: 'fibra_propria', subject_to_line_of_sight: false });
    const pdf = await t.call('GET', `/api/viability/unit/viewer/${u.public_hash}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The PDF the client forwards carries the same figures as the page, and never the cost or the payback.
    const text = pdfText(pdf.rawPayload);
    for (const line of [p.name, 'Mensalidade', 'R$ 1.890,00/mês', 'Instalação (valor único)', 'R$ 500,00', 'Prazo do contrato', '24 meses', 'Valor total do contrato', 'R$ 45.860,00']) expect(text).toContain(line);
    expect(text).not.toContain('sujeito a visada');
    expect(text).not.toMatch(/1\.880,10|Retorno|Margem/);

    // Past the max distance the extra build is added to the plan's installation, with the margin.
    const mid = (await makeUnit(t, f, (await makeViability(t, f)).id, north(0.006), { plan_id: p.id })) as unknown as Unit;
    expect(mid.calculation).toMatchObject({ verdict: 'viavel_com_custo', extra_cost: '4587.50', installation_fee: '6463.75' }); // 500 + 4587,50 × 1,3
  });

  it('the template brings its own fibre rules over the organization defaults', async () => {
    const short = await template(f, { max_distance_m: 250, price_per_meter: '20,00', route_factor: 1.5 });
    const u = await unit({ template_id: short });
    // 333,58 m × 1,5 = a 500 m route, 250 m past the template's 250 m at R$ 20,00/m.
    expect(u.calculation).toMatchObject({ route_factor: 1.5, route_m: 500, max_distance_m: 250, price_per_meter: '20.00', extra_cost: '5000.00', verdict: 'viavel_com_custo' });
  });

  it('payback: a warning when the contract does not pay the build back within its term, or never does', async () => {
    const cheap = await plan({ monthly_fee: '100', installation_fee: '0', contract_months: 12 });
    const u = await unit({ plan_id: cheap.id });
    expect(u.calculation).toMatchObject({ payback_months: 19, payback_warning: 'O contrato de 12 meses não paga a construção: o retorno leva 19 meses.' });
    expect(u.calculation.reasons).toContain('O contrato de 12 meses não paga a construção: o retorno leva 19 meses.');
    const free = await unit({ plan_id: cheap.id, custom_monthly_fee: '0', custom_fee_reason: 'Cortesia do primeiro ano' });
    expect(free.calculation).toMatchObject({ monthly_fee: '0.00', payback_months: null, payback_warning: 'A mensalidade de R$ 0,00 não cobre o custo mensal de R$ 0,00: a construção de R$ 1.880,10 não se paga.' });
    // What the client sees never carries the cost, the margin or the payback.
    const seen = await view(free.public_hash);
    expect(JSON.stringify(seen)).not.toMatch(/payback|margin|cost/);
  });

  it('a custom monthly fee needs a reason (422 in pt-BR); with one it overrides the plan, and changing it makes a new version', async () => {
    const p = await plan({ monthly_fee: '1.890,00', installation_fee: '0' });
    const v = await makeViability(t, f);
    const missing = await t.call('POST', '/api/viability/unit', f.seller.token, unitBody(f, v.id, north(0.003), { plan_id: p.id, custom_monthly_fee: '1.500,00' }));
    expect(missing.statusCode, missing.body).toBe(422);
    expect(violationsByField(missing.json())).toEqual({ custom_fee_reason: 'Informe o motivo da mensalidade personalizada (ou escolha a mensalidade do plano).' });
    const u = (await makeUnit(t, f, v.id, north(0.003), { plan_id: p.id, custom_monthly_fee: '1.500,00', custom_fee_reason: 'Desconto por contrato de 3 anos' })) as unknown as Unit;
    expect(u).toMatchObject({ custom_monthly_fee: '1500.00', custom_fee_reason: 'Desconto por contrato de 3 anos' });
    expect(u.calculation).toMatchObject({ monthly_fee: '1500.00', contract_months: 24, contract_total: '36000.00', custom_fee_reason: 'Desconto por contrato de 3 anos' });

    const dropReason = await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, { custom_fee_reason: null });
    expect(dropReason.statusCode, dropReason.body).toBe(422);
    // The same fee typed another way is no change: no new version.
    const same = await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, { custom_monthly_fee: '1500' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().calculation.version).toBe(1);
    const back = await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, { custom_monthly_fee: null, custom_fee_reason: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().calculation).toMatchObject({ version: 2, monthly_fee: '1890.00' });
    const versions = (await t.call('GET', `/api/viability/unit/${u.id}/version`, f.seller.token)).json();
    expect(versions.map((c: Calc) => [c.version, c.monthly_fee])).toEqual([
      [2, '1890.00'],
      [1, '1500.00'],
    ]);

    // Bad input is a 422 in pt-BR, never a 500.
    for (const body of [{ custom_monthly_fee: 'mil reais', custom_fee_reason: 'x' }, { custom_monthly_fee: '-10', custom_fee_reason: 'x' }, { plan_id: 'abc' }, { carrier_monthly_cost: '1,234' }, { line_of_sight_confirmed: 'sim' }]) {
      const res = await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toMatch(/[a-zà-ú]/i);
    }
    const unknownPlan = await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, { plan_id: 99_999_999 });
    expect(unknownPlan.statusCode).toBe(422);
  });

  it('a plan must be of the template medium and active when chosen', async () => {
    const radioPlan = await plan({ name: `Rádio 50 Mbps ${uid()}`, medium: 'radio', bandwidth_mbps: 50, monthly_fee: '390' });
    const v = await makeViability(t, f);
    const res = await t.call('POST', '/api/viability/unit', f.seller.token, unitBody(f, v.id, north(0.003), { plan_id: radioPlan.id }));
    expect(res.statusCode, res.body).toBe(422);
    expect(violationsByField(res.json()).plan_id).toMatch(/^O plano "Rádio 50 Mbps .+" é de Rádio, e o modelo "FTTH .+" é de Fibra própria\.$/);
    const off = await plan({ monthly_fee: '100', active: false });
    const inactive = await t.call('POST', '/api/viability/unit', f.seller.token, unitBody(f, v.id, north(0.003), { plan_id: off.id }));
    expect(inactive.statusCode).toBe(422);
    expect(violationsByField(inactive.json()).plan_id).toMatch(/está inativo/);
  });

  it('radio: 2,2 km from a tower with a radio is viable, naming the rule; no radio there or beyond 15 km is inviável', async () => {
    const org = await t.createOrganization('Provedor Rádio');
    const g = await fixture(t, org);
    const radio = await template(g, { name: `Rádio PTP 5 GHz ${uid()}`, medium: 'radio', items: [{ product_id: g.connectorId, quantity: 1 }], labour_cost: '450,00', labour_per_meter: '0' });
    // The fixture's POP at the client's door has no radio; the tower 2,2 km north has none yet.
    const tower = await site(org, 'CWB-02', 'torre', north(0.0198));
    const v = await makeViability(t, g);
    const u = (await makeUnit(t, g, v.id, POP, { template_id: radio })) as unknown as Unit;
    expect(u.calculation).toMatchObject({ verdict: 'inviavel', site: null, rule: 'Rádio: nenhuma torre ou POP ativo com rádio instalado nesta organização: não há de onde fazer o enlace.' });

    // A radio in a cabinet does not count: only towers and POPs.
    const cabinet = await site(org, 'ARM-01', 'armario', north(0.001));
    await radioAt(org, cabinet.id);
    await radioAt(org, tower.id);
    const again = await t.call('POST', `/api/viability/unit/${u.id}/recalculate`, g.seller.token);
    expect(again.statusCode, again.body).toBe(200);
    const c = again.json().calculation as Calc;
    expect(c).toMatchObject({
      version: 2,
      verdict: 'viavel',
      site: { id: tower.id, code: 'CWB-02' },
      distance_m: 2202,
      route_factor: 1,
      max_distance_m: 15_000,
      price_per_meter: '0.00',
      extra_cost: '0.00',
      materials_cost: '7.90',
      labour_cost: '450.00', // nothing per metre on a radio link
      total_cost: '457.90',
      price: '595.27',
      rule: 'Rádio: 2,2 km da Torre CWB-02, dentro do alcance de 15 km.',
    });
    expect(c.reasons).toContain('Rádio: 2,2 km da Torre CWB-02, dentro do alcance de 15 km.');
    // Until the survey confirms the line of sight, the proposal says "sujeito a visada".
    expect(await view(u.public_hash)).toMatchObject({ verdict: 'viavel', medium: 'radio', subject_to_line_of_sight: true });
    const pdf = await t.call('GET', `/api/viability/unit/viewer/${u.public_hash}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.rawPayload)).toContain('Rádio · sujeito a visada');

    const reader = await t.createUser({ permissions: ['VIABILITY.INDEX'], organizationId: org });
    expect((await t.call('PUT', `/api/viability/unit/${u.id}`, reader.token, { line_of_sight_confirmed: true })).statusCode).toBe(403);
    // The client says yes first; the survey comes after, and is the one change an answered unit still takes.
    expect((await t.call('POST', `/api/viability/unit/viewer/${u.public_hash}/accept`, undefined, { name: 'Paulo Kowalski' })).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/viability/unit/${u.id}`, g.seller.token, { name: 'Outra sede' })).statusCode).toBe(409);
    const unchanged = { name: u.name, address: u.address, latitude: u.latitude, longitude: u.longitude, template_id: radio, plan_id: null, custom_monthly_fee: null, custom_fee_reason: '', carrier: null, notes: null };
    const surveyed = await t.call('PUT', `/api/viability/unit/${u.id}`, g.seller.token, { ...unchanged, line_of_sight_confirmed: true });
    expect(surveyed.statusCode, surveyed.body).toBe(200);
    expect(surveyed.json()).toMatchObject({ line_of_sight_confirmed: true, line_of_sight_confirmed_at: expect.any(String) });
    expect(surveyed.json().calculation.version).toBe(2);
    expect(await view(u.public_hash)).toMatchObject({ subject_to_line_of_sight: false });
    const confirmed = pdfText((await t.call('GET', `/api/viability/unit/viewer/${u.public_hash}/pdf`)).rawPayload);
    expect(confirmed).toContain('Rádio');
    expect(confirmed).not.toContain('sujeito a visada');

    // 0,15° south of the POP: 18,9 km from the tower, past the 15 km reach; a template reaching 20 km serves it.
    const far = (await makeUnit(t, g, v.id, north(-0.15), { template_id: radio })) as unknown as Unit;
    expect(far.calculation).toMatchObject({ verdict: 'inviavel', rule: 'Rádio: 18,9 km da Torre CWB-02, além do alcance de 15 km.' });
    const longReach = await template(g, { name: `Rádio 20 km ${uid()}`, medium: 'radio', items: [], labour_per_meter: '0', link_range_m: 20_000 });
    const served = (await makeUnit(t, g, v.id, north(-0.15), { template_id: longReach })) as unknown as Unit;
    expect(served.calculation).toMatchObject({ verdict: 'viavel', rule: 'Rádio: 18,9 km da Torre CWB-02, dentro do alcance de 20 km.' });
  });

  it("third-party circuit: no distance rule; the carrier's quote enters the cost and the monthly cost", async () => {
    const l2l = await template(f, { name: `L2L ${uid()}`, medium: 'circuito_terceiro', items: [{ product_id: f.connectorId, quantity: 1 }], labour_cost: '300,00', labour_per_meter: '0' });
    const quote = { carrier: 'Vivo Empresas', carrier_quote: 'COT-2026-114', carrier_monthly_cost: '850,00', carrier_installation_cost: '1.200,00' };
    // 55 km away: fibre would be out of reach, a carrier's circuit is not.
    const u = (await makeUnit(t, f, (await makeViability(t, f)).id, north(0.5), { template_id: l2l, ...quote })) as unknown as Unit;
    expect(u).toMatchObject({ carrier: 'Vivo Empresas', carrier_quote: 'COT-2026-114', carrier_monthly_cost: '850.00', carrier_installation_cost: '1200.00' });
    expect(u.calculation).toMatchObject({
      verdict: 'viavel',
      materials_cost: '7.90',
      labour_cost: '300.00',
      total_cost: '1507.90', // 7,90 + 300,00 + the carrier's R$ 1.200,00
      price: '1960.27', // × 1,30
      monthly_cost: '850.00',
      monthly_fee: '1105.00', // no plan: the carrier's cost with the margin
      carrier: { name: 'Vivo Empresas', quote: 'COT-2026-114', monthly_cost: '850.00', installation_cost: '1200.00' },
      rule: 'Circuito de terceiro: sem regra de distância; última milha da Vivo Empresas (cotação COT-2026-114): R$ 850,00/mês e R$ 1.200,00 de instalação.',
    });

    const p = await plan({ name: `L2L 100 Mbps ${uid()}`, medium: 'circuito_terceiro', bandwidth_mbps: 100, monthly_fee: '1.490,00', installation_fee: '0', contract_months: 36 });
    const res = await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, { plan_id: p.id });
    expect(res.statusCode, res.body).toBe(200);
    // 1490 − 850 = R$ 640,00 a month pays back R$ 1.507,90 in 3 months.
    expect(res.json().calculation).toMatchObject({ version: 2, monthly_fee: '1490.00', monthly_margin: '640.00', payback_months: 3, payback_warning: null, contract_total: '53640.00' });
    // A new quote is a new version.
    const requote = await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, { carrier_monthly_cost: '1.600,00' });
    expect(requote.json().calculation).toMatchObject({ version: 3, monthly_margin: '-110.00', payback_months: null, payback_warning: expect.stringContaining('não cobre o custo mensal de R$ 1.600,00') });
  });

  it('plans: sellers and .INDEX users read them, cannot write them; no permission is 403; another organization sees none', async () => {
    const p = await plan({ monthly_fee: '990' });
    expect((await t.call('GET', '/api/viability/plan', f.seller.token)).json().items.some((x: { id: number }) => x.id === p.id)).toBe(true);
    expect((await t.call('POST', '/api/viability/plan', f.seller.token, { name: 'X', medium: 'radio', bandwidth_mbps: 10, monthly_fee: '10', contract_months: 12 })).statusCode).toBe(403);
    const reader = await t.createUser({ permissions: ['VIABILITY.INDEX'] });
    expect((await t.call('GET', `/api/viability/plan/${p.id}`, reader.token)).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/viability/plan/${p.id}`, reader.token, { monthly_fee: '1' })).statusCode).toBe(403);
    const v = await makeViability(t, f);
    expect((await t.call('POST', '/api/viability/unit', reader.token, unitBody(f, v.id, north(0.003), { plan_id: p.id }))).statusCode).toBe(403);
    const nobody = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'] });
    expect((await t.call('GET', '/api/viability/plan', nobody.token)).statusCode).toBe(403);

    const other = await t.createOrganization('Concorrente Planos');
    const them = await t.createUser({ permissions: ['VIABILITY', 'VIABILITY_TEMPLATE_PRODUCT'], organizationId: other });
    expect((await t.call('GET', '/api/viability/plan', them.token)).json().items).toEqual([]);
    expect((await t.call('GET', `/api/viability/plan/${p.id}`, them.token)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/viability/plan/${p.id}`, them.token, { monthly_fee: '1' })).statusCode).toBe(404);
    // Another organization's plan cannot be chosen for a unit.
    const g = await fixture(t, other);
    const theirs = await plan({ monthly_fee: '10' }, g.keeper.token);
    const res = await t.call('POST', '/api/viability/unit', f.seller.token, unitBody(f, v.id, north(0.003), { plan_id: theirs.id }));
    expect(res.statusCode, res.body).toBe(422);
    // A plan in use is not deleted.
    await makeUnit(t, f, v.id, north(0.003), { plan_id: p.id });
    expect((await t.call('DELETE', `/api/viability/plan/${p.id}`, f.keeper.token)).statusCode).toBe(409);
  });

  it('the organization defaults: drop reach 250 m, radio reach 15 km, contract term 12 months', async () => {
    const res = await t.call('GET', '/api/organization-settings/viability', f.seller.token);
    expect(res.json()).toMatchObject({ drop_reach_m: 250, radio_range_m: 15_000, default_contract_months: 12, max_distance_m: 500, route_factor: 1.3 });
    const admin = await t.createUser({ permissions: ['ORG'] });
    const bad = await t.call('PUT', '/api/organization-settings/viability', admin.token, { ...(res.json() as Record<string, unknown>), radio_range_m: 'longe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/Alcance do rádio/);
  });
});
