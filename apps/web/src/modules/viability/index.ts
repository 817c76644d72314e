export { fetchTemplateOptions } from './api';
export { viabilityPublicRoutes, viabilityRoutes } from './routes';
export { PlansPanel } from './PlansPanel';
export { CtoFields, CtoPorts } from './CtoParts';
