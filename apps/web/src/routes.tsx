/**
 * The app's route table. The entry holds only the public pages (modules/public-routes.ts) and the
 * frames; the routes behind the login (appRoutes.tsx) are patched in on the first navigation that
 * needs them (react-router's `patchRoutesOnNavigation`), so /login loads none of them.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { RequireAuth } from './core/RequireAuth';
import { PUBLIC_ROUTES } from './modules/public-routes';

const Layout = lazy(() => import('./AppLayout'));
const PublicFrame = lazy(() => import('./modules/auth/PublicFrame'));

const el = (C: LazyExoticComponent<ComponentType>) => <C />;

export const routes: RouteObject[] = [
  { id: 'public', element: el(PublicFrame), children: PUBLIC_ROUTES },
  { element: <RequireAuth />, children: [{ id: 'layout', element: el(Layout), children: [] }] },
];

/** The routes behind the login: started at once when a session is open, shared by every caller. */
export const loadAppRoutes = () => import('./appRoutes');

let patched = false;
/** Any path the public pages do not match brings the app's routes in (once). */
export const patchRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  if (patched) return;
  const app = await loadAppRoutes();
  if (patched) return;
  patched = true;
  patch('public', app.publicPlaceholders);
  patch('layout', app.layoutChildren);
};
