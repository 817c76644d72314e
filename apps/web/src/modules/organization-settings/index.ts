/** Public parts of the organization-settings module: the pt-BR labels of its fields (for the revision log). */
export { SETTINGS_FIELD_LABELS } from './labels';
