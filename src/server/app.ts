// buildApp(config) -> a ready Fastify instance; main.ts starts it and tests inject into it.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { fastifyTrustProxy, type Config } from './config.js';
import { disableListCache } from './lib/list-cache.js';
import { openDatabase, type DB, type Dialect } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { localStorage, type Storage } from './storage/storage.js';
import { s3Storage } from './storage/s3.js';
import { databaseRateLimitStore } from './lib/rate-limit-store.js';
import { createJobQueue, type JobQueue } from './jobs/queue.js';
import errors, { frameworkErrors } from './plugins/errors.js';
import i18n from './plugins/i18n.js';
import input from './plugins/input.js';
import session from './plugins/session.js';
import originCheck from './plugins/origin-check.js';
import idempotency from './plugins/idempotency.js';
import compression from './plugins/compress.js';
import outboxUser from './plugins/outbox-user.js';
import requestContext, { logSerializers, requestId } from './plugins/request-context.js';
import staticClient from './plugins/static-client.js';
import securityHeaders from './plugins/security-headers.js';
import filesRoute from './storage/files-route.js';
import { featureRoutes } from './features/index.js';
import { authRepository } from './features/auth/repository.js';
import { groupAccessRepository } from './features/groups/access.js';
import { usersRepository } from './features/users/repository.js';
import type { Ports } from './lib/ports.js';
import uploadRoutes from './uploads/routes.js';
import { MAX_UPLOAD_BYTES } from '../shared/limits.js';
import { responseSerializer } from './lib/serializer.js';
import { route, trackRoutes } from './lib/route.js';
import { getHealth, getReady } from '../shared/endpoints/health.js';
import { readinessCheck } from './lib/readiness.js';
import { setupMetrics } from './lib/metrics.js';
import { RETRY_AFTER_SECONDS } from './lib/unavailable.js';
import { readTurns, type ReadTurns } from './lib/read-turns.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    dialect: Dialect;
    mailer: Mailer;
    storage: Storage;
    jobs: JobQueue;
    /** What one feature offers the others (lib/ports.ts). */
    ports: Ports;
    /** Turns for GET handlers (lib/read-turns.ts). */
    readTurns: ReadTurns;
  }
}

const HEALTH_CHECK_MS = 1000;
const HEALTH_OK = { status: 'ok' as const };

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A stable secret for signed URLs: from config, else generated once into the data dir. */
function sessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'secret.key');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

export async function buildApp(config: Config): Promise<FastifyInstance> {
  config = { ...config, sessionSecret: sessionSecret(config) };
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: logSerializers, ...(config.logStream ? { stream: config.logStream } : {}) },
    genReqId: requestId,
    // X-Forwarded-For counts only from the proxies TRUST_PROXY names (off by default).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Search terms travel in the path (spec section 7): 200 characters, percent-encoded.
    routerOptions: { maxParamLength: 2000 },
    // Schemas document the API (OpenAPI); valibot does the validation, so Ajv only passes through.
    ajv: { customOptions: { strict: false } },
    frameworkErrors,
  });
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(responseSerializer(config.strictResponses));
  trackRoutes(app);

  const pgTimeouts = { connectTimeoutMs: config.dbConnectTimeoutMs, queryTimeoutMs: config.dbQueryTimeoutMs };
  // A connection that fails is dropped and replaced; the requests it served are answered 503.
  const onPgError = (err: Error & { code?: string }, what: string) => app.log.warn({ code: err.code, reason: err.message }, what);
  if (config.databaseUrl) {
    // Migrations may take longer than a request's query limit: their own connection, without one.
    const migrating = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema, pgTimeouts: { ...pgTimeouts, queryTimeoutMs: 0 }, onPgError });
    try {
      await migrateToLatest(migrating.db, config.databaseSchema);
    } finally {
      await migrating.close();
    }
  }
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
    readThreads: config.sqliteReadThreads,
    poolSize: config.dbPoolSize,
    writePoolSize: config.dbWritePoolSize,
    pgTimeouts,
    onPgError,
  });
  if (handle.dialect === 'sqlite') await migrateToLatest(handle.db, undefined);
  if (!config.listCache) disableListCache(handle.db);
  app.decorate('config', config);
  app.decorate('readTurns', readTurns(config.readConcurrency));
  app.decorate('lifecycle', { shuttingDown: false });
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  app.decorate('mailer', createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: (m) => app.log.info(m) }));
  app.decorate('storage', config.storage.driver === 's3' ? s3Storage(config.storage) : localStorage(path.join(config.dataDir, 'files')));
  app.decorate('jobs', createJobQueue(handle.db, handle.dialect, app.log, config.jobLeaseMs));
  app.decorate('ports', { users: usersRepository(handle.db), groups: groupAccessRepository(handle.db) } satisfies Ports);

  await app.register(input);
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so every server process sharing it counts the same calls.
    store: databaseRateLimitStore(authRepository(handle.db)),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: `Too many attempts. Please try again in ${Math.ceil(ctx.ttl / 60000)} minute(s).` }),
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 100, fieldSize: 1024 * 1024 } });
  await app.register(swagger, {
    openapi: { info: { title: 'REALITi Community API', version: '1.0.0', description: 'The HTTP API of spec section 7. Errors are { message }.' } },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(errors);
  await app.register(i18n);
  // Before the routes, so its hook counts every one of them (nothing at all when metrics are off).
  setupMetrics(app, handle.pools);
  await app.register(requestContext);
  await app.register(session);
  await app.register(originCheck, { publicUrl: config.publicUrl });
  await app.register(outboxUser);
  await app.register(idempotency);
  // After idempotency: its onRoute hook adds its own onSend first (it stores the uncompressed JSON).
  await app.register(compression);
  if (config.serveClient) await app.register(staticClient, { root: config.clientDir ?? path.join(projectRoot, 'dist') });

  // 422: a NUL in the query string (plugins/input.ts), as on every route.
  // The database check runs at most once a second (one at a time); every answer in between reflects
  // the last check, so a health probe hammering the API costs the database nothing. No session is
  // looked up: the answer is the same for everyone.
  const dbCheck = app.db.selectFrom('users').select('id').limit(1).compile();
  let checkedAt = 0;
  let checking: Promise<unknown> | null = null;
  route(app, getHealth, { auth: 'public', session: false, turn: false, tags: ['health'], summary: 'Liveness and database check (at most a second old)' }, async () => {
    if (Date.now() - checkedAt >= HEALTH_CHECK_MS) {
      checking ??= app.db.executeQuery(dbCheck).finally(() => (checking = null));
      await checking;
      checkedAt = Date.now();
    }
    return HEALTH_OK;
  });
  // Readiness for load balancers: 503 while the database or the file store does not answer, and
  // from the moment a shutdown begins, so traffic moves to other servers first.
  const ready = readinessCheck(app);
  route(app, getReady, { auth: 'public', session: false, turn: false, tags: ['health'], summary: 'Readiness: the database and the file store answer and no shutdown has begun (else 503)' }, async ({ reply }) => {
    const problem = await ready();
    if (problem) return reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store').send({ message: problem });
    reply.header('Cache-Control', 'no-store');
    return { status: 'ready' as const };
  });
  await app.register(filesRoute);
  for (const routes of featureRoutes) await app.register(routes);
  await app.register(uploadRoutes);

  app.addHook('onClose', async () => {
    await app.jobs.stop(Math.floor(config.shutdownTimeoutMs / 2));
    await handle.close();
  });
  await app.ready();
  if (config.runWorker) app.jobs.start(config.jobPollMs);
  return app;
}
