/**
 * Named workflow events reach a real receiver: an outage opened and closed on a circuit, and the
 * state of the union it belongs to (derived, never written by a person) changing with it.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

describe('webhooks: workflow events (outage opened/closed, union state changed)', () => {
  let t: TestApp;
  let server: Server;
  let url: string;
  const received: { event: string; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ event: String(req.headers['x-operacoes-event']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
    t = await createTestApp({ dataSourceAllowedHosts: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  async function until(count: number) {
    const end = Date.now() + 15_000;
    while (received.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    return received.map((r) => r.event);
  }

  it('sends the outage opened and closed, and the union going degraded and back, with what changed', async () => {
    const admin = await t.adminToken();
    const ok = async (method: string, path: string, body: unknown, status = 201) => {
      const res = await t.call(method, path, admin, body);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(status);
      return res.json();
    };
    const hook = await ok('POST', '/api/organization-settings/webhook', {
      url,
      events: ['circuit_unavailability.opened', 'circuit_unavailability.closed', 'network_union.state_changed'],
    });
    expect(hook.id).toBeGreaterThan(0);
    const a = await ok('POST', '/api/site', { code: 'UNI-A', name: 'POP Centro', type: 'pop' });
    const b = await ok('POST', '/api/site', { code: 'UNI-B', name: 'POP Norte', type: 'pop' });
    const circuit = (designation: string, bandwidth: number) =>
      ok('POST', '/api/circuit', { carrier: 'Vivo', designation, type: 'link_dedicado', bandwidth_mbps: bandwidth, site_a_id: a.id, site_b_id: b.id, monthly_cost: '900.00', sla_percent: 99.5 });
    const main = await circuit('VIVO-UNI-1', 1000);
    const backup = await circuit('VIVO-UNI-2', 200);
    const union = await ok('POST', '/api/union', { code: 'UNI-1', name: 'Centro–Norte', mode: 'active-backup', members: [{ circuit_id: main.id }, { circuit_id: backup.id }] });
    expect(union.capacity_mbps).toBe(1000);
    // Creating the union is no state change: nothing sent yet.
    expect(await until(0)).toEqual([]);

    const outage = await ok('POST', `/api/circuit/${main.id}/unavailability`, { started_at: new Date(Date.now() - 600_000).toISOString(), cause: 'Rompimento de fibra', responsibility: 'operadora' });
    const opened = await until(2);
    expect([...opened].sort()).toEqual(['circuit_unavailability.opened', 'network_union.state_changed']);
    const degraded = received.find((r) => r.event === 'network_union.state_changed')!.body;
    expect(degraded.changes).toEqual({ state: ['normal', 'degradada'], capacity_mbps: [1000, 200] });
    // `data` is the union as the API answers it now: the backup carries the traffic.
    expect(degraded.data).toMatchObject({ id: union.id, code: 'UNI-1', degraded: true, capacity_mbps: 200 });
    expect(received.find((r) => r.event === 'circuit_unavailability.opened')!.body.data).toMatchObject({ id: outage.id, cause: 'Rompimento de fibra' });

    // The revision log tells it too, as a change of the union.
    const log = await t.call('GET', `/api/revision?entity=network_union&entity_id=${union.id}`, admin);
    expect(log.statusCode, log.body).toBe(200);
    expect(JSON.stringify(log.json())).toContain('degradada');

    await ok('PUT', `/api/circuit/unavailability/${outage.id}`, { ended_at: new Date().toISOString() }, 200);
    const closed = await until(4);
    expect([...closed.slice(2)].sort()).toEqual(['circuit_unavailability.closed', 'network_union.state_changed']);
    expect(received.filter((r) => r.event === 'network_union.state_changed')[1].body.changes).toEqual({ state: ['degradada', 'normal'], capacity_mbps: [200, 1000] });

    // A change that moves nothing (the outage's cause corrected) sends no named event.
    await ok('PUT', `/api/circuit/unavailability/${outage.id}`, { cause: 'Rompimento de fibra (obra)' }, 200);
    await new Promise((r) => setTimeout(r, 600));
    expect(received).toHaveLength(4);
  });
});
