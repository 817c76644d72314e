/** The web resource kit (issue 10, item 4): fetchers and keys from a contract descriptor, the record page, delete and workflow steps. */
export { listKey, passes, resourceApi, type ReadOf, type ResourceApi, type WebResource } from './api';
export { InfoPage } from './InfoPage';
export { ResourcePage, useResourceForm, type ResourceFormOptions } from './ResourcePage';
export { useListActions } from './useListActions';
export { useRemove } from './useRemove';
export { resourceWords } from './words';
export { useWorkflowSteps, type StepTexts, type WorkflowStep } from './useWorkflowSteps';
export { editOrView, ListPage } from './ListPage';
