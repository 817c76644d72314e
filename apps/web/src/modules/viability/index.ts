export { viabilityPublicRoutes, viabilityRoutes } from './routes';
