import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceNameProblem, routeRequirement } from '@operacoes/contract';
import { createTestApp, type TestApp } from '../helpers';
import { makeSite, uid } from './helpers';
import { type Asset, holder, makeAsset, makeCircuit, makeLmc, segment } from './path-helpers';

// The network rules that keep unions, interface names, scripts and site pages honest: each
// tested as a full user, a read-only (.INDEX) user, a user without the permission (403) and a
// user of another organization (404), with bad input answered 422 in pt-BR.

type Union = { id: number; code: string; capacity_mbps: number; members: { capacity_mbps: number; declared_capacity_mbps: number; active: boolean; down: boolean }[] };

describe('Union membership: an LMC in one union, never beside a circuit it rides on', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await holder(t);
  });
  afterAll(() => t?.close());

  const body = (members: unknown[]) => ({ code: `UN-${uid()}`, name: 'Redundância', mode: 'active-backup', members });

  it('refuses an LMC already in another union (409 naming it) and keeps the own union editable', async () => {
    const a = await makeLmc(t);
    const b = await makeLmc(t, undefined, { site_a_id: a.site_a_id, site_b_id: a.site_b_id });
    const c = await makeLmc(t, undefined, { site_a_id: a.site_b_id, site_b_id: a.site_a_id });
    const first = await t.call('POST', '/api/union', token, body([{ lmc_id: a.id }, { lmc_id: b.id }]));
    expect(first.statusCode, first.body).toBe(201);
    const code = first.json().code as string;

    const second = await t.call('POST', '/api/union', token, body([{ lmc_id: c.id }, { lmc_id: a.id }]));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`A LMC ${a.code} já é membro da união ${code}.`);
    expect((await t.call('GET', `/api/union?search=${encodeURIComponent(body([]).name)}`, token)).json().items.map((u: Union) => u.id)).toEqual([first.json().id]);

    // Saving the same union with its own members is no conflict; swapping b for c frees b.
    expect((await t.call('PUT', `/api/union/${first.json().id}`, token, { members: [{ lmc_id: a.id }, { lmc_id: b.id }] })).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/union/${first.json().id}`, token, { members: [{ lmc_id: a.id }, { lmc_id: c.id }] })).statusCode).toBe(200);
    const other = await t.call('POST', '/api/union', token, body([{ lmc_id: b.id }, { lmc_id: c.id }]));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(`A LMC ${c.code} já é membro da união ${code}.`);
    // Once the first union is gone, its LMCs may join another.
    expect((await t.call('DELETE', `/api/union/${first.json().id}`, token)).statusCode).toBe(204);
    expect((await t.call('POST', '/api/union', token, body([{ lmc_id: b.id }, { lmc_id: c.id }]))).statusCode).toBe(201);
  });

  it('refuses a circuit beside an LMC with a segment over it (422 on the members), in either order', async () => {
    const lmc = await makeLmc(t);
    const circuit = await makeCircuit(t, undefined, { site_a_id: lmc.site_a_id, site_b_id: lmc.site_b_id, carrier: 'Vivo' });
    const [x, y] = [await makeAsset(t), await makeAsset(t)];
    const seg = await t.call('POST', '/api/lmx', token, segment(lmc.id, x, y, { medium: 'circuito_operadora', circuit_id: circuit.id }));
    expect(seg.statusCode, seg.body).toBe(201);
    const res = await t.call('POST', '/api/union', token, body([{ lmc_id: lmc.id }, { circuit_id: circuit.id }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ propertyPath: 'members.1', message: `O circuito Vivo ${circuit.designation} já faz parte da LMC ${lmc.code}, também membro: o mesmo caminho contaria duas vezes.` }]);
    const reversed = await t.call('POST', '/api/union', token, body([{ circuit_id: circuit.id }, { lmc_id: lmc.id }]));
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().violations[0].propertyPath).toBe('members.0');
    // Another circuit between the same sites, not under the LMC, is a fine partner.
    const spare = await makeCircuit(t, undefined, { site_a_id: lmc.site_a_id, site_b_id: lmc.site_b_id });
    expect((await t.call('POST', '/api/union', token, body([{ lmc_id: lmc.id }, { circuit_id: spare.id }]))).statusCode).toBe(201);
  });

  it('refuses a segment that would put an LMC over a circuit of its own union (422 on circuit_id)', async () => {
    const lmc = await makeLmc(t);
    const circuit = await makeCircuit(t, undefined, { site_a_id: lmc.site_a_id, site_b_id: lmc.site_b_id });
    const union = await t.call('POST', '/api/union', token, body([{ lmc_id: lmc.id }, { circuit_id: circuit.id }]));
    expect(union.statusCode, union.body).toBe(201);
    const [x, y] = [await makeAsset(t), await makeAsset(t)];
    const res = await t.call('POST', '/api/lmx', token, segment(lmc.id, x, y, { medium: 'circuito_operadora', circuit_id: circuit.id }));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ propertyPath: 'circuit_id', message: `O circuito e a LMC já são membros da união ${union.json().code}: o segmento faria o mesmo caminho contar duas vezes.` }]);
    const plain = await t.call('POST', '/api/lmx', token, segment(lmc.id, x, y));
    expect(plain.statusCode).toBe(201);
    expect((await t.call('PUT', `/api/lmx/${plain.json().id}`, token, { medium: 'circuito_operadora', circuit_id: circuit.id })).statusCode).toBe(422);
  });

  it('answers bad members with 422 in pt-BR, never 500', async () => {
    for (const members of [[{ lmc_id: 'x' }, { lmc_id: 2 }], [{}, {}], 'nada', [{ lmc_id: -1 }, { circuit_id: 1.5 }]]) {
      const res = await t.call('POST', '/api/union', token, body(members as unknown[]));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().violations[0].propertyPath).toMatch(/^members/);
    }
  });

  it('lets UNION.INDEX read but not write, refuses users without UNION (403), hides other organizations (404)', async () => {
    const a = await makeLmc(t);
    const b = await makeLmc(t, undefined, { site_a_id: a.site_a_id, site_b_id: a.site_b_id });
    const made = await t.call('POST', '/api/union', token, body([{ lmc_id: a.id }, { lmc_id: b.id }]));
    const reader = (await t.createUser({ permissions: ['UNION.INDEX', 'LMC.INDEX'] })).token;
    expect((await t.call('GET', `/api/union/${made.json().id}`, reader)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/union', reader, body([{ lmc_id: a.id }, { lmc_id: b.id }]))).statusCode).toBe(403);
    const nobody = (await t.createUser({ permissions: ['LMC'] })).token;
    expect((await t.call('GET', `/api/union/${made.json().id}`, nobody)).statusCode).toBe(403);
    const other = await t.createOrganization();
    const stranger = await holder(t, other);
    expect((await t.call('GET', `/api/union/${made.json().id}`, stranger)).statusCode).toBe(404);
    // Another organization's LMC is not "taken" for them: their own LMCs are free to join.
    const theirs = await makeLmc(t, other);
    const theirs2 = await makeLmc(t, other, { site_a_id: theirs.site_a_id, site_b_id: theirs.site_b_id });
    expect((await t.call('POST', '/api/union', stranger, body([{ lmc_id: theirs.id }, { lmc_id: theirs2.id }]))).statusCode).toBe(201);
  });
});

describe('Union capacity: the active path bottleneck', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await holder(t);
  });
  afterAll(() => t?.close());

  it('counts each member by its narrowest segment, and only the active member(s)', async () => {
    // main: declared 1000, but its second segment (over a circuit) carries 300.
    const main = await makeLmc(t, undefined, { capacity_mbps: 1000 });
    const backup = await makeLmc(t, undefined, { site_a_id: main.site_a_id, site_b_id: main.site_b_id, capacity_mbps: 500 });
    const circuit = await makeCircuit(t, undefined, { site_a_id: main.site_a_id, site_b_id: main.site_b_id });
    const [x, y, z]: Asset[] = [await makeAsset(t), await makeAsset(t), await makeAsset(t)];
    expect((await t.call('POST', '/api/lmx', token, segment(main.id, x, y, { capacity_mbps: 1000 }))).statusCode).toBe(201);
    expect((await t.call('POST', '/api/lmx', token, segment(main.id, y, z, { medium: 'circuito_operadora', circuit_id: circuit.id, capacity_mbps: 300 }, 1, 0))).statusCode).toBe(201);

    const made = await t.call('POST', '/api/union', token, { code: `UN-${uid()}`, name: 'Capacidade', mode: 'active-backup', members: [{ lmc_id: main.id }, { lmc_id: backup.id }] });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect(made.json()).toMatchObject({
      capacity_mbps: 300,
      members: [
        { capacity_mbps: 300, declared_capacity_mbps: 1000, active: true, down: false },
        { capacity_mbps: 500, declared_capacity_mbps: 500, active: false, down: false },
      ],
    });
    expect((await t.call('PUT', `/api/union/${id}`, token, { mode: '802.3ad' })).json().capacity_mbps).toBe(800);

    // The main path goes down: the backup is the active path, and aggregation loses the main.
    const down = await t.call('POST', `/api/circuit/${circuit.id}/unavailability`, token, { started_at: new Date(Date.now() - 60_000).toISOString(), cause: 'Rompimento', responsibility: 'operadora' });
    expect(down.statusCode, down.body).toBe(201);
    expect((await t.call('GET', `/api/union/${id}`, token)).json()).toMatchObject({ capacity_mbps: 500, degraded: true, members: [{ active: false, down: true }, { active: true }] });
    const backupMode = await t.call('PUT', `/api/union/${id}`, token, { mode: 'active-backup' });
    expect(backupMode.json()).toMatchObject({ capacity_mbps: 500, members: [{ active: false }, { active: true }] });
    // The list answers the same figure, for a read-only user too.
    const reader = (await t.createUser({ permissions: ['UNION.INDEX'] })).token;
    const list = await t.call('GET', '/api/union?search=Capacidade', reader);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((u: Union) => u.id === id).capacity_mbps).toBe(500);
  });
});

describe('Interface names RouterOS accepts', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await holder(t);
  });
  afterAll(() => t?.close());

  const asset = (names: string[]) => ({ hostname: `rt-${uid()}`, role: 'roteador', vendor: 'mikrotik', routeros_version: '7.x', interfaces: names.map((name) => ({ name })) });

  it('refuses a comma and the characters the terminal would misread (422 on the name, pt-BR)', async () => {
    const res = await t.call('POST', '/api/asset', token, asset(['ether1', 'ether4,ether1']));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ propertyPath: 'interfaces.1.name', message: 'O nome da interface não pode ter vírgula: o RouterOS usa a vírgula para separar interfaces numa lista.' }]);
    for (const bad of ['ether"1', 'eth?', 'wan$x', 'a\\b', 'porta-ré', 'tab\there']) {
      const r = await t.call('POST', '/api/asset', token, asset([bad]));
      expect(r.statusCode, bad).toBe(422);
      expect(r.json().violations[0]).toMatchObject({ propertyPath: 'interfaces.0.name' });
      expect(r.json().violations[0].message).toMatch(/^O nome da interface não pode ter/);
    }
    expect((await t.call('POST', '/api/asset', token, { ...asset([]), interfaces: [{ name: 42 }] })).statusCode).toBe(422);
  });

  it("accepts the vendors' usual names, and refuses a comma on an edit too", async () => {
    const res = await t.call('POST', '/api/asset', token, asset(['ether1', 'sfp-sfpplus1', 'et-0/0/0', 'gpon0/1/2', 'vlan100.gerencia', 'bond_1 (LACP)']));
    expect(res.statusCode, res.body).toBe(201);
    const put = await t.call('PUT', `/api/asset/${res.json().id}`, token, { interfaces: [{ name: 'ether2,ether3' }] });
    expect(put.statusCode).toBe(422);
    expect(put.json().violations[0].propertyPath).toBe('interfaces.0.name');
    expect(interfaceNameProblem('ether1')).toBeNull();
  });

  it('keeps the asset permissions: read-only 403 on write, none 403, another organization 404', async () => {
    const made = (await t.call('POST', '/api/asset', token, asset(['ether1']))).json();
    const reader = (await t.createUser({ permissions: ['NETWORK_ASSET.INDEX'] })).token;
    expect((await t.call('PUT', `/api/asset/${made.id}`, reader, { interfaces: [{ name: 'a,b' }] })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/asset', (await t.createUser({ permissions: ['SITE'] })).token, asset(['ether1']))).statusCode).toBe(403);
    const stranger = await holder(t, await t.createOrganization());
    expect((await t.call('PUT', `/api/asset/${made.id}`, stranger, { interfaces: [{ name: 'ether1' }] })).statusCode).toBe(404);
  });
});

describe('The last generated scripts, readable with LMC.INDEX', () => {
  let t: TestApp;
  let token: string;
  let username: string;
  let lmc: { id: number; code: string };
  let segmentId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const full = await t.createUser({ permissions: ['SITE', 'NETWORK_ASSET', 'LMC', 'SVC', 'UNION', 'OPERATOR_CIRCUIT'] });
    token = full.token;
    username = full.username;
    lmc = await makeLmc(t);
    const [x, y] = [await makeAsset(t), await makeAsset(t)];
    const seg = await t.call('POST', '/api/lmx', token, segment(lmc.id, x, y, { vlan_id: 300, subnet: '10.66.0.0/30' }));
    expect(seg.statusCode, seg.body).toBe(201);
    segmentId = seg.json().id;
  });
  afterAll(() => t?.close());

  it('answers 404 in pt-BR before any generation, then the last scripts to a reader who cannot generate', async () => {
    const reader = (await t.createUser({ permissions: ['LMC.INDEX'] })).token;
    const none = await t.call('GET', `/api/lmc/${lmc.id}/script`, reader);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Nenhum script foi gerado para esta LMC ainda.');
    expect((await t.call('POST', `/api/lmc/${lmc.id}/script`, reader)).statusCode).toBe(403);

    const generated = await t.call('POST', `/api/lmc/${lmc.id}/script`, token);
    expect(generated.statusCode, generated.body).toBe(200);
    const last = await t.call('GET', `/api/lmc/${lmc.id}/script`, reader);
    expect(last.statusCode).toBe(200);
    const devices = last.json().devices as { hostname: string; script: string; generated_by: string; previous_script: string | null; diff: string; routeros_version: string }[];
    expect(devices.map((d) => d.hostname).sort()).toEqual((generated.json().devices as { hostname: string }[]).map((d) => d.hostname).sort());
    for (const d of devices) {
      expect(d).toMatchObject({ generated_by: username, previous_script: null, diff: '', routeros_version: '7.x' });
      expect(d.script).toBe((generated.json().devices as { hostname: string; script: string }[]).find((g) => g.hostname === d.hostname)!.script);
    }

    // A changed path and a new generation: the reader sees the newest, with the diff from the one before.
    expect((await t.call('PUT', `/api/lmx/${segmentId}`, token, { vlan_id: 301 })).statusCode).toBe(200);
    const again = await t.call('POST', `/api/lmc/${lmc.id}/script`, token);
    expect(again.statusCode).toBe(200);
    const newer = (await t.call('GET', `/api/lmc/${lmc.id}/script`, reader)).json().devices as { script: string; previous_script: string | null; diff: string }[];
    expect(newer[0].script).toContain('301');
    expect(newer[0].previous_script).toContain('300');
    expect(newer[0].diff).toContain('+');
  });

  it('refuses users without LMC (403), hides other organizations (404), and bad ids are 4xx, not 500', async () => {
    expect((await t.call('GET', `/api/lmc/${lmc.id}/script`, (await t.createUser({ permissions: ['SITE'] })).token)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/lmc/${lmc.id}/script`, await holder(t, await t.createOrganization()))).statusCode).toBe(404);
    expect((await t.call('GET', '/api/lmc/99999999/script', token)).statusCode).toBe(404);
    const bad = await t.call('GET', '/api/lmc/abc/script', token);
    expect(bad.statusCode).toBe(422);
  });
});

describe('The site lists the LMCs and segments that use it', () => {
  let t: TestApp;
  let token: string;
  let site: { id: number; code: string };
  let ending: { id: number; code: string };
  let passing: { id: number; code: string };
  let segmentId: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = await holder(t);
    site = await makeSite(t);
    const far = await makeSite(t);
    ending = await makeLmc(t, undefined, { code: `LMC-A-${uid()}`, site_a_id: site.id, site_b_id: far.id });
    passing = await makeLmc(t, undefined, { code: `LMC-B-${uid()}` });
    const here = await makeAsset(t, undefined, { site_id: site.id });
    const seg = await t.call('POST', '/api/lmx', token, segment(passing.id, await makeAsset(t), here, { medium: 'radio' }));
    expect(seg.statusCode, seg.body).toBe(201);
    segmentId = seg.json().id;
    await makeLmc(t); // elsewhere: must not show
  });
  afterAll(() => t?.close());

  it('answers the LMCs ending there or passing its assets, and the segments on its assets, to LMC and LMC.INDEX', async () => {
    for (const who of [token, (await t.createUser({ permissions: ['LMC.INDEX', 'SITE.INDEX'] })).token]) {
      const res = await t.call('GET', `/api/site/${site.id}/lmc`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().lmcs.map((l: { code: string }) => l.code)).toEqual([ending.code, passing.code]);
      expect(res.json().segments).toEqual([expect.objectContaining({ id: segmentId, lmc: expect.objectContaining({ id: passing.id, code: passing.code }), position: 1, medium: 'radio', to_asset: expect.objectContaining({ site_id: site.id }) })]);
    }
  });

  it('refuses users without LMC (403), hides other organizations (404), and answers a bad id 422', async () => {
    expect((await t.call('GET', `/api/site/${site.id}/lmc`, (await t.createUser({ permissions: ['SITE'] })).token)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/site/${site.id}/lmc`, await holder(t, await t.createOrganization()))).statusCode).toBe(404);
    expect((await t.call('GET', '/api/site/abc/lmc', token)).statusCode).toBe(422);
    const empty = await makeSite(t);
    expect((await t.call('GET', `/api/site/${empty.id}/lmc`, token)).json()).toEqual({ lmcs: [], segments: [] });
  });
});

describe('The carrier letter only with a breach', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT'] })).token;
    const breached = await makeCircuit(t, undefined, { carrier: 'Oi', sla_percent: 99.5 });
    await makeCircuit(t, undefined, { carrier: 'Algar', sla_percent: 99 });
    const p = await t.call('POST', `/api/circuit/${breached.id}/unavailability`, token, { started_at: '2026-10-10T09:00:00-03:00', ended_at: '2026-10-10T19:00:00-03:00', cause: 'Rompimento', responsibility: 'operadora' });
    expect(p.statusCode, p.body).toBe(201);
  });
  afterAll(() => t?.close());

  it('writes the letter for a carrier with a breach and refuses it (409, pt-BR) for one without', async () => {
    expect((await t.call('GET', '/api/circuit/sla/letter?month=2026-10&carrier=Oi', token)).statusCode).toBe(200);
    const none = await t.call('GET', '/api/circuit/sla/letter?month=2026-10&carrier=Algar', token);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Nenhum circuito da Algar ficou abaixo do SLA em outubro de 2026: não há desconto a pedir.');
    // The breach is October's: November has nothing to ask for.
    expect((await t.call('GET', '/api/circuit/sla/letter?month=2026-11&carrier=Oi', token)).statusCode).toBe(409);
    expect((await t.call('GET', '/api/circuit/sla/letter?month=2026-13&carrier=Oi', token)).statusCode).toBe(422);
    const reader = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT.INDEX'] })).token;
    expect((await t.call('GET', '/api/circuit/sla/letter?month=2026-10&carrier=Oi', reader)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/circuit/sla/letter?month=2026-10&carrier=Oi', (await t.createUser({ permissions: ['LMC'] })).token)).statusCode).toBe(403);
    // Another organization has no "Oi" circuit of its own.
    const stranger = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT'], organizationId: await t.createOrganization() })).token;
    expect((await t.call('GET', '/api/circuit/sla/letter?month=2026-10&carrier=Oi', stranger)).statusCode).toBe(404);
  });
});

describe('Segment pages need LMC like the LMC pages', () => {
  it('gates /lmx/create/:id and /lmx/edit/:id by LMC or LMC.INDEX', () => {
    expect(routeRequirement('/lmx/create/:id')).toEqual(['LMC', 'LMC.INDEX']);
    expect(routeRequirement('/lmx/edit/:id')).toEqual(['LMC', 'LMC.INDEX']);
  });
});
