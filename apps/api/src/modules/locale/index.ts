/** Locale: countries, states and cities (`/api/country|state|city`); their tables live in core/schema. */
export { localeRoutes } from './routes';
export { presentCities } from './present';
export { cities, countries, states } from './schema';
