import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ReportPage = lazy(() => import('./ReportPage'));

/** /report: the reports (brings the carriers' SLA). */
export const reportRoutes: RouteObject[] = [{ path: '/report', element: <ReportPage /> }];
