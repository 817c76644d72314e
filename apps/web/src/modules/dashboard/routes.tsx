import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DashboardPage = lazy(() => import('./DashboardPage'));

/** /: the start page. */
export const dashboardRoutes: RouteObject[] = [{ path: '/', element: <DashboardPage /> }];
