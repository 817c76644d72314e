import type { FastifyInstance } from 'fastify';

/** Issue 16: the wiki module's routes. */
export async function wikiRoutes(app: FastifyInstance) {
  void app;
}
