import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from './access';

/**
 * Work to run after the transaction of a request commits (notifications: push and e-mail).
 * Keyed by the request's user object, which the resource kit hands to its hooks as `ctx.user`.
 */
const pending = new WeakMap<CurrentUser, (() => Promise<void>)[]>();
export function afterCommit(user: CurrentUser, work: () => Promise<void>) {
  const list = pending.get(user) ?? [];
  list.push(work);
  pending.set(user, list);
}
/**
 * Runs the queued work of successful requests of this plugin; drops it on errors (rolled back).
 * It runs before the answer leaves (onSend), not after: a client that acts on the answer then
 * finds its notices published, and the notices of one client's consecutive requests go out in
 * their order (a circuit's "down" then "up", never the reverse). Mail is queued, not awaited.
 */
export function registerAfterCommit(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    const user = req.currentUser;
    if (!user) return payload;
    const list = pending.get(user);
    if (!list) return payload;
    pending.delete(user);
    if (reply.statusCode >= 400) return payload;
    // Their realtime messages leave together, in order, after the last of them (one statement).
    await app.realtime
      .batch(async () => {
        for (const work of list) {
          try {
            await work();
          } catch (err) {
            req.log.error({ err }, 'after-commit work failed');
          }
        }
      })
      .catch((err: unknown) => req.log.error({ err }, 'after-commit realtime publish failed'));
    return payload;
  });
}
