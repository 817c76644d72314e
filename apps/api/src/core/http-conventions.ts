/**
 * HTTP conventions integrators' tools expect, for every route at once:
 * - a method the path does not have answers 405 with `Allow` (not 404: the path exists);
 * - a 201 whose answer has an `id` carries `Location` when the path has a `GET …/:id` (for a record
 *   created under its parent, its own address: `/api/circuit/7/unavailability` → `/api/circuit/unavailability/12`).
 * Routes are learned as they are registered (onRoute), so nothing is declared per route.
 * (`If-None-Match` and its 304: core/etag `answerTags`.)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type KnownRoute = { pattern: RegExp; path: string; methods: Set<string> };
const tables = new WeakMap<object, Map<string, KnownRoute>>();

/** `/api/site/:id` → a regular expression matching `/api/site/12` (a parameter is one segment). */
function patternOf(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? (part === '*' ? '.*' : '[^/]+') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** The methods some route answers on this concrete path (empty when no route has the path). */
export function methodsOf(app: FastifyInstance, url: string): string[] {
  const table = tables.get(app.server) ?? new Map<string, KnownRoute>();
  const methods = new Set<string>();
  for (const route of table.values()) if (route.pattern.test(url)) route.methods.forEach((m) => methods.add(m));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

function locationFor(app: FastifyInstance, req: FastifyRequest, payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  let id: unknown;
  try {
    id = (JSON.parse(payload) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
  if (typeof id !== 'number' && typeof id !== 'string') return undefined;
  const url = req.url.split('?')[0].replace(/\/$/, '');
  const tail = `/${encodeURIComponent(String(id))}`;
  // The collection's own item (`/api/site` → `/api/site/12`), else, for a record created under its
  // parent (`/api/circuit/7/unavailability`), its own address without the parent's id
  // (`/api/circuit/unavailability/12`).
  const candidates = [`${url}${tail}`, `${url.replace(/\/\d+(?=\/|$)/g, '')}${tail}`];
  return candidates.find((target) => methodsOf(app, target).includes('GET'));
}

export function registerHttpConventions(app: FastifyInstance) {
  const table = new Map<string, KnownRoute>();
  tables.set(app.server, table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = table.get(route.url) ?? { pattern: patternOf(route.url), path: route.url, methods: new Set<string>() };
    methods.forEach((m) => known.methods.add(String(m).toUpperCase()));
    table.set(route.url, known);
  });
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 201 && !reply.hasHeader('location')) {
      const location = locationFor(app, req, payload);
      if (location) reply.header('location', location);
    }
    return payload;
  });
}
