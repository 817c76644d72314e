import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SolicitationListPage = lazy(() => import('./SolicitationListPage'));
const SolicitationFormPage = lazy(() => import('./SolicitationFormPage'));
const ShipmentListPage = lazy(() => import('./ShipmentListPage'));
const ShipmentPage = lazy(() => import('./ShipmentPage'));
const ReceivingPage = lazy(() => import('./ReceivingPage'));

/** /shipment-solicitation…, /shipment… (SPEC §2; ASSET_SHIPMENT). */
export const logisticsRoutes: RouteObject[] = [
  { path: '/shipment-solicitation', element: <SolicitationListPage /> },
  { path: '/shipment-solicitation/create', element: <SolicitationFormPage /> },
  { path: '/shipment-solicitation/edit/:id', element: <SolicitationFormPage /> },
  { path: '/shipment', element: <ShipmentListPage /> },
  { path: '/shipment/edit/:id', element: <ShipmentPage /> },
];

/** The public receiving page (/receiving/:hash, no login), mounted in the public frame. */
export const logisticsPublicRoutes: RouteObject[] = [{ path: '/receiving/:hash', element: <ReceivingPage /> }];
