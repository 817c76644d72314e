/** Projects (`/api/project`): what other modules may use. */
export { projectRoutes } from './routes';
