/**
 * `GET /api/viability/geocode?q=…`: address or CEP search through the organization's geocoder (an
 * endpoint speaking Nominatim's /search: `q`, `format=jsonv2`, `countrycodes=br`, `limit`; it answers
 * `[{lat, lon, display_name, …}]`, the coordinates as strings). The request leaves through the data
 * sources' outbound rules (safe-fetch: public addresses only, or those the operator allowed in
 * DATA_SOURCE_ALLOWED_HOSTS), never towards the server's own network.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { geocodeQuery, geocodeResult, GEOCODE_MAX_RESULTS } from '@operacoes/contract';
import { userOf } from '../../core/access';
import { HttpError } from '../../core/errors';
import { type AllowList, parseAllowList, safeFetch } from '../data-source';
import { getOrganizationSettings } from '../organization-settings';

const TIMEOUT_MS = 8_000;
const MAX_BYTES = 256 * 1024;

const refused = () =>
  new HttpError(422, 'Endereço do geocodificador não permitido: ele aponta para um endereço interno. Corrija a URL em Configurações › Viabilidade.', [{ propertyPath: 'geocoder_url', message: 'Endereço não permitido' }]);
const failed = (why: string) => new HttpError(502, `A busca de endereços não respondeu como esperado (${why}). Marque o ponto no mapa.`);

/** A CEP ("80010000", "80010-000") is searched in its written form, with the country. */
export function geocoderQuery(q: string): string {
  const cep = q.trim().match(/^(\d{5})-?(\d{3})$/);
  return cep ? `${cep[1]}-${cep[2]}, Brasil` : q.trim();
}

/** The geocoder's URL with Nominatim's search parameters (the organization's own parameters kept). */
export function geocoderUrl(base: string, q: string): URL {
  const url = new URL(base);
  url.searchParams.set('q', geocoderQuery(q));
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('countrycodes', 'br');
  url.searchParams.set('limit', String(GEOCODE_MAX_RESULTS));
  return url;
}

/** Nominatim's answer as results: entries without numeric coordinates in range are left out. */
export function readNominatim(body: unknown): { latitude: number; longitude: number; label: string }[] {
  if (!Array.isArray(body)) throw failed('a resposta não é uma lista');
  return body
    .slice(0, GEOCODE_MAX_RESULTS)
    .map((r: Record<string, unknown>) => ({ latitude: Number(r?.lat), longitude: Number(r?.lon), label: typeof r?.display_name === 'string' ? r.display_name.slice(0, 300) : '' }))
    .filter((r) => Number.isFinite(r.latitude) && Number.isFinite(r.longitude) && Math.abs(r.latitude) <= 90 && Math.abs(r.longitude) <= 180 && r.label !== '');
}

export async function geocodeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const allow: AllowList = parseAllowList(fastify.config.dataSourceAllowedHosts);
  app.get(
    '/viability/geocode',
    {
      config: { access: { read: ['VIABILITY'] } },
      schema: {
        tags: ['viability'],
        operationId: 'geocodeViabilityAddress',
        summary: 'Buscar um endereço ou CEP',
        description: `Até ${GEOCODE_MAX_RESULTS} resultados do geocodificador da organização (formato de busca do Nominatim). Sem geocodificador configurado: \`configured: false\` e nenhum resultado (escolha a cidade e marque o ponto no mapa).`,
        querystring: geocodeQuery,
        response: { 200: geocodeResult },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { geocoder_url } = await getOrganizationSettings(app.db, user.organizationId, 'viability');
      if (!geocoder_url) return { configured: false, items: [] };
      let res;
      try {
        res = await safeFetch(geocoderUrl(geocoder_url, req.query.q).toString(), {
          method: 'GET',
          headers: { accept: 'application/json', 'user-agent': 'Operacoes/1.0 (viabilidade)' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
          maxBytes: MAX_BYTES,
          allow,
          tooLarge: () => failed('resposta grande demais'),
        });
      } catch (e) {
        if (e instanceof HttpError && e.status === 422) throw refused();
        if (e instanceof HttpError) throw e;
        throw failed('sem conexão');
      }
      if (res.status !== 200) throw failed(`HTTP ${res.status}`);
      let body: unknown;
      try {
        body = JSON.parse(res.body.toString('utf8'));
      } catch {
        throw failed('a resposta não é JSON');
      }
      return { configured: true, items: readNominatim(body) };
    },
  );
}
