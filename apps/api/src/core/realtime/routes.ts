import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { coalescedReader } from '../coalesce';
import { preparedRead } from '../prepared';
import { HttpError } from '../errors';
import { users } from '../schema';

/** `GET /.well-known/mercure?topic=…`: the Mercure subscribe endpoint. */
export async function realtimeRoutes(app: FastifyInstance) {
  // Every stream opening reads its user's token version; a burst of them (every phone reconnecting
  // after a restart) shares the statements. A stream may open 5 ms later; on PGlite each statement
  // also costs memory the WASM heap keeps.
  const userState = coalescedReader(async (ids: number[]) => {
    // One named statement with an array parameter: the same text whatever the batch's size.
    const rows = await preparedRead<{ id: number; v: number; active: boolean }>(app.db, realtimeRoutes, 'stream_users', (db) =>
      db.select({ id: users.id, v: users.token_version, active: users.is_active }).from(users).where(sql`${users.id} = any(${sql.placeholder('ids')})`),
    ).execute({ ids });
    return new Map(rows.map((r) => [r.id, r]));
  }, { windowMs: 5 });
  app.get('/.well-known/mercure', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const q = req.query as { topic?: string | string[]; authorization?: string };
    const topics = [q.topic ?? []].flat().filter(Boolean);
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : q.authorization;
    if (!token) throw new HttpError(401, 'Token do hub ausente.');
    const claims = await app.tokens.verifyMercure(token);
    if (!claims) throw new HttpError(401, 'Token do hub inválido ou expirado.');
    if (topics.length === 0) throw new HttpError(400, 'Informe ao menos um tópico.');
    const allowed = claims.mercure.subscribe;
    if (!topics.every((t) => allowed.includes(t))) throw new HttpError(403, 'Tópico não permitido para este token.');
    // Revoked like the API token: same user, still active, same token version (logout, a new
    // password or a deactivation bump it).
    const userId = Number(claims.sub);
    const row = Number.isSafeInteger(userId) ? await userState(userId) : undefined;
    const owner = { userId, tokenVersion: claims.ver };
    if (!row || !row.active || row.v !== claims.ver || app.realtime.isRevoked(owner)) throw new HttpError(401, 'Token do hub inválido ou expirado.');
    const lastId = req.headers['last-event-id'] ?? (req.query as { lastEventID?: string }).lastEventID;
    reply.hijack();
    await app.realtime.subscribe(reply.raw, topics, lastId ? Number(lastId) : undefined, owner);
  });
}
