import { eq } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { apiTokens } from '../../core/schema';

/**
 * The demo's API token: gestor's read-only integration for the monitoring system, so "Tokens de API"
 * in Minha conta shows one (its secret was shown once, at the seed, and is not kept).
 */
export async function seedApiTokenDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  await ctx.as('gestor')('POST', '/me/token', { name: 'Zabbix (monitoramento)', permissions: ['SITE.INDEX', 'OPERATOR_CIRCUIT.INDEX', 'LMC.INDEX'] });
  return true;
}
