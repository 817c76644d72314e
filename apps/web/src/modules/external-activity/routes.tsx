import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TypeListPage = lazy(() => import('./AssistanceTypeListPage'));
const TypeFormPage = lazy(() => import('./AssistanceTypeFormPage'));
const ActivityListPage = lazy(() => import('./ActivityListPage'));
const ActivityFormPage = lazy(() => import('./ActivityFormPage'));
const ManagePage = lazy(() => import('./manage/ManagePage'));

/** Field service: work orders, the technician's manage screen, assistance types. */
export const externalActivityRoutes: RouteObject[] = [
  { path: '/external-activity', element: <ActivityListPage /> },
  { path: '/external-activity/create', element: <ActivityFormPage /> },
  { path: '/external-activity/edit/:id', element: <ActivityFormPage /> },
  { path: '/external-activity/manage/:id', element: <ManagePage /> },
  { path: '/external-activity/assistance-type', element: <TypeListPage /> },
  { path: '/external-activity/assistance-type/create', element: <TypeFormPage /> },
  { path: '/external-activity/assistance-type/edit/:id', element: <TypeFormPage /> },
];
