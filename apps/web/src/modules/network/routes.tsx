import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SiteListPage = lazy(() => import('./SiteListPage'));
const SiteFormPage = lazy(() => import('./SiteFormPage'));
const AssetListPage = lazy(() => import('./AssetListPage'));
const AssetFormPage = lazy(() => import('./AssetFormPage'));

/** Network (issue 11, DESIGN §4): sites (table and map) and network assets with their interfaces. */
export const networkRoutes: RouteObject[] = [
  { path: '/site', element: <SiteListPage /> },
  { path: '/site/create', element: <SiteFormPage /> },
  { path: '/site/edit/:id', element: <SiteFormPage /> },
  { path: '/asset', element: <AssetListPage /> },
  { path: '/asset/create', element: <AssetFormPage /> },
  { path: '/asset/edit/:id', element: <AssetFormPage /> },
];
