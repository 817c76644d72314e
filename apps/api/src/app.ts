import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { registerAccessControl } from './core/access';
import type { Database, Db } from './core/db';
import { frameworkErrors, registerErrorHandling } from './core/errors';
import { Mailer } from './core/mail';
import { registerOpenApi } from './core/openapi';
import { Passwords } from './core/passwords';
import { RateLimiter } from './core/rate-limit';
import { RealtimeHub } from './core/realtime/hub';
import { realtimeRoutes } from './core/realtime/routes';
import { Tokens } from './core/tokens';
import { Notifier } from './modules/notification';
import { modules } from './modules';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    tokens: Tokens;
    passwords: Passwords;
    mailer: Mailer;
    realtime: RealtimeHub;
    notifier: Notifier;
    limits: { loginIp: RateLimiter; loginUser: RateLimiter; resetIp: RateLimiter; resetEmail: RateLimiter };
  }
}

/** TRUST_PROXY as a hop count: the nearest `hops` proxies are trusted (Fastify's rule for a number). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Path parameters that are credentials (reset and confirmation links, receiving and viewer links, calendar feeds). */
const SECRET_PARAMS = ['hash', 'token'];
/** The request's path for the log: no query string (realtime tokens travel there) and secret path parameters masked. */
function loggedUrl(url: string, params: unknown) {
  let path = url.split('?')[0];
  for (const name of SECRET_PARAMS) {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (typeof value === 'string' && value) path = path.split(value).join('***').split(encodeURIComponent(value)).join('***');
  }
  return path;
}

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.new_password', 'req.body.current_password'];

export async function buildApp(config: Config, database: Database, opts: { logger?: boolean; logStream?: NodeJS.WritableStream } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: { paths: REDACT, censor: '***' }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    genReqId: (req) => (req.headers['x-request-id'] as string) || randomUUID(),
    bodyLimit: 1024 * 1024,
    // While stopping, requests on open connections are still served (each answer then closes its
    // connection, see main.ts) instead of Fastify's English 503.
    return503OnClosing: false,
    // One log line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Forwarded headers only from configured proxies (TRUST_PROXY); by default the peer's own address.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    ajv: undefined,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('tokens', new Tokens(config.jwtSecret));
  app.decorate('passwords', new Passwords(config.argon2));
  app.decorate('mailer', new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }, app.log));
  app.decorate('realtime', new RealtimeHub(database, app.log));
  app.decorate('notifier', new Notifier(app));
  app.decorate('limits', {
    loginIp: new RateLimiter(config.rateLimit.perIpPerMinute, 60_000),
    loginUser: new RateLimiter(config.rateLimit.perUsernamePerWindow, config.rateLimit.usernameWindowMs),
    resetIp: new RateLimiter(config.rateLimit.perIpPerMinute, 60_000),
    resetEmail: new RateLimiter(5, 15 * 60_000),
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Operators often serve it over plain HTTP inside their network: never rewrite to https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await registerOpenApi(app, { title: 'Operações API', version: '0.1.0', description: 'API do Operações. Autenticação: Bearer JWT obtido em POST /api/login.' });

  const webDist = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const spa = existsSync(path.join(webDist, 'index.html'));
  // The built web app is served on the same port (hashed assets; index.html for client routes).
  // `wildcard`: files are looked up per request, so a rebuilt web app is served without a restart.
  // Hashed assets are immutable; index.html is revalidated; .br/.gz written by the web build are preferred.
  if (spa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  registerErrorHandling(app, { spa });
  registerAccessControl(app);

  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok', database: database.kind }));
  await app.register(realtimeRoutes);
  for (const mod of modules) await app.register(mod, { prefix: '/api' });

  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, url: loggedUrl(req.url, req.params), status: reply.statusCode, ms: Math.round(reply.elapsedTime), user: req.currentUser?.id }, 'request');
  });
  app.addHook('onReady', async () => {
    await app.realtime.start();
  });
  // preClose, not onClose: open event streams never end by themselves and would hold the
  // server's close (a SIGTERM then waited until the process was killed).
  app.addHook('preClose', async () => {
    await app.realtime.stop();
  });
  return app;
}
