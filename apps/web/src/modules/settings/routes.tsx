import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SettingsPage = lazy(() => import('./SettingsPage'));

/** /settings: the user's preferences (theme, page size, table layout). */
export const settingsRoutes: RouteObject[] = [{ path: '/settings', element: <SettingsPage /> }];
