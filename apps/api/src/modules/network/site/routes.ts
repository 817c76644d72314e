import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SQL, and, asc, count, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { COORDINATES_PAIRED, CTO_NEEDS_PORTS, SITE_MAP_MAX, type SiteListQuery, cityEntity, siteEntity, siteMapQuery, siteMapResult, siteResource, unitOrganizationalEntity, unpairedCoordinate } from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../../core/access';
import type { DbOrTx } from '../../../core/db';
import { conflict, unprocessable } from '../../../core/errors';
import { searchPatterns, searchText } from '../../../core/list';
import { tenancyCondition } from '../../../core/resource';
import { unitRefs } from '../../../core/unit-refs';
import { type Guard, type RefSlot, defineApiResource } from '../../../core/resource-kit';
import { unitsOrganizational } from '../../../core/schema';
import { cities, presentCities } from '../../locale';
import { networkAssets } from '../asset/schema';
import { circuits } from '../circuit/schema';
import { lmcs } from '../lmc/schema';
import { sites } from './schema';

type SiteRow = typeof sites.$inferSelect;

/**
 * What refers to a site: a delete while any of these does is refused (409, naming them).
 * The circuits (other half) add their line here.
 */
/** The two ends of a link between sites (circuits, LMCs): each checked and shown as id, code and name. */
export const siteEndRefs: Record<'site_a_id' | 'site_b_id', RefSlot> = {
  site_a_id: { table: sites, noun: siteEntity, show: ['id', 'code', 'name'] },
  site_b_id: { table: sites, noun: siteEntity, show: ['id', 'code', 'name'] },
};

export const siteReferences: Guard[] = [
  [networkAssets, networkAssets.site_id, 'ativo de rede', 'ativos de rede'],
  [circuits, [circuits.site_a_id, circuits.site_b_id], 'circuito de operadora', 'circuitos de operadora'],
  [lmcs, [lmcs.site_a_id, lmcs.site_b_id], 'LMC', 'LMCs'],
];

/** The list's module filters (shared by the list, the map and the data-source import's lookups). */
export const siteFilters = (q: Partial<SiteListQuery>): (SQL | undefined)[] => [
  q.type ? eq(sites.type, q.type) : undefined,
  q.status ? eq(sites.status, q.status) : undefined,
  q.city ? eq(sites.city_id, q.city) : undefined,
  q.unit ? eq(sites.unit_organizational_id, q.unit) : undefined,
];

/** The folded text a site is found by: code, name, address and its city ("curitiba pr"). */
export const siteSearchText = (r: { code?: unknown; name?: unknown; address?: unknown }, city?: { name: string; uf: string }) =>
  searchText(r.code as string, r.name as string, r.address as string | null, city?.name, city?.uf);

/** The city of a site's search text travels beside the values (never a column). */
const CITY = Symbol('city');

/** Sites as the API answers them: unit and city (`{id, name, uf}`) references and the count of assets. */
export async function presentSites(rows: SiteRow[], db: DbOrTx) {
  const ids = rows.map((r) => r.id);
  const [units, cityRefs, counted] = await Promise.all([
    unitRefs(db, rows.map((r) => r.unit_organizational_id)),
    presentCities(db, rows.map((r) => r.city_id)),
    ids.length ? db.select({ id: networkAssets.site_id, n: count() }).from(networkAssets).where(inArray(networkAssets.site_id, ids)).groupBy(networkAssets.site_id) : [],
  ]);
  const assets = new Map(counted.map((c) => [c.id, c.n]));
  return rows.map(({ search_text: _search, ...r }) => {
    return {
      ...r,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      unit_organizational: units.of(r.unit_organizational_id),
      city: (r.city_id && cityRefs.get(r.city_id)) || null,
      asset_count: assets.get(r.id) ?? 0,
    };
  });
}

/**
 * A CTO's highest port in use (a service not cancelled, or an accepted proposal's reservation); 0
 * when none. The ports table is the viability's (`cto_port`), named here in SQL: the network
 * module does not import the viability module, which imports it.
 */
async function highestUsedPort(db: DbOrTx, ctoId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number | null }>(
    sql`select max(p.port)::int as n from cto_port p where p.site_id = ${ctoId} and (p.unit_id is not null or exists (select 1 from svc v where v.id = p.svc_id and v.status <> 'cancelado'))`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Sites (`/api/site`): the kit's CRUD, the coordinate pair on updates, and the map's markers. */
export async function siteRoutes(fastify: FastifyInstance) {
  const def = defineApiResource(fastify, siteResource, {
    table: sites,
    defaultSort: [asc(sites.code), asc(sites.id)],
    filters: (q) => siteFilters(q),
    searchOf: (r) => siteSearchText(r, (r as { [CITY]?: { name: string; uf: string } })[CITY]),
    refs: {
      unit_organizational_id: { table: unitsOrganizational, noun: unitOrganizationalEntity },
      city_id: { table: cities, noun: cityEntity },
    },
    unitScope: (ids) => inArray(sites.unit_organizational_id, ids),
    unitField: 'unit_organizational_id',
    unique: { code: 'o código' },
    guardDelete: siteReferences,
    present: (rows, db) => presentSites(rows as SiteRow[], db),
    async toValues(values, { tx }, existing) {
      // A PUT may carry one coordinate: the pair it leaves must still be whole.
      if (existing && ('latitude' in values || 'longitude' in values)) {
        const missing = unpairedCoordinate({
          latitude: ('latitude' in values ? values.latitude : existing.latitude) as number | null,
          longitude: ('longitude' in values ? values.longitude : existing.longitude) as number | null,
        });
        if (missing) throw unprocessable([{ propertyPath: missing, message: COORDINATES_PAIRED }]);
      }
      // A CTO keeps a port count that still holds the ports in use (services and accepted proposals).
      if (existing && ('type' in values || 'port_count' in values)) {
        const type = ('type' in values ? values.type : existing.type) as string;
        const ports = ('port_count' in values ? values.port_count : existing.port_count) as number | null | undefined;
        if (type === 'cto' && (ports === null || ports === undefined)) throw unprocessable([{ propertyPath: 'port_count', message: CTO_NEEDS_PORTS }]);
        const used = existing.type === 'cto' ? await highestUsedPort(tx, existing.id as number) : 0;
        if (used && type !== 'cto') throw conflict(`A CTO ${existing.code as string} tem portas em uso: libere-as antes de mudar o tipo.`);
        if (used && (ports ?? 0) < used) throw conflict(`A porta ${used} da CTO ${existing.code as string} está em uso: a CTO não pode ter menos de ${used} portas.`);
      }
      const cityId = ('city_id' in values ? values.city_id : existing?.city_id) as number | null | undefined;
      const city = cityId ? (await presentCities(tx, [cityId])).get(cityId) : undefined;
      return Object.assign(values, { [CITY]: city });
    },
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/site/map',
    {
      config: { access: siteResource.access.read },
      schema: {
        tags: ['site'],
        summary: 'Sites no mapa',
        description: `Os sites com coordenadas que atendem à busca e aos filtros da lista, como marcadores (até ${SITE_MAP_MAX}).`,
        querystring: siteMapQuery,
        response: { 200: siteMapResult },
      },
    },
    async (req) => {
      const user: CurrentUser = userOf(req);
      const q = req.query;
      const where = and(tenancyCondition(def, user), isNotNull(sites.latitude), ...searchPatterns(q.search).map((p) => like(sites.search_text, p)), ...siteFilters(q));
      const rows = await app.db
        .select({ id: sites.id, code: sites.code, name: sites.name, type: sites.type, status: sites.status, latitude: sites.latitude, longitude: sites.longitude, city_id: sites.city_id })
        .from(sites)
        .where(where)
        .orderBy(asc(sites.code), asc(sites.id))
        .limit(SITE_MAP_MAX + 1);
      const cityRefs = await presentCities(app.db, rows.map((r) => r.city_id));
      const items = rows.slice(0, SITE_MAP_MAX).map(({ city_id, latitude, longitude, ...r }) => {
        const city = city_id ? cityRefs.get(city_id) : undefined;
        return { ...r, latitude: latitude!, longitude: longitude!, city: city ? `${city.name}/${city.uf}` : null };
      });
      return { items, total_items: items.length, truncated: rows.length > SITE_MAP_MAX };
    },
  );
}
