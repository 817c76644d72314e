/**
 * The typed client of the Operações API: every path, parameter and answer of its OpenAPI document
 * (src/schema.d.ts, generated), authenticated with an API token (`opr_…`).
 *
 *   const api = operacoes({ baseUrl: 'https://ops.example.com.br', token: process.env.OPR! });
 *   const sites = await ok(api.GET('/api/site', { params: { query: { search: 'curitiba' } } }));
 *   for await (const site of everyPage(api, '/api/site')) console.log(site.code);
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, paths } from './schema';
export type OperacoesClient = Client<paths>;
/** The API's error answer: a pt-BR `message`, and every invalid field at once in `violations` on a 422. */
export type ApiErrorBody = { code?: number; message?: string; violations?: { propertyPath: string; message: string }[] };

export function operacoes({ baseUrl, token, fetch }: { baseUrl: string; token: string; fetch?: typeof globalThis.fetch }): OperacoesClient {
  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), fetch });
  const bearer: Middleware = {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(bearer);
  return client;
}

/** An answer that was not 2xx: its status and the API's body (`message` in pt-BR). */
export class OperacoesError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'OperacoesError';
  }
}

/** The data of a call, or an OperacoesError carrying the status and the API's message. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new OperacoesError(response.status, error as ApiErrorBody | undefined);
  return data as T;
}

/** The list paths: those whose GET answers pages (`items`, `total_pages`). */
type Paged = { items: unknown[]; total_pages: number; current_page: number };
type ListPath = { [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'application/json': Paged } } } } } ? P : never }[keyof paths];
type ItemOf<P extends ListPath> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': { items: (infer I)[] } } } } } } ? I : never;
type QueryOf<P extends ListPath> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? Q : never;

/**
 * Every record of a list, page after page (100 at a time, the API's maximum), until its last page.
 * A path with parameters (`/api/circuit/{id}/unavailability`) takes them in `path`.
 */
export async function* everyPage<P extends ListPath>(
  client: OperacoesClient,
  listPath: P,
  options: { query?: Omit<NonNullable<QueryOf<P>>, 'page' | 'pageSize'>; path?: Record<string, string | number>; pageSize?: number } = {},
): AsyncGenerator<ItemOf<P>> {
  const get = client.GET as unknown as (p: string, init: unknown) => Promise<{ data?: Paged; error?: unknown; response: Response }>;
  for (let page = 1; ; page++) {
    const body = await ok(get(listPath, { params: { path: options.path, query: { ...options.query, page, pageSize: options.pageSize ?? 100 } } }));
    for (const item of body.items) yield item as ItemOf<P>;
    if (page >= body.total_pages) return;
  }
}
