import type { ReportDefinition } from './definition';

/** Every report, in the order the page lists them (issue 16). */
export const REPORTS: ReportDefinition[] = [];
