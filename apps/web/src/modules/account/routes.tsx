import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const MyAccountPage = lazy(() => import('./MyAccountPage'));

/** /my-account: the user's profile, picture and password. */
export const accountRoutes: RouteObject[] = [{ path: '/my-account', element: <MyAccountPage /> }];
