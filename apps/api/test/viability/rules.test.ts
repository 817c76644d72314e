import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { revisions } from '../../src/modules/revision/schema';
import fc from 'fast-check';
import { notifications } from '../../src/modules/notification/schema';
import { products } from '../../src/modules/warehouse';
import { externalActivities } from '../../src/modules/external-activity';
import { viabilities, viabilityUnits } from '../../src/modules/viability';
import { webhookDeliveries, webhooks } from '../../src/modules/webhook/schema';
import { calculate, haversine, nearestSite } from '../../src/modules/viability/calculate';
import { createTestApp, type TestApp } from '../helpers';
import { startSmtpServer } from '../smtp';
import { makeTechnician, makeType } from '../external-activity/helpers';
import { type Fixture, POP, fixture, insertProduct, insertSite, makeUnit, makeViability, north, templateBody, type UnitRead } from './helpers';

describe('viability: calculation, versions, public proposal, approval and access', () => {
  let t: TestApp;
  let f: Fixture;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
    f = await fixture(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const unit = async (id: number, token = f.seller.token) => (await t.call('GET', `/api/viability/unit/${id}`, token)).json() as UnitRead;
  const viabilityStatus = async (id: number) => (await t.app.db.select({ s: viabilities.status }).from(viabilities).where(eq(viabilities.id, id)))[0].s;

  it('counts pieces whole: 0,05 clamp per metre over a 434 m route is 22 clamps, priced as 22; metres stay exact', async () => {
    const clamp = await insertProduct(t, f.organizationId, 'Abraçadeira', '0.08', 'pc');
    const template = await t.call(
      'POST',
      '/api/viability/unit/template',
      f.keeper.token,
      templateBody(f.cableId, f.connectorId, { items: [{ product_id: f.cableId, quantity: 1.1, per_meter: true }, { product_id: clamp.id, quantity: 0.05, per_meter: true }] }),
    );
    expect(template.statusCode, template.body).toBe(201);
    const v = await makeViability(t, f);
    const u = await makeUnit(t, f, v.id, north(0.003), { template_id: template.json().id });
    expect(u.calculation.lines).toEqual([
      expect.objectContaining({ product_id: f.cableId, quantity: '477.4', total: '1193.50' }),
      expect.objectContaining({ product_id: clamp.id, unit_of_measure: 'pc', quantity: '22', unit_price: '0.08', total: '1.76' }),
    ]);
  });

  it('calculates the worked examples to the cent: viável, viável com custo and inviável', async () => {
    const v = await makeViability(t, f);
    expect(v.code).toMatch(/^VIA-\d{6}$/);
    expect(v.status).toBe('aberta');

    // 0,003° north on a meridian: 333,58 m in a straight line, × 1,3 = a 434 m route (limit 500 m).
    const near = await makeUnit(t, f, v.id, north(0.003));
    expect(near.calculation).toMatchObject({
      version: 1,
      distance_m: 334,
      route_m: 434,
      route_factor: 1.3,
      max_distance_m: 500,
      materials_cost: '1209.30', // 1,1 × 434 = 477,4 m × R$ 2,50 = 1193,50 + 2 × R$ 7,90
      labour_cost: '670.80', // R$ 150,00 + 434 × R$ 1,20
      extra_cost: '0.00',
      total_cost: '1880.10',
      price: '2444.13', // × 1,30
      monthly_price: '0.00',
      verdict: 'viavel',
    });
    expect(near.calculation.lines).toEqual([
      expect.objectContaining({ product_id: f.cableId, per_meter: true, template_quantity: 1.1, quantity: '477.4', unit_price: '2.50', total: '1193.50' }),
      expect.objectContaining({ product_id: f.connectorId, per_meter: false, template_quantity: 2, quantity: '2', unit_price: '7.90', total: '15.80' }),
    ]);
    expect(near.calculation.reasons[1]).toBe('Dentro da distância máxima de 500 m: sem custo extra de construção.');
    expect(near).toMatchObject({ verdict: 'viavel', total_cost: '1880.10', price: '2444.13' });
    expect(await viabilityStatus(v.id)).toBe('em_analise');

    // 0,006°: 667,17 m, a 867 m route: 367 m past the limit × R$ 12,50 = R$ 4.587,50 of extra build.
    const mid = await makeUnit(t, f, v.id, north(0.006));
    expect(mid.calculation).toMatchObject({ distance_m: 667, route_m: 867, materials_cost: '2400.05', labour_cost: '1190.40', extra_cost: '4587.50', total_cost: '8177.95', price: '10631.34', verdict: 'viavel_com_custo' });
    expect(mid.calculation.reasons[1]).toBe('A rota passa da distância máxima de 500 m em 367 m: custo extra de construção de R$ 4.587,50 (367 m × R$ 12,50/m).');

    // 0,01°: a 1.446 m route, past twice the limit.
    const far = await makeUnit(t, f, v.id, north(0.01));
    expect(far.calculation).toMatchObject({ route_m: 1446, verdict: 'inviavel' });
    expect(far.calculation.reasons[1]).toBe('A rota passa do dobro da distância máxima (1 km): endereço fora da área de atendimento.');
  });

  it('measures from the nearest active site only, and says so when there is none', async () => {
    const org = await t.createOrganization('Provedor Sem Sites');
    const g = await fixture(t, org);
    const v = await makeViability(t, g);
    // The fixture's POP; a deactivated site nearer is ignored.
    await insertSite(t, org, north(0.0031), 'desativado');
    const u = await makeUnit(t, g, v.id, north(0.003));
    expect(u.calculation.site!.id).toBe(g.siteId);
    await t.app.db.execute(sql`update site set status = 'desativado' where organization_id = ${org}`);
    const none = await t.call('POST', `/api/viability/unit/${u.id}/recalculate`, g.seller.token);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().calculation).toMatchObject({ site: null, distance_m: null, route_m: null, verdict: 'inviavel', reasons: ['Nenhum site ativo com coordenadas nesta organização: não há de onde atender.'] });
  });

  it('finds the nearest site beyond the first bounding box (the box grows, then the whole set)', async () => {
    const org = await t.createOrganization('Provedor Distante');
    const far = await insertSite(t, org, { latitude: POP.latitude + 3, longitude: POP.longitude + 3 });
    const found = await nearestSite(t.app.db, org, POP.latitude + 2.9, POP.longitude + 2.9, 770);
    expect(found!.id).toBe(far.id);
    expect(found!.distance_m).toBeCloseTo(haversine(POP.latitude + 2.9, POP.longitude + 2.9, far.latitude!, far.longitude!), 3);

  });

  it('property: the price is never below the cost, and a nearer site never gives a longer distance', async () => {
    const org = await t.createOrganization('Provedor Propriedades');
    const probe = { latitude: -25.0, longitude: -49.0 };
    let best = Infinity;
    await fc.assert(
      fc.asyncProperty(
        fc.record({ dLat: fc.double({ min: -0.05, max: 0.05, noNaN: true }), dLon: fc.double({ min: -0.05, max: 0.05, noNaN: true }) }),
        async ({ dLat, dLon }) => {
          await insertSite(t, org, { latitude: probe.latitude + dLat, longitude: probe.longitude + dLon });
          best = Math.min(best, haversine(probe.latitude, probe.longitude, probe.latitude + dLat, probe.longitude + dLon));
          const found = await nearestSite(t.app.db, org, probe.latitude, probe.longitude, 300);
          // Adding sites never makes the nearest one farther, and it is the nearest of all.
          expect(found!.distance_m).toBeCloseTo(best, 3);
        },
      ),
      { numRuns: 40, seed: 15 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 500_00 }).map((m) => m / 100),
        fc.integer({ min: 1, max: 50_000 }),
        fc.boolean(),
        (distance, priceCents, margin, quantityMilli, perMeter) => {
          const c = calculate({
            site: { id: 1, code: 'POP', name: 'POP', latitude: 0, longitude: 0, distance_m: distance },
            template: { id: 1, name: 'T', medium: 'fibra_propria', items: [{ product_id: 7, quantity: quantityMilli / 1000, per_meter: perMeter }], labour_cost: '99.99', labour_per_meter: '0.37', monthly_cost: '123.45' },
            products: new Map([[7, { id: 7, code: 'C', name: 'Cabo', unit_of_measure: 'm', price: (priceCents / 100).toFixed(2) }]]),
            settings: { max_distance_m: 500, price_per_meter: 12.5, margin_percent: margin, route_factor: 1.3, proposal_validity_days: 15 },
            today: '2026-11-24',
          });
          expect(Number(c.price)).toBeGreaterThanOrEqual(Number(c.total_cost));
          expect(Number(c.monthly_price)).toBeGreaterThanOrEqual(Number(c.monthly_cost));
          expect(Number(c.total_cost)).toBeCloseTo(Number(c.materials_cost) + Number(c.labour_cost) + Number(c.extra_cost), 2);
          expect(c.valid_until).toBe('2026-12-09');
        },
      ),
      { numRuns: 300, seed: 15 },
    );
  });

  it('keeps the prices of a calculation; "recalcular" makes a new version with the prices of now', async () => {
    const v = await makeViability(t, f);
    const u = await makeUnit(t, f, v.id, north(0.003));
    await t.app.db.update(products).set({ price: '3.00' }).where(eq(products.id, f.cableId));
    try {
      // An edit that does not move the unit keeps its figures.
      const renamed = await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, { name: 'Matriz (prédio novo)' });
      expect(renamed.json().calculation).toMatchObject({ version: 1, materials_cost: '1209.30' });
      const again = await t.call('POST', `/api/viability/unit/${u.id}/recalculate`, f.seller.token);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().calculation).toMatchObject({ version: 2, materials_cost: '1448.00' }); // 477,4 × 3,00 + 15,80
      const versions = (await t.call('GET', `/api/viability/unit/${u.id}/version`, f.seller.token)).json();
      expect(versions.map((c: { version: number; materials_cost: string }) => [c.version, c.materials_cost])).toEqual([
        [2, '1448.00'],
        [1, '1209.30'],
      ]);
      // Moving the unit recalculates on save.
      const moved = await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, north(0.006));
      expect(moved.json().calculation).toMatchObject({ version: 3, route_m: 867, verdict: 'viavel_com_custo' });
    } finally {
      await t.app.db.update(products).set({ price: '2.50' }).where(eq(products.id, f.cableId));
    }
  });

  it('uses the default template of the settings, refuses an inactive one and says when there is none', async () => {
    const v = await makeViability(t, f);
    const noDefault = await t.call('POST', '/api/viability/unit', f.seller.token, { viability_id: v.id, name: 'Loja', address: 'Rua A, 1', ...north(0.001) });
    expect(noDefault.statusCode).toBe(422);
    expect(noDefault.json().violations).toEqual([{ propertyPath: 'template_id', message: 'Escolha um modelo de unidade (a organização não tem um modelo padrão).' }]);
    const admin = await t.createUser({ permissions: ['ORG'] });
    expect((await t.call('PUT', '/api/organization-settings/viability', admin.token, { default_template_id: f.templateId })).statusCode).toBe(200);
    const byDefault = await t.call('POST', `/api/viability/${v.id}/unit`, f.seller.token, { name: 'Loja', address: 'Rua A, 1', ...north(0.001) });
    expect(byDefault.statusCode, byDefault.body).toBe(201);
    expect(byDefault.json()).toMatchObject({ viability_id: v.id, template_id: f.templateId, verdict: 'viavel' });
    const inactive = await t.call('POST', '/api/viability/unit/template', f.keeper.token, templateBody(f.cableId, f.connectorId, { active: false }));
    const refused = await t.call('POST', `/api/viability/${v.id}/unit`, f.seller.token, { name: 'Loja 2', address: 'Rua B, 2', ...north(0.001), template_id: inactive.json().id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0].message).toMatch(/está inativo/);
    const listed = (await t.call('GET', `/api/viability/${v.id}/unit`, f.seller.token)).json();
    expect(listed.map((u: UnitRead) => u.id)).toEqual([byDefault.json().id]);
  });

  it('the public proposal: no cost or margin, accept once (two at once: one wins), the seller told live and by e-mail', async () => {
    const v = await makeViability(t, f);
    const u = await makeUnit(t, f, v.id, north(0.003));
    expect(u.public_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The hash is a credential: the revision log says it exists, never its value.
    const logged = await t.app.db.select().from(revisions).where(and(eq(revisions.entity, 'viability_unit'), eq(revisions.entity_id, u.id)));
    expect(logged[0].changes).toMatchObject({ public_hash: [null, '***'], verdict: [null, 'viavel'] });
    expect(JSON.stringify(logged)).not.toContain(u.public_hash);
    const view = await t.call('GET', `/api/viability/unit/viewer/${u.public_hash}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ verdict: 'viavel', price: '2444.13', monthly_price: '0.00', client_name: expect.stringMatching(/^Padaria/), decision: null, map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
    expect(view.body).not.toMatch(/total_cost|margin|1880\.10|materials|labour/);

    const pdf = await t.call('GET', `/api/viability/unit/viewer/${u.public_hash}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', `/api/viability/unit/viewer/${u.public_hash}/logo`)).statusCode).toBe(404);

    // An inactive webhook queues nothing; this one, subscribed to both answers, gets the winner's only.
    const [hook] = await t.app.db
      .insert(webhooks)
      .values({ organization_id: f.organizationId, url: 'https://hooks.example.com/propostas', events: ['viability_unit.proposal_accepted', 'viability_unit.proposal_declined'], is_active: true, secret_encrypted: 'x' })
      .returning();
    const [a, b] = await Promise.all([
      t.call('POST', `/api/viability/unit/viewer/${u.public_hash}/accept`, undefined, { name: 'Joana Lima' }),
      t.call('POST', `/api/viability/unit/viewer/${u.public_hash}/decline`, undefined, { name: 'Outra Pessoa' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toBe('Esta proposta já foi respondida.');
    const winner = a.statusCode === 200 ? 'aceita' : 'recusada';
    const again = await t.call('POST', `/api/viability/unit/viewer/${u.public_hash}/accept`, undefined, { name: 'Joana Lima' });
    expect(again.statusCode).toBe(409);
    expect((await unit(u.id)).decision).toMatchObject({ kind: winner });
    if (winner === 'aceita') expect(await viabilityStatus(v.id)).toBe('concluida');
    const queued = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, hook.id));
    expect(queued.map((d) => d.event)).toEqual([`viability_unit.proposal_${winner === 'aceita' ? 'accepted' : 'declined'}`]);
    expect(queued[0].payload).toMatchObject({ actor: null, data: { id: u.id, decision: { kind: winner } }, changes: { decision: [null, winner] } });
    await t.app.db.update(webhooks).set({ is_active: false }).where(eq(webhooks.id, hook.id));

    const told = await t.app.db.select().from(notifications).where(eq(notifications.user_id, f.seller.id));
    expect(told.some((n) => n.title === `Proposta ${winner} · ${v.code}` && n.link === `/viability/${v.id}/unit/info/${u.id}`)).toBe(true);
    const mail = await smtp.waitFor(`${f.seller.username}@example.com`);
    expect(mail.text).toContain(`Proposta ${winner}`);

    // Answered: the unit keeps its proposal.
    expect((await t.call('PUT', `/api/viability/unit/${u.id}`, f.seller.token, { name: 'Outra' })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/viability/unit/${u.id}/recalculate`, f.seller.token)).statusCode).toBe(409);
    expect((await t.call('DELETE', `/api/viability/unit/${u.id}`, f.seller.token)).statusCode).toBe(409);
  });

  it('accept concludes the viability; declining every viable unit cancels it', async () => {
    const v = await makeViability(t, f);
    const a = await makeUnit(t, f, v.id, north(0.002));
    const b = await makeUnit(t, f, v.id, north(0.004));
    await makeUnit(t, f, v.id, north(0.02)); // inviável: not waited for
    expect((await t.call('POST', `/api/viability/unit/viewer/${a.public_hash}/decline`, undefined, { name: 'Joana Lima', comment: 'Preço acima do orçamento' })).statusCode).toBe(200);
    expect(await viabilityStatus(v.id)).toBe('em_analise');
    expect((await t.call('POST', `/api/viability/unit/viewer/${b.public_hash}/decline`, undefined, { name: 'Joana Lima' })).statusCode).toBe(200);
    expect(await viabilityStatus(v.id)).toBe('cancelada');
    expect((await unit(a.id)).decision).toMatchObject({ kind: 'recusada', name: 'Joana Lima', comment: 'Preço acima do orçamento' });
  });

  it('an inviável unit shows no price and cannot be answered; unknown, revoked and expired links have their own answers', async () => {
    const v = await makeViability(t, f);
    const far = await makeUnit(t, f, v.id, north(0.05));
    const view = (await t.call('GET', `/api/viability/unit/viewer/${far.public_hash}`)).json();
    expect(view).toMatchObject({ verdict: 'inviavel', price: null, monthly_price: null });
    expect((await t.call('POST', `/api/viability/unit/viewer/${far.public_hash}/accept`, undefined, { name: 'Joana Lima' })).statusCode).toBe(409);

    const unknown = await t.call('GET', `/api/viability/unit/viewer/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Proposta não encontrada: o link é inválido ou foi cancelado. Peça um novo link ao seu vendedor.');
    expect((await t.call('GET', '/api/viability/unit/viewer/curto')).statusCode).toBe(422);

    const u = await makeUnit(t, f, v.id, north(0.001));
    const old = u.public_hash!;
    const renewed = await t.call('POST', `/api/viability/unit/${u.id}/link`, f.seller.token);
    expect(renewed.json().public_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed.json().public_hash).not.toBe(old);
    expect((await t.call('GET', `/api/viability/unit/viewer/${old}`)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/viability/unit/viewer/${renewed.json().public_hash}`)).statusCode).toBe(200);
    const revoked = await t.call('DELETE', `/api/viability/unit/${u.id}/link`, f.seller.token);
    expect(revoked.json().public_hash).toBeNull();
    expect((await t.call('GET', `/api/viability/unit/viewer/${renewed.json().public_hash}`)).statusCode).toBe(404);

    const late = await makeUnit(t, f, v.id, north(0.001));
    await t.app.db.execute(sql`update viability_unit set calculation = jsonb_set(calculation, '{valid_until}', '"2026-01-31"') where id = ${late.id}`);
    const expired = await t.call('GET', `/api/viability/unit/viewer/${late.public_hash}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('Esta proposta expirou em 31/01/2026. Peça uma proposta atualizada ao seu vendedor.');
    expect((await t.call('POST', `/api/viability/unit/viewer/${late.public_hash}/accept`, undefined, { name: 'Joana Lima' })).statusCode).toBe(410);

    // 256-bit hashes: every one new.
    const hashes = new Set((await t.app.db.select({ h: viabilityUnits.public_hash }).from(viabilityUnits)).map((r) => r.h).filter(Boolean));
    for (let i = 0; i < 20; i++) {
      const hash = (await t.call('POST', `/api/viability/unit/${late.id}/link`, f.seller.token)).json().public_hash;
      expect(hashes.has(hash)).toBe(false);
      hashes.add(hash);
    }
  });

  it('approval opens an installation work order with the client copied, once; it needs EXTERNAL_ACTIVITY too', async () => {
    const type = await makeType(t);
    const tech = await makeTechnician(t);
    const v = await makeViability(t, f);
    const u = await makeUnit(t, f, v.id, north(0.003), { address: 'Rua Marechal Deodoro, 500' });
    const body = { assistance_type_id: type.id, technician_ids: [tech.id], priority: 'alta' };

    const denied = await t.call('POST', `/api/viability/unit/${u.id}/approve`, f.seller.token, body);
    expect(denied.statusCode).toBe(403);
    expect((await unit(u.id)).activity).toBeNull();

    const both = await t.createUser({ permissions: ['VIABILITY', 'EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH'] });
    const [x, y] = await Promise.all([t.call('POST', `/api/viability/unit/${u.id}/approve`, both.token, body), t.call('POST', `/api/viability/unit/${u.id}/approve`, both.token, body)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const approved = (x.statusCode === 200 ? x : y).json() as UnitRead;
    expect(approved.activity).toMatchObject({ code: expect.stringMatching(/^OS-/), status: expect.any(String) });
    const [activity] = await t.app.db.select().from(externalActivities).where(eq(externalActivities.id, approved.activity!.id));
    expect(activity).toMatchObject({ client_name: expect.stringMatching(/^Padaria/), address: 'Rua Marechal Deodoro, 500', latitude: north(0.003).latitude, priority: 'alta', site_id: f.siteId });
    expect(activity.description).toContain(v.code);
    expect((await t.app.db.select().from(externalActivities)).filter((a) => a.description?.includes(v.code)).length).toBe(1);
    expect((await t.call('PUT', `/api/viability/unit/${u.id}`, both.token, { name: 'X' })).statusCode).toBe(409);

    const far = await makeUnit(t, f, v.id, north(0.05));
    const refused = await t.call('POST', `/api/viability/unit/${far.id}/approve`, both.token, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/é inviável/);
    // A work order the activity module refuses (no technician of this organization) frees the claim.
    const u2 = await makeUnit(t, f, v.id, north(0.002));
    const bad = await t.call('POST', `/api/viability/unit/${u2.id}/approve`, both.token, { ...body, technician_ids: [999999] });
    expect(bad.statusCode).toBe(422);
    expect((await t.call('POST', `/api/viability/unit/${u2.id}/approve`, both.token, body)).statusCode).toBe(200);
  });

  it('access: template keepers read studies but do not write them; sellers read templates only; .INDEX reads; another organization gets 404', async () => {
    const v = await makeViability(t, f);
    const u = await makeUnit(t, f, v.id, north(0.003));
    expect((await t.call('GET', `/api/viability/${v.id}`, f.keeper.token)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/viability/unit/${u.id}`, f.keeper.token)).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/viability/${v.id}`, f.keeper.token, { notes: 'x' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/viability/unit/template/${f.templateId}`, f.seller.token)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/viability/unit/template/product-options?search=cabo', f.seller.token)).json().some((p: { id: number }) => p.id === f.cableId)).toBe(true);
    expect((await t.call('PUT', `/api/viability/unit/template/${f.templateId}`, f.seller.token, { notes: 'x' })).statusCode).toBe(403);

    const reader = await t.createUser({ permissions: ['VIABILITY.INDEX'] });
    expect((await t.call('GET', `/api/viability/unit/${u.id}/version`, reader.token)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', `/api/viability/unit/${u.id}/recalculate`],
      ['POST', `/api/viability/unit/${u.id}/link`],
      ['DELETE', `/api/viability/unit/${u.id}/link`],
      ['POST', `/api/viability/${v.id}/unit`],
    ] as const) {
      expect((await t.call(method, url, reader.token, method === 'POST' && url.endsWith('/unit') ? { name: 'X', address: 'Rua', ...north(0) } : undefined)).statusCode, url).toBe(403);
    }
    const nobody = await t.createUser({ permissions: ['EXTERNAL_ACTIVITY'] });
    expect((await t.call('GET', '/api/viability', nobody.token)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/viability/people', nobody.token)).statusCode).toBe(403);

    const other = await t.createOrganization('Concorrente Telecom');
    const them = await t.createUser({ permissions: ['VIABILITY', 'EXTERNAL_ACTIVITY'], organizationId: other });
    const before = await unit(u.id);
    for (const [method, url] of [
      ['GET', `/api/viability/unit/${u.id}/version`],
      ['POST', `/api/viability/unit/${u.id}/recalculate`],
      ['POST', `/api/viability/unit/${u.id}/link`],
      ['DELETE', `/api/viability/unit/${u.id}/link`],
      ['GET', `/api/viability/${v.id}/unit`],
    ] as const) {
      expect((await t.call(method, url, them.token)).statusCode, url).toBe(404);
    }
    expect((await t.call('POST', `/api/viability/${v.id}/unit`, them.token, { name: 'X', address: 'Rua', ...north(0) })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/viability/unit/${u.id}/approve`, them.token, { assistance_type_id: 1, technician_ids: [them.id] })).statusCode).toBe(404);
    expect(await unit(u.id)).toEqual(before);
    // The people picker names only people of the caller's organization, even by id.
    expect((await t.call('GET', `/api/viability/people?ids=${f.seller.id}`, them.token)).json()).toEqual([]);
    expect((await t.call('GET', `/api/viability/people?ids=${f.seller.id}`, f.keeper.token)).json()).toEqual([{ id: f.seller.id, name: expect.stringContaining(f.seller.username) }]);
    const theirProducts = (await t.call('GET', '/api/viability/unit/template/product-options', them.token)).json();
    expect(theirProducts.some((p: { id: number }) => p.id === f.cableId)).toBe(false);
  });

  it('a viability with an answered unit cannot be deleted; an open one takes its units with it', async () => {
    const v = await makeViability(t, f);
    const u = await makeUnit(t, f, v.id, north(0.003));
    await t.call('POST', `/api/viability/unit/viewer/${u.public_hash}/accept`, undefined, { name: 'Joana Lima' });
    const refused = await t.call('DELETE', `/api/viability/${v.id}`, f.seller.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`A viabilidade ${v.code} tem uma unidade respondida pelo cliente ou aprovada: cancele-a em vez de excluí-la.`);
    const open = await makeViability(t, f);
    const ou = await makeUnit(t, f, open.id, north(0.003));
    expect((await t.call('DELETE', `/api/viability/${open.id}`, f.seller.token)).statusCode).toBe(204);
    expect((await t.call('GET', `/api/viability/unit/${ou.id}`, f.seller.token)).statusCode).toBe(404);
    // A template in use cannot be deleted.
    const inUse = await t.call('DELETE', `/api/viability/unit/template/${f.templateId}`, f.keeper.token);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/é referenciado por \d+ unidades? de viabilidade/);
  });

  it('prices a product without a price as R$ 0,00 and says so', async () => {
    const free = await insertProduct(t, f.organizationId, 'Caixa de emenda', null);
    const tpl = await t.call('POST', '/api/viability/unit/template', f.keeper.token, templateBody(f.cableId, free.id));
    const v = await makeViability(t, f);
    const u = await makeUnit(t, f, v.id, north(0.003), { template_id: tpl.json().id });
    expect(u.calculation.lines[1]).toMatchObject({ unit_price: '0.00', total: '0.00' });
    expect(u.calculation.reasons).toContain(`O produto ${free.code} (${free.name}) está sem preço no catálogo: entrou com R$ 0,00.`);
  });
});
