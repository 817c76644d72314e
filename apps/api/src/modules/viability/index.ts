/** Viability studies (issue 15): templates, viabilities, units and the public proposal. */
export { viabilityRoutes } from './routes';
export { viabilities, viabilityTemplates, viabilityUnits } from './schema';
