import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const FaqPage = lazy(() => import('./FaqPage'));
const FaqQuestionPage = lazy(() => import('./FaqQuestionPage'));

/** /faq (everyone logged in reads; ORG and super admins write), and the question's create/edit pages. */
export const faqRoutes: RouteObject[] = [
  { path: '/faq', element: <FaqPage /> },
  { path: '/faq/create', element: <FaqQuestionPage /> },
  { path: '/faq/edit/:id', element: <FaqQuestionPage /> },
];
