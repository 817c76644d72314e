/**
 * `Idempotency-Key` for routes whose request may be sent again without knowing whether the first
 * one arrived (the technician's phone resends its queue when the signal returns). A route opts in
 * with one declaration: `config: { idempotent: true }`, or `acceptIdempotencyKey(app, [...])` for
 * routes built by a kit (workflow steps). With the header, the first request runs and its 2xx
 * answer is kept; a replay (same user, same key, same request) gets that answer and writes nothing.
 * A failed first request keeps nothing (it wrote nothing): the same key may be sent again.
 * Without the header the route behaves as before.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { HttpError, unprocessable } from './errors';
import { idempotencyKeys } from './schema/idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an `Idempotency-Key` header (core/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: { organizationId: number; userId: number; key: string };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is remembered: longer than a phone is expected to stay without signal. */
export const IDEMPOTENCY_TTL_DAYS = 7;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
/** Kept answers larger than this are not stored (a replay then answers 409, never writes again). */
const MAX_STORED_BODY = 2 * 1024 * 1024;
export const IDEMPOTENCY_IN_PROGRESS = 'Este envio já foi recebido e ainda está sendo processado (ou não terminou). Confira a atividade antes de repetir.';

function fingerprint(req: FastifyRequest): string {
  const path = req.url.split('?')[0];
  // Multipart bodies are read by the handler, not parsed here: the path alone identifies them.
  const body = req.body === undefined ? '' : createHash('sha256').update(JSON.stringify(req.body)).digest('base64url');
  return `${req.method} ${path} ${body}`;
}

function parseKey(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_PATTERN.test(key)) throw unprocessable([{ propertyPath: 'Idempotency-Key', message: 'Chave de idempotência inválida: de 8 a 100 letras, números ou - _ . :' }]);
  return key;
}

const preHandler: preHandlerHookHandler = async function (req, reply) {
  const key = parseKey(req);
  const user = req.currentUser;
  if (!key || !user) return;
  const db = this.db;
  const who = and(eq(idempotencyKeys.organization_id, user.organizationId), eq(idempotencyKeys.user_id, user.id));
  const request = fingerprint(req);
  const expired = sql`now() - make_interval(days => ${IDEMPOTENCY_TTL_DAYS})`;
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ organization_id: user.organizationId, user_id: user.id, key, request })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted) {
    req.idempotency = { organizationId: user.organizationId, userId: user.id, key };
    // The user's expired keys go as they send new ones: the table stays small without a job.
    await db.delete(idempotencyKeys).where(and(who, lt(idempotencyKeys.created_at, expired)));
    return;
  }
  const [kept] = await db.select().from(idempotencyKeys).where(and(who, eq(idempotencyKeys.key, key)));
  if (!kept) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS, undefined, { in_progress: true });
  if (kept.request !== request) throw unprocessable([{ propertyPath: 'Idempotency-Key', message: 'Esta chave de idempotência já foi usada em outra requisição.' }]);
  if (kept.status === null || kept.body === null) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS, undefined, { in_progress: true });
  reply.header('idempotent-replayed', 'true');
  if (kept.content_type) reply.type(kept.content_type);
  // The kept answer as it was sent (a string payload is not serialized again).
  return reply.code(kept.status).send(kept.body);
};

const onSend: onSendHookHandler = async function (req, reply: FastifyReply, payload) {
  const held = req.idempotency;
  if (!held) return payload;
  req.idempotency = undefined;
  const where = and(eq(idempotencyKeys.organization_id, held.organizationId), eq(idempotencyKeys.user_id, held.userId), eq(idempotencyKeys.key, held.key), isNull(idempotencyKeys.status));
  const ok = reply.statusCode >= 200 && reply.statusCode < 300;
  if (!ok) {
    // Refused or failed: nothing was written, so the key is free for a corrected resend.
    await this.db.delete(idempotencyKeys).where(where);
    return payload;
  }
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  // A streamed or oversized answer is not kept; the row stays "in progress" so a replay never writes twice.
  if (body === null || body.length > MAX_STORED_BODY) return payload;
  const contentType = reply.getHeader('content-type');
  await this.db
    .update(idempotencyKeys)
    .set({ status: reply.statusCode, body, content_type: typeof contentType === 'string' ? contentType : null })
    .where(where);
  return payload;
};

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Makes the routes registered after this call in `app` (and its children) accept the header:
 * those with `config.idempotent`, and those named here as "METHOD /api/path/:param".
 */
export function acceptIdempotencyKey(app: FastifyInstance, routes: readonly string[] = []) {
  const named = new Set(routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = asArray(route.method);
    if (!route.config?.idempotent && !methods.some((m) => named.has(`${m} ${route.url}`))) return;
    route.preHandler = [...asArray(route.preHandler), preHandler];
    route.onSend = [...asArray(route.onSend), onSend];
  });
}
