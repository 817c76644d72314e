import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ReleaseNotesPage = lazy(() => import('./ReleaseNotesPage'));

/** /release-notes: everyone reads them; super admins write them. */
export const releaseNoteRoutes: RouteObject[] = [{ path: '/release-notes', element: <ReleaseNotesPage /> }];
