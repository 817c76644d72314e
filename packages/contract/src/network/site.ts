import { z } from 'zod';
import { listQuery, tenantRecord, updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { latitude, longitude } from '../kit/validators';
import { code, id, name, optionalText, queryId, ref } from '../warehouse';
import { CTO_MAX_PORTS, SITE_STATUSES, SITE_TYPES, SPLITTER_RATIOS } from './enums';
import { siteEntity } from './module';

const coordinate = (kind: typeof latitude) => kind.nullable().optional();

export const siteInput = z.object({
  code: code('do site'),
  name,
  type: z.enum(SITE_TYPES, { message: 'Tipo de site inválido' }),
  unit_organizational_id: id.nullable().optional(),
  address: optionalText(500),
  city_id: id.nullable().optional(),
  latitude: coordinate(latitude),
  longitude: coordinate(longitude),
  status: z.enum(SITE_STATUSES, { message: 'Situação inválida' }).default('ativo'),
  notes: optionalText(4000),
  /** A fibre box (CTO): its splitter and its client ports. */
  splitter_ratio: z.enum(SPLITTER_RATIOS, { message: 'Divisor inválido (1:2 a 1:64)' }).nullable().optional(),
  port_count: z
    .number({ message: 'Portas: informe um número' })
    .int('Portas: um número inteiro')
    .min(1, `Uma CTO tem de 1 a ${CTO_MAX_PORTS} portas`)
    .max(CTO_MAX_PORTS, `Uma CTO tem de 1 a ${CTO_MAX_PORTS} portas`)
    .nullable()
    .optional(),
});

export const CTO_NEEDS_PORTS = 'Informe quantas portas a CTO tem';
/** A CTO needs its port count (its free ports are what the fibre feasibility looks for). */
export function ctoHasPorts(v: { type?: string; port_count?: number | null }, ctx: z.RefinementCtx) {
  if (v.type === 'cto' && (v.port_count === null || v.port_count === undefined)) ctx.addIssue({ code: 'custom', message: CTO_NEEDS_PORTS, path: ['port_count'] });
}

export const COORDINATES_PAIRED = 'Informe latitude e longitude juntas (ou nenhuma das duas)';
/** The coordinate a pair is missing (a latitude without a longitude, or the reverse), or null when whole or empty. */
export function unpairedCoordinate(v: { latitude?: number | null; longitude?: number | null }): 'latitude' | 'longitude' | null {
  const lat = v.latitude ?? null;
  const lng = v.longitude ?? null;
  if ((lat === null) === (lng === null)) return null;
  return lat === null ? 'latitude' : 'longitude';
}
/** Coordinates come in pairs: a latitude without a longitude (or the reverse) is refused on the missing one. */
export function coordinatesPaired(v: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  const missing = unpairedCoordinate(v);
  if (missing) ctx.addIssue({ code: 'custom', message: COORDINATES_PAIRED, path: [missing] });
}

/** The create body (and the web form): the fields plus the coordinate pair rule. */
export const siteCreate = siteInput.superRefine(coordinatesPaired).superRefine(ctoHasPorts);
/** A PUT keeps what it does not carry; the API checks the pair against the stored row. */
export const siteUpdate = updateOf(siteInput);

export const cityRef = z.object({ id: z.number(), name: z.string(), uf: z.string() });
export const siteRef = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type SiteRef = z.infer<typeof siteRef>;

export const siteRead = tenantRecord({
  code: z.string(),
  name: z.string(),
  type: z.enum(SITE_TYPES),
  unit_organizational_id: z.number().nullable(),
  unit_organizational: ref.nullable(),
  address: z.string().nullable(),
  city_id: z.number().nullable(),
  city: cityRef.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: z.enum(SITE_STATUSES),
  notes: z.string().nullable(),
  splitter_ratio: z.enum(SPLITTER_RATIOS).nullable(),
  port_count: z.number().nullable(),
  asset_count: z.number(),
});
export type SiteRead = z.infer<typeof siteRead>;
export type SiteInput = z.input<typeof siteInput>;

export const siteListQuery = listQuery.extend({
  type: z.enum(SITE_TYPES).optional(),
  status: z.enum(SITE_STATUSES).optional(),
  city: queryId,
  unit: queryId,
});
export type SiteListQuery = z.infer<typeof siteListQuery>;

/** `GET /api/site/map`: every site with coordinates matching the list's search and filters, as markers. */
export const siteMarker = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(SITE_TYPES),
  status: z.enum(SITE_STATUSES),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string().nullable(),
});
export type SiteMarker = z.infer<typeof siteMarker>;
export const siteMapQuery = siteListQuery.omit({ page: true, pageSize: true, sort: true });
export const siteMapResult = z.object({ items: z.array(siteMarker), total_items: z.number(), truncated: z.boolean() });
export type SiteMapResult = z.infer<typeof siteMapResult>;

export const siteResource = defineResource({
  ...siteEntity,
  apiPath: '/site',
  permission: 'SITE',
  tenancy: 'organization',
  schemas: { read: siteRead, create: siteCreate, update: siteUpdate, query: siteListQuery },
});
