import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SiteStatus, SiteType } from '@operacoes/contract';
import { cities, searchIndex, tenantColumns, unitsOrganizational } from '../../../core/schema';

/** A place network equipment stands in (POP, tower, data centre, cabinet, client premises), DESIGN §4. */
export const sites = pgTable(
  'site',
  {
    ...tenantColumns(),
    code: text().notNull(),
    name: text().notNull(),
    type: text().$type<SiteType>().notNull(),
    unit_organizational_id: integer().references(() => unitsOrganizational.id),
    address: text(),
    city_id: integer().references(() => cities.id),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    status: text().$type<SiteStatus>().notNull().default('ativo'),
    notes: text(),
    /** A fibre box (CTO): its splitter ("1:16") and how many client ports it has. */
    splitter_ratio: text(),
    port_count: integer(),
  },
  (t) => [
    uniqueIndex('site_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('site_org_idx').on(t.organization_id, t.id),
    index('site_city_idx').on(t.city_id),
    index('site_unit_idx').on(t.unit_organizational_id),
    // The viability's nearest-site search: a bounding box on the active sites' coordinates.
    index('site_active_position_idx').on(t.organization_id, t.latitude, t.longitude).where(sql`${t.status} = 'ativo' and ${t.latitude} is not null`),
    // The fibre feasibility's nearest-CTO search: a bounding box over the active boxes only.
    index('site_cto_position_idx').on(t.organization_id, t.latitude, t.longitude).where(sql`${t.type} = 'cto' and ${t.status} = 'ativo' and ${t.latitude} is not null`),
    searchIndex('site', t),
    check('site_type_check', sql`${t.type} in ('pop', 'torre', 'datacenter', 'armario', 'cliente', 'cto', 'outro')`),
    check('site_cto_ports_check', sql`${t.type} <> 'cto' or ${t.port_count} between 1 and 256`),
    check('site_port_count_check', sql`${t.port_count} is null or ${t.port_count} between 1 and 256`),
    check('site_status_check', sql`${t.status} in ('ativo', 'em_implantacao', 'desativado')`),
    check('site_coordinates_check', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    check('site_latitude_check', sql`${t.latitude} is null or ${t.latitude} between -90 and 90`),
    check('site_longitude_check', sql`${t.longitude} is null or ${t.longitude} between -180 and 180`),
  ],
);
