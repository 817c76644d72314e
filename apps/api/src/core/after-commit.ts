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
/** Runs the queued work of successful requests of this plugin; drops it on errors (rolled back). */
export function registerAfterCommit(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const user = req.currentUser;
    if (!user) return;
    const list = pending.get(user);
    if (!list) return;
    pending.delete(user);
    if (reply.statusCode >= 400) return;
    for (const work of list) {
      try {
        await work();
      } catch (err) {
        req.log.error({ err }, 'after-commit work failed');
      }
    }
  });
}
