import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from './core/api-root';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { registerAccessControl } from './core/access';
import { registerTimeZoneContext } from './core/time-zone';
import type { Database, Db } from './core/db';
import { frameworkErrors, registerErrorHandling } from './core/errors';
import { answerTags } from './core/etag';
import { registerHttpConventions } from './core/http-conventions';
import { Mailer } from './core/mail';
import { registerOpenApi } from './core/openapi';
import { Passwords } from './core/passwords';
import { RateLimiter } from './core/rate-limit';
import { RealtimeHub } from './core/realtime/hub';
import { realtimeRoutes } from './core/realtime/routes';
import { Tokens } from './core/tokens';
import { TileSources } from './core/csp';
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
    tileSources: TileSources;
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
    // Our own id for every request: a client's X-Request-Id is its claim, logged beside it (client_request_id).
    genReqId: () => randomUUID(),
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

  app.decorate('tileSources', new TileSources(database.db));
  // Helmet's middleware built once: @fastify/helmet built the whole stack again on every request
  // (parsing the CSP's directives each time), a twentieth of the heap the server allocated under load.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiles (the label scanner's ZXing on phones without a native BarcodeDetector); no JS eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images: our own, data/blob URLs (previews, signatures) and the configured map tile hosts only.
        imgSrc: [() => app.tileSources.imgSrc().join(' ')],
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
    // HSTS only on HTTPS (below): on plain HTTP inside an operator's network it means nothing,
    // and a browser that met it on another port of the same host would refuse that one.
    hsts: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await registerOpenApi(app, { title: 'Operações API', version: '0.1.0', description: 'API do Operações. Autenticação: Bearer JWT obtido em POST /api/login.' });

  const webDist = config.webDist ?? path.resolve(API_ROOT, '../web/dist');
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
  registerHttpConventions(app);
  answerTags(app);
  registerTimeZoneContext(app);
  registerAccessControl(app);

  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok', database: database.kind }));
  await app.register(realtimeRoutes);
  for (const mod of modules) await app.register(mod, { prefix: '/api' });

  app.addHook('onResponse', async (req, reply) => {
    const clientRequestId = req.headers['x-request-id'];
    req.log.info(
      { method: req.method, url: loggedUrl(req.url, req.params), status: reply.statusCode, ms: Math.round(reply.elapsedTime), user: req.currentUser?.id, ...(typeof clientRequestId === 'string' ? { client_request_id: clientRequestId.slice(0, 200) } : {}) },
      'request',
    );
  });
  app.addHook('onReady', async () => {
    await app.tileSources.refresh();
    await app.realtime.start();
  });
  // preClose, not onClose: open event streams never end by themselves and would hold the
  // server's close (a SIGTERM then waited until the process was killed).
  app.addHook('preClose', async () => {
    await app.realtime.stop();
  });
  return app;
}
