/**
 * Two API processes on one PostgreSQL, both running the dispatcher: every delivery reaches the
 * receiver exactly once (claims take `FOR UPDATE SKIP LOCKED` and lease the row). PostgreSQL
 * only: embedded PGlite is one process.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/core/db';
import { webhookDeliveries } from '../../src/modules/webhook/schema';
import { createTestApp, type TestApp } from '../helpers';

describe.runIf(process.env.TEST_DATABASE_URL)('webhooks: two processes on one PostgreSQL send each delivery once', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDb: Database;
  let server: Server;
  let url: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push(String(req.headers['x-operacoes-delivery']));
        // A slow receiver: both dispatchers are busy at once.
        setTimeout(() => res.writeHead(204).end(), 15);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/h`;
    t = await createTestApp({ dataSourceAllowedHosts: ['127.0.0.1'] });
    const connectionString = (t.app.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    secondDb = await openDatabase({ databaseUrl: connectionString, poolSize: 5 });
    second = await buildApp(t.config, secondDb, { logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await t.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('delivers 40 events, each exactly once', async () => {
    const { token } = await t.createUser({ permissions: ['DATA_SOURCE'] });
    const hook = await t.call('POST', '/api/organization-settings/webhook', token, { url, events: ['data_source.created'] });
    expect(hook.statusCode).toBe(201);
    const hookId = (hook.json() as { id: number }).id;
    // Queue them all in one go (straight into the outbox) so that both dispatchers find work together.
    const [d] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, hookId));
    expect(d).toBeUndefined();
    const now = new Date();
    await t.app.db.insert(webhookDeliveries).values(
      Array.from({ length: 40 }, (_, i) => ({ organization_id: t.platformOrganizationId, webhook_id: hookId, event: 'data_source.created', payload: { n: i }, next_attempt_at: now, retry_until: new Date(now.getTime() + 3600_000) })),
    );
    const end = Date.now() + 20_000;
    for (;;) {
      const rows = await t.app.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, hookId));
      if (rows.every((r) => r.status === 'entregue')) break;
      if (Date.now() > end) throw new Error(`not delivered: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
  });
});
