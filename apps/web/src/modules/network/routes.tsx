import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../core/lazyPage';

const SiteListPage = lazy(() => import('./SiteListPage'));
const SiteFormPage = lazy(() => import('./SiteFormPage'));
const AssetListPage = lazy(() => import('./AssetListPage'));
const AssetFormPage = lazy(() => import('./AssetFormPage'));
const CircuitListPage = lazy(() => import('./CircuitListPage'));
const CircuitFormPage = lazy(() => import('./CircuitFormPage'));
const SvcListPage = lazy(() => import('./svc/SvcListPage'));
const SvcFormPage = lazy(() => import('./svc/SvcFormPage'));
const LmcListPage = lazy(() => import('./lmc/LmcListPage'));
const LmcFormPage = lazy(() => import('./lmc/LmcFormPage'));
const LmxFormPage = lazy(() => import('./lmc/LmxFormPage'));
const TopologyPage = lazyPage(() => import('./topology/TopologyPage'), (params, queryClient) => void import('./topology/query').then((m) => m.prefetchTopology(params, queryClient)));
const ScriptPage = lazy(() => import('./script/ScriptPage'));
const UnionListPage = lazy(() => import('./union/UnionListPage'));
const UnionFormPage = lazy(() => import('./union/UnionFormPage'));
const UnavailabilityListPage = lazy(() => import('./UnavailabilityPages').then((m) => ({ default: m.UnavailabilityListPage })));
const UnavailabilityCreatePage = lazy(() => import('./UnavailabilityPages').then((m) => ({ default: m.UnavailabilityCreatePage })));
const UnavailabilityEditPage = lazy(() => import('./UnavailabilityPages').then((m) => ({ default: m.UnavailabilityEditPage })));

/** Operator circuits and their unavailability periods (the SLA report is a tab of /circuit). */
const circuitRoutes: RouteObject[] = [
  { path: '/circuit', element: <CircuitListPage /> },
  { path: '/circuit/create', element: <CircuitFormPage /> },
  { path: '/circuit/edit/:id', element: <CircuitFormPage /> },
  { path: '/circuit/:id/unavailability/', element: <UnavailabilityListPage /> },
  { path: '/circuit/:id/unavailability/create', element: <UnavailabilityCreatePage /> },
  { path: '/circuit/unavailability/edit/:id', element: <UnavailabilityEditPage /> },
];

/** SVCs, LMCs with their LMX segments, topology and MikroTik scripts, unions. */
const pathRoutes: RouteObject[] = [
  { path: '/svc', element: <SvcListPage /> },
  { path: '/svc/create', element: <SvcFormPage /> },
  { path: '/svc/edit/:id', element: <SvcFormPage /> },
  { path: '/lmc', element: <LmcListPage /> },
  { path: '/lmc/create', element: <LmcFormPage /> },
  { path: '/lmc/edit/:id', element: <LmcFormPage /> },
  { path: '/lmc/topology/:id', element: <TopologyPage /> },
  { path: '/lmc/generate-script/:id', element: <ScriptPage /> },
  { path: '/lmx/create/:id', element: <LmxFormPage /> },
  { path: '/lmx/edit/:id', element: <LmxFormPage /> },
  { path: '/union', element: <UnionListPage /> },
  { path: '/union/create', element: <UnionFormPage /> },
  { path: '/union/edit/:id', element: <UnionFormPage /> },
];

/** Network (DESIGN §4): sites (table and map), network assets with their interfaces, operator circuits. */
export const networkRoutes: RouteObject[] = [
  { path: '/site', element: <SiteListPage /> },
  { path: '/site/create', element: <SiteFormPage /> },
  { path: '/site/edit/:id', element: <SiteFormPage /> },
  { path: '/asset', element: <AssetListPage /> },
  { path: '/asset/create', element: <AssetFormPage /> },
  { path: '/asset/edit/:id', element: <AssetFormPage /> },
  ...circuitRoutes,
  ...pathRoutes,
];
