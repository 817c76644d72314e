import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DataSourceListPage = lazy(() => import('./DataSourceListPage'));
const DataSourceFormPage = lazy(() => import('./DataSourceFormPage'));

/** /organization-settings/data-source, /create, /edit/:id (SPEC §2; DATA_SOURCE). */
export const dataSourceRoutes: RouteObject[] = [
  { path: '/organization-settings/data-source', element: <DataSourceListPage /> },
  { path: '/organization-settings/data-source/create', element: <DataSourceFormPage /> },
  { path: '/organization-settings/data-source/edit/:id', element: <DataSourceFormPage /> },
];
