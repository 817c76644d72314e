/**
 * The viability calculation: the nearest active site by great-circle distance, the
 * estimated route (distance × route factor), the template's bill of materials at that length
 * priced from the catalogue, labour, the extra build cost beyond the max distance, the price with
 * the margin, and the verdict with its reasons in pt-BR. Money in integer cents (money.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CalculationLine, DISCRETE_UNITS, type SectionSettings, type UnitCalculation, type UnitOfMeasure, type ViabilityVerdict } from '@operacoes/contract';
import type { DbOrTx } from '../../core/db';
import { sites } from '../network';
import { products } from '../warehouse';
import { brl, divRound, fromCents, toCents, withMargin } from './money';
import type { viabilityTemplates } from './schema';

type Settings = SectionSettings<'viability'>;
type Template = typeof viabilityTemplates.$inferSelect;
export type NearestSite = { id: number; code: string; name: string; latitude: number; longitude: number; distance_m: number };

/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const METRES_PER_DEGREE = 111_320;

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
export async function nearestSite(db: DbOrTx, organizationId: number, lat: number, lon: number, firstRadiusM: number): Promise<NearestSite | null> {
  const distance = distanceSql(lat, lon);
  const base = and(eq(sites.organization_id, organizationId), sql`${sites.status} = 'ativo'`, sql`${sites.latitude} is not null`);
  const pick = (where: ReturnType<typeof and>) =>
    db
      .select({ id: sites.id, code: sites.code, name: sites.name, latitude: sites.latitude, longitude: sites.longitude, distance_m: distance })
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

/** The figures of a calculation from its inputs (pure: the worked examples test this). */
export function calculate(input: {
  site: NearestSite | null;
  template: Pick<Template, 'id' | 'name' | 'medium' | 'items' | 'labour_cost' | 'labour_per_meter' | 'monthly_cost'>;
  products: Map<number, Priced>;
  settings: Pick<Settings, 'max_distance_m' | 'price_per_meter' | 'margin_percent' | 'route_factor' | 'proposal_validity_days'>;
  today: string;
}): Omit<UnitCalculation, 'version' | 'calculated_at' | 'calculated_by'> {
  const { site, template, settings } = input;
  const reasons: string[] = [];
  const route = site ? Math.round(site.distance_m * settings.route_factor) : null;
  const max = settings.max_distance_m;
  const pricePerMetre = toCents(String(settings.price_per_meter));

  let verdict: ViabilityVerdict;
  let extra = 0n;
  if (!site || route === null) {
    verdict = 'inviavel';
    reasons.push('Nenhum site ativo com coordenadas nesta organização: não há de onde atender.');
  } else {
    const where = `Site mais próximo: ${site.code} (${site.name}) a ${metres(site.distance_m)} em linha reta; rota estimada de ${metres(route)} (fator ${String(settings.route_factor).replace('.', ',')}).`;
    reasons.push(where);
    if (route <= max) {
      verdict = 'viavel';
      reasons.push(`Dentro da distância máxima de ${metres(max)}: sem custo extra de construção.`);
    } else if (route <= 2 * max) {
      verdict = 'viavel_com_custo';
      extra = BigInt(route - max) * pricePerMetre;
      reasons.push(`A rota passa da distância máxima de ${metres(max)} em ${metres(route - max)}: custo extra de construção de ${brl(extra)} (${route - max} m × ${brl(pricePerMetre)}/m).`);
    } else {
      verdict = 'inviavel';
      reasons.push(`A rota passa do dobro da distância máxima (${metres(2 * max)}): endereço fora da área de atendimento.`);
    }
  }

  const length = route ?? 0;
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
  const totalCost = materials + labour + extra;
  const monthly = toCents(template.monthly_cost);
  const validUntil = new Date(Date.parse(`${input.today}T12:00:00Z`) + settings.proposal_validity_days * 86_400_000).toISOString().slice(0, 10);
  return {
    site: site ? { id: site.id, code: site.code, name: site.name, latitude: site.latitude, longitude: site.longitude } : null,
    distance_m: site ? Math.round(site.distance_m) : null,
    route_factor: settings.route_factor,
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
    price: fromCents(withMargin(totalCost, settings.margin_percent)),
    monthly_cost: fromCents(monthly),
    monthly_price: fromCents(withMargin(monthly, settings.margin_percent)),
    verdict,
    reasons,
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
