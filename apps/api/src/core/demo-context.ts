import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { unitsOrganizational, users } from './schema';

export type DemoUsername = 'gestor' | 'almoxarife' | 'tecnico' | 'estoque';

/**
 * What a module's demo seed works with: the demo organization, its users and units, and an API
 * client acting as one of its users. Seeds go through the public API (app.inject), so every
 * invariant, movement, audit row and search text is the product's own.
 */
export type DemoContext = {
  app: FastifyInstance;
  organizationId: number;
  userId: Record<DemoUsername, number>;
  /** Units by code: CWB (Matriz Curitiba), SP (Regional São Paulo), ALM (Almoxarifado Central). */
  unitId: Record<string, number>;
  as: (username: DemoUsername) => DemoClient;
};

export type DemoClient = {
  <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T>;
};

export async function demoContext(app: FastifyInstance, organizationId: number): Promise<DemoContext> {
  const people = await app.db.select({ id: users.id, username: users.username, version: users.token_version }).from(users).where(eq(users.organization_id, organizationId));
  const units = await app.db.select({ id: unitsOrganizational.id, code: unitsOrganizational.code }).from(unitsOrganizational).where(and(eq(unitsOrganizational.organization_id, organizationId)));
  const userId = Object.fromEntries(people.map((p) => [p.username, p.id])) as Record<DemoUsername, number>;
  const tokens = new Map<string, string>();
  const as = (username: DemoUsername): DemoClient => {
    const person = people.find((p) => p.username === username);
    if (!person) throw new Error(`demo user ${username} is missing`);
    return async (method, url, body) => {
      let token = tokens.get(username);
      if (!token) tokens.set(username, (token = await app.tokens.access(person.id, person.version, organizationId)));
      const res = await app.inject({ method, url: `/api${url}`, payload: body as never, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode >= 300) throw new Error(`demo seed: ${method} ${url} as ${username} answered ${res.statusCode} ${res.body}`);
      return (res.body ? res.json() : {}) as never;
    };
  };
  return { app, organizationId, userId, unitId: Object.fromEntries(units.map((u) => [u.code ?? String(u.id), u.id])), as };
}
