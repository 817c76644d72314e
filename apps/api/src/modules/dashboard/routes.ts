import type { FastifyInstance } from 'fastify';

/** Issue 16: the dashboard module's routes. */
export async function dashboardRoutes(app: FastifyInstance) {
  void app;
}
