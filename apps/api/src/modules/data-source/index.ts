/** Data sources: external feeds fetched on demand into records (`/api/data-source`). */
export { dataSourceRoutes } from './routes';
/** The outbound HTTP rules (public addresses only, or the operator's allowed hosts): the viability's geocoder goes out through them too. */
export { type AllowList, parseAllowList, safeFetch, vettedAddress } from './safe-fetch';
