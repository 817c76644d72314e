/**
 * Every answer the API suite produces is checked against the OpenAPI document the server publishes, by a
 * reader nobody here wrote (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it): a success status the
 * document does not list, a content type it does not name, or a JSON body its schema refuses is a
 * mismatch, and the test that made the call fails naming the route. So the document cannot drift again.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
type Document = { paths: Record<string, Record<string, { responses?: Responses } | undefined>>; components?: unknown };

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const byDocument = new Map<string, ReturnType<typeof makeContract>>();
/** One checker per document and worker: the compiled schemas serve every app of a test file. */
export function answerContract(documentFile: string) {
  let contract = byDocument.get(documentFile);
  if (!contract) byDocument.set(documentFile, (contract = makeContract(documentFile)));
  return contract;
}

function makeContract(documentFile: string) {
  const document = JSON.parse(readFileSync(documentFile, 'utf8')) as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const mismatches: string[] = [];

  /** The mismatch of one answer with the document, or null. */
  function check(method: string, route: string, status: number, contentType: string, body: string): string | null {
    const path = route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) return null; // not a documented route (the docs pages themselves, static files)
    const responses = operation.responses ?? {};
    const statusKey = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
    const where = `${method} ${path} → ${status}`;
    // A shared answer (`$ref: #/components/responses/…`) is read, and its schema addressed, where it is declared.
    let at = ['paths', path, method.toLowerCase(), 'responses', statusKey ?? ''];
    let documented = statusKey ? responses[statusKey] : undefined;
    const shared = (documented as { $ref?: string } | undefined)?.$ref;
    if (shared) {
      at = shared.replace(/^#\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
      documented = at.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document) as Responses[string];
    }
    if (!documented) return status < 300 ? `${where}: status not in the document` : null;
    const media = contentType.split(';')[0].trim().toLowerCase();
    if (!documented.content) return status === 204 || status === 304 || body === '' ? null : `${where}: a ${media} body, none documented`;
    const key = Object.keys(documented.content).find((k) => k.toLowerCase() === media);
    if (!key) return body === '' ? null : `${where}: ${media} not among ${Object.keys(documented.content).join(', ')}`;
    if (!media.endsWith('json') || documented.content[key]?.schema === undefined) return null;
    const ref = `openapi#/${pointer(...at, 'content', key, 'schema')}`;
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.getSchema(ref);
      if (!validate) return `${where}: schema ${ref} not found`;
      compiled.set(ref, validate);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `${where}: not JSON`;
    }
    if (validate(parsed)) return null;
    return `${where}: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 600)}`;
  }

  return {
    /** Checks every answer of this app from now on (before `ready()`). */
    watch(app: FastifyInstance) {
      app.addHook('onSend', async (req, reply, payload) => {
        if (typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null) {
          const route = req.routeOptions.url;
          if (route) {
            const problem = check(req.method, route, reply.statusCode, String(reply.getHeader('content-type') ?? ''), payload == null ? '' : payload.toString());
            if (problem) mismatches.push(problem);
          }
        }
        return payload;
      });
    },
    /** The mismatches seen since the last call, cleared: thrown by the caller so the test that made them fails. */
    take(): string[] {
      return mismatches.splice(0);
    },
  };
}
