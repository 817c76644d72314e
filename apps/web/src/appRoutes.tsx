/**
 * The routes behind the login (modules/index.ts, one line per module), each gated by its route
 * permission and mounted in the layout; every other page the contract's registry declares (PAGES)
 * renders a pt-BR placeholder naming it until its module is built. Loaded on demand (routes.tsx).
 */
import { PAGES } from '@operacoes/contract/modules';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RouteGate } from './core/RouteGate';
import { BUILT_PATHS, MODULE_ROUTES } from './modules';

export { MODULE_ROUTES };
/** Paths with a working page (the menu's "em breve" is the rest). */
export const builtPaths = BUILT_PATHS;

const Placeholder = lazy(() => import('./core/Placeholder'));
const NotFoundPage = lazy(() => import('./core/NotFoundPage'));

/** The contract's pages no module has built yet. */
const placeholders = (publicOnes: boolean): RouteObject[] =>
  PAGES.filter((p) => !!p.public === publicOnes && !BUILT_PATHS.has(p.path)).map((p) => ({ path: p.path, element: <Placeholder module={p.title} page={p.page} /> }));

/** Every page behind login checks its route's permission once, here (RouteGate). */
const gated = (list: RouteObject[]): RouteObject[] => list.map((r) => (r.path ? { ...r, element: <RouteGate path={r.path}>{r.element}</RouteGate> } : r));

export const publicPlaceholders = placeholders(true);
export const layoutChildren: RouteObject[] = [...gated(MODULE_ROUTES), ...placeholders(false), { path: '*', element: <NotFoundPage /> }];
