import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const RevisionPage = lazy(() => import('./RevisionPage'));

/** /revision (SPEC §2; LOG or LOG.READ). */
export const revisionRoutes: RouteObject[] = [{ path: '/revision', element: <RevisionPage /> }];
