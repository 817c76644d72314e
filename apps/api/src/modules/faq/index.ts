export { faqRoutes } from './routes';
