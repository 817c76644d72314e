import { expect } from 'vitest';
import { searchText } from '../../src/core/list';
import { sites } from '../../src/modules/network';
import { products } from '../../src/modules/warehouse';
import { perOrganization, type TestApp } from '../helpers';
import { uid } from '../warehouse/helpers';

/** The Curitiba POP every worked example measures from. */
export const POP = { latitude: -25.4284, longitude: -49.2733 };
/** A point `dLat` degrees north of the POP (distance = R × Δlat on a meridian). */
export const north = (dLat: number) => ({ latitude: POP.latitude + dLat, longitude: POP.longitude });

export type Fixture = {
  organizationId: number;
  seller: Awaited<ReturnType<TestApp['createUser']>>;
  keeper: Awaited<ReturnType<TestApp['createUser']>>;
  cableId: number;
  connectorId: number;
  templateId: number;
  siteId: number;
};

export async function insertSite(t: TestApp, organizationId: number, at: { latitude: number; longitude: number }, status: 'ativo' | 'desativado' = 'ativo') {
  const code = `POP-${uid()}`;
  const [site] = await t.app.db
    .insert(sites)
    .values({ organization_id: organizationId, code, name: `POP ${code}`, type: 'pop', status, ...at, search_text: searchText(code) })
    .returning();
  return site;
}

export async function insertProduct(t: TestApp, organizationId: number, name: string, price: string | null, unit: 'm' | 'un' | 'pc' = 'un') {
  const code = `P-${uid()}`;
  const [p] = await t.app.db
    .insert(products)
    .values({ organization_id: organizationId, code, name: `${name} ${code}`, tracking: 'consumivel', unit_of_measure: unit, price, search_text: searchText(name) })
    .returning();
  return p;
}

/**
 * Per organization: a seller (VIABILITY), a template keeper (VIABILITY_TEMPLATE_PRODUCT), drop
 * cable at R$ 2,50/m, a connector at R$ 7,90, the template "FTTH" (1,1 m of cable per metre,
 * 2 connectors, labour R$ 150,00 + R$ 1,20/m) and an active POP in Curitiba.
 */
export const fixture = perOrganization(async (t, organizationId): Promise<Fixture> => {
  const seller = await t.createUser({ permissions: ['VIABILITY'], organizationId });
  const keeper = await t.createUser({ permissions: ['VIABILITY_TEMPLATE_PRODUCT'], organizationId });
  const cable = await insertProduct(t, organizationId, 'Cabo drop', '2.50', 'm');
  const connector = await insertProduct(t, organizationId, 'Conector SC/APC', '7.90');
  const template = await t.call('POST', '/api/viability/unit/template', keeper.token, templateBody(cable.id, connector.id));
  expect(template.statusCode, template.body).toBe(201);
  const site = await insertSite(t, organizationId, POP);
  return { organizationId, seller, keeper, cableId: cable.id, connectorId: connector.id, templateId: template.json().id, siteId: site.id };
});

export const templateBody = (cableId: number, connectorId: number, extra: Record<string, unknown> = {}) => ({
  name: `FTTH ${uid()}`,
  medium: 'fibra_propria',
  items: [
    { product_id: cableId, quantity: 1.1, per_meter: true },
    { product_id: connectorId, quantity: 2, per_meter: false },
  ],
  labour_cost: '150,00',
  labour_per_meter: '1.20',
  monthly_cost: '0',
  ...extra,
});

let documents = 0;
/** A valid CNPJ per call (check digits computed). */
export function cnpj(): string {
  const base = `${String(11_222_333 + ++documents).padStart(8, '0')}0001`.split('').map(Number);
  const digit = (ds: number[]) => {
    const weights = ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = ds.reduce((s, d, i) => s + d * weights[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}

export const viabilityBody = (f: Fixture, extra: Record<string, unknown> = {}) => ({
  client_name: `Padaria Pão Quente ${uid()}`,
  client_document: cnpj(),
  contact_name: 'Joana Lima',
  contact_phone: '(41) 99876-5432',
  contact_email: 'joana@example.com',
  service_type: 'internet_dedicada',
  bandwidth_mbps: 300,
  seller_id: f.seller.id,
  ...extra,
});

export async function makeViability(t: TestApp, f: Fixture, extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/viability', f.seller.token, viabilityBody(f, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: string; status: string };
}

export const unitBody = (f: Fixture, viabilityId: number, at: { latitude: number; longitude: number }, extra: Record<string, unknown> = {}) => ({
  viability_id: viabilityId,
  name: `Matriz ${uid()}`,
  address: 'Rua XV de Novembro, 1000 - Centro',
  ...at,
  template_id: f.templateId,
  ...extra,
});

export type UnitRead = {
  id: number;
  viability_id: number;
  verdict: string;
  price: string;
  total_cost: string;
  public_hash: string | null;
  decision: { kind: string; name: string } | null;
  activity: { id: number; code: string } | null;
  calculation: Record<string, unknown> & { site: { id: number } | null; version: number; distance_m: number | null; route_m: number | null; lines: Record<string, unknown>[]; reasons: string[]; price: string; total_cost: string; valid_until: string };
};

export async function makeUnit(t: TestApp, f: Fixture, viabilityId: number, at: { latitude: number; longitude: number }, extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/viability/unit', f.seller.token, unitBody(f, viabilityId, at, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as UnitRead;
}
