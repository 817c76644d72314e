import { and, eq } from 'drizzle-orm';
import { searchText } from '../../src/core/list';
import { cities, states } from '../../src/modules/locale';
import { unitsOrganizational } from '../../src/modules/unit-organizational/schema';
import type { TestApp } from '../helpers';

let uids = 0;
/** A suffix unique in the test file by construction; 'q' keeps it from matching numbers in searches. */
export const uid = () => `q${(++uids).toString(36).padStart(5, '0')}`;

/** A city of the IBGE list shipped by the migrations ("Curitiba", "PR"). */
export async function cityId(t: TestApp, name: string, uf: string): Promise<number> {
  const [row] = await t.app.db
    .select({ id: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.state_id))
    .where(and(eq(cities.name, name), eq(states.uf, uf)));
  if (!row) throw new Error(`city ${name}/${uf} missing`);
  return row.id;
}

/** A unit of the organization, inserted directly (units have their own tests). */
export async function unitOf(t: TestApp, organizationId = t.platformOrganizationId): Promise<number> {
  const k = uid();
  const [unit] = await t.app.db.insert(unitsOrganizational).values({ organization_id: organizationId, name: `Unidade ${k}`, code: `U${k}`, search_text: searchText(`Unidade ${k}`) }).returning();
  return unit.id;
}

/** A site made through the API by a `SITE` holder of the organization (one per call). */
export async function makeSite(t: TestApp, organizationId = t.platformOrganizationId, body: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const boss = await t.createUser({ permissions: ['SITE'], organizationId });
  const res = await t.call('POST', '/api/site', boss.token, { code: `POP-${uid()}`, name: 'POP de teste', type: 'pop', ...body });
  if (res.statusCode !== 201) throw new Error(`site: ${res.statusCode} ${res.body}`);
  return res.json();
}
