import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/**
 * Background work every module schedules the same way (SLA notices, contract-end notices): once a
 * few seconds after the server is ready, then every `everyMs`; one process at a time (a PostgreSQL
 * advisory lock on `lockKey`, skipped when another holds it); a failure is logged, never thrown.
 */
export function periodicJob(fastify: FastifyInstance, job: { name: string; lockKey: number; everyMs: number; firstAfterMs: number; run: () => Promise<unknown> }) {
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const [{ locked }] = (await fastify.db.execute(sql`select pg_try_advisory_lock(${job.lockKey}, 1) as locked`)).rows as { locked: boolean }[];
    if (!locked) return;
    try {
      await job.run();
    } finally {
      await fastify.db.execute(sql`select pg_advisory_unlock(${job.lockKey}, 1)`);
    }
  };
  const run = () => void tick().catch((err) => fastify.log.error({ err }, `${job.name} failed`));
  fastify.addHook('onReady', async () => {
    timer = setInterval(run, job.everyMs);
    timer.unref();
    setTimeout(run, job.firstAfterMs).unref();
  });
  fastify.addHook('onClose', async () => clearInterval(timer));
}
