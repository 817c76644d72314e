import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ProjectListPage = lazy(() => import('./ProjectListPage'));
const ProjectFormPage = lazy(() => import('./ProjectFormPage'));
const DashboardPage = lazy(() => import('./DashboardPage'));

/** Projects: list, the project's page (data, tasks with the Gantt, activities) and its dashboard. */
export const projectRoutes: RouteObject[] = [
  { path: '/project', element: <ProjectListPage /> },
  { path: '/project/create', element: <ProjectFormPage /> },
  { path: '/project/edit/:id', element: <ProjectFormPage /> },
  { path: '/project/dashboard/:id', element: <DashboardPage /> },
];
