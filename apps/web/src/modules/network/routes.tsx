import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CircuitListPage = lazy(() => import('./CircuitListPage'));
const CircuitFormPage = lazy(() => import('./CircuitFormPage'));
const UnavailabilityListPage = lazy(() => import('./UnavailabilityPages').then((m) => ({ default: m.UnavailabilityListPage })));
const UnavailabilityCreatePage = lazy(() => import('./UnavailabilityPages').then((m) => ({ default: m.UnavailabilityCreatePage })));
const UnavailabilityEditPage = lazy(() => import('./UnavailabilityPages').then((m) => ({ default: m.UnavailabilityEditPage })));

/** Network (issue 11): operator circuits and their unavailability periods (the SLA report is a tab of /circuit). */
export const circuitRoutes: RouteObject[] = [
  { path: '/circuit', element: <CircuitListPage /> },
  { path: '/circuit/create', element: <CircuitFormPage /> },
  { path: '/circuit/edit/:id', element: <CircuitFormPage /> },
  { path: '/circuit/:id/unavailability/', element: <UnavailabilityListPage /> },
  { path: '/circuit/:id/unavailability/create', element: <UnavailabilityCreatePage /> },
  { path: '/circuit/unavailability/edit/:id', element: <UnavailabilityEditPage /> },
];

/** The network module's routes. */
export const networkRoutes: RouteObject[] = [...circuitRoutes];
