import type { FastifyInstance } from 'fastify';
import { assetRoutes } from './asset/routes';
import { circuitRoutes } from './circuit/routes';
import { lmcRoutes } from './lmc/routes';
import { sitePathRoutes } from './lmc/site-paths';
import { scriptRoutes } from './script/routes';
import { siteRoutes } from './site/routes';
import { svcRoutes } from './svc/routes';
import { topologyRoutes } from './topology/routes';
import { unionRoutes } from './union/routes';

/** Network (DESIGN §4): sites, assets, operator circuits, SVCs, LMCs with their LMX segments, unions, MikroTik scripts. */
export async function networkRoutes(app: FastifyInstance) {
  await siteRoutes(app);
  await assetRoutes(app);
  await circuitRoutes(app);
  await lmcRoutes(app);
  await svcRoutes(app);
  await unionRoutes(app);
  await scriptRoutes(app);
  await sitePathRoutes(app);
  await topologyRoutes(app);
}
