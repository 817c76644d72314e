/** Viability studies: templates, viabilities, units and the public proposal. */
export { viabilityRoutes } from './routes';
export { viabilities, viabilityTemplates, viabilityUnits } from './schema';
