import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LocalePage = lazy(() => import('./LocalePage'));

/** /locale (SPEC §2; CITY, STATE, COUNTRY). */
export const localeRoutes: RouteObject[] = [{ path: '/locale', element: <LocalePage /> }];
