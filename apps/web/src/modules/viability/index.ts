export { fetchSvcCtoPort, fetchTemplateOptions, viabilityKeys } from './api';
export { viabilityPublicRoutes, viabilityRoutes } from './routes';
export { PlansPanel } from './PlansPanel';
export { CtoFields, CtoPorts } from './CtoParts';
export { PlugDialog, usePlugRights, useUnplug } from './CtoPlug';
