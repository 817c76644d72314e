import type { RouteObject } from 'react-router';

/** Issue 16: the wiki pages (none built yet: the contract's pages are placeholders). */
export const wikiRoutes: RouteObject[] = [];
