import type { FastifyInstance } from 'fastify';

/** Issue 12 (unions): being built. */
export async function unionRoutes(_app: FastifyInstance) {}
