/**
 * Record versions for optimistic concurrency (stale edits): a record's read answers
 * `ETag: "<version>"`; a `PUT` carrying `If-Match` of an older version is refused with 412 and
 * the current record, so a second tab's save never silently wins.
 *
 * The version is a strong hash of the STORED row (every column, as the table holds it), not of
 * `updated_at`: some tables have no `updated_at`, and workflows and custom routes change rows
 * without touching it. Any write that changes any column changes the version, whoever makes it.
 * (A write that leaves every column as it was is no change, and keeps the version.)
 *
 * The tag a client sees is `"<version>.<answer hash>"` (`answerTags`): the version is what
 * `If-Match` compares, the answer's hash is what `If-None-Match` compares, because an answer may
 * carry other rows (a site's unit name, an LMC's segments) that change while the row does not.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './db';
import { HttpError } from './errors';
import { persons, revisions, users } from './schema';

/** JSON with the shapes a driver gives (Dates as ISO text via toJSON, bigints as text). */
const canonical = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** The strong entity tag of a stored row (or of any stored value, e.g. a settings section): `"<22 chars>"`. */
export function versionOf(stored: unknown): string {
  return `"${createHash('sha256').update(canonical(stored)).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether an `If-Match` header value lets a write on a record at version `etag` go on
 * (RFC 9110 §13.1.1): `*` matches any existing record; otherwise a comma-separated list of
 * entity tags, compared with the STRONG comparison function, so a weak tag (`W/"…"`) never
 * matches. A bare, unquoted tag is read as if it were quoted (some clients strip the quotes).
 */
export function ifMatchPasses(header: string, etag: string): boolean {
  const value = header.trim();
  if (value === '*') return true;
  const version = versionPart(etag);
  for (const part of value.split(',')) {
    const tag = part.trim();
    if (!tag || /^W\//i.test(tag)) continue;
    if (versionPart(tag) === version) return true;
  }
  return false;
}

/** The row version inside a tag, quoted or not, with or without its answer hash: `"v.h"` → `v`. */
const versionPart = (tag: string) => tag.replace(/^"|"$/g, '').split('.')[0];

/** An answer's full tag: its row version and a hash of the bytes answered. */
export const answerTag = (version: string, body: string | Buffer) =>
  `"${versionPart(version)}.${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;

/**
 * Whether `If-None-Match` names the answer's tag (RFC 9110 §13.1.2: the WEAK comparison, so
 * `W/"…"` matches too; `*` matches any answer).
 */
export function ifNoneMatchHits(header: string, tag: string): boolean {
  const value = header.trim();
  if (value === '*') return true;
  return value.split(',').some((part) => part.trim().replace(/^W\//i, '') === tag);
}

/**
 * Every 200 that carries a row version gets its full tag (version + answer hash), and a GET whose
 * `If-None-Match` names it answers 304 without a body. Registered once for the whole API.
 */
export function answerTags(app: FastifyInstance) {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const version = reply.getHeader('etag');
    if (reply.statusCode !== 200 || typeof version !== 'string' || version.includes('.')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = answerTag(version, payload);
    reply.header('etag', tag);
    const asked = req.headers['if-none-match'];
    if ((req.method === 'GET' || req.method === 'HEAD') && typeof asked === 'string' && ifNoneMatchHits(asked, tag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      return '';
    }
    return payload;
  });
}

/** The request's `If-Match` (undefined without one: old clients keep writing unchecked). */
export function ifMatchOf(req: FastifyRequest): string | undefined {
  const h = req.headers['if-match'];
  const value = Array.isArray(h) ? h.join(',') : h;
  return value && value.trim() ? value : undefined;
}

/** A refused stale write: answered 412 with the current record and its version (see `answeringStale`). */
export class StaleVersion extends HttpError {
  constructor(
    message: string,
    public current: unknown,
    public etag: string,
  ) {
    super(412, message);
  }
}

/** Who made the latest change of a record, from its revision rows (their person's nickname, else the username). */
export async function lastAuthor(db: DbOrTx, entity: string, entityId: number, where?: SQL): Promise<string | undefined> {
  const [row] = await db
    .select({ username: users.username, nickname: persons.nickname })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.user_id))
    .leftJoin(persons, eq(persons.id, users.person_id))
    .where(and(eq(revisions.entity, entity), eq(revisions.entity_id, entityId), where))
    .orderBy(desc(revisions.id))
    .limit(1);
  return row?.nickname || row?.username || undefined;
}

export const staleMessage = (author: string | undefined) => `Este registro foi alterado por ${author ?? 'outra pessoa'} enquanto você editava.`;

/**
 * Call inside the write's transaction, after the row is locked (`FOR UPDATE`), so two racing
 * writes with the same `If-Match` cannot both pass: the second waits for the first's commit,
 * then sees the new version. Throws `StaleVersion` when `ifMatch` does not match `etag`.
 */
export async function refuseStale(
  db: DbOrTx,
  ifMatch: string | undefined,
  etag: string,
  who: { entity: string; entityId: number; where?: SQL; current: () => Promise<unknown> },
): Promise<void> {
  if (ifMatch === undefined || ifMatchPasses(ifMatch, etag)) return;
  const author = await lastAuthor(db, who.entity, who.entityId, who.where);
  throw new StaleVersion(staleMessage(author), await who.current(), etag);
}

/** Runs a write handler; a `StaleVersion` becomes `412 {code, message, current}` with the current `ETag`. */
export async function answeringStale<T>(reply: FastifyReply, write: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof StaleVersion)) throw err;
    return reply.status(412).header('etag', err.etag).send({ code: 412, message: err.message, current: err.current });
  }
}
