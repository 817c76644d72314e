export { fetchTemplateOptions } from './api';
export { viabilityPublicRoutes, viabilityRoutes } from './routes';
