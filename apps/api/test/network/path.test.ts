import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lmcResource, lmxResource, svcResource, unionResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { createTestApp, type TestApp } from '../helpers';
import { makeSite, uid } from './helpers';
import { holder, makeAsset, makeCircuit, makeLmc, segment } from './path-helpers';

const CNPJ = '11.222.333/0001-81';
let blockSeq = 0;
/** A /30 of its own per call (no overlap between rows of the generic suite). */
const nextBlock = () => `10.77.${Math.floor(blockSeq / 64)}.${(blockSeq++ % 64) * 4}/30`;

describeCrud(svcResource, {
  valid: (n) => ({ code: `SVC-${n}-${uid()}`, client_name: `Padaria Pão de Açúcar ${n}`, client_document: CNPJ, type: 'internet_dedicada', bandwidth_mbps: 100, vlan_id: 100 + n, ip_block: nextBlock() }),
  invalid: [
    { code: 'S1', client_name: 'X', client_document: '111.111.111-11', type: 'internet_dedicada', bandwidth_mbps: 100 },
    { code: 'S1', client_name: 'X', client_document: CNPJ, type: 'satelite', bandwidth_mbps: 100 },
    { code: 'S1', client_name: 'X', client_document: CNPJ, type: 'voz', bandwidth_mbps: 100, vlan_id: 4095 },
    { code: 'S1', client_name: 'X', client_document: CNPJ, type: 'voz', bandwidth_mbps: 100, ip_block: '10.0.0.5/30' },
    { code: 'S1', client_name: 'X', client_document: CNPJ, type: 'voz', bandwidth_mbps: 100, ip_block: '10.0.0.4/30', gateway: '10.0.0.9' },
    { code: 'S1', client_name: 'X', client_document: CNPJ, type: 'voz', bandwidth_mbps: 100, lmc_id: 99_999_999 },
  ],
  update: { body: { client_name: 'Padaria Nova', status: 'ativo' }, expect: (r) => expect(r).toMatchObject({ client_name: 'Padaria Nova', status: 'ativo' }) },
  search: 'padaria PAO DE ACUCAR',
  foreign: async (t, other) => ({ code: `SVC-F-${uid()}`, client_name: 'X', client_document: CNPJ, type: 'voz', bandwidth_mbps: 10, lmc_id: (await makeLmc(t, other)).id }),
});

describeCrud(lmcResource, {
  valid: async (n, t) => {
    const [a, b] = [await makeSite(t), await makeSite(t)];
    return { code: `LMC-${n}-${uid()}`, name: `Anel Metropolitano Curitiba ${n}`, site_a_id: a.id, site_b_id: b.id, capacity_mbps: 10_000 };
  },
  invalid: [
    { code: 'L1', name: 'X', site_a_id: 1, site_b_id: 1, capacity_mbps: 100 },
    { code: 'L1', name: '', site_a_id: 1, site_b_id: 2, capacity_mbps: 100 },
    { code: 'L1', name: 'X', site_a_id: 99_999_998, site_b_id: 99_999_999, capacity_mbps: 100 },
    { code: 'L1', name: 'X', site_a_id: 1, site_b_id: 2, capacity_mbps: 0, status: 'quebrado' },
  ],
  update: { body: { name: 'Anel Sul', status: 'ativo' }, expect: (r) => expect(r).toMatchObject({ name: 'Anel Sul', status: 'ativo', segments: [], svcs: [], warnings: [] }) },
  search: 'anel METROPOLITANO',
  foreign: async (t, other) => {
    const [mine, theirs] = [await makeSite(t), await makeSite(t, other)];
    return { code: `LMC-F-${uid()}`, name: 'X', site_a_id: mine.id, site_b_id: theirs.id, capacity_mbps: 100 };
  },
});

describeCrud(lmxResource, {
  valid: async (n, t) => {
    const lmc = await makeLmc(t);
    return segment(lmc.id, await makeAsset(t), await makeAsset(t), { vlan_id: 200 + n, subnet: '10.255.0.0/30', notes: `Enlace óptico Batel ${n}` });
  },
  invalid: [
    { lmc_id: 1, from_asset_id: 1, from_interface_id: 1, to_asset_id: 2, to_interface_id: 2, medium: 'circuito_operadora', capacity_mbps: 100 },
    { lmc_id: 1, from_asset_id: 1, from_interface_id: 1, to_asset_id: 2, to_interface_id: 2, medium: 'radio', capacity_mbps: 100, subnet: '10.0.0.0/29' },
    { lmc_id: 1, from_asset_id: 1, from_interface_id: 1, to_asset_id: 2, to_interface_id: 2, medium: 'laser', capacity_mbps: 0 },
    { lmc_id: 99_999_999, from_asset_id: 1, from_interface_id: 1, to_asset_id: 2, to_interface_id: 2, medium: 'radio', capacity_mbps: 100 },
  ],
  update: { body: { notes: 'Enlace trocado', capacity_mbps: 2000 }, expect: (r) => expect(r).toMatchObject({ notes: 'Enlace trocado', capacity_mbps: 2000, from_address: '10.255.0.1', to_address: '10.255.0.2' }) },
  search: 'enlace OPTICO batel',
  foreign: async (t, other) => {
    const lmc = await makeLmc(t);
    const [mine, theirs] = [await makeAsset(t), await makeAsset(t, other)];
    return [segment(lmc.id, mine, theirs), segment(lmc.id, mine, await makeAsset(t), { medium: 'circuito_operadora', circuit_id: (await makeCircuit(t, other)).id })];
  },
});

describeCrud(unionResource, {
  valid: async (n, t) => {
    const a = await makeLmc(t);
    const b = await makeLmc(t, undefined, { site_a_id: a.site_b_id, site_b_id: a.site_a_id });
    return { code: `UN-${n}-${uid()}`, name: `Redundância Joinville ${n}`, mode: 'active-backup', members: [{ lmc_id: a.id }, { lmc_id: b.id }] };
  },
  invalid: [
    { code: 'U1', name: 'X', mode: 'active-backup', members: [{ lmc_id: 1 }] },
    { code: 'U1', name: 'X', mode: 'lacp', members: [{ lmc_id: 1 }, { lmc_id: 2 }] },
    { code: 'U1', name: 'X', mode: '802.3ad', members: [{ lmc_id: 1 }, { lmc_id: 1 }] },
    { code: 'U1', name: 'X', mode: '802.3ad', members: [{ lmc_id: 1, circuit_id: 2 }, { lmc_id: 3 }] },
    { code: 'U1', name: 'X', mode: '802.3ad', members: [{ lmc_id: 99_999_998 }, { lmc_id: 99_999_999 }] },
  ],
  update: { body: { name: 'Redundância Norte', mode: 'balance-rr' }, expect: (r) => expect(r).toMatchObject({ name: 'Redundância Norte', mode: 'balance-rr', capacity_mbps: 2000 }) },
  search: 'redundancia JOINVILLE',
  foreign: async (t, other) => {
    const a = await makeLmc(t);
    const b = await makeLmc(t, other);
    return { code: `UN-F-${uid()}`, name: 'X', mode: '802.3ad', members: [{ lmc_id: a.id }, { lmc_id: b.id }] };
  },
});

describe('SVC: the IP plan', () => {
  let t: TestApp;
  let token: string;
  const svc = (block: string | null, extra: Record<string, unknown> = {}) => ({ code: `SVC-${uid()}`, client_name: 'Cliente', client_document: CNPJ, type: 'ip_transito', bandwidth_mbps: 50, ip_block: block, ...extra });
  beforeAll(async () => {
    t = await createTestApp();
    token = await holder(t);
  });
  afterAll(() => t?.close());

  it('refuses nested and equal blocks naming the other SVC, accepts adjacent ones (IPv4 and IPv6)', async () => {
    const first = await t.call('POST', '/api/svc', token, svc('172.20.0.0/24', { code: 'SVC-BASE4' }));
    expect(first.statusCode).toBe(201);
    expect((await t.call('POST', '/api/svc', token, svc('2001:DB8:10::/48', { code: 'SVC-BASE6' }))).json()).toMatchObject({ ip_block: '2001:db8:10::/48' });
    for (const [block, other] of [
      ['172.20.0.128/25', '172.20.0.0/24'],
      ['172.20.0.0/24', '172.20.0.0/24'],
      ['172.16.0.0/12', '172.20.0.0/24'],
      ['2001:db8:10:ff::/64', '2001:db8:10::/48'],
      ['2001:db8::/32', '2001:db8:10::/48'],
    ]) {
      const res = await t.call('POST', '/api/svc', token, svc(block));
      expect(res.statusCode, block).toBe(409);
      expect(res.json().message).toBe(`O bloco ${block} sobrepõe o bloco ${other} do SVC "${other.includes(':') ? 'SVC-BASE6' : 'SVC-BASE4'}".`);
    }
    for (const block of ['172.20.1.0/24', '172.19.255.0/24', '2001:db8:11::/48']) expect((await t.call('POST', '/api/svc', token, svc(block))).statusCode, block).toBe(201);
  });

  it('suggests the network start, keeps the gateway inside the block on a PUT, and finds by address', async () => {
    const bad = await t.call('POST', '/api/svc', token, svc('10.0.0.5/30'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations).toEqual([{ propertyPath: 'ip_block', message: 'O bloco 10.0.0.5/30 não é o início da rede: use 10.0.0.4/30' }]);
    const ok = (await t.call('POST', '/api/svc', token, svc('10.0.0.4/30', { gateway: '10.0.0.5' }))).json();
    expect(ok).toMatchObject({ ip_block: '10.0.0.4/30', gateway: '10.0.0.5' });
    const put = await t.call('PUT', `/api/svc/${ok.id}`, token, { gateway: '10.0.0.9' });
    expect(put.statusCode).toBe(422);
    expect(put.json().violations[0]).toMatchObject({ propertyPath: 'gateway', message: 'O gateway 10.0.0.9 está fora do bloco 10.0.0.4/30' });
    const found = (await t.call('GET', '/api/svc?ip=10.0.0.6', token)).json();
    expect(found.items.map((s: { id: number }) => s.id)).toEqual([ok.id]);
    expect((await t.call('GET', '/api/svc?ip=10.0.0.8', token)).json().items).toEqual([]);
  });

  it('filters the list by status, type and LMC, each alone and together', async () => {
    const k = uid();
    const lmc = await makeLmc(t);
    const post = async (extra: Record<string, unknown>) => (await t.call('POST', '/api/svc', token, svc(null, { client_name: `Filtro ${k}`, ...extra }))).json() as { id: number };
    const a = await post({ status: 'ativo', type: 'voz', lmc_id: lmc.id });
    const b = await post({ status: 'ativo' });
    const c = await post({ lmc_id: lmc.id });
    const ids = async (query: string) => ((await t.call('GET', `/api/svc?search=${encodeURIComponent(`Filtro ${k}`)}&${query}`, token)).json().items as { id: number }[]).map((s) => s.id).sort((x, y) => x - y);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('status=ativo')).toEqual([a.id, b.id]);
    expect(await ids('type=voz')).toEqual([a.id]);
    expect(await ids(`lmc=${lmc.id}`)).toEqual([a.id, c.id]);
    expect(await ids(`lmc=${lmc.id}&status=em_ativacao`)).toEqual([c.id]);
  });

  it('lets a cancelled SVC free its block, and checks it again when it comes back', async () => {
    const old = (await t.call('POST', '/api/svc', token, svc('192.168.50.0/24'))).json();
    expect((await t.call('PUT', `/api/svc/${old.id}`, token, { status: 'cancelado' })).statusCode).toBe(200);
    const reuse = await t.call('POST', '/api/svc', token, svc('192.168.50.0/25'));
    expect(reuse.statusCode).toBe(201);
    expect((await t.call('PUT', `/api/svc/${old.id}`, token, { status: 'ativo' })).statusCode).toBe(409);
  });

  it('lets exactly one of four overlapping SVCs created at the same moment win (six rounds)', async () => {
    for (let round = 0; round < 6; round++) {
      // Pairwise overlapping: every block holds 100.64.<round>.0.
      const blocks = [`100.64.${round}.0/24`, `100.64.${round}.0/25`, `100.64.${round}.0/26`, `100.64.${round}.0/30`];
      const answers = await Promise.all(blocks.map((b) => t.call('POST', '/api/svc', token, svc(b))));
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([201, 409, 409, 409]);
    }
  });
});

describe('LMC and LMX: the path rules', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await holder(t);
  });
  afterAll(() => t?.close());

  it('chains segments, computes addresses, the bottleneck and the warnings; refuses a break, an interface of another asset and a middle removal', async () => {
    const lmc = await makeLmc(t);
    const [a, b, c] = [await makeAsset(t), await makeAsset(t), await makeAsset(t)];
    const s1 = await t.call('POST', '/api/lmx', token, segment(lmc.id, a, b, { vlan_id: 300, subnet: '10.255.1.0/30', capacity_mbps: 1000 }));
    expect(s1.statusCode).toBe(201);
    expect(s1.json()).toMatchObject({ position: 1, from_address: '10.255.1.1', to_address: '10.255.1.2', from_asset: { hostname: a.hostname }, to_interface: { name: 'ether1' } });
    const broken = await t.call('POST', '/api/lmx', token, segment(lmc.id, c, a));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe(`O caminho está interrompido: o segmento 2 começa em ${c.hostname}, mas o segmento 1 termina em ${b.hostname}.`);
    const wrongItf = await t.call('POST', '/api/lmx', token, { ...segment(lmc.id, b, c), from_interface_id: a.interfaces[1].id });
    expect(wrongItf.statusCode).toBe(422);
    expect(wrongItf.json().violations).toEqual([{ propertyPath: 'from_interface_id', message: `A interface não pertence ao ativo ${b.hostname}` }]);
    const s2 = (await t.call('POST', '/api/lmx', token, segment(lmc.id, b, c, { vlan_id: 300, capacity_mbps: 500 }, 1, 0))).json();
    const s3 = (await t.call('POST', '/api/lmx', token, segment(lmc.id, c, a, { capacity_mbps: 800 }, 1, 1))).json();
    expect(s3.position).toBe(3);
    const svc = await t.call('POST', '/api/svc', token, { code: `SVC-${uid()}`, client_name: 'Hospital', client_document: CNPJ, type: 'l2l', bandwidth_mbps: 600, lmc_id: lmc.id });
    expect(svc.statusCode).toBe(201);
    const read = (await t.call('GET', `/api/lmc/${lmc.id}`, token)).json();
    expect(read.segments.map((s: { id: number }) => s.id)).toEqual([s1.json().id, s2.id, s3.id]);
    expect(read).toMatchObject({ bottleneck_mbps: 500, svc_bandwidth_mbps: 600, warnings: ['A banda dos SVCs (600 Mbps) excede a menor capacidade dos segmentos (500 Mbps).'] });
    // The middle one cannot go; the last one can.
    expect((await t.call('DELETE', `/api/lmx/${s2.id}`, token)).statusCode).toBe(422);
    expect((await t.call('DELETE', `/api/lmx/${s3.id}`, token)).statusCode).toBe(204);
    // Reorder: a break is refused, a foreign id too.
    const swap = await t.call('POST', `/api/lmc/${lmc.id}/reorder`, token, { segment_ids: [s2.id, s1.json().id] });
    expect(swap.statusCode).toBe(422);
    expect((await t.call('POST', `/api/lmc/${lmc.id}/reorder`, token, { segment_ids: [s1.json().id] })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/lmc/${lmc.id}/reorder`, token, { segment_ids: [s1.json().id, s2.id] })).statusCode).toBe(200);
    // Deleting the LMC is refused while an SVC rides on it; an asset keeps the interfaces segments use.
    expect((await t.call('DELETE', `/api/lmc/${lmc.id}`, token)).statusCode).toBe(409);
    const drop = await t.call('PUT', `/api/asset/${a.id}`, token, { interfaces: [{ id: a.interfaces[1].id, name: 'ether2' }] });
    expect(drop.statusCode).toBe(409);
  });

  it('inserts at a position when the path still chains', async () => {
    const lmc = await makeLmc(t);
    const [a, b, c] = [await makeAsset(t), await makeAsset(t), await makeAsset(t)];
    const last = (await t.call('POST', '/api/lmx', token, segment(lmc.id, b, c))).json();
    const first = await t.call('POST', '/api/lmx', token, { ...segment(lmc.id, a, b), position: 1 });
    expect(first.json().position).toBe(1);
    expect((await t.call('GET', `/api/lmx/${last.id}`, token)).json().position).toBe(2);
  });

  it('keeps a VLAN on an interface to one LMC, also under a race; the same LMC may reuse it', async () => {
    const [a, b, c] = [await makeAsset(t), await makeAsset(t), await makeAsset(t)];
    const mine = await makeLmc(t);
    expect((await t.call('POST', '/api/lmx', token, segment(mine.id, a, b, { vlan_id: 900 }))).statusCode).toBe(201);
    expect((await t.call('POST', '/api/lmx', token, segment(mine.id, b, c, { vlan_id: 900 }, 1))).statusCode).toBe(201);
    const other = await makeLmc(t);
    const clash = await t.call('POST', '/api/lmx', token, segment(other.id, c, a, { vlan_id: 900 }, 2, 0));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(`A VLAN 900 já é usada na interface ether1 de ${a.hostname} pela LMC "${mine.code}".`);
    for (let round = 0; round < 4; round++) {
      const lmcs = [await makeLmc(t), await makeLmc(t), await makeLmc(t), await makeLmc(t)];
      const race = await Promise.all(lmcs.map((l) => t.call('POST', '/api/lmx', token, segment(l.id, c, b, { vlan_id: 901 + round }, 2, 2))));
      expect(race.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([201, 409, 409, 409]);
    }
  });

  it('asks for the circuit exactly with an operator circuit, and shows its state', async () => {
    const lmc = await makeLmc(t);
    const [a, b] = [await makeAsset(t), await makeAsset(t)];
    const circuit = await makeCircuit(t);
    const s = (await t.call('POST', '/api/lmx', token, segment(lmc.id, a, b, { medium: 'circuito_operadora', circuit_id: circuit.id }))).json();
    expect(s.circuit).toMatchObject({ id: circuit.id, down: false });
    expect((await t.call('PUT', `/api/lmx/${s.id}`, token, { medium: 'radio' })).statusCode).toBe(422);
    expect((await t.call('PUT', `/api/lmx/${s.id}`, token, { medium: 'radio', circuit_id: null })).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/lmx/${s.id}`, token, { medium: 'circuito_operadora', circuit_id: circuit.id })).statusCode).toBe(200);
    const open = await t.call('POST', `/api/circuit/${circuit.id}/unavailability`, token, { started_at: new Date(Date.now() - 60_000).toISOString(), cause: 'Rompimento', responsibility: 'operadora' });
    expect(open.statusCode).toBe(201);
    expect((await t.call('GET', `/api/lmc/${lmc.id}`, token)).json()).toMatchObject({ down: true });
    expect((await t.call('DELETE', `/api/circuit/${circuit.id}`, token)).statusCode).toBe(409);
  });
});

describe('Unions: members, capacity and state', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await holder(t);
  });
  afterAll(() => t?.close());

  it('joins LMCs and circuits of the same two sites, sums or picks the capacity, and degrades when a member is down', async () => {
    const lmc = await makeLmc(t, undefined, { capacity_mbps: 1000 });
    const circuit = await makeCircuit(t, undefined, { site_a_id: lmc.site_b_id, site_b_id: lmc.site_a_id, bandwidth_mbps: 300 });
    const res = await t.call('POST', '/api/union', token, { code: `UN-${uid()}`, name: 'Bond POP', mode: '802.3ad', members: [{ lmc_id: lmc.id }, { circuit_id: circuit.id }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ capacity_mbps: 1300, degraded: false, site_a: { id: lmc.site_a_id }, members: [{ kind: 'lmc', label: lmc.code }, { kind: 'circuit', capacity_mbps: 300 }] });
    const backup = await t.call('PUT', `/api/union/${res.json().id}`, token, { mode: 'active-backup' });
    expect(backup.json().capacity_mbps).toBe(1000);
    await t.call('POST', `/api/circuit/${circuit.id}/unavailability`, token, { started_at: new Date(Date.now() - 60_000).toISOString(), cause: 'Sem sinal', responsibility: 'operadora' });
    expect((await t.call('GET', `/api/union/${res.json().id}`, token)).json()).toMatchObject({ degraded: true, members: [{ down: false }, { down: true }] });
    expect((await t.call('DELETE', `/api/lmc/${lmc.id}`, token)).statusCode).toBe(409);
    expect((await t.call('GET', `/api/lmc/${lmc.id}`, token)).json().unions).toEqual([{ id: res.json().id, code: res.json().code, name: 'Bond POP' }]);
  });

  it('refuses members joining other sites, a circuit without a B end, and members of another organization', async () => {
    const lmc = await makeLmc(t);
    const odd = await makeLmc(t);
    const body = (members: unknown[]) => ({ code: `UN-${uid()}`, name: 'X', mode: 'balance-rr', members });
    const res = await t.call('POST', '/api/union', token, body([{ lmc_id: lmc.id }, { lmc_id: odd.id }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ propertyPath: 'members.1', message: `A LMC ${odd.code} não liga os mesmos dois sites de ${lmc.code}` }]);
    const oneEnded = await makeCircuit(t, undefined, { site_a_id: lmc.site_a_id, site_b_id: null });
    expect((await t.call('POST', '/api/union', token, body([{ lmc_id: lmc.id }, { circuit_id: oneEnded.id }]))).json().violations[0].propertyPath).toBe('members.1.circuit_id');
    const other = await t.createOrganization();
    const foreign = await makeLmc(t, other);
    expect((await t.call('POST', '/api/union', token, body([{ lmc_id: lmc.id }, { lmc_id: foreign.id }]))).json().violations).toEqual([{ propertyPath: 'members.1.lmc_id', message: 'LMC não encontrada nesta organização.' }]);
  });
});
