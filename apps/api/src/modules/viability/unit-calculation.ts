/** One calculation of a unit, from the database: the organization's rules, the nearest CTO and site, the plan, the catalogue's prices. */
import { eq } from 'drizzle-orm';
import type { UnitCalculation } from '@operacoes/contract';
import type { CurrentUser } from '../../core/access';
import { localToday } from '../../core/dates';
import type { DbOrTx } from '../../core/db';
import { personRefs, refOf } from '../../core/rows';
import { getOrganizationSettings } from '../organization-settings';
import { type UnitTerms, calculate, nearestSite, rulesOf, templateProducts } from './calculate';
import { nearestFreeCto } from './cto';
import { viabilityPlans, type viabilityTemplates, type viabilityUnits } from './schema';

type TemplateRow = typeof viabilityTemplates.$inferSelect;
/** The unit's columns that change its price. */
export type TermValues = Pick<typeof viabilityUnits.$inferSelect, 'plan_id' | 'custom_monthly_fee' | 'custom_fee_reason' | 'carrier' | 'carrier_quote' | 'carrier_monthly_cost' | 'carrier_installation_cost'>;
const NO_TERM_VALUES: TermValues = { plan_id: null, custom_monthly_fee: null, custom_fee_reason: null, carrier: null, carrier_quote: null, carrier_monthly_cost: null, carrier_installation_cost: null };

/** A new calculation of a unit at `lat/lon` with `template` (the version after `previous`). */
export async function calculateUnit(
  tx: DbOrTx,
  organizationId: number,
  at: { latitude: number; longitude: number },
  template: TemplateRow,
  previous: number,
  user: CurrentUser | null,
  values: TermValues = NO_TERM_VALUES,
): Promise<UnitCalculation> {
  const settings = await getOrganizationSettings(tx, organizationId, 'viability');
  const rules = rulesOf(template, settings);
  // Fibre: beyond twice the max distance (as a route) the verdict is `inviavel` whatever site is nearest.
  // Radio: only towers and POPs with a radio count, within the link's reach.
  // Fibre: first the nearest CTO with a free port within the drop's reach; the POP (a new build) only when there is none.
  const cto = template.medium === 'fibra_propria' ? await nearestFreeCto(tx, organizationId, at.latitude, at.longitude, rules.drop_reach_m) : null;
  const site =
    template.medium === 'radio'
      ? await nearestSite(tx, organizationId, at.latitude, at.longitude, rules.link_range_m, { radio: true })
      : await nearestSite(tx, organizationId, at.latitude, at.longitude, template.medium === 'fibra_propria' ? (2 * rules.max_distance_m) / rules.route_factor : 5_000);
  const [plan] = values.plan_id ? await tx.select().from(viabilityPlans).where(eq(viabilityPlans.id, values.plan_id)) : [];
  const terms: UnitTerms = { ...values, plan: plan ?? null };
  const figures = calculate({ site, template, products: await templateProducts(tx, organizationId, template), settings, rules, terms, cto, today: localToday() });
  const by = user ? refOf(await personRefs(tx, [user.id]), user.id) : null;
  return { version: previous + 1, calculated_at: new Date().toISOString(), calculated_by: by ? { id: by.id, name: by.name } : null, ...figures };
}

