import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SchedulePage = lazy(() => import('./SchedulePage'));
const EventPage = lazy(() => import('./EventPage'));

/** Schedule: the calendar and one event. */
export const scheduleRoutes: RouteObject[] = [
  { path: '/schedule', element: <SchedulePage /> },
  { path: '/schedule/:id', element: <EventPage /> },
];
