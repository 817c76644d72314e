import { z } from 'zod';
import { latitude, longitude } from '../kit/validators';

/** `GET /api/viability/cto/around`: the CTOs near a point, for the unit's map (bounded radius and count). */
export const CTO_AROUND_MAX_RADIUS_M = 2_000;
export const CTO_AROUND_MAX = 200;
export const ctoAroundQuery = z.object({
  latitude: z.coerce.number().pipe(latitude),
  longitude: z.coerce.number().pipe(longitude),
  radius_m: z.coerce
    .number({ message: 'Raio: informe um número' })
    .int('Raio em metros inteiros')
    .min(10, `O raio vai de 10 m a ${CTO_AROUND_MAX_RADIUS_M} m`)
    .max(CTO_AROUND_MAX_RADIUS_M, `O raio vai de 10 m a ${CTO_AROUND_MAX_RADIUS_M} m`)
    .default(500),
});
export const ctoAround = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distance_m: z.number(),
  splitter_ratio: z.string().nullable(),
  port_count: z.number(),
  free: z.number(),
});
export type CtoAround = z.infer<typeof ctoAround>;
export const ctoAroundResult = z.object({ items: z.array(ctoAround), truncated: z.boolean() });

/** `GET /api/viability/cto/{id}/port`: every port of a CTO with what holds it. */
export const CTO_PORT_STATE_LABELS = { livre: 'Livre', servico: 'Em uso (serviço)', reservada: 'Reservada' } as const;
export const ctoPortState = z.object({
  port: z.number(),
  state: z.enum(['livre', 'servico', 'reservada']),
  svc: z.object({ id: z.number(), code: z.string(), client_name: z.string() }).nullable(),
  unit: z.object({ id: z.number(), name: z.string(), viability_id: z.number(), viability_code: z.string() }).nullable(),
});
export type CtoPortState = z.infer<typeof ctoPortState>;
export const ctoPortList = z.object({ site_id: z.number(), code: z.string(), port_count: z.number(), free: z.number(), ports: z.array(ctoPortState) });
export type CtoPortList = z.infer<typeof ctoPortList>;

/** `PUT /api/viability/cto/{id}/port/{port}`: a client's service plugged in that port (null frees it). */
export const ctoPortAssign = z.object({ svc_id: z.number().int().positive().nullable() });

/** `GET /api/viability/cto/svc/{id}`: the CTO and port a client's service is plugged into (null: none). */
export const svcCtoPort = z.object({
  svc_id: z.number(),
  port: z.object({ site_id: z.number(), code: z.string(), name: z.string(), port: z.number(), port_count: z.number() }).nullable(),
});
export type SvcCtoPort = z.infer<typeof svcCtoPort>;

/** `GET /api/viability/geocode`: an address or a CEP through the organization's geocoder. */
export const GEOCODE_MAX_RESULTS = 5;
export const geocodeQuery = z.object({ q: z.string({ message: 'Informe um endereço ou CEP' }).trim().min(3, 'Digite ao menos 3 caracteres').max(200, 'Busca longa demais') });
export const geocodeResult = z.object({
  /** False: the organization has no geocoder (the city list and a tap on the map, as before). */
  configured: z.boolean(),
  items: z.array(z.object({ latitude: z.number(), longitude: z.number(), label: z.string() })),
});
export type GeocodeResult = z.infer<typeof geocodeResult>;
