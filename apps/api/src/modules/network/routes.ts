import type { FastifyInstance } from 'fastify';
import { assetRoutes } from './asset/routes';
import { circuitRoutes } from './circuit/routes';
import { siteRoutes } from './site/routes';

/** Network (DESIGN §4, issue 11): sites and network assets with their interfaces. */
export async function networkRoutes(app: FastifyInstance) {
  await siteRoutes(app);
  await assetRoutes(app);
  await circuitRoutes(app);
}
