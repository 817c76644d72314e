import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WikiPage = lazy(() => import('./WikiPage'));
const SearchPage = lazy(() => import('./SearchPage'));

/**
 * The wiki: home, search, and a page by its path of up to four segments (its editor
 * and history by `?modo=`). Reading needs only a login; the pages hide writing from non-writers.
 */
export const wikiRoutes: RouteObject[] = [
  { path: '/wiki', element: <WikiPage /> },
  { path: '/wiki/search', element: <SearchPage /> },
  { path: '/wiki/:module1?/:module2?/:module3?/:module4?', element: <WikiPage /> },
];
