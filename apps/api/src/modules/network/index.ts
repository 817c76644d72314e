/** Network (`/api/site`, `/api/asset`, …): what other modules may use. */
export { networkRoutes } from './routes';
export { networkAssets, networkInterfaces, sites } from './schema';
export { type ImportOutcome, type ImportRecord, type NetworkImportTarget, importNetworkRecords } from './import';
