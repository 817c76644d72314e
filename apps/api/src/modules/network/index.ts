/** Network (`/api/site`, `/api/asset`, …): what other modules may use. */
export { networkRoutes } from './routes';
export { circuitUnavailabilities, circuits, networkAssets, networkInterfaces, sites, svcs } from './schema';
export { type ImportOutcome, type ImportRecord, type NetworkImportTarget, importNetworkRecords } from './import';
/** The SLA math, for the carrier SLA report's batches (issue 16). */
export { currentMonth, monthBounds, slaReportOf } from './circuit/sla';
