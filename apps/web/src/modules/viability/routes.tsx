import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { PublicRouteHandle } from '../../core/publicLink';

const ViabilityListPage = lazy(() => import('./ViabilityListPage'));
const UnitsPage = lazy(() => import('./UnitsPage'));
const UnitFormPage = lazy(() => import('./UnitFormPage'));
const UnitInfoPage = lazy(() => import('./UnitInfoPage'));
const TemplateListPage = lazy(() => import('./TemplateListPage'));
const TemplateFormPage = lazy(() => import('./TemplateFormPage'));
const ProposalPage = lazy(() => import('./ProposalPage'));
const CannotPage = lazy(() => import('./CannotPage'));

/** Viability studies: the studies with their units (create/edit in a dialog), and the unit templates. */
export const viabilityRoutes: RouteObject[] = [
  { path: '/viability', element: <ViabilityListPage /> },
  { path: '/viability/:viabilityId/unit', element: <UnitsPage /> },
  { path: '/viability/:viabilityId/unit/create', element: <UnitFormPage /> },
  { path: '/viability/:viabilityId/unit/edit/:unitId', element: <UnitFormPage /> },
  { path: '/viability/:viabilityId/unit/info/:unitId', element: <UnitInfoPage /> },
  { path: '/viability/unit/template', element: <TemplateListPage /> },
  { path: '/viability/unit/template/create', element: <TemplateFormPage /> },
  { path: '/viability/unit/template/edit/:id', element: <TemplateFormPage /> },
];

/** The public proposal (no login), mounted in the public frame. */
export const viabilityPublicRoutes: RouteObject[] = [
  // Sent to the operator's client: the page carries the operator's brand, not the tool's.
  { path: '/viability/unit/viewer/:hash', element: <ProposalPage />, handle: { operatorBrand: true } satisfies PublicRouteHandle },
  { path: '/viability/unit/viewer/cannot/:hash', element: <CannotPage />, handle: { operatorBrand: true } satisfies PublicRouteHandle },
];
