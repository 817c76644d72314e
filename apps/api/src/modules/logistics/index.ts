/** Logistics: shipment solicitations, shipments and their receiving (`/api/shipment*`). */
export { logisticsRoutes } from './routes';
export { receivingRoutes } from './receiving';
export { shipmentItems, shipments } from './schema';
