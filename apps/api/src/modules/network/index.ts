/** Network (`/api/site`, `/api/asset`, …): what other modules may use. */
export { networkRoutes } from './routes';
export { circuits, networkAssets, networkInterfaces, sites, svcs } from './schema';
export { type ImportOutcome, type ImportRecord, type NetworkImportTarget, importNetworkRecords } from './import';
