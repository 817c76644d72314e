/**
 * The viability calculation, by the template's medium (each with its own rules, the template's or
 * the organization's defaults):
 * - fibra própria: the nearest active site by great-circle distance, the estimated route (distance ×
 *   route factor), the extra build cost per metre beyond the max distance;
 * - rádio: the nearest tower or POP with an active radio, in a straight line, within the link's reach;
 *   no route factor and nothing per metre;
 * - circuito de terceiro: no distance rule; the carrier's quoted costs enter the cost.
 * Then the template's bill of materials priced from the catalogue, labour, the plan's fees (or the
 * cost with the margin), the contract's total and payback, and the verdict with its reasons in pt-BR.
 * Money in integer cents (money.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CalculationLine, DISCRETE_UNITS, settingsWithDefaults, type SectionSettings, type UnitCalculation, type UnitOfMeasure, type ViabilityVerdict } from '@operacoes/contract';
import type { DbOrTx } from '../../core/db';
import { networkAssets, sites } from '../network';
import { products } from '../warehouse';
import { brl, divRound, fromCents, toCents, withMargin } from './money';
import type { viabilityPlans, viabilityTemplates } from './schema';

type Settings = SectionSettings<'viability'>;
type Template = typeof viabilityTemplates.$inferSelect;
type Plan = typeof viabilityPlans.$inferSelect;
/** A CTO as the calculation reads it (see cto.ts). */
export type CtoFound = { id: number; code: string; name: string; latitude: number; longitude: number; distance_m: number; port_count: number; free: number; first_free: number | null; splitter_ratio: string | null };
export type NearestSite = { id: number; code: string; name: string; type?: string; latitude: number; longitude: number; distance_m: number };
/** What the unit itself brings to its price: the plan sold, a custom fee, the carrier's quote. */
export type UnitTerms = {
  plan: Pick<Plan, 'id' | 'name' | 'bandwidth_mbps' | 'monthly_fee' | 'installation_fee' | 'contract_months'> | null;
  custom_monthly_fee: string | null;
  custom_fee_reason: string | null;
  carrier: string | null;
  carrier_quote: string | null;
  carrier_monthly_cost: string | null;
  carrier_installation_cost: string | null;
};
export const NO_TERMS: UnitTerms = { plan: null, custom_monthly_fee: null, custom_fee_reason: null, carrier: null, carrier_quote: null, carrier_monthly_cost: null, carrier_installation_cost: null };

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
export const METRES_PER_DEGREE = 111_320;

/** Great-circle (haversine) distance in metres; the same formula the SQL uses. */
export function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

const distanceSql = (lat: number, lon: number) =>
  sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(power(sin(radians(${sites.latitude} - ${lat}::float8) / 2), 2) + cos(radians(${lat}::float8)) * cos(radians(${sites.latitude})) * power(sin(radians(${sites.longitude} - ${lon}::float8) / 2), 2)))))`;

/**
 * The organization's nearest active site with coordinates, or null. A bounding box of radius R
 * reads the partial index `site_active_position_idx`; a site found within R is the nearest of all
 * (everything outside the box is farther than R). Otherwise the box grows ×8, then the whole set.
 */
export async function nearestSite(db: DbOrTx, organizationId: number, lat: number, lon: number, firstRadiusM: number, options: { radio?: boolean } = {}): Promise<NearestSite | null> {
  const distance = distanceSql(lat, lon);
  const base = and(
    eq(sites.organization_id, organizationId),
    sql`${sites.status} = 'ativo'`,
    sql`${sites.latitude} is not null`,
    // A fibre box serves through its ports (cto.ts), never as the origin of a build or a link.
    sql`${sites.type} <> 'cto'`,
    // A radio link leaves from a tower or a POP that has an active radio installed.
    options.radio
      ? sql`${sites.type} in ('torre', 'pop') and exists (select 1 from ${networkAssets} where ${networkAssets.site_id} = ${sites.id} and ${networkAssets.role} = 'radio' and ${networkAssets.status} = 'ativo')`
      : undefined,
  );
  const pick = (where: ReturnType<typeof and>) =>
    db
      .select({ id: sites.id, code: sites.code, name: sites.name, type: sites.type, latitude: sites.latitude, longitude: sites.longitude, distance_m: distance })
      .from(sites)
      .where(where)
      .orderBy(distance, sites.id)
      .limit(1);
  const cosLat = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  for (let radius = Math.max(50, firstRadiusM), round = 0; round < 4; radius *= 8, round++) {
    const dLat = radius / METRES_PER_DEGREE;
    const dLon = radius / (METRES_PER_DEGREE * cosLat);
    const [found] = await pick(and(base, sql`${sites.latitude} between ${lat - dLat}::float8 and ${lat + dLat}::float8`, sql`${sites.longitude} between ${lon - dLon}::float8 and ${lon + dLon}::float8`));
    if (found && Number(found.distance_m) <= radius) return { ...found, latitude: found.latitude!, longitude: found.longitude!, distance_m: Number(found.distance_m) };
  }
  const [found] = await pick(base);
  return found ? { ...found, latitude: found.latitude!, longitude: found.longitude!, distance_m: Number(found.distance_m) } : null;
}

/** "320 m", "2,4 km". */
export const metres = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} km`);

type Priced = { id: number; code: string; name: string; unit_of_measure: string; price: string | null };

/** The rules of a template's medium: the template's own, else the organization's defaults. */
export function rulesOf(template: Pick<Template, 'max_distance_m' | 'route_factor' | 'price_per_meter' | 'drop_reach_m' | 'link_range_m'>, settings: Pick<Settings, 'max_distance_m' | 'price_per_meter' | 'route_factor' | 'drop_reach_m' | 'radio_range_m'>) {
  return {
    max_distance_m: template.max_distance_m ?? settings.max_distance_m,
    route_factor: template.route_factor ?? settings.route_factor,
    price_per_meter: template.price_per_meter ?? String(settings.price_per_meter),
    drop_reach_m: template.drop_reach_m ?? settings.drop_reach_m,
    link_range_m: template.link_range_m ?? settings.radio_range_m,
  };
}
export type MediumRules = ReturnType<typeof rulesOf>;

const NO_RULES = { max_distance_m: null, route_factor: null, price_per_meter: null, drop_reach_m: null, link_range_m: null };

const SITE_TYPE_NAMES: Record<string, string> = { torre: 'Torre', pop: 'POP' };
/** "Torre CWB-02", "POP CWB-01" (a site of another type by its code). */
const siteName = (site: NearestSite) => (site.type && SITE_TYPE_NAMES[site.type] ? `${SITE_TYPE_NAMES[site.type]} ${site.code}` : site.code);

/** The figures of a calculation from its inputs (pure: the worked examples test this). */
export function calculate(input: {
  site: NearestSite | null;
  template: Pick<Template, 'id' | 'name' | 'medium' | 'items' | 'labour_cost' | 'labour_per_meter' | 'monthly_cost'>;
  products: Map<number, Priced>;
  /** The organization's settings; any rule left out takes its default. */
  settings: Pick<Settings, 'margin_percent' | 'proposal_validity_days'> & Partial<Settings>;
  /** The template's medium rules (rulesOf); absent: the settings' own. */
  rules?: MediumRules;
  terms?: UnitTerms;
  /** Fibre: the nearest CTO with a free port within the drop's reach, and the nearest CTO at all (searched before the POP). */
  cto?: { free: CtoFound | null; nearest: CtoFound | null } | null;
  today: string;
}): Omit<UnitCalculation, 'version' | 'calculated_at' | 'calculated_by'> {
  const { site, template } = input;
  const settings = { ...settingsWithDefaults('viability', {}), ...input.settings };
  const rules = input.rules ?? rulesOf(NO_RULES, settings);
  const terms = input.terms ?? NO_TERMS;
  const medium = template.medium;
  const reasons: string[] = [];
  let rule: string;
  let verdict: ViabilityVerdict;
  let extra = 0n;
  // What gets built per metre: the fibre route; nothing for a radio link or a carrier's circuit.
  let length = 0;
  let route: number | null = null;
  let routeFactor = 1;
  let max = 0;
  let pricePerMetre = 0n;
  let ctoUsed: CtoFound | null = null;

  if (medium === 'radio') {
    max = rules.link_range_m;
    if (!site) {
      verdict = 'inviavel';
      rule = `Rádio: nenhuma torre ou POP ativo com rádio instalado nesta organização: não há de onde fazer o enlace.`;
    } else {
      route = Math.round(site.distance_m);
      const where = `${siteName(site)} (${site.name})`;
      reasons.push(`Torre ou POP com rádio mais próximo: ${where} a ${metres(site.distance_m)} em linha reta.`);
      if (site.distance_m <= max) {
        verdict = 'viavel';
        rule = `Rádio: ${metres(site.distance_m)} da ${siteName(site)}, dentro do alcance de ${metres(max)}.`;
      } else {
        verdict = 'inviavel';
        rule = `Rádio: ${metres(site.distance_m)} da ${siteName(site)}, além do alcance de ${metres(max)}.`;
      }
    }
    // "Sujeito a visada" is not written here: the unit's survey field says it, and the proposal reads it live.
    reasons.push(rule);
  } else if (medium === 'circuito_terceiro') {
    verdict = 'viavel';
    const quoted = terms.carrier && terms.carrier_monthly_cost !== null;
    rule = quoted
      ? `Circuito de terceiro: sem regra de distância; última milha da ${terms.carrier}${terms.carrier_quote ? ` (cotação ${terms.carrier_quote})` : ''}: ${brl(toCents(terms.carrier_monthly_cost))}/mês e ${brl(toCents(terms.carrier_installation_cost))} de instalação.`
      : 'Circuito de terceiro: sem regra de distância; informe a operadora e os custos da cotação na unidade.';
    if (site) reasons.push(`Site mais próximo: ${site.code} (${site.name}) a ${metres(site.distance_m)} em linha reta.`);
    reasons.push(rule);
  } else if (input.cto?.free) {
    // Fibre from a CTO with a free port within the drop's reach: only the drop gets built.
    const box = input.cto.free;
    routeFactor = rules.route_factor;
    max = rules.drop_reach_m;
    pricePerMetre = toCents(rules.price_per_meter);
    route = Math.round(box.distance_m * routeFactor);
    ctoUsed = box;
    verdict = 'viavel';
    rule = `Fibra própria: ${box.code}, porta livre ${box.first_free} de ${box.port_count}, ${metres(box.distance_m)} (alcance do drop de ${metres(max)}).`;
    reasons.push(`CTO mais próxima com porta livre: ${box.code} (${box.name}) a ${metres(box.distance_m)} em linha reta; ${box.free} de ${box.port_count} portas livres${box.splitter_ratio ? `, divisor ${box.splitter_ratio}` : ''}.`);
    reasons.push(`Drop estimado de ${metres(route)} (fator ${String(routeFactor).replace('.', ',')}): sem construção de rede.`);
    reasons.push(rule);
    length = route;
  } else {
    routeFactor = rules.route_factor;
    max = rules.max_distance_m;
    pricePerMetre = toCents(rules.price_per_meter);
    route = site ? Math.round(site.distance_m * routeFactor) : null;
    // Searched first and not found: say why the POP decides (no box near, or the near ones full).
    if (input.cto) {
      const near = input.cto.nearest;
      reasons.push(
        near
          ? `Nenhuma CTO com porta livre a até ${metres(rules.drop_reach_m)}: a mais próxima, ${near.code} a ${metres(near.distance_m)}, está com as ${near.port_count} portas ocupadas.`
          : `Nenhuma CTO a até ${metres(rules.drop_reach_m)} (alcance do drop): o atendimento depende de construção a partir do POP.`,
      );
    }
    if (!site || route === null) {
      verdict = 'inviavel';
      rule = 'Fibra própria: nenhum site ativo com coordenadas nesta organização.';
      reasons.push('Nenhum site ativo com coordenadas nesta organização: não há de onde atender.');
    } else {
      reasons.push(`Site mais próximo: ${site.code} (${site.name}) a ${metres(site.distance_m)} em linha reta; rota estimada de ${metres(route)} (fator ${String(routeFactor).replace('.', ',')}).`);
      if (route <= max) {
        verdict = 'viavel';
        rule = `Fibra própria: rota estimada de ${metres(route)} do ${site.code}, dentro da distância máxima de ${metres(max)}.`;
        reasons.push(`Dentro da distância máxima de ${metres(max)}: sem custo extra de construção.`);
      } else if (route <= 2 * max) {
        verdict = 'viavel_com_custo';
        extra = BigInt(route - max) * pricePerMetre;
        rule = `Fibra própria: rota estimada de ${metres(route)} do ${site.code}, ${metres(route - max)} além da distância máxima de ${metres(max)}: construção extra.`;
        reasons.push(`A rota passa da distância máxima de ${metres(max)} em ${metres(route - max)}: custo extra de construção de ${brl(extra)} (${route - max} m × ${brl(pricePerMetre)}/m).`);
      } else {
        verdict = 'inviavel';
        rule = `Fibra própria: rota estimada de ${metres(route)} do ${site.code}, além do dobro da distância máxima de ${metres(max)}.`;
        reasons.push(`A rota passa do dobro da distância máxima (${metres(2 * max)}): endereço fora da área de atendimento.`);
      }
    }
    length = route ?? 0;
    if (verdict === 'inviavel' && input.cto) rule += ` Nenhuma CTO com porta livre a até ${metres(rules.drop_reach_m)}.`;
  }

  const lines: CalculationLine[] = [];
  let materials = 0n;
  for (const item of template.items) {
    const product = input.products.get(item.product_id);
    if (!product) {
      reasons.push(`Um produto do modelo (#${item.product_id}) não existe mais no catálogo: ficou fora do custo.`);
      continue;
    }
    if (product.price === null) reasons.push(`O produto ${product.code} (${product.name}) está sem preço no catálogo: entrou com R$ 0,00.`);
    const perUnitMilli = Math.round(item.quantity * 1000);
    const exact = BigInt(perUnitMilli) * BigInt(item.per_meter ? length : 1);
    // Pieces are bought whole: 0,05 clamp per metre over 839 m is 42 clamps, priced as 42.
    const milli = DISCRETE_UNITS.includes(product.unit_of_measure as UnitOfMeasure) ? ((exact + 999n) / 1000n) * 1000n : exact;
    const unitPrice = toCents(product.price);
    const total = divRound(milli * unitPrice, 1000n);
    materials += total;
    lines.push({
      product_id: product.id,
      code: product.code,
      name: product.name,
      unit_of_measure: product.unit_of_measure,
      per_meter: item.per_meter,
      template_quantity: item.quantity,
      quantity: `${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')}`.replace(/\.?0+$/, '') || '0',
      unit_price: fromCents(unitPrice),
      total: fromCents(total),
    });
  }
  const labour = toCents(template.labour_cost) + toCents(template.labour_per_meter) * BigInt(length);
  const carrierCosts = medium === 'circuito_terceiro' ? { monthly: toCents(terms.carrier_monthly_cost), installation: toCents(terms.carrier_installation_cost) } : { monthly: 0n, installation: 0n };
  const totalCost = materials + labour + extra + carrierCosts.installation;
  const monthly = toCents(template.monthly_cost) + carrierCosts.monthly;

  // The price: a plan charges its own fees (the extra build on top, with the margin); no plan, the cost with the margin.
  const plan = terms.plan;
  const installation = plan ? toCents(plan.installation_fee) + withMargin(extra, settings.margin_percent) : withMargin(totalCost, settings.margin_percent);
  const custom = terms.custom_monthly_fee !== null && terms.custom_monthly_fee !== undefined;
  const monthlyFee = custom ? toCents(terms.custom_monthly_fee) : plan ? toCents(plan.monthly_fee) : withMargin(monthly, settings.margin_percent);
  const months = plan?.contract_months ?? settings.default_contract_months;
  const contractTotal = installation + monthlyFee * BigInt(months);
  const monthlyMargin = monthlyFee - monthly;
  const uncovered = totalCost - installation;
  const payback = uncovered <= 0n ? 0 : monthlyMargin <= 0n ? null : Number((uncovered + monthlyMargin - 1n) / monthlyMargin);
  let warning: string | null = null;
  if (verdict !== 'inviavel') {
    if (payback === null) warning = `A mensalidade de ${brl(monthlyFee)} não cobre o custo mensal de ${brl(monthly)}: a construção de ${brl(uncovered)} não se paga.`;
    else if (payback > months) warning = `O contrato de ${months} ${months === 1 ? 'mês' : 'meses'} não paga a construção: o retorno leva ${payback} meses.`;
  }
  if (plan) reasons.push(`Plano ${plan.name}: ${brl(toCents(plan.monthly_fee))}/mês, instalação de ${brl(toCents(plan.installation_fee))}${extra > 0n ? ` mais a construção extra de ${brl(withMargin(extra, settings.margin_percent))}` : ''}, contrato de ${months} meses.`);
  if (custom) reasons.push(`Mensalidade personalizada de ${brl(monthlyFee)}${terms.custom_fee_reason ? `: ${terms.custom_fee_reason}` : ''}.`);
  if (warning) reasons.push(warning);

  const validUntil = new Date(Date.parse(`${input.today}T12:00:00Z`) + settings.proposal_validity_days * 86_400_000).toISOString().slice(0, 10);
  const from = ctoUsed ?? site;
  return {
    site: from ? { id: from.id, code: from.code, name: from.name, latitude: from.latitude, longitude: from.longitude } : null,
    distance_m: from ? Math.round(from.distance_m) : null,
    cto: ctoUsed ? { id: ctoUsed.id, code: ctoUsed.code, name: ctoUsed.name, port: ctoUsed.first_free!, port_count: ctoUsed.port_count, free_ports: ctoUsed.free, splitter_ratio: ctoUsed.splitter_ratio } : null,
    route_factor: routeFactor,
    route_m: route,
    max_distance_m: max,
    price_per_meter: fromCents(pricePerMetre),
    margin_percent: settings.margin_percent,
    template: { id: template.id, name: template.name, medium: template.medium },
    lines,
    materials_cost: fromCents(materials),
    labour_cost: fromCents(labour),
    extra_cost: fromCents(extra),
    total_cost: fromCents(totalCost),
    price: fromCents(installation),
    monthly_cost: fromCents(monthly),
    monthly_price: fromCents(monthlyFee),
    verdict,
    reasons,
    rule,
    plan: plan ? { id: plan.id, name: plan.name, bandwidth_mbps: plan.bandwidth_mbps } : null,
    custom_fee_reason: custom ? terms.custom_fee_reason : null,
    carrier: medium === 'circuito_terceiro' ? { name: terms.carrier, quote: terms.carrier_quote, monthly_cost: fromCents(carrierCosts.monthly), installation_cost: fromCents(carrierCosts.installation) } : null,
    monthly_fee: fromCents(monthlyFee),
    installation_fee: fromCents(installation),
    contract_months: months,
    contract_total: fromCents(contractTotal),
    monthly_margin: fromCents(monthlyMargin),
    payback_months: payback,
    payback_warning: warning,
    valid_until: validUntil,
  };
}

/** The catalogue rows a template's lines name (any status: a deactivated product keeps its price). */
export async function templateProducts(db: DbOrTx, organizationId: number, template: Pick<Template, 'items'>): Promise<Map<number, Priced>> {
  const ids = template.items.map((i) => i.product_id);
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, code: products.code, name: products.name, unit_of_measure: products.unit_of_measure, price: products.price })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.organization_id, organizationId)));
  return new Map(rows.map((r) => [r.id, r]));
}
