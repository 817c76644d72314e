/** The web resource kit: fetchers and keys from a contract descriptor, the record page, delete and workflow steps. */
export { ifMatch, listKey, passes, resourceApi, staleEditOf, versioned, versionOf, type ReadOf, type ResourceApi, type StaleEdit, type WebResource } from './api';
export { saveUnlessStale, StaleEditHandled } from './staleEdit';
export { InfoPage } from './InfoPage';
export { ResourcePage, useResourceForm, type ResourceFormOptions } from './ResourcePage';
export { useListActions } from './useListActions';
export { useRemove } from './useRemove';
export { resourceWords } from './words';
export { requestSteps, useWorkflowSteps, type StepTexts, type WorkflowStep } from './useWorkflowSteps';
export { editOrView, ListPage } from './ListPage';
