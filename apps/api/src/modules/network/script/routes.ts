import type { FastifyInstance } from 'fastify';

/** Issue 12 (mikrotik-scripts): being built. */
export async function scriptRoutes(_app: FastifyInstance) {}
