export { wikiRoutes } from './routes';
