import type { FastifyInstance } from 'fastify';

/** Issue 16: the faq module's routes. */
export async function faqRoutes(app: FastifyInstance) {
  void app;
}
