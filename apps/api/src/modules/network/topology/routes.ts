import type { FastifyInstance } from 'fastify';

/** Issue 12 (an LMC's topology): being built. */
export async function topologyRoutes(_app: FastifyInstance) {}
