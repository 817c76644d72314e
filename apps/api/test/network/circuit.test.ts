import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circuitResource } from '@operacoes/contract';
import { describeCrud } from '../crud-suite';
import { createTestApp, json, type TestApp } from '../helpers';
import { circuitBody, makeCircuit } from './circuit-helpers';
import { makeSite, uid } from './helpers';

describeCrud(circuitResource, {
  valid: async (n, t) => circuitBody(t, t.platformOrganizationId, { designation: `Circuito São Luís ${n}-${uid()}` }),
  invalid: [
    { carrier: '', designation: 'X', type: 'mpls', bandwidth_mbps: 100, site_a_id: 1, monthly_cost: '10', sla_percent: 99 },
    { carrier: 'Vivo', designation: 'X', type: 'satelite', bandwidth_mbps: 100, site_a_id: 1, monthly_cost: '10', sla_percent: 99 },
    { carrier: 'Vivo', designation: 'X', type: 'mpls', bandwidth_mbps: 100, site_a_id: 1, monthly_cost: '10', sla_percent: 89.9 },
    { carrier: 'Vivo', designation: 'X', type: 'mpls', bandwidth_mbps: 100, site_a_id: 1, monthly_cost: '10,555', sla_percent: 99 },
    { carrier: 'Vivo', designation: 'X', type: 'mpls', bandwidth_mbps: 100, site_a_id: 99_999_999, monthly_cost: '10', sla_percent: 99 },
    { carrier: 'Vivo', designation: 'X', type: 'mpls', bandwidth_mbps: 0, site_a_id: 1, monthly_cost: '-1', sla_percent: 100.1 },
  ],
  update: { body: { notes: 'Circuito renegociado', monthly_cost: '3100' }, expect: (r) => expect(r).toMatchObject({ notes: 'Circuito renegociado', monthly_cost: '3100.00' }) },
  search: 'circuito SAO LUIS',
  foreign: async (t, other) => {
    const [mine, theirs] = [await makeSite(t), await makeSite(t, other)];
    return [await circuitBody(t, t.platformOrganizationId, { site_a_id: theirs.id }), await circuitBody(t, t.platformOrganizationId, { site_a_id: mine.id, site_b_id: theirs.id })];
  },
});

describe('circuit: own rules', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT'] })).token;
  });
  afterAll(() => t?.close());

  it('answers money as a string with two decimals, SLA and credit factor as numbers, and the site references', async () => {
    const body = await circuitBody(t, t.platformOrganizationId, { monthly_cost: '1234,5', sla_percent: 99.95, credit_factor: 1.5 });
    const res = await t.call('POST', '/api/circuit', token, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ monthly_cost: '1234.50', sla_percent: 99.95, credit_factor: 1.5, status: 'ativo', down: false, down_since: null, site_a: { id: body.site_a_id }, site_b: { id: body.site_b_id } });
  });

  it('defaults the credit factor to 1', async () => {
    const { credit_factor: _omit, ...body } = { ...(await circuitBody(t)), credit_factor: undefined };
    const res = await t.call('POST', '/api/circuit', token, body);
    expect(json(res).credit_factor).toBe(1);
  });

  it('refuses a duplicate designation of the same carrier (any case) with 409 naming the field; another carrier may repeat it', async () => {
    const designation = `DUP-${uid()}`;
    expect((await t.call('POST', '/api/circuit', token, await circuitBody(t, undefined, { carrier: 'Claro', designation }))).statusCode).toBe(201);
    const dup = await t.call('POST', '/api/circuit', token, await circuitBody(t, undefined, { carrier: 'claro', designation: designation.toLowerCase() }));
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({ code: 409, violations: [{ propertyPath: 'designation' }] });
    expect((await t.call('POST', '/api/circuit', token, await circuitBody(t, undefined, { carrier: 'Vivo', designation }))).statusCode).toBe(201);
    const other = await t.createOrganization();
    await makeCircuit(t, other, { carrier: 'Claro', designation });
  });

  it('answers every violation at once, and refuses the same site on both ends', async () => {
    const res = await t.call('POST', '/api/circuit', token, { carrier: '', designation: '', type: 'x', bandwidth_mbps: -1, site_a_id: 1, monthly_cost: 'caro', sla_percent: 80 });
    expect(res.statusCode).toBe(422);
    const paths = json<{ violations: { propertyPath: string }[] }>(res).violations.map((v) => v.propertyPath);
    expect(paths).toEqual(expect.arrayContaining(['carrier', 'designation', 'type', 'bandwidth_mbps', 'monthly_cost', 'sla_percent']));
    const site = await makeSite(t);
    const same = await t.call('POST', '/api/circuit', token, await circuitBody(t, undefined, { site_a_id: site.id, site_b_id: site.id }));
    expect(same.statusCode).toBe(422);
    const created = json(await t.call('POST', '/api/circuit', token, await circuitBody(t)));
    const put = await t.call('PUT', `/api/circuit/${created.id}`, token, { site_b_id: created.site_a_id });
    expect(put.statusCode).toBe(422);
  });

  it('suggests the carriers of the organization only', async () => {
    const other = await t.createOrganization();
    await makeCircuit(t, other, { carrier: 'Operadora Alheia' });
    await t.call('POST', '/api/circuit', token, await circuitBody(t, undefined, { carrier: 'TIM' }));
    const res = await t.call('GET', '/api/circuit/carriers', token);
    expect(res.statusCode).toBe(200);
    expect(json<{ items: string[] }>(res).items).toEqual(expect.arrayContaining(['TIM', 'Embratel']));
    expect(json<{ items: string[] }>(res).items).not.toContain('Operadora Alheia');
    expect((await t.call('GET', '/api/circuit/carriers', (await t.createUser()).token)).statusCode).toBe(403);
  });

  it('filters by carrier, status, site and "down now"', async () => {
    const site = await makeSite(t);
    const a = json(await t.call('POST', '/api/circuit', token, await circuitBody(t, undefined, { carrier: 'Oi', site_b_id: site.id, status: 'em_ativacao' })));
    const ids = async (q: string) => json<{ items: { id: number }[] }>(await t.call('GET', `/api/circuit?pageSize=100&${q}`, token)).items.map((i) => i.id);
    expect(await ids('carrier=oi')).toEqual([a.id]);
    expect(await ids(`site=${site.id}`)).toEqual([a.id]);
    expect(await ids('status=em_ativacao')).toContain(a.id);
    expect(await ids('down=true')).not.toContain(a.id);
    const open = await t.call('POST', `/api/circuit/${a.id}/unavailability`, token, { started_at: new Date(Date.now() - 600_000).toISOString(), cause: 'Rompimento de fibra', responsibility: 'operadora' });
    expect(open.statusCode, open.body).toBe(201);
    expect(await ids('down=true')).toEqual([a.id]);
    expect(await ids('down=false')).not.toContain(a.id);
    expect(json(await t.call('GET', `/api/circuit/${a.id}`, token))).toMatchObject({ down: true, down_since: expect.any(String) });
  });

  it('refuses to delete a site a circuit ends at (409 naming the circuits), and a circuit with periods', async () => {
    const body = await circuitBody(t);
    const c = json(await t.call('POST', '/api/circuit', token, body));
    const boss = (await t.createUser({ permissions: ['SITE'] })).token;
    const res = await t.call('DELETE', `/api/site/${body.site_b_id}`, boss);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toContain('1 circuito de operadora');
    await t.call('POST', `/api/circuit/${c.id}/unavailability`, token, { started_at: '2026-01-01T10:00:00-03:00', ended_at: '2026-01-01T11:00:00-03:00', cause: 'Manutenção', responsibility: 'operadora' });
    const del = await t.call('DELETE', `/api/circuit/${c.id}`, token);
    expect(del.statusCode).toBe(409);
    expect(json(del).message).toContain('1 período de indisponibilidade');
  });

  it('stores the contract PDF (and refuses anything else)', async () => {
    const c = json(await t.call('POST', '/api/circuit', token, await circuitBody(t)));
    const upload = (content: Buffer, type: string) => {
      const boundary = '----circuito';
      const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contrato.pdf"\r\nContent-Type: ${type}\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      return t.app.inject({ method: 'POST', url: `/api/circuit/${c.id}/contract`, payload, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const ok = await upload(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'), 'application/pdf');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).contract_file).toMatch(/^\/api\/files\/[0-9a-f]+\.pdf$/);
    expect((await upload(Buffer.from('não é pdf'), 'application/pdf')).statusCode).toBe(415);
  });
});

describe('circuit: demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('seeds carriers\' circuits between the demo sites, with periods and one circuit down now, once', async () => {
    const { seedDemo } = await import('../../src/db/seed');
    await seedDemo(t.app);
    await seedDemo(t.app);
    const admin = await t.adminToken();
    const list = json<{ items: { carrier: string; down: boolean; organization_id: number }[] }>(await t.call('GET', '/api/circuit?pageSize=50', admin));
    expect(list.items.map((c) => c.carrier).sort()).toEqual(['Claro', 'Embratel', 'Oi', 'TIM', 'Vivo']);
    expect(list.items.filter((c) => c.down)).toHaveLength(1);
    const periods = json<{ total_items: number }>(await t.call('GET', '/api/circuit/unavailability?pageSize=1', admin));
    expect(periods.total_items).toBe(6);
  });
});
