import { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadRoute } from './lazyPage';

const Page = () => null;

describe('preloadRoute', () => {
  it("starts the matched page's chunk and its data, with the route's params", () => {
    const load = vi.fn(async () => ({ default: Page }));
    const prefetch = vi.fn();
    const other = vi.fn(async () => ({ default: Page }));
    const routes: RouteObject[] = [
      { path: '/lmc/topology/:id', element: createElement(lazyPage(load, prefetch)) },
      { path: '/lmc', element: createElement(lazyPage(other)) },
    ];
    const qc = new QueryClient();
    preloadRoute(routes, '/lmc/topology/42', qc);
    expect(load).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ id: '42' }), qc);
    expect(other).not.toHaveBeenCalled();
  });

  it('does nothing for a path no route matches, or a page not declared with lazyPage', () => {
    const load = vi.fn(async () => ({ default: Page }));
    const routes: RouteObject[] = [{ path: '/svc', element: createElement(lazyPage(load)) }, { path: '/site', element: createElement(Page) }];
    preloadRoute(routes, '/nao-existe', new QueryClient());
    preloadRoute(routes, '/site', new QueryClient());
    expect(load).not.toHaveBeenCalled();
  });
});
