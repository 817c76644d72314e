import type { FastifyInstance } from 'fastify';

/** Issue 12 (SVCs): being built. */
export async function svcRoutes(_app: FastifyInstance) {}
