import { eq } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { webhooks } from './schema';

/**
 * One webhook in the demo, switched off: a newcomer sees the page with a real record (events,
 * history) and nothing is ever sent from a fresh start. Made once, through the API.
 */
export async function seedWebhookDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  await ctx.as('gestor')('POST', '/organization-settings/webhook', {
    url: 'https://erp.exemplo.com.br/webhooks/operacoes',
    events: ['site.created', 'site.updated', 'circuit.created', 'circuit.updated', 'circuit_unavailability.created', 'external_activity.created', 'external_activity.updated'],
    is_active: false,
  });
  return true;
}
