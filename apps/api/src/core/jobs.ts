import type { FastifyInstance } from 'fastify';

/**
 * Background work every module schedules the same way (SLA notices, contract-end notices): once a
 * few seconds after the server is ready, then every `everyMs`; one process at a time (a PostgreSQL
 * advisory lock on `lockKey`, skipped when another holds it); a failure is logged, never thrown.
 */
export function periodicJob(fastify: FastifyInstance, job: { name: string; lockKey: number; everyMs: number; firstAfterMs: number; run: () => Promise<unknown> }) {
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const pool = fastify.database.pool;
    // Embedded PGlite: one process, one session, nothing to coordinate.
    if (!pool) return void (await job.run());
    // The advisory lock belongs to a session: take and release it on one connection held for the
    // run. Through the pool, the unlock could land on another connection and leave the lock held
    // forever by an idle one (the job then stopped running in every process).
    const client = await pool.connect();
    try {
      const [{ locked }] = (await client.query('select pg_try_advisory_lock($1, 1) as locked', [job.lockKey])).rows as { locked: boolean }[];
      if (!locked) return;
      try {
        await job.run();
      } finally {
        await client.query('select pg_advisory_unlock($1, 1)', [job.lockKey]);
      }
    } finally {
      client.release();
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
