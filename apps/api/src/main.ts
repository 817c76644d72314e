import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './core/db';
import { seedBase, seedDemo } from './db/seed';

const args = new Set(process.argv.slice(2));
const config = loadConfig();
/** `WORKERS=n` (n > 1): n processes share the port (node:cluster); PostgreSQL only. */
const workers = /^\d+$/.test(process.env.WORKERS ?? '') ? Number(process.env.WORKERS) : 1;

if (workers > 1 && cluster.isPrimary && !args.has('--seed-demo-only')) {
  await runPrimary();
} else {
  await runServer();
}

/** One API process: migrations (and, unless a cluster worker, the base seed), then listen. */
async function runServer() {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), namedStatements: config.databaseNamedStatements, openAll: true }).catch((err: Error) => {
    // The database cannot be opened (in use, damaged, unreachable): say why in one line, exit 1.
    console.error(err.message);
    process.exit(1);
  });
  const app = await buildApp(config, database);
  // A clean stop: requests in flight finish, the database is closed (PGlite writes its last pages).
  // Added before the seed: the demo seed goes through app.inject, which starts the instance (no hook after).
  let closing = false;
  app.addHook('onRequest', async (_req, reply) => {
    if (closing) reply.raw.setHeader('connection', 'close');
  });

  // In a cluster the primary has seeded already; each worker says who answered (sticky-less sessions are stateless JWTs).
  if (cluster.isWorker) {
    app.addHook('onRequest', async (_req, reply) => {
      // On the raw response, so streams written directly (the realtime hub's SSE) carry it too.
      reply.raw.setHeader('x-worker-pid', String(process.pid));
    });
  } else {
    await seedBase(app.db, app.passwords, { adminUsername: config.adminUsername, adminPassword: config.adminPassword }, app.log);
    if (args.has('--demo') || args.has('--seed-demo-only')) await seedDemo(app);
  }

  if (args.has('--seed-demo-only')) {
    await app.close();
    await database.close();
    return;
  }
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    // Clients' keep-alive connections would hold close() until their timeout (72 s): each one is
    // closed as soon as it is idle; after 10 s the stragglers are cut.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    const cut = setTimeout(() => app.server.closeAllConnections(), 10_000);
    await app.close();
    clearInterval(idle);
    clearTimeout(cut);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker) app.log.info(`Operações em ${config.publicUrl} (banco: ${database.kind === 'pglite' ? `PGlite em ${config.dataDir}/pglite` : 'PostgreSQL'})`);
}

/**
 * The cluster's primary: migrates and seeds once, then forks the workers, which share the port
 * (node:cluster hands out connections). A worker that dies is replaced; SIGTERM/SIGINT stop them
 * all cleanly (each finishes its requests in flight) and then the primary exits.
 */
async function runPrimary() {
  if (!config.databaseUrl) {
    console.error('WORKERS > 1 exige PostgreSQL (DATABASE_URL): o PGlite embutido pertence a um único processo. Use WORKERS=1 ou configure DATABASE_URL.');
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2, namedStatements: config.databaseNamedStatements });
  const app = await buildApp(config, database);
  await seedBase(app.db, app.passwords, { adminUsername: config.adminUsername, adminPassword: config.adminPassword }, app.log);
  if (args.has('--demo')) await seedDemo(app);
  await app.close();
  await database.close();

  let stopping = false;
  const fork = () => cluster.fork({ WORKER: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    app.log.error({ pid: worker.process.pid, code, signal }, 'worker exited; starting another');
    setTimeout(fork, 1000);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {});
    if (alive.length === 0) process.exit(0);
    for (const w of alive) w?.process.kill('SIGTERM');
    // A worker that does not finish in time is not waited for forever.
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 0; i < workers; i++) fork();
  app.log.info(`Operações em ${config.publicUrl} (banco: PostgreSQL, ${workers} processos)`);
}
