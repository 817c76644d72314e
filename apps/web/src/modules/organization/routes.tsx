import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const OrganizationListPage = lazy(() => import('./OrganizationListPage'));
const OrganizationFormPage = lazy(() => import('./OrganizationFormPage'));

/** /organization, /organization/create, /organization/edit/:id (SPEC §2; ORG). */
export const organizationRoutes: RouteObject[] = [
  { path: '/organization', element: <OrganizationListPage /> },
  { path: '/organization/create', element: <OrganizationFormPage /> },
  { path: '/organization/edit/:id', element: <OrganizationFormPage /> },
];
