/**
 * The app's route table: the modules' routes (modules/index.ts, one line per module), each
 * gated by its route permission and mounted in the layout; every other page the contract's
 * registry declares (PAGES) renders a pt-BR placeholder naming it until its module is built.
 */
import { PAGES } from '@operacoes/contract/modules';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from './core/RequireAuth';
import { RouteGate } from './core/RouteGate';
import { BUILT_PATHS, MODULE_ROUTES, PUBLIC_ROUTES } from './modules';

const Layout = lazy(() => import('./AppLayout'));
const PublicFrame = lazy(() => import('./modules/auth/PublicFrame'));
const Placeholder = lazy(() => import('./core/Placeholder'));
const NotFoundPage = lazy(() => import('./core/NotFoundPage'));

const el = (C: LazyExoticComponent<ComponentType>) => <C />;
const ph = (module: string, page?: string) => <Placeholder module={module} page={page} />;

export const builtPaths = BUILT_PATHS;

/** The contract's pages no module has built yet: [path, module title, page kind, public]. */
const placeholders = (publicOnes: boolean): RouteObject[] =>
  PAGES.filter((p) => !!p.public === publicOnes && !builtPaths.has(p.path)).map((p) => ({ path: p.path, element: ph(p.title, p.page) }));

/** Every page behind login checks its route's permission once, here (RouteGate). */
const gated = (list: RouteObject[]): RouteObject[] =>
  list.map((r) => (r.path ? { ...r, element: <RouteGate path={r.path}>{r.element}</RouteGate> } : r));

export const routes: RouteObject[] = [
  { element: el(PublicFrame), children: [...PUBLIC_ROUTES, ...placeholders(true)] },
  {
    element: <RequireAuth />,
    children: [{ element: el(Layout), children: [...gated(MODULE_ROUTES), ...placeholders(false), { path: '*', element: el(NotFoundPage) }] }],
  },
];
