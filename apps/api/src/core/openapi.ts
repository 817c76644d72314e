import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@operacoes/contract';

/**
 * The OpenAPI document, worth generating a client from. Routes declare
 * nothing for it: every operation gets, from its method, path, schema and `config.access`,
 * - a stable `operationId` (`listStock`, `getStock`, `createStock`, `updateStock`,
 *   `deleteStock`, `postPatrimonySolicitationApprove`…), unique in the document;
 * - a pt-BR `summary` (`Listar (stock)`…) unless the route schema sets one;
 * - one tag: its module, `config.module` or else the folder that declared the route
 *   (`src/modules/<module>/…`, read from the stack when the route is added), or else the
 *   path's first segment after /api;
 * - the kit's error answers as shared `components/responses`: 401 and 403 (not on public
 *   routes), 404 (routes with path parameters), 409 (writes), 422 with the violations
 *   (routes with a body, query or parameters), 429 (public routes: the rate-limited ones).
 * The document is OpenAPI 3.1 (JSON Schema 2020-12: `null` is a type, so zod's nullable
 * unions need no 3.0 `nullable` workaround) and passes `redocly lint` (`npm run lint`).
 */

const OPENAPI_VERSION = '3.1.0';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The module a route belongs to (its OpenAPI tag); by default the `src/modules/<module>/` folder that declares it. */
    module?: string;
    /** The route answers a record version (`ETag`); a PUT also honours `If-Match` (412 when stale; core/etag). */
    etag?: boolean;
    /** A read that may also refuse with 409 (a record not ready for it: the report of an order not yet concluded). */
    conflicts?: boolean;
  }
}

/** pt-BR names of the modules known today; a new module gets `Módulo <pasta>` until it is added here. */
const MODULE_TAGS: Record<string, { label: string; description: string }> = {
  auth: { label: 'Autenticação', description: 'Login, logout, cadastro, confirmação de e-mail, troca e recuperação de senha.' },
  user: { label: 'Usuários', description: 'Usuários da organização, o perfil do usuário atual e suas unidades organizacionais.' },
  'unit-organizational': { label: 'Unidades organizacionais', description: 'Árvore de unidades organizacionais da organização.' },
  notification: { label: 'Notificações', description: 'Notificações do usuário atual e envio de notificações.' },
  'release-note': { label: 'Novidades', description: 'Notas de versão exibidas no "O que há de novo".' },
  revision: { label: 'Log de revisões', description: 'Histórico de alterações (auditoria) dos registros.' },
  files: { label: 'Arquivos', description: 'Arquivos públicos enviados (fotos, logotipos).' },
  'organization-settings': { label: 'Configurações da organização', description: 'Configurações por módulo da organização do usuário.' },
  organization: { label: 'Organizações', description: 'Organizações (clientes) da plataforma.' },
  locale: { label: 'Localidades', description: 'Países, estados e cidades (com importação do IBGE).' },
  'data-source': { label: 'Fontes de dados', description: 'Fontes de dados externas, seus testes, execuções e registros importados.' },
  webhook: { label: 'Webhooks', description: 'Endereços que recebem, assinadas, as criações, alterações e exclusões de registros da organização; suas entregas e reenvios.' },
  warehouse: {
    label: 'Almoxarifado',
    description: 'Estoques, seções, produtos, patrimônio, consumíveis, movimentações, solicitações de patrimônio, "meu patrimônio" e o resumo do almoxarifado.',
  },
  logistics: { label: 'Logística', description: 'Solicitações de envio, envios e o recebimento público pelo destinatário.' },
  network: { label: 'Rede', description: 'Sites, ativos, enlaces, caminhos (LMC) com scripts MikroTik, circuitos de operadora e suas indisponibilidades.' },
  'external-activity': { label: 'Atividades externas', description: 'Atividades de campo, técnicos, SLA, materiais e assinaturas.' },
  schedule: { label: 'Agenda', description: 'Eventos da agenda, disponibilidade e exportação iCalendar.' },
  project: { label: 'Projetos', description: 'Projetos, tarefas, marcos e custos.' },
  viability: { label: 'Viabilidade', description: 'Estudos de viabilidade, unidades, modelos e propostas aos clientes.' },
  wiki: { label: 'Wiki', description: 'Páginas por caminho (até quatro níveis), histórico, diferenças, restauração, movimentação e pesquisa em português.' },
  faq: { label: 'Perguntas frequentes', description: 'Categorias e perguntas com respostas, ordenação, pesquisa e avaliação "foi útil?".' },
  report: { label: 'Relatórios', description: 'Catálogo de relatórios, prévia, exportação CSV/XLSX/PDF e exportações em segundo plano.' },
  dashboard: { label: 'Início', description: 'O que precisa de mim agora e os números da organização, em uma requisição.' },
};

const ERROR_RESPONSES = {
  401: { name: 'Unauthorized', schema: 'ApiError', description: 'Sem token, token inválido ou sessão expirada (`Authorization: Bearer <token>`).' },
  403: { name: 'Forbidden', schema: 'ApiError', description: 'O usuário não tem a permissão exigida por esta operação.' },
  404: { name: 'NotFound', schema: 'ApiError', description: 'Registro não encontrado (ou de outra organização).' },
  409: {
    name: 'Conflict',
    schema: 'ApiError',
    description: 'Conflito: valor já em uso (`violations` aponta o campo), registro em uso por outros, ou estado que não permite a ação.',
  },
  422: { name: 'ValidationFailed', schema: 'ValidationError', description: 'Dados inválidos: `violations` lista cada campo (`propertyPath`) e sua mensagem.' },
  429: { name: 'TooManyRequests', schema: 'ApiError', description: 'Muitas tentativas: aguarde um pouco e tente novamente.' },
} as const;

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
  security?: Json[];
};
type Kind = 'list' | 'get' | 'create' | 'update' | 'patch' | 'delete' | 'post';

/** What the per-route transform learns from the route and hands to the document pass. */
const ROUTE_META = 'x-operacoes-route';
type RouteMeta = { module?: string; isPublic: boolean; produces?: string[]; consumes?: string[]; etag?: boolean; conflicts?: boolean };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `src/modules/<module>/…` in the stack of the code that declared a route. */
const MODULE_FRAME = /[\\/]src[\\/]modules[\\/]([a-z0-9_-]+)[\\/]/i;

function declaringModule(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return MODULE_FRAME.exec(stack)?.[1];
}

const pascal = (segment: string) =>
  segment
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

const isParam = (segment: string) => segment.startsWith('{');

/** Path segments after `/api`. */
const segmentsOf = (path: string) => path.replace(/^\/api(?=\/|$)/, '').split('/').filter(Boolean);

function kindOf(method: string, path: string, op: Operation, paths: string[]): Kind {
  if (method === 'get') {
    const ok = op.responses?.['200'] as { content?: Record<string, { schema?: { properties?: Json } }> } | undefined;
    const props = ok?.content?.['application/json']?.schema?.properties;
    return props && 'items' in props && 'total_items' in props ? 'list' : 'get';
  }
  if (method === 'post') {
    // A collection: the same path has an item route (`<path>/{id}`).
    const item = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\{[^/]+\\}$`);
    return paths.some((p) => item.test(p)) ? 'create' : 'post';
  }
  if (method === 'put') return 'update';
  if (method === 'patch') return 'patch';
  return 'delete';
}

const VERBS: Record<Exclude<Kind, 'post'>, string> = {
  list: 'Listar',
  get: 'Obter',
  create: 'Criar',
  update: 'Alterar',
  patch: 'Alterar',
  delete: 'Excluir',
};

/** `Listar (stock)`, `Ação approve (patrimony-solicitation)`. */
function summaryOf(kind: Kind, path: string): string {
  const segments = segmentsOf(path);
  const statics = segments.filter((s) => !isParam(s));
  if (kind !== 'post') return `${VERBS[kind]} (${statics.join('/')})`;
  // An action: the static segments after the last parameter (or the last one), on the resource before it.
  const lastParam = segments.findLastIndex(isParam);
  const trailing = lastParam >= 0 ? segments.slice(lastParam + 1) : [];
  const action = trailing.length ? trailing : statics.slice(-1);
  const resource = statics.slice(0, statics.length - action.length);
  return resource.length ? `Ação ${action.join('/')} (${resource.join('/')})` : `Ação ${action.join('/')}`;
}

function baseOperationId(kind: Kind, path: string): string {
  const name = segmentsOf(path)
    .filter((s) => !isParam(s))
    .map(pascal)
    .join('');
  return kind + name;
}

/** Operations that derive the same id: the one with path parameters says which (`getReceivingByHash`). */
function uniqueIds(entries: { key: string; base: string; path: string }[]): Map<string, string> {
  const byBase = new Map<string, typeof entries>();
  for (const e of entries) byBase.set(e.base, [...(byBase.get(e.base) ?? []), e]);
  const ids = new Map<string, string>();
  for (const group of byBase.values()) {
    for (const e of group) {
      const params = segmentsOf(e.path).filter(isParam);
      ids.set(e.key, group.length > 1 && params.length ? `${e.base}By${params.map((p) => pascal(p.slice(1, -1))).join('And')}` : e.base);
    }
  }
  const seen = new Map<string, string>();
  for (const [key, id] of ids) {
    if (seen.has(id)) throw new Error(`OpenAPI: two operations derive the operationId "${id}" (${seen.get(id)}, ${key}); set schema.operationId on one.`);
    seen.set(id, key);
  }
  return ids;
}

/** Zod 4's JSON Schema, cleaned of what OpenAPI tooling flags. */
function cleanSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cleanSchema);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value as Json)) {
    if (key === '$schema' || key === '$id') continue;
    out[key] = cleanSchema(child);
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = out[keyword];
    // A union with an "any value" branch (`{}`, zod's unknown) accepts anything.
    if (Array.isArray(branches) && branches.some((b) => b && typeof b === 'object' && Object.keys(b).length === 0)) delete out[keyword];
  }
  // `z.record(z.enum([...]), v)`: every key is required, with the value's schema.
  const required = out.required;
  if (Array.isArray(required) && out.type === 'object') {
    const properties = { ...((out.properties as Json | undefined) ?? {}) };
    const value = typeof out.additionalProperties === 'object' ? out.additionalProperties : {};
    for (const name of required as string[]) if (!(name in properties)) properties[name] = value;
    out.properties = properties;
  }
  return out;
}

const errorSchemas = () => {
  const toJson = (schema: z.ZodType) => cleanSchema(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' })) as Json;
  return {
    // Open to more fields: a 412 adds `current`, a scheduling 409 its clashes; a closed schema made those answers invalid.
    ApiError: {
      ...toJson(apiError.loose()),
      description: 'Erro da API: `code` é o status HTTP; `message`, em pt-BR, pode ser mostrada ao usuário. Algumas respostas trazem mais campos (o 412 traz `current`).',
    },
    ValidationError: {
      ...toJson(apiError.required({ violations: true })),
      description: 'Erro de validação (422): uma violação por campo; `propertyPath` é o caminho do campo (`items.0.quantity`).',
    },
  };
};

/** A versioned record's read and write (core/etag): the `ETag` answer header, `If-Match` and the 412 of a stale save. */
function documentVersion(method: string, op: Operation) {
  const responses = (op.responses ??= {});
  const ok = responses['200'];
  if (ok) ok.headers = { ETag: { description: 'A versão da resposta (`"<versão do registro>.<hash da resposta>"`): envie-a em `If-Match` ao salvar (só a versão do registro é comparada) e em `If-None-Match` ao ler de novo (304 se a resposta não mudou).', schema: { type: 'string' } } };
  if (method === 'get') {
    (op.parameters ??= []).push({
      in: 'header',
      name: 'If-None-Match',
      required: false,
      description: 'O `ETag` de uma leitura anterior: se a resposta é a mesma, 304 sem corpo.',
      schema: { type: 'string' },
    });
    responses['304'] = { description: 'A resposta não mudou desde o `ETag` enviado em `If-None-Match`: use a que você já tem.', headers: { ETag: { description: 'A versão da resposta.', schema: { type: 'string' } } } };
  }
  if (method !== 'put') return;
  (op.parameters ??= []).push({
    in: 'header',
    name: 'If-Match',
    required: false,
    description: 'A versão (`ETag`) lida antes de editar: se o registro mudou desde então, a gravação é recusada com 412. Sem o cabeçalho, grava sem conferir.',
    schema: { type: 'string' },
  });
  responses['412'] = {
    description: 'O registro foi alterado por outra pessoa depois da versão enviada em `If-Match`: nada foi gravado; `current` é o registro atual e `ETag` a sua versão.',
    headers: { ETag: { description: 'A versão atual do registro.', schema: { type: 'string' } } },
    content: {
      'application/json': {
        schema: { allOf: [{ $ref: '#/components/schemas/ApiError' }, { type: 'object', properties: { current: { description: 'O registro atual.' } }, required: ['current'] }] },
      },
    },
  };
}

/** The pass over the whole document: ids, summaries, tags, error answers, schema clean-up. */
export function finishDocument(doc: Json): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  const pathList = Object.keys(paths);
  const entries: { key: string; base: string; path: string; op: Operation; kind: Kind }[] = [];
  const modules = new Set<string>();

  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const meta = (op[ROUTE_META] ?? { isPublic: false }) as RouteMeta;
      delete op[ROUTE_META];
      const kind = kindOf(method, path, op, pathList);
      entries.push({ key: `${method.toUpperCase()} ${path}`, base: op.operationId ?? baseOperationId(kind, path), path, op, kind });

      op.summary ??= summaryOf(kind, path);
      const module = meta.module ?? segmentsOf(path)[0] ?? 'api';
      op.tags = [module];
      modules.add(module);

      const responses = (op.responses ??= {});
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === 'Default Response') response.description = 'Sucesso.';
        // A route that answers a file says what it produces; its body is binary.
        // A list that also exports (`?format=csv|xlsx`) names the file types beside its JSON.
        if (/^2/.test(status) && meta.produces?.length && method === 'get') {
          const content = (response.content ??= {}) as Record<string, Json>;
          for (const type of meta.produces) content[type] ??= { schema: { type: 'string', contentMediaType: type } };
        }
      }
      if (method === 'delete' && responses['200'] && !responses['204']) responses['204'] = { description: 'Excluído.' };
      // A write that declares no answer body answers 204 (logout, a cookie renewed).
      if (method !== 'get' && method !== 'delete' && responses['200'] && !responses['200'].content && !responses['204']) responses['204'] = { description: 'Sem conteúdo.' };

      // An upload (`consumes: multipart/form-data`, read with `req.file()`): one file part.
      if (!op.requestBody && meta.consumes?.includes('multipart/form-data')) {
        const file = { type: 'string', contentMediaType: 'application/octet-stream', description: 'O arquivo enviado.' };
        op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file }, required: ['file'] } } } };
      }

      if (meta.etag) documentVersion(method, op);

      const hasParams = segmentsOf(path).some(isParam);
      const validated = hasParams || Boolean(op.requestBody) || Boolean(op.parameters?.some((p) => p.in === 'query'));
      const errors: (keyof typeof ERROR_RESPONSES)[] = [];
      if (!meta.isPublic) errors.push(401, 403);
      if (hasParams) errors.push(404);
      if (method !== 'get' || meta.conflicts) errors.push(409);
      if (validated) errors.push(422);
      if (meta.isPublic) errors.push(429);
      for (const status of errors) responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
      if (meta.isPublic) op.security = [];
      else delete op.security;
    }
  }

  const ids = uniqueIds(entries);
  for (const e of entries) e.op.operationId = ids.get(e.key);

  const components = (doc.components ?? {}) as Json;
  const schemas = { ...(components.schemas as Json | undefined), ...errorSchemas() };
  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map((r) => [r.name, { description: r.description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${r.schema}` } } } }]),
  );
  const tags = [...modules].sort().map((name) => {
    const known = MODULE_TAGS[name];
    return { name, 'x-displayName': known?.label ?? name, description: known?.description ?? `Módulo ${name}.` };
  });

  return cleanSchema({
    ...doc,
    openapi: OPENAPI_VERSION,
    servers: (doc.servers as unknown[] | undefined)?.length ? doc.servers : [{ url: '/', description: 'Este servidor (as rotas começam em /api).' }],
    tags,
    components: { ...components, schemas, responses: { ...(components.responses as Json | undefined), ...responses } },
  }) as Json;
}

/** Registers @fastify/swagger (document at `/api/docs/json`, UI at `/api/docs`). Call before the modules. */
export async function registerOpenApi(app: FastifyInstance, info: { title: string; version: string; description: string }) {
  const moduleOf = new WeakMap<RouteOptions, string>();
  app.addHook('onRoute', (route) => {
    const module = route.config?.module ?? declaringModule();
    if (module) moduleOf.set(route, module);
  });

  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A sessão de quem entrou com usuário e senha (POST /api/login).' },
          apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'opr_…', description: 'Um token de API pessoal (POST /api/me/token), com as permissões escolhidas limitadas às atuais do usuário.' },
        },
      },
      security: [{ bearer: [] }, { apiToken: [] }],
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const schema = result.schema as Json | undefined;
      if (!schema || schema.hide) return result;
      const route = input.route as RouteOptions;
      const meta: RouteMeta = {
        module: moduleOf.get(route),
        isPublic: route.config?.access === 'public',
        produces: (route.schema as { produces?: string[] } | undefined)?.produces,
        consumes: (route.schema as { consumes?: string[] } | undefined)?.consumes,
        etag: route.config?.etag,
        conflicts: route.config?.conflicts,
      };
      return { ...result, schema: { ...schema, [ROUTE_META]: meta } as FastifySchema };
    },
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as Json) as ReturnType<typeof jsonSchemaTransformObject>,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
