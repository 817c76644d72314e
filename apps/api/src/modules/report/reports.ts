import type { ReportDefinition } from './definition';
import { activitiesReport } from './reports/activities';
import { carrierSlaReport } from './reports/carrier-sla';
import { inventoryReport } from './reports/inventory';
import { movementsReport } from './reports/movements';
import { outRequestsReport } from './reports/out-requests';
import { patrimonyHolderReport } from './reports/patrimony-holder';
import { shipmentsReport } from './reports/shipments';
import { viabilitiesReport } from './reports/viabilities';

/** Every report, in the order the page lists them. */
export const REPORTS: ReportDefinition[] = [inventoryReport, patrimonyHolderReport, movementsReport, outRequestsReport, shipmentsReport, activitiesReport, carrierSlaReport, viabilitiesReport];
