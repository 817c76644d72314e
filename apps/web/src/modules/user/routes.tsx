import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const UserListPage = lazy(() => import('./UserListPage'));
const UserFormPage = lazy(() => import('./UserFormPage'));

/** /user, /user/create, /user/edit/:id (SPEC §2; USER). */
export const userRoutes: RouteObject[] = [
  { path: '/user', element: <UserListPage /> },
  { path: '/user/create', element: <UserFormPage /> },
  { path: '/user/edit/:id', element: <UserFormPage /> },
];
