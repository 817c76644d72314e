import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { unavailabilityResource } from '@operacoes/contract';
import { realtimeEvents } from '../../src/core/realtime/schema';
import { organizationTopic } from '../../src/core/tokens';
import { notifications } from '../../src/modules/notification/schema';
import { describeCrud } from '../crud-suite';
import { createTestApp, json, type TestApp } from '../helpers';
import { makeCircuit } from './circuit-helpers';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describeCrud(unavailabilityResource, {
  valid: async (n, t) => ({ circuit_id: (await makeCircuit(t)).id, started_at: ago(300 + n), ended_at: ago(200), cause: `Rompimento de fibra óptica ${n}`, responsibility: 'operadora', protocol: `PRT-${n}` }),
  invalid: [
    { circuit_id: 1, started_at: 'ontem', cause: 'x', responsibility: 'operadora' },
    { circuit_id: 1, started_at: ago(10), cause: '', responsibility: 'operadora' },
    { circuit_id: 1, started_at: ago(10), cause: 'Chuva', responsibility: 'deus' },
    { circuit_id: 1, started_at: ago(10), ended_at: ago(20), cause: 'Fim antes do início', responsibility: 'operadora' },
    { circuit_id: 1, started_at: new Date(Date.now() + 3600_000).toISOString(), cause: 'No futuro', responsibility: 'operadora' },
    { circuit_id: 99_999_999, started_at: ago(10), cause: 'Circuito inexistente', responsibility: 'operadora' },
  ],
  update: { body: { cause: 'Falha de energia no POP da operadora', protocol: 'INC-77' }, expect: (r) => expect(r).toMatchObject({ cause: 'Falha de energia no POP da operadora', protocol: 'INC-77' }) },
  search: 'rompimento FIBRA OPTICA',
  foreign: async (t, other) => ({ circuit_id: (await makeCircuit(t, other)).id, started_at: ago(30), ended_at: ago(10), cause: 'Alheio', responsibility: 'operadora' }),
});

describe('unavailability: own rules', () => {
  let t: TestApp;
  let token: string;
  let watcher: { id: number; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT'] })).token;
    watcher = await t.createUser({ permissions: ['OPERATOR_CIRCUIT'] });
  });
  afterAll(() => t?.close());

  const open = (circuitId: number, body: Record<string, unknown> = {}, who = token) =>
    t.call('POST', `/api/circuit/${circuitId}/unavailability`, who, { started_at: ago(30), cause: 'Rompimento de fibra', responsibility: 'operadora', protocol: 'VIVO-123', ...body });

  it('creates under the circuit, lists the circuit\'s periods, and defaults counts_for_sla by responsibility', async () => {
    const c = await makeCircuit(t);
    const a = await open(c.id);
    expect(a.statusCode, a.body).toBe(201);
    expect(json(a)).toMatchObject({ circuit_id: c.id, counts_for_sla: true, ongoing: true, ended_at: null, duration_minutes: null, circuit: { id: c.id, designation: c.designation } });
    const b = await open(c.id, { started_at: ago(600), ended_at: ago(500), responsibility: 'propria' });
    expect(json(b)).toMatchObject({ counts_for_sla: false, ongoing: false, duration_minutes: 100 });
    const c2 = await open(c.id, { started_at: ago(900), ended_at: ago(800), responsibility: 'cliente', counts_for_sla: true });
    expect(json(c2).counts_for_sla).toBe(true);
    const list = json<{ items: { id: number }[]; total_items: number }>(await t.call('GET', `/api/circuit/${c.id}/unavailability`, token));
    expect(list.total_items).toBe(3);
    expect(list.items.map((i) => i.id)).toEqual([json(a).id, json(b).id, json(c2).id]);
    expect((await t.call('GET', `/api/circuit/unavailability?circuit=${c.id}&ongoing=true`, token)).json().total_items).toBe(1);
  });

  it('refuses a second ongoing period on one circuit (409), also when racing, and when reopening a closed one', async () => {
    const c = await makeCircuit(t);
    const results = await Promise.all([open(c.id), open(c.id), open(c.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!;
    expect(json(conflict)).toMatchObject({ code: 409, violations: [{ propertyPath: 'ended_at' }] });
    const closed = json(await open(c.id, { started_at: ago(600), ended_at: ago(500) }));
    const reopen = await t.call('PUT', `/api/circuit/unavailability/${closed.id}`, token, { ended_at: null });
    expect(reopen.statusCode).toBe(409);
  });

  it('refuses an end before the start and a start in the future (422, every violation at once)', async () => {
    const c = await makeCircuit(t);
    const res = await open(c.id, { started_at: new Date(Date.now() + 86_400_000).toISOString(), cause: '', responsibility: 'x' });
    expect(res.statusCode).toBe(422);
    expect(json<{ violations: { propertyPath: string }[] }>(res).violations.map((v) => v.propertyPath)).toEqual(expect.arrayContaining(['started_at', 'cause', 'responsibility']));
    const backwards = await open(c.id, { started_at: ago(10), ended_at: ago(20) });
    expect(backwards.statusCode).toBe(422);
    expect(json(backwards)).toMatchObject({ violations: [{ propertyPath: 'ended_at' }] });
    // An update is checked against the stored start.
    const p = json(await open(c.id, { started_at: ago(100), ended_at: ago(50) }));
    expect((await t.call('PUT', `/api/circuit/unavailability/${p.id}`, token, { ended_at: ago(200) })).statusCode).toBe(422);
    expect((await t.call('PUT', `/api/circuit/unavailability/${p.id}`, token, { started_at: ago(40) })).statusCode).toBe(422);
  });

  it('404 for another organization\'s circuit, 403 without the permission, reads with .INDEX', async () => {
    const other = await t.createOrganization();
    const theirs = await makeCircuit(t, other);
    expect((await t.call('GET', `/api/circuit/${theirs.id}/unavailability`, token)).statusCode).toBe(404);
    expect((await open(theirs.id)).statusCode).toBe(404);
    const mine = await makeCircuit(t);
    const reader = (await t.createUser({ permissions: ['OPERATOR_CIRCUIT.INDEX'] })).token;
    expect((await t.call('GET', `/api/circuit/${mine.id}/unavailability`, reader)).statusCode).toBe(200);
    expect((await open(mine.id, {}, reader)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/circuit/${mine.id}/unavailability`, (await t.createUser()).token)).statusCode).toBe(403);
    const admin = await t.adminToken();
    expect((await t.call('GET', `/api/circuit/${theirs.id}/unavailability`, admin)).statusCode).toBe(200);
  });

  it('opening and closing notify the watchers and publish the circuit\'s state to the organization', async () => {
    const c = await makeCircuit(t);
    const created = json(await open(c.id));
    const closed = await t.call('PUT', `/api/circuit/unavailability/${created.id}`, token, { ended_at: ago(1) });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json(closed)).toMatchObject({ ongoing: false });
    let titles: string[] = [];
    let events: unknown[] = [];
    for (let i = 0; i < 50 && (titles.length < 2 || events.length < 2); i++) {
      await new Promise((r) => setTimeout(r, 50));
      titles = (await t.app.db.select().from(notifications).where(eq(notifications.user_id, watcher.id)).orderBy(asc(notifications.id))).map((n) => n.title).filter((x) => x.includes(c.designation));
      events = (await t.app.db.select().from(realtimeEvents).where(and(eq(realtimeEvents.topic, organizationTopic(t.platformOrganizationId)))).orderBy(asc(realtimeEvents.id))).map((e) => e.data).filter((d) => (d as { circuit_id: number }).circuit_id === c.id);
    }
    expect(titles).toEqual([`Circuito fora do ar: Embratel ${c.designation}`, `Circuito normalizado: Embratel ${c.designation}`]);
    expect(events).toEqual([
      { type: 'circuit', circuit_id: c.id, down: true },
      { type: 'circuit', circuit_id: c.id, down: false },
    ]);
    // The circuit is up again.
    expect(json(await t.call('GET', `/api/circuit/${c.id}`, token)).down).toBe(false);
  });
});
