import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { violationsText } from '@operacoes/contract';
import { methodsOf } from './http-conventions';

export type Violation = { propertyPath: string; message: string };

/** An error with an HTTP status and a pt-BR message, answered as `{code, message}`. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public violations?: Violation[],
    /** More fields of the answer's body (a scheduling 409's clashes and deadline). */
    public details?: Record<string, unknown>,
    /** Headers of the answer (a 429's Retry-After and RateLimit-*). */
    public headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A noun and its grammatical gender, so messages agree ("Fonte de dados não encontrada."). */
export type Noun = { label: string; gender: 'm' | 'f' };
export const agree = (noun: Noun, masculine: string) => (noun.gender === 'f' ? masculine.replace(/o$/, 'a') : masculine);
export const notFound = (what: Noun = { label: 'Registro', gender: 'm' }) => new HttpError(404, `${what.label} ${agree(what, 'não encontrado')}.`);
export const forbidden = () => new HttpError(403, 'Você não tem permissão para esta ação.');
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (violations: Violation[]) =>
  new HttpError(422, violationsText(violations) || 'Dados inválidos.', violations);

const pathOf = (p: PropertyKey[] | readonly PropertyKey[]) => p.map(String).join('.');

function zodViolations(err: ZodError): Violation[] {
  return err.issues.map((i) => ({ propertyPath: pathOf(i.path), message: i.message }));
}

/** PostgreSQL error codes that come from bad input rather than a bug. */
function fromPostgres(err: { code?: string; constraint?: string; cause?: unknown }): HttpError | undefined {
  const e = (err.cause && typeof err.cause === 'object' ? err.cause : err) as { code?: string; constraint?: string };
  if (e.code === '23505') {
    // Unique indexes are named <table>_<field>_unique: point the violation at the field, never name the index.
    const field = /_([a-z]+)_unique$/.exec(e.constraint ?? '')?.[1];
    return new HttpError(409, 'Já existe um registro com este valor.', field ? [{ propertyPath: field, message: 'Já está em uso' }] : undefined);
  }
  if (e.code === '23503') return conflict('O registro está em uso por outros registros e não pode ser alterado ou excluído.');
  // Bad text or number representation, numeric/date out of range, invalid date, NUL in text.
  if (['22P02', '22003', '22007', '22008', '22021', '22P05'].includes(e.code ?? '')) return new HttpError(422, 'Valor inválido.', []);
  return undefined;
}

/**
 * Whether an error means the database cannot be reached right now (PostgreSQL restarting or
 * gone, a dropped connection): the request may succeed later, so it is a 503, not a 500.
 * Looks through `cause` (Drizzle wraps the driver's error) and AggregateError (connect tries).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 08xxx connection exceptions.
  if (['57P01', '57P02', '57P03', '53300'].includes(code) || /^08/.test(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (/Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i.test(message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

export const DATABASE_UNAVAILABLE = 'Banco de dados indisponível no momento. Tente novamente em instantes.';

/** Why a text cannot be stored as sent: a NUL (PostgreSQL refuses it), a lone UTF-16 surrogate (stored as U+FFFD). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function textFault(s: string): 'nul' | 'surrogate' | undefined {
  if (s.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  return undefined;
}

/** The first string (value or key) that cannot be stored as sent: its path and why. */
export function findInvalidText(value: unknown, path: string, depth = 0): { at: string; fault: 'nul' | 'surrogate' } | undefined {
  if (typeof value === 'string') {
    const fault = textFault(value);
    return fault ? { at: path, fault } : undefined;
  }
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const fault = textFault(key);
    if (fault) return { at, fault };
    const found = findInvalidText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a path that is not valid percent-encoded
 * UTF-8, a parameter longer than maxParamLength) skip the error handler and would answer
 * `{"code":"FST_ERR_…","message":"'…' is not a valid url component"}` in English.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply.status(status).send({ code: status, message: status === 414 ? 'O endereço é longo demais.' : 'Endereço inválido.' });
}

/** Unknown routes answer a JSON 404; with `spa`, other GETs outside /api get the web app's index.html. */
export function registerErrorHandling(app: FastifyInstance, opts: { spa: boolean }) {
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (opts.spa && (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api') && !url.startsWith('/.well-known')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    // The path exists with other methods: 405 and the ones it has (RFC 9110 §15.5.6), not 404.
    const allowed = url.startsWith('/api') ? methodsOf(app, url) : [];
    if (allowed.length) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ code: 405, message: `Método ${req.method} não permitido em ${url}. Métodos aceitos: ${allowed.join(', ')}.` });
    }
    return reply.status(404).send({ code: 404, message: `Rota não encontrada: ${req.method} ${url}` });
  });
  // One check for every route: a NUL or a lone surrogate anywhere in the body, query or params is refused before validation.
  app.addHook('preValidation', async (req) => {
    const found = findInvalidText(req.body, '') ?? findInvalidText(req.query, '') ?? findInvalidText(req.params, '');
    if (found) {
      const message = found.fault === 'nul' ? 'O texto contém um caractere inválido (nulo).' : 'O texto contém um caractere inválido (Unicode incompleto).';
      throw new HttpError(422, message, [{ propertyPath: found.at || 'body', message }]);
    }
  });
  app.setErrorHandler((err: FastifyError & { cause?: unknown }, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      // A 422 always lists its fields (none when the refusal is of the whole request), as the document says.
      const violations = err.violations ?? (err.status === 422 ? [] : undefined);
      return reply.status(err.status).send({ ...err.details, code: err.status, message: err.message, ...(violations ? { violations } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const violations = err.validation.map((v) => ({
        propertyPath: String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body',
        message: v.message ?? 'Valor inválido',
      }));
      return reply.status(422).send({ code: 422, message: violationsText(violations), violations });
    }
    if (err instanceof ZodError) {
      const violations = zodViolations(err);
      return reply.status(422).send({ code: 422, message: violationsText(violations), violations });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response does not match its schema');
      return reply.status(500).send({ code: 500, message: 'Erro interno do servidor.' });
    }
    if (isDatabaseUnavailable(err)) {
      // The driver's own message only: Drizzle's wrapper repeats the query and its parameters.
      let inner: { message?: string; code?: string; cause?: unknown } = err;
      while (inner.cause && typeof inner.cause === 'object') inner = inner.cause as typeof inner;
      req.log.warn({ reason: inner.message, dbCode: inner.code }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ code: 503, message: DATABASE_UNAVAILABLE });
    }
    const pgErr = fromPostgres(err as never);
    if (pgErr) return reply.status(pgErr.status).send({ code: pgErr.status, message: pgErr.message, ...(pgErr.violations ? { violations: pgErr.violations } : {}) });
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ code: 413, message: 'O conteúdo enviado é grande demais.' });
    if (status === 415) return reply.status(415).send({ code: 415, message: 'Tipo de conteúdo não suportado.' });
    if (status === 429) return reply.status(429).send({ code: 429, message: 'Muitas tentativas. Aguarde um pouco e tente novamente.' });
    if (status >= 400 && status < 500) {
      // Fastify's own messages are in English: answer a pt-BR one.
      return reply.status(status).send({ code: status, message: status === 404 ? 'Recurso não encontrado.' : 'Requisição inválida.' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 500, message: 'Erro interno do servidor.' });
  });
}
