/** Webhooks: each audited change of an organization's records POSTed, signed, to the addresses it registers (`/api/organization-settings/webhook`). */
export { webhookRoutes } from './routes';
export { seedWebhookDemo } from './seed';
