import type { ReportDefinition } from './definition';
import { movementsReport } from './reports/movements';

/** Every report, in the order the page lists them (issue 16). */
export const REPORTS: ReportDefinition[] = [movementsReport];
