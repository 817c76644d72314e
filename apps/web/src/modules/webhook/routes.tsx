import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WebhookListPage = lazy(() => import('./WebhookListPage'));
const WebhookFormPage = lazy(() => import('./WebhookFormPage'));

/** /organization-settings/webhook, /create, /edit/:id (DATA_SOURCE). */
export const webhookRoutes: RouteObject[] = [
  { path: '/organization-settings/webhook', element: <WebhookListPage /> },
  { path: '/organization-settings/webhook/create', element: <WebhookFormPage /> },
  { path: '/organization-settings/webhook/edit/:id', element: <WebhookFormPage /> },
];
