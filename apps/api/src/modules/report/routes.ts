import type { FastifyInstance } from 'fastify';

/** Issue 16: the report module's routes. */
export async function reportRoutes(app: FastifyInstance) {
  void app;
}
