/**
 * The HTTP conventions integrators' tools expect, checked on real routes: 405 with Allow for a
 * method a path does not have, Location on a 201, no 304 from a row's version, a 422 naming
 * the page maximum, and Retry-After with the RateLimit fields on a 429.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/core/rate-limit';
import { HttpError } from '../../src/core/errors';
import { createTestApp, type TestApp } from '../helpers';

describe('HTTP conventions', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  it('a method the path does not have: 405 with Allow and a pt-BR message; an unknown path stays 404', async () => {
    const res = await t.call('PATCH', '/api/faq/category', admin, {});
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json().message).toBe('Método PATCH não permitido em /api/faq/category. Métodos aceitos: GET, HEAD, POST.');
    const one = await t.call('POST', '/api/faq/category/7', admin, {});
    expect(one.statusCode).toBe(405);
    expect(one.headers.allow).toContain('DELETE');
    expect(one.headers.allow).toContain('PUT');
    expect((await t.call('GET', '/api/nao-existe', admin)).statusCode).toBe(404);
  });

  it('a 201 carries Location of the new record, which answers GET', async () => {
    const res = await t.call('POST', '/api/faq/category', admin, { name: 'Integrações' });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe(`/api/faq/category/${res.json().id}`);
    expect((await t.call('GET', String(res.headers.location), admin)).json().name).toBe('Integrações');
  });

  it('a record created under its parent gets the Location of its own address', async () => {
    const site = (await t.call('POST', '/api/site', admin, { code: 'LOC-1', name: 'POP Location', type: 'pop' })).json();
    const circuit = await t.call('POST', '/api/circuit', admin, { carrier: 'Vivo', designation: 'VIVO-LOC-1', type: 'link_dedicado', bandwidth_mbps: 100, site_a_id: site.id, monthly_cost: '900.00', sla_percent: 99.5 });
    expect(circuit.statusCode, circuit.body).toBe(201);
    const outage = await t.call('POST', `/api/circuit/${circuit.json().id}/unavailability`, admin, { started_at: new Date(Date.now() - 600_000).toISOString(), cause: 'Rompimento', responsibility: 'operadora' });
    expect(outage.statusCode, outage.body).toBe(201);
    expect(outage.headers.location).toBe(`/api/circuit/unavailability/${outage.json().id}`);
    expect((await t.call('GET', String(outage.headers.location), admin)).json().cause).toBe('Rompimento');
  });

  it('If-None-Match: the same answer is 304 without a body; a change of the row, or only of another row the answer shows, is 200 with a new tag', async () => {
    const unit = (await t.call('POST', '/api/unit-organizational', admin, { name: 'Unidade Etag', code: 'UN-ETAG' })).json();
    const site = (await t.call('POST', '/api/site', admin, { code: 'ETAG-1', name: 'POP Etag', type: 'pop', unit_organizational_id: unit.id })).json();
    const read = (tag?: string) => t.app.inject({ method: 'GET', url: `/api/site/${site.id}`, headers: { authorization: `Bearer ${admin}`, ...(tag ? { 'if-none-match': tag } : {}) } });
    const first = await read();
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{16}"$/);
    const same = await read(tag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(tag);
    // Weak comparison (RFC 9110): a proxy's W/ prefix or a list still matches; another tag does not.
    expect((await read(`W/${tag}`)).statusCode).toBe(304);
    expect((await read(`"outra", ${tag}`)).statusCode).toBe(304);
    expect((await read('"outra"')).statusCode).toBe(200);
    // Only the unit's name changes: the site's row (its version) is the same, its answer is not.
    expect((await t.call('PUT', `/api/unit-organizational/${unit.id}`, admin, { name: 'Unidade Renomeada' })).statusCode).toBe(200);
    const renamed = await read(tag);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().unit_organizational.name).toBe('Unidade Renomeada');
    const tag2 = String(renamed.headers.etag);
    expect(tag2.split('.')[0]).toBe(tag.split('.')[0]);
    expect(tag2).not.toBe(tag);
    // If-Match compares the row version only: the first tag still saves (the row did not change) …
    const save = await t.app.inject({ method: 'PUT', url: `/api/site/${site.id}`, payload: { name: 'POP Etag 2' }, headers: { authorization: `Bearer ${admin}`, 'if-match': tag } });
    expect(save.statusCode, save.body).toBe(200);
    // … and once the row changed, it is stale (412), and the old tag reads 200.
    const stale = await t.app.inject({ method: 'PUT', url: `/api/site/${site.id}`, payload: { name: 'POP Etag 3' }, headers: { authorization: `Bearer ${admin}`, 'if-match': tag } });
    expect(stale.statusCode).toBe(412);
    expect((await read(tag2)).statusCode).toBe(200);
    expect((await read(String(save.headers.etag))).statusCode).toBe(304);
  });

  it('pageSize over the maximum is a 422 naming it, on kit lists, resources with their own maximum and custom lists', async () => {
    const over = await t.call('GET', '/api/site?pageSize=101', admin);
    expect(over.statusCode).toBe(422);
    expect(over.json().violations).toEqual([{ propertyPath: 'pageSize', message: 'Máximo de 100 itens por página.' }]);
    expect((await t.call('GET', '/api/site?pageSize=100', admin)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/faq/category?pageSize=1000', admin)).statusCode).toBe(200);
    const faqOver = await t.call('GET', '/api/faq/category?pageSize=1001', admin);
    expect(faqOver.statusCode).toBe(422);
    expect(faqOver.json().message).toContain('Máximo de 1000 itens por página.');
    expect((await t.call('GET', '/api/release-note?page=1&pageSize=99999', admin)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/notification?pageSize=500', admin)).statusCode).toBe(422);
  });

  it('a 429 carries Retry-After and the RateLimit fields', () => {
    const limiter = new RateLimiter(2, 60_000);
    limiter.hit('k');
    limiter.hit('k');
    let refused: unknown;
    try {
      limiter.hit('k');
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(HttpError);
    const headers = (refused as HttpError).headers ?? {};
    expect(Number(headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(headers['ratelimit-limit']).toBe('2');
    expect(headers['ratelimit-remaining']).toBe('0');
  });
});
