import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishDocument } from '../../src/core/openapi';
import { createTestApp, type TestApp } from '../helpers';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { in: string }[];
  responses: Record<string, { $ref?: string; description?: string }>;
};
type Doc = {
  openapi: string;
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, unknown>; schemas: Record<string, { required?: string[] }> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, method, path: p, op })));

let t: TestApp;
let doc: Doc;
let operations: ReturnType<typeof operationsOf>;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = operationsOf(doc);
});
afterAll(() => t?.close());

describe('OpenAPI document', () => {
  it('gives every operation a unique operationId, a summary and its module tag, defined at the top level', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map((o) => o.op.operationId);
    for (const { key, op } of operations) {
      expect(op.operationId, key).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      expect(op.summary, key).toBeTruthy();
      expect(op.tags, key).toHaveLength(1);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const { key, op } of operations) expect(tags.get(op.tags![0]), key).toBeTruthy();
    expect([...tags.keys()]).toEqual(expect.arrayContaining(['auth', 'user', 'warehouse', 'logistics', 'locale']));
  });

  it('names the kit operations list/get/create/update/delete and the actions by method and path', () => {
    const byKey = new Map(operations.map((o) => [o.key, o.op]));
    const expected: Record<string, [string, string]> = {
      'GET /api/stock': ['listStock', 'Listar (stock)'],
      'GET /api/stock/{id}': ['getStock', 'Obter (stock)'],
      'POST /api/stock': ['createStock', 'Criar (stock)'],
      'PUT /api/stock/{id}': ['updateStock', 'Alterar (stock)'],
      'DELETE /api/stock/{id}': ['deleteStock', 'Excluir (stock)'],
      'POST /api/patrimony-solicitation/{id}/approve': ['postPatrimonySolicitationApprove', 'Aprovar (solicitação de patrimônio)'],
      'GET /api/stock/{id}/balances': ['listStockBalances', 'Listar (stock/balances)'],
      'POST /api/login': ['postLogin', 'Ação login'],
    };
    for (const [key, [id, summary]] of Object.entries(expected)) {
      expect(byKey.get(key)?.operationId, key).toBe(id);
      expect(byKey.get(key)?.summary, key).toBe(summary);
    }
    // The tag is the module that declares the route, not the path's first segment.
    expect(byKey.get('GET /api/stock')?.tags).toEqual(['warehouse']);
    expect(byKey.get('GET /api/user/notification')?.tags).toEqual(['notification']);
    expect(byKey.get('PUT /api/user/changePassword')?.tags).toEqual(['auth']);
  });

  it('answers the kit errors from shared components: 401/403 unless public, 404 with parameters, 409 on writes, 422 with violations, 429 when public', () => {
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    for (const { key, method, path: p, op } of operations) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const validated = p.includes('{') || Boolean(op.requestBody) || Boolean(op.parameters?.some((x) => x.in === 'query'));
      if (isPublic) {
        expect(op.responses['401'], key).toBeUndefined();
        expect(op.responses['403'], key).toBeUndefined();
        expect(op.responses['429'], key).toEqual(ref('TooManyRequests'));
      } else {
        expect(op.responses['401'], key).toEqual(ref('Unauthorized'));
        expect(op.responses['403'], key).toEqual(ref('Forbidden'));
      }
      if (p.includes('{')) expect(op.responses['404'], key).toEqual(ref('NotFound'));
      if (method !== 'get') expect(op.responses['409'], key).toEqual(ref('Conflict'));
      if (validated) expect(op.responses['422'], key).toEqual(ref('ValidationFailed'));
      expect(Object.keys(op.responses).some((s) => /^2/.test(s)), key).toBe(true);
    }
    const login = doc.paths['/api/login'].post;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '422', '429']));
    expect(doc.components.schemas.ValidationError.required).toEqual(['code', 'message', 'violations']);
    for (const name of ['Unauthorized', 'Forbidden', 'NotFound', 'Conflict', 'ValidationFailed', 'TooManyRequests']) expect(doc.components.responses[name], name).toBeTruthy();
  });

  it('is OpenAPI 3.1 without the zod → JSON Schema leftovers tools flag', () => {
    expect(doc.openapi).toBe('3.1.0');
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$schema"');
    expect(text).not.toContain('"nullable"');
    expect(text).not.toContain('x-operacoes-route');
    expect(text).not.toMatch(/"(anyOf|oneOf)":\[[^\]]*\{\}/);
  });

  it('keeps a summary or operationId the route sets, and tells operations that derive the same id apart by their parameters', () => {
    const op = () => ({ responses: { 200: { description: 'Default Response' } } });
    const paths = {
      '/api/thing': { get: op(), post: { ...op(), summary: 'Registra uma coisa', operationId: 'registerThing' } },
      '/api/thing/{hash}': { get: op() },
    };
    const out = finishDocument({ openapi: '3.1.0', paths }) as unknown as Doc;
    expect(out.paths['/api/thing'].get.operationId).toBe('getThing');
    expect(out.paths['/api/thing/{hash}'].get.operationId).toBe('getThingByHash');
    expect(out.paths['/api/thing'].post.operationId).toBe('registerThing');
    expect(out.paths['/api/thing'].post.summary).toBe('Registra uma coisa');
    expect(out.paths['/api/thing/{hash}'].get.summary).toBe('Obter (thing)');
    expect(out.paths['/api/thing'].get.tags).toEqual(['thing']);
    expect(out.tags).toEqual([{ name: 'thing', 'x-displayName': 'thing', description: 'Módulo thing.' }]);
  });
});

describe('a TypeScript client generated with openapi-typescript', () => {
  it('type-checks a usage file, and a wrong property is a type error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'operacoes-openapi-client-'));
    try {
      writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(doc as never)));
      const good = path.join(dir, 'good.ts');
      const bad = path.join(dir, 'bad.ts');
      writeFileSync(
        good,
        `import type { components, operations, paths } from './api';
type StockList = paths['/api/stock']['get']['responses'][200]['content']['application/json'];
type Stock = StockList['items'][number];
export const list: StockList = { items: [], total_items: 0, total_pages: 1, current_page: 1, page_size: 10 };
export const name: Stock['name'] = 'Central';
export const description: Stock['description'] = null;
export const query: NonNullable<paths['/api/stock']['get']['parameters']['query']> = { page: 2, search: 'central' };
type StockCreate = paths['/api/stock']['post']['requestBody']['content']['application/json'];
export const body: Pick<StockCreate, 'name'> = { name: 'Central' };
type Invalid = paths['/api/stock']['post']['responses'][422]['content']['application/json'];
export const invalid: Invalid = { code: 422, message: 'Nome: Obrigatório', violations: [{ propertyPath: 'name', message: 'Obrigatório' }] };
export const denied: paths['/api/stock/{id}']['delete']['responses'][403]['content']['application/json'] = { code: 403, message: 'Sem permissão' };
export const approve: operations['postPatrimonySolicitationApprove']['parameters']['path'] = { id: 1 };
export const error: components['schemas']['ApiError'] = { code: 404, message: 'Estoque não encontrado.' };
`,
      );
      writeFileSync(
        bad,
        `import type { paths } from './api';
type Stock = paths['/api/stock']['get']['responses'][200]['content']['application/json']['items'][number];
export const wrong: Stock['nome'] = 'Central';
`,
      );
      const program = ts.createProgram([good, bad], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
        skipLibCheck: true,
      });
      const messages = (file: string) =>
        ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(messages(path.join(dir, 'api.ts'))).toEqual([]);
      expect(messages(good)).toEqual([]);
      expect(messages(bad).join('\n')).toMatch(/Property 'nome' does not exist/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what the API accepts, the document promises', () => {
  it('an emptied closed-list field ("") is accepted as none and the document lists "" among its values', async () => {
    const schema = (doc.paths['/api/asset'].post.requestBody as { content: Record<string, { schema: { properties: Record<string, { anyOf?: { enum?: string[] }[]; description?: string }> } }> }).content['application/json'].schema;
    const field = schema.properties.routeros_version;
    expect(field.anyOf?.find((s) => s.enum)?.enum).toEqual(['6.x', '7.x', '']);
    expect(field.description).toBe('Vazio ("") equivale a nenhum (null).');
    const user = await t.createUser({ permissions: ['NETWORK_ASSET'] });
    const created = await t.call('POST', '/api/asset', user.token, { hostname: 'rb-vazio', role: 'roteador', vendor: 'mikrotik', routeros_version: '' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().routeros_version).toBeNull();
    const refused = await t.call('POST', '/api/asset', user.token, { hostname: 'rb-oito', role: 'roteador', vendor: 'mikrotik', routeros_version: '8.x' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations).toEqual([{ propertyPath: 'routeros_version', message: 'Versão do RouterOS: 6.x ou 7.x' }]);
  });
});
