import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { searchText } from '../../src/core/list';
import { revisions } from '../../src/core/schema';
import { svcs } from '../../src/modules/network';
import { ctoPorts } from '../../src/modules/viability/schema';
import { createTestApp, type TestApp, violationsByField } from '../helpers';
import { uid } from '../warehouse/helpers';
import { type Fixture, POP, fixture, makeUnit, makeViability, type UnitRead } from './helpers';

type Cto = { id: number; code: string };
type Unit = UnitRead & { name: string; redo_reason: string | null; reserved_port: { site_id: number; code: string; port: number } | null; calculation: UnitRead['calculation'] & { rule: string; cto: Record<string, unknown> | null } };
type Ports = { port_count: number; free: number; ports: { port: number; state: string; svc: { code: string } | null; unit: { id: number; viability_code: string } | null }[] };

/** A point `dLat` degrees north of `from` (on a meridian the distance is R × Δlat). */
const northOf = (from: { latitude: number; longitude: number }, dLat: number) => ({ latitude: from.latitude + dLat, longitude: from.longitude });
/** 2,2 km north of the fixture's POP: far beyond its new-build reach (2 × 500 m as a route), where the boxes stand. */
const AREA = northOf(POP, 0.02);

const REDOING = 'A porta da caixa de atendimento prevista para este endereço acabou de ser ocupada: estamos refazendo a proposta. O vendedor enviará a proposta atualizada.';

/**
 * Fibre boxes (CTOs): the feasibility looks for the nearest box with a free port within the drop's
 * reach, then a new build from the POP, then inviável; the client's accept reserves the port, a
 * cancelled viability releases it, and two accepts for the last port end with one reservation.
 */
describe('viability: CTOs with free ports, the reservation and its race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new organization with the viability fixture and a network keeper (SITE). */
  const org = async () => {
    const organizationId = await t.createOrganization(`Org CTO ${uid()}`);
    const f = await fixture(t, organizationId);
    const network = await t.createUser({ permissions: ['SITE'], organizationId });
    return { f, network, organizationId };
  };
  const cto = async (token: string, at: { latitude: number; longitude: number }, ports: number, extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/site', token, { code: `CTO-${uid()}`, name: 'CTO teste', type: 'cto', splitter_ratio: '1:16', port_count: ports, ...at, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Cto;
  };
  const svc = async (organizationId: number, status: 'ativo' | 'cancelado' | 'suspenso' = 'ativo') => {
    const code = `SVC-${uid()}`;
    const [row] = await t.app.db.insert(svcs).values({ organization_id: organizationId, code, client_name: 'Cliente', client_document: '11444777000161', type: 'internet_dedicada', bandwidth_mbps: 100, status, search_text: searchText(code) }).returning();
    return row;
  };
  const plug = async (token: string, ctoId: number, port: number, svcId: number | null) => t.call('PUT', `/api/viability/cto/${ctoId}/port/${port}`, token, { svc_id: svcId });
  const ports = async (token: string, ctoId: number) => {
    const res = await t.call('GET', `/api/viability/cto/${ctoId}/port`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Ports;
  };
  const accept = (hash: string | null) => t.call('POST', `/api/viability/unit/viewer/${hash}/accept`, undefined, { name: 'Joana Lima' });
  const unitOf = async (f: Fixture, id: number) => (await t.call('GET', `/api/viability/unit/${id}`, f.seller.token)).json() as Unit;

  it('counts the ports held by services that are not cancelled and picks the nearest box with a free port within the drop reach, to the cent', async () => {
    const { f, network, organizationId } = await org();
    const near = await cto(network.token, AREA, 2); // full below
    const second = await cto(network.token, northOf(AREA, -0.0005), 16);
    for (const port of [1, 2]) expect((await plug(network.token, near.id, port, (await svc(organizationId)).id)).statusCode).toBe(200);
    // Ports 1–4 of the second box: two active, one suspended (still plugged in), one cancelled (free again).
    for (const [port, status] of [[1, 'ativo'], [2, 'ativo'], [3, 'suspenso'], [4, 'cancelado']] as const) {
      const s = await svc(organizationId, status === 'cancelado' ? 'ativo' : status);
      expect((await plug(network.token, second.id, port, s.id)).statusCode).toBe(200);
      if (status === 'cancelado') await t.app.db.update(svcs).set({ status: 'cancelado' }).where(eq(svcs.id, s.id));
    }
    const listed = await ports(network.token, second.id);
    expect(listed.ports.slice(0, 5).map((p) => p.state)).toEqual(['servico', 'servico', 'servico', 'livre', 'livre']);
    expect([listed.port_count, listed.free]).toEqual([16, 13]);

    // The client is 0,001° north of the full box (111,2 m) and 0,0015° north of the second one (166,8 m).
    const u = (await makeUnit(t, f, (await makeViability(t, f)).id, northOf(AREA, 0.001))) as Unit;
    expect(u.calculation).toMatchObject({
      verdict: 'viavel',
      site: { id: second.id, code: second.code },
      cto: { id: second.id, code: second.code, port: 4, port_count: 16, free_ports: 13, splitter_ratio: '1:16' },
      distance_m: 167,
      route_m: 217, // 166,79 m × 1,3
      extra_cost: '0.00',
      // Cable 1,1 × 217 m × R$ 2,50 = R$ 596,75; connectors 2 × R$ 7,90 = R$ 15,80; labour R$ 150,00 + 217 × R$ 1,20.
      materials_cost: '612.55',
      labour_cost: '410.40',
      total_cost: '1022.95',
      price: '1329.84', // + 30 %
      rule: `Fibra própria: ${second.code}, porta livre 4 de 16, 167 m (alcance do drop de 250 m).`,
    });
    expect(u.calculation.reasons[0]).toBe(`CTO mais próxima com porta livre: ${second.code} (CTO teste) a 167 m em linha reta; 13 de 16 portas livres, divisor 1:16.`);
  });

  it('beyond the drop reach the POP decides (a new build), and with neither the verdict says which rule failed', async () => {
    const { f, network } = await org();
    // A box 300 m from the client (beyond 250 m) is not used; the POP 434 m away is (route 564 m: extra build).
    const client = northOf(POP, 0.0039);
    await cto(network.token, northOf(client, 0.0027), 16);
    const u = (await makeUnit(t, f, (await makeViability(t, f)).id, client)) as Unit;
    expect(u.calculation).toMatchObject({ verdict: 'viavel_com_custo', cto: null, site: { id: f.siteId } });
    expect(u.calculation.reasons[0]).toBe('Nenhuma CTO a até 250 m (alcance do drop): o atendimento depende de construção a partir do POP.');
    // A template whose drop reaches 400 m takes that box.
    const wide = await t.call('POST', '/api/viability/unit/template', f.keeper.token, { name: `FTTH 400 ${uid()}`, medium: 'fibra_propria', items: [], drop_reach_m: 400 });
    const served = (await makeUnit(t, f, (await makeViability(t, f)).id, client, { template_id: wide.json().id })) as Unit;
    expect(served.calculation).toMatchObject({ verdict: 'viavel', cto: { port: 1, port_count: 16 }, distance_m: 300 });
    // Far from both: inviável, naming the POP's rule and the boxes'.
    const far = (await makeUnit(t, f, (await makeViability(t, f)).id, northOf(POP, 0.05))) as Unit;
    expect(far.calculation.verdict).toBe('inviavel');
    expect(far.calculation.rule).toMatch(/^Fibra própria: rota estimada de .+ do POP-.+, além do dobro da distância máxima de 500 m\. Nenhuma CTO com porta livre a até 250 m\.$/);
  });

  it("the accept reserves the port (the box shows it with the viability's code); a decline holds none; cancelling the viability releases it", async () => {
    const { f, network } = await org();
    const box = await cto(network.token, AREA, 8);
    const v = await makeViability(t, f);
    const u = (await makeUnit(t, f, v.id, northOf(AREA, 0.0005))) as Unit;
    const declined = (await makeUnit(t, f, (await makeViability(t, f)).id, northOf(AREA, 0.0006))) as Unit;
    expect((await t.call('POST', `/api/viability/unit/viewer/${declined.public_hash}/decline`, undefined, { name: 'Outro cliente' })).statusCode).toBe(200);
    expect((await ports(network.token, box.id)).free).toBe(8);

    const res = await accept(u.public_hash);
    expect(res.statusCode, res.body).toBe(200);
    expect((await unitOf(f, u.id)).reserved_port).toEqual({ site_id: box.id, code: box.code, port: 1 });
    const held = await ports(f.seller.token, box.id);
    expect(held.free).toBe(7);
    expect(held.ports[0]).toMatchObject({ port: 1, state: 'reservada', unit: { id: u.id, viability_code: v.code } });
    // The next client is offered port 2 of 8.
    const next = (await makeUnit(t, f, (await makeViability(t, f)).id, northOf(AREA, 0.0004))) as Unit;
    expect(next.calculation.rule).toMatch(/porta livre 2 de 8/);
    // A reserved port is not freed by the network team; cancelling the viability does.
    expect((await plug(network.token, box.id, 1, null)).statusCode).toBe(409);
    const cancel = await t.call('PUT', `/api/viability/${v.id}`, f.seller.token, { status: 'cancelada' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await ports(network.token, box.id)).free).toBe(8);
    expect((await unitOf(f, u.id)).reserved_port).toBeNull();
  });

  it('a cancelled viability takes no answer; re-opening it reserves its accepted units\' ports again, or is refused naming the full box', async () => {
    const { f, network, organizationId } = await org();
    const box = await cto(network.token, AREA, 3);
    const v = await makeViability(t, f);
    const taken = (await makeUnit(t, f, v.id, northOf(AREA, 0.0005))) as Unit;
    const open = (await makeUnit(t, f, v.id, northOf(AREA, 0.0006))) as Unit;
    expect((await accept(taken.public_hash)).statusCode).toBe(200);
    expect((await unitOf(f, taken.id)).reserved_port).toMatchObject({ port: 1 });
    const status = async () => (await t.call('GET', `/api/viability/${v.id}`, f.seller.token)).json().status as string;

    // Cancelled: the port goes back, and the other unit's public page takes no answer (no port is reserved for it).
    expect((await t.call('PUT', `/api/viability/${v.id}`, f.seller.token, { status: 'cancelada' })).statusCode).toBe(200);
    expect((await ports(network.token, box.id)).free).toBe(3);
    const page = (await t.call('GET', `/api/viability/unit/viewer/${open.public_hash}`)).json();
    expect(page).toMatchObject({ cancelled: true, decision: null });
    expect((await t.call('GET', `/api/viability/unit/viewer/${taken.public_hash}`)).json()).toMatchObject({ cancelled: false, decision: { kind: 'aceita' } });
    const refused = await accept(open.public_hash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Esta proposta foi cancelada e não pode mais ser respondida. Fale com o seu vendedor para receber uma proposta atualizada.');
    expect((await t.call('GET', `/api/viability/unit/viewer/${open.public_hash}/pdf`)).statusCode).toBe(409);
    expect((await ports(network.token, box.id)).free).toBe(3);

    // Who may re-open: a reader, a user without the permission and another organization may not.
    const reader = await t.createUser({ permissions: ['VIABILITY.INDEX'], organizationId });
    const none = await t.createUser({ permissions: ['SITE'], organizationId });
    const other = await org();
    expect((await t.call('PUT', `/api/viability/${v.id}`, reader.token, { status: 'em_analise' })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/viability/${v.id}`, none.token, { status: 'em_analise' })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/viability/${v.id}`, other.f.seller.token, { status: 'em_analise' })).statusCode).toBe(404);
    expect(await status()).toBe('cancelada');

    // Re-opened: the accepted unit holds a port of its box again (the lowest free one); the log says which.
    expect((await plug(network.token, box.id, 1, (await svc(organizationId)).id)).statusCode).toBe(200);
    const reopened = await t.call('PUT', `/api/viability/${v.id}`, f.seller.token, { status: 'concluida' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await unitOf(f, taken.id)).reserved_port).toEqual({ site_id: box.id, code: box.code, port: 2 });
    expect((await ports(network.token, box.id)).ports.map((p) => p.state)).toEqual(['servico', 'reservada', 'livre']);
    const logged = await t.app.db.select().from(revisions).where(and(eq(revisions.entity, 'viability_unit'), eq(revisions.entity_id, taken.id))).orderBy(revisions.id);
    expect(logged.map((l) => l.changes).filter((c) => c && 'cto_port' in c)).toEqual([{ cto_port: [null, `${box.code} porta 1`] }, { cto_port: [`${box.code} porta 1`, null] }, { cto_port: [null, `${box.code} porta 2`] }]);
    // The open unit may be answered again.
    expect((await t.call('GET', `/api/viability/unit/viewer/${open.public_hash}`)).json().cancelled).toBe(false);

    // Cancelled again and the box filled meanwhile: the re-open is refused, naming the unit and the box; nothing is held.
    expect((await t.call('PUT', `/api/viability/${v.id}`, f.seller.token, { status: 'cancelada' })).statusCode).toBe(200);
    for (const port of [2, 3]) expect((await plug(network.token, box.id, port, (await svc(organizationId)).id)).statusCode).toBe(200);
    const full = await t.call('PUT', `/api/viability/${v.id}`, f.seller.token, { status: 'em_analise' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      `Não é possível reabrir a ${v.code}: a proposta aceita da unidade "${taken.name}" precisa de uma porta da ${box.code}, que não tem mais porta livre. Libere uma porta da ${box.code} ou mantenha a viabilidade cancelada.`,
    );
    expect(await status()).toBe('cancelada');
    expect((await unitOf(f, taken.id)).reserved_port).toBeNull();
    // A port freed: the re-open goes through.
    expect((await plug(network.token, box.id, 3, null)).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/viability/${v.id}`, f.seller.token, { status: 'em_analise' })).statusCode).toBe(200);
    expect((await unitOf(f, taken.id)).reserved_port).toMatchObject({ port: 3 });
  });

  it('an accept racing the seller\'s cancel: whichever wins, the cancelled viability holds no port', async () => {
    const { f, network } = await org();
    const box = await cto(network.token, AREA, 4);
    for (let i = 0; i < 3; i++) {
      const v = await makeViability(t, f);
      const u = (await makeUnit(t, f, v.id, northOf(AREA, 0.0005))) as Unit;
      const [answer, cancel] = await Promise.all([accept(u.public_hash), t.call('PUT', `/api/viability/${v.id}`, f.seller.token, { status: 'cancelada' })]);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect([200, 409]).toContain(answer.statusCode);
      expect((await t.call('GET', `/api/viability/${v.id}`, f.seller.token)).json().status).toBe('cancelada');
      expect((await unitOf(f, u.id)).reserved_port).toBeNull();
    }
    expect((await ports(network.token, box.id)).free).toBe(4);
  });

  it('two accepts racing for the last port: exactly one wins; the other unit is recalculated and its page says the proposal is being redone', async () => {
    const { f, network, organizationId } = await org();
    const box = await cto(network.token, AREA, 2);
    expect((await plug(network.token, box.id, 1, (await svc(organizationId)).id)).statusCode).toBe(200);
    const a = (await makeUnit(t, f, (await makeViability(t, f)).id, northOf(AREA, 0.0005))) as Unit;
    const b = (await makeUnit(t, f, (await makeViability(t, f)).id, northOf(AREA, 0.0007))) as Unit;
    expect([a.calculation.rule, b.calculation.rule].every((r) => r.includes('porta livre 2 de 2'))).toBe(true);

    const answers = await Promise.all([accept(a.public_hash), accept(b.public_hash)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.statusCode === 409)!;
    expect(lost.json().message).toBe(REDOING);
    const [winner, loser] = answers[0].statusCode === 200 ? [a, b] : [b, a];
    const rows = await t.app.db.select().from(ctoPorts).where(eq(ctoPorts.site_id, box.id));
    expect(rows.map((r) => [r.port, r.unit_id ?? 'svc'])).toEqual(expect.arrayContaining([[1, 'svc'], [2, winner.id]]));
    expect(rows).toHaveLength(2);

    const redone = await unitOf(f, loser.id);
    expect(redone).toMatchObject({ decision: null, reserved_port: null, verdict: 'inviavel' });
    expect(redone.calculation.version).toBe(2);
    expect(redone.redo_reason).toMatch(new RegExp(`^A porta da ${box.code} foi ocupada antes do aceite do cliente; novo cálculo: Fibra própria`));
    const page = (await t.call('GET', `/api/viability/unit/viewer/${loser.public_hash}`)).json();
    expect(page).toMatchObject({ redoing: true, decision: null });
    // No answer is taken until the seller redoes it; the seller's recalculation ends the notice.
    expect((await accept(loser.public_hash)).json().message).toBe(REDOING);
    expect((await t.call('POST', `/api/viability/unit/${loser.id}/recalculate`, f.seller.token)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/viability/unit/viewer/${loser.public_hash}`)).json().redoing).toBe(false);
    expect((await ports(network.token, box.id)).free).toBe(0);
  });

  it('ports: who may read and plug them, bounded and checked input in pt-BR, another organization sees nothing', async () => {
    const { f, network, organizationId } = await org();
    const box = await cto(network.token, AREA, 4);
    const reader = await t.createUser({ permissions: ['SITE.INDEX'], organizationId });
    const none = await t.createUser({ permissions: ['WAREHOUSE'], organizationId });
    const other = await org();
    const s = await svc(organizationId);
    expect((await t.call('GET', `/api/viability/cto/${box.id}/port`, reader.token)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/viability/cto/${box.id}/port`, none.token)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/viability/cto/${box.id}/port`, other.network.token)).statusCode).toBe(404);
    expect((await plug(reader.token, box.id, 1, s.id)).statusCode).toBe(403);
    expect((await plug(f.seller.token, box.id, 1, s.id)).statusCode).toBe(403);
    expect((await plug(other.network.token, box.id, 1, s.id)).statusCode).toBe(404);
    const beyond = await plug(network.token, box.id, 5, s.id);
    expect(beyond.statusCode).toBe(422);
    expect(violationsByField(beyond.json())).toEqual({ port: `A ${box.code} tem 4 portas.` });
    const foreign = await plug(network.token, box.id, 1, (await svc(other.organizationId)).id);
    expect(violationsByField(foreign.json())).toEqual({ svc_id: 'SVC não encontrado nesta organização.' });
    expect((await plug(network.token, box.id, 1, s.id)).statusCode).toBe(200);
    const twice = await plug(network.token, box.id, 2, s.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`O SVC ${s.code} já ocupa a porta 1 da ${box.code}.`);
    expect((await ports(network.token, box.id)).free).toBe(3);
    // A port in use by another client's service is not taken over unseen: it is unplugged first.
    const next = await svc(organizationId);
    const taken = await plug(network.token, box.id, 1, next.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`A porta 1 da ${box.code} está em uso pelo ${s.code} (Cliente): desligue-o antes de ligar outro serviço.`);
    expect((await plug(network.token, box.id, 1, s.id)).statusCode).toBe(200); // the same service again: nothing changes

    // The service's port, for its page: network keepers and SVC readers; another organization's is not found.
    const svcReader = await t.createUser({ permissions: ['SVC.INDEX'], organizationId });
    const portOf = (token: string, id: number) => t.call('GET', `/api/viability/cto/svc/${id}`, token);
    expect((await portOf(network.token, s.id)).json()).toEqual({ svc_id: s.id, port: { site_id: box.id, code: box.code, name: 'CTO teste', port: 1, port_count: 4 } });
    expect((await portOf(svcReader.token, s.id)).json().port).toMatchObject({ port: 1 });
    expect((await portOf(reader.token, next.id)).json()).toEqual({ svc_id: next.id, port: null });
    expect((await portOf(none.token, s.id)).statusCode).toBe(403);
    const foreignSvc = await portOf(other.network.token, s.id);
    expect(foreignSvc.statusCode).toBe(404);
    expect(foreignSvc.json().message).toBe('SVC não encontrado nesta organização.');
    // Unplugged, then the other service takes the port.
    expect((await plug(network.token, box.id, 1, null)).statusCode).toBe(200);
    expect((await plug(network.token, box.id, 1, next.id)).statusCode).toBe(200);
    expect((await portOf(network.token, s.id)).json().port).toBeNull();

    // A CTO needs its ports, and cannot shrink below a port in use.
    const noPorts = await t.call('POST', '/api/site', network.token, { code: `CTO-${uid()}`, name: 'Sem portas', type: 'cto' });
    expect(violationsByField(noPorts.json())).toEqual({ port_count: 'Informe quantas portas a CTO tem' });
    expect((await plug(network.token, box.id, 4, (await svc(organizationId)).id)).statusCode).toBe(200);
    const shrink = await t.call('PUT', `/api/site/${box.id}`, network.token, { port_count: 2 });
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json().message).toBe(`A porta 4 da CTO ${box.code} está em uso: a CTO não pode ter menos de 4 portas.`);

    // The map's boxes around an address: bounded radius, this organization's only.
    const around = await t.call('GET', `/api/viability/cto/around?latitude=${AREA.latitude}&longitude=${AREA.longitude}&radius_m=500`, f.seller.token);
    expect(around.json()).toEqual({ items: [expect.objectContaining({ id: box.id, port_count: 4, free: 2, distance_m: 0 })], truncated: false });
    expect((await t.call('GET', `/api/viability/cto/around?latitude=${AREA.latitude}&longitude=${AREA.longitude}&radius_m=500`, other.f.seller.token)).json().items).toEqual([]);
    const wide = await t.call('GET', `/api/viability/cto/around?latitude=${AREA.latitude}&longitude=${AREA.longitude}&radius_m=50000`, f.seller.token);
    expect(wide.statusCode).toBe(422);
    expect(violationsByField(wide.json())).toEqual({ radius_m: 'O raio vai de 10 m a 2000 m' });
  });
});
