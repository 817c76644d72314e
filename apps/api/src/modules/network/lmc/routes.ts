import type { FastifyInstance } from 'fastify';

/** Issue 12 (LMCs-segments-topology): being built. */
export async function lmcRoutes(_app: FastifyInstance) {}
