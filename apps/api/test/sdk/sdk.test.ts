import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyPage, ok, operacoes, OperacoesError, type OperacoesClient } from '@operacoes/sdk';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The SDK an integrator installs (packages/sdk: openapi-fetch over the types generated from the OpenAPI
 * document), used as docs/integrations.md shows it, against the real server over HTTP: a token made with a
 * person's session, sites listed page after page, an outage opened on a circuit, and the API's errors
 * (422 with every field, 401 for a revoked token) as OperacoesError.
 */
describe('the typed SDK against the real server', () => {
  let t: TestApp;
  let baseUrl: string;
  let api: OperacoesClient;
  let owner: OperacoesClient;
  let tokenId: number;
  let circuitId: number;
  const tag = Date.now().toString(36).toUpperCase();

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const engineer = await t.createUser({ permissions: ['SITE', 'OPERATOR_CIRCUIT'] });
    // The token is made with the person's session, through the SDK too.
    owner = operacoes({ baseUrl, token: engineer.token });
    const made = await ok(owner.POST('/api/me/token', { body: { name: 'Zabbix', permissions: ['SITE', 'OPERATOR_CIRCUIT'] } }));
    expect(made.token).toMatch(/^opr_/);
    tokenId = made.id;
    api = operacoes({ baseUrl, token: made.token });
  });
  afterAll(() => t.close());

  it('creates sites and reads them all back page after page', async () => {
    for (const n of [1, 2, 3]) {
      const site = await ok(api.POST('/api/site', { body: { code: `SDK-${tag}-${n}`, name: `Site do SDK ${n}`, type: 'pop' } }));
      expect(site.code).toBe(`SDK-${tag}-${n}`);
    }
    const codes: string[] = [];
    for await (const site of everyPage(api, '/api/site', { query: { search: `SDK-${tag}` }, pageSize: 2 })) codes.push(site.code);
    expect(codes.sort()).toEqual([1, 2, 3].map((n) => `SDK-${tag}-${n}`));
  });

  it('opens an outage on a circuit and reads it as open', async () => {
    const [site] = (await ok(api.GET('/api/site', { params: { query: { search: `SDK-${tag}-1` } } }))).items;
    const circuit = await ok(
      api.POST('/api/circuit', { body: { carrier: 'Vivo', designation: `VIVO-${tag}`, type: 'link_dedicado', bandwidth_mbps: 200, site_a_id: site.id, monthly_cost: '1250.00', sla_percent: 99.5 } }),
    );
    circuitId = circuit.id;
    const outage = await ok(
      api.POST('/api/circuit/{id}/unavailability', {
        params: { path: { id: circuitId } },
        body: { started_at: new Date(Date.now() - 10 * 60_000).toISOString(), cause: 'Perda de sinal no enlace', responsibility: 'operadora', protocol: 'VIVO-123456' },
      }),
    );
    expect(outage.ended_at).toBeNull();
    const read = await ok(api.GET('/api/circuit/{id}', { params: { path: { id: circuitId } } }));
    expect(read.designation).toBe(`VIVO-${tag}`);
  });

  it('turns the API\'s refusals into OperacoesError with its pt-BR message and every invalid field', async () => {
    const refused = await ok(api.POST('/api/site', { body: { code: '', name: '', type: 'pop' } })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OperacoesError);
    const error = refused as OperacoesError;
    expect(error.status).toBe(422);
    expect([...new Set(error.body?.violations?.map((v) => v.propertyPath))].sort()).toEqual(['code', 'name']);
    expect(error.message).not.toMatch(/^HTTP/);
  });

  it('answers 401 once the token is revoked, which only its owner can do', async () => {
    const other = operacoes({ baseUrl, token: (await t.createUser({ permissions: ['SITE'] })).token });
    expect((await other.DELETE('/api/me/token/{id}', { params: { path: { id: tokenId } } })).response.status).toBe(404);
    expect((await owner.DELETE('/api/me/token/{id}', { params: { path: { id: tokenId } } })).response.status).toBe(204);
    const after = await ok(api.GET('/api/site', {})).catch((e: unknown) => e);
    expect(after).toBeInstanceOf(OperacoesError);
    expect((after as OperacoesError).status).toBe(401);
  });
});
