/**
 * Pages loaded on demand that can be fetched ahead. On a deep link the layout's chunk, then the page's
 * chunk, then the page's data would load one after the other; `preloadRoute` starts the page's chunk and,
 * when the page says how, its data, at once, beside the layout's (the topology benchmark).
 */
import type { QueryClient } from '@tanstack/react-query';
import { isValidElement, lazy, type ComponentType } from 'react';
import { matchRoutes, type Params, type RouteObject } from 'react-router';

/** Starts the page's data query (`queryClient.prefetchQuery`) from the route's params. */
export type Prefetch = (params: Params, queryClient: QueryClient) => unknown;

const ahead = new WeakMap<object, { load: () => Promise<unknown>; prefetch?: Prefetch }>();

/** `React.lazy` that `preloadRoute` can start early, with the page's data when `prefetch` is given. */
export function lazyPage<T extends ComponentType>(load: () => Promise<{ default: T }>, prefetch?: Prefetch) {
  const page = lazy(load);
  ahead.set(page, { load, prefetch });
  return page;
}

/** Starts the chunk (and data) of the page `pathname` opens, when it was declared with `lazyPage`. */
export function preloadRoute(routes: RouteObject[], pathname: string, queryClient: QueryClient) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    const entry = isValidElement(element) ? ahead.get(element.type as object) : undefined;
    if (!entry) continue;
    void entry.load().catch(() => undefined);
    entry.prefetch?.(match.params, queryClient);
  }
}
