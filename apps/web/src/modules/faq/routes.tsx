import type { RouteObject } from 'react-router';

/** Issue 16: the faq pages (none built yet: the contract's pages are placeholders). */
export const faqRoutes: RouteObject[] = [];
