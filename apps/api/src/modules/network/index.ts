/** Network (`/api/site`, `/api/asset`, …): what other modules may use. */
export { networkRoutes } from './routes';
export { circuitUnavailabilities, circuits, networkAssets, networkInterfaces, sites, svcs } from './schema';
/** The month's SLA report of an organization's circuits (the dashboard's availability figure). */
export { slaOf } from './circuit/report';
export { type ImportOutcome, type ImportRecord, type NetworkImportTarget, importNetworkRecords } from './import';
/** The SLA math, for the carrier SLA report's batches. */
export { currentMonth, monthBounds, slaReportOf } from './circuit/sla';
