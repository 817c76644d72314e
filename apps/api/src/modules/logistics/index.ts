/** Logistics: shipment solicitations, shipments and their receiving (`/api/shipment*`). */
export { logisticsRoutes } from './routes';
export { receivingRoutes } from './receiving';
/** The requests and shipments the dashboard counts (approvals waiting, items to receive). */
export { shipmentSolicitations, shipments } from './schema';
export { shipmentItems } from './schema';
