import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const UnitFormPage = lazy(() => import('./UnitFormPage'));

/** SPEC §2: a unit is created under its organization and edited on its own page. */
export const unitRoutes: RouteObject[] = [
  { path: '/organization/:id/unit-organizational/create', element: <UnitFormPage mode="create" /> },
  { path: '/unit-organizational/edit/:id', element: <UnitFormPage mode="edit" /> },
];
