/** Projects (`/api/project`, issue 14): what other modules may use. */
export { projectRoutes } from './routes';
