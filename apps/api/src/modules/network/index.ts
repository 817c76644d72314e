/** Network (`/api/site`, `/api/asset`, …): what other modules may use. */
export { networkRoutes } from './routes';
export { networkAssets, networkInterfaces, sites } from './schema';
