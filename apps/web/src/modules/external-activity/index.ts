export { externalActivityRoutes } from './routes';
