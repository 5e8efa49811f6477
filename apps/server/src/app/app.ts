/**
 * Builds the server: one Fastify instance with the API under /api, the OpenAPI docs at /api/docs,
 * and the built panel with history fallback. `main.ts` listens; tests call `app.inject()`.
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from '../lib/env.ts';
import type { AppContext } from '../lib/context.ts';
import type { Database } from '../lib/db/client.ts';
import { registerErrorHandler } from '../lib/http/error-handler.ts';
import { registerJsonBodyParser } from '../lib/http/json-body.ts';
import { createAdmissionGate, registerAdmissionHooks } from '../lib/http/admission.ts';
import { closeStalledReaders, createHttpServer } from '../lib/http/http-server.ts';
import { registerNulGuard } from '../lib/http/nul-guard.ts';
import { createResponseSerializerCompiler } from '../lib/http/response-serializer.ts';
import { answerClientError, answerFrameworkError } from '../lib/http/framework-errors.ts';
import { registerSecurityHeaders } from '../lib/http/security-headers.ts';
import { createRequestIds } from '../lib/http/request-id.ts';
import { createRouter } from '../lib/http/routes.ts';
import { createReadiness, registerHealthRoutes } from '../lib/http/health.ts';
import { countJobRun, isRateLimitCode } from '../lib/metrics/metrics.ts';
import type { RealtimeHub } from '../lib/realtime/hub.ts';
import { createRealtimeMessages } from '../lib/realtime/messages.ts';
import { createJobRunner } from '../lib/jobs/job-runner.ts';
import type { JobRunner, OnJobRun } from '../lib/jobs/jobs.ts';
import { buildContext, scheduledJobs, type ContextOptions } from './context.ts';
import { createPanelSocketAuthenticator, createSessionAuthenticator } from '../features/auth/sessions.ts';
import {
  createDeviceAuthenticator,
  createDeviceRemovedCheck,
  createDeviceSocketAuthenticator,
} from '../features/devices/device-auth.ts';
import { features } from './features.ts';
import { OneLineRequestLog } from '../lib/log/request-log.ts';

export interface BuildOptions extends ContextOptions {
  /** told after each run of a scheduled job (a metric of job runs by name and outcome) */
  onJobRun?: OnJobRun;
}

export interface App {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  realtime: RealtimeHub;
  /** the scheduled jobs of this process (lib/jobs): `trigger` runs one now */
  jobs: JobRunner;
  /**
   * graceful shutdown (main.ts, on SIGTERM; decision 030): /readyz answers 503 at once, no new
   * connections, realtime clients are sent away to reconnect elsewhere, running requests and uploads
   * get up to SHUTDOWN_GRACE_MS before their connections are cut, then the database is closed
   */
  shutdown(): Promise<void>;
}

/** smaller answers fit in one packet anyway: compressing them costs CPU and saves nothing */
const API_COMPRESSION_MIN_BYTES = 1024;

export async function buildApp(options: BuildOptions): Promise<App> {
  const { ctx, database, realtime, close } = await buildContext(options);
  const app = createFastify(ctx, database);
  realtime.attach(app.server);
  // sockets close before the HTTP server waits for its connections to end
  app.addHook('preClose', () => realtime.close());
  // a notice a request started without waiting for it ends before the database closes
  app.addHook('onClose', async () => {
    await ctx.background.settled();
    await close();
  });
  await registerPlugins(app, ctx.env);
  const jobs = await startJobs(app, ctx, database, (job, outcome) => {
    countJobRun(ctx.metrics, job, outcome);
    options.onJobRun?.(job, outcome);
  });
  let isShuttingDown = false;
  registerHealthRoutes(app, {
    readiness: createReadiness({
      checks: {
        database: async () => void (await database.db.execute(sql`select 1`)),
        migrations: async () => {
          if (!(await database.isMigrated())) throw new Error('migrations pending');
        },
        redis: () => realtime.checkRedis(),
        storage: () => ctx.storage.check(),
      },
      isShuttingDown: () => isShuttingDown,
    }),
    metrics: ctx.metrics,
    metricsToken: ctx.env.METRICS_TOKEN,
  });
  await registerFeatures(app, ctx, realtime, jobs);
  let shutting: Promise<void> | undefined;
  const shutdown = () => {
    shutting ??= (async () => {
      isShuttingDown = true;
      // past the grace, connections still open (a stalled upload, a client that never reads) are cut,
      // so that the close below ends and the database is still closed cleanly
      const cut = setTimeout(() => {
        app.log.warn({ graceMs: ctx.env.SHUTDOWN_GRACE_MS }, 'shutdown grace over: cutting open connections');
        app.server.closeAllConnections();
      }, ctx.env.SHUTDOWN_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
    })();
    return shutting;
  };
  return { app, ctx, database, realtime, jobs, shutdown };
}

/** Fastify behind the admission gate, logging through the context's logger. */
function createFastify(ctx: AppContext, database: Database): FastifyInstance {
  const { env } = ctx;
  const admission = createAdmissionGate({
    // PGlite runs one query at a time: a few requests in flight keep it busy without a long queue
    concurrency: env.MAX_CONCURRENT_REQUESTS ?? (database.driver === 'pglite' ? 8 : database.concurrency * 4),
    maxQueued: env.MAX_QUEUED_REQUESTS,
    maxWaitMs: env.MAX_QUEUE_WAIT_MS,
    maxUploads: env.MAX_CONCURRENT_UPLOADS,
    maxUploadsPerAddress: env.MAX_CONCURRENT_UPLOADS_PER_ADDRESS,
    onRefusals: (count) => ctx.log.warn({ count }, 'server busy: requests refused in the last minute'),
    onRefuse: () => ctx.metrics.admissionRefusals.inc(),
  });
  // with a hop count every connection comes from a proxy, which caps its clients itself (decision 051)
  const isBehindProxies = typeof env.TRUST_PROXY === 'number';
  // Fastify leaves a given server's timeouts alone: they are set here (lib/http/http-server.ts)
  const serverFactory: FastifyServerFactory = (handler) =>
    createHttpServer(
      {
        keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
        headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
        idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_MS,
        checkEveryMs: env.HTTP_TIMEOUT_CHECK_EVERY_MS,
      },
      {
        maxConnections: env.HTTP_MAX_CONNECTIONS,
        maxOpenPerAddress: isBehindProxies ? 0 : env.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
        maxSendingHeadersPerAddress: isBehindProxies ? 0 : env.HTTP_MAX_PENDING_HEADERS_PER_ADDRESS,
        trustedProxies: Array.isArray(env.TRUST_PROXY) ? env.TRUST_PROXY : [],
        onRefuse: (reason) => ctx.metrics.connectionRefusals.inc({ reason }),
        onRefusals: (counts) => ctx.log.warn({ counts }, 'connections refused in the last minute'),
      },
      (request, response) => admission.admit(request, response, () => handler(request, response)),
    );
  const app = Fastify({
    // the admission gate runs before Fastify sees a request (lib/http/admission.ts says why)
    serverFactory,
    loggerInstance: ctx.log,
    genReqId: createRequestIds(),
    logController: new OneLineRequestLog(),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For counts only from the proxies TRUST_PROXY names; unset, nobody's (decision 031)
    trustProxy: trustProxyOf(env),
    routerOptions: { ignoreTrailingSlash: true },
    // while shutting down, a request on a connection already open is still served (with Connection:
    // close) rather than refused with Fastify's own 503 body; /readyz then says 'shutting-down'
    return503OnClosing: false,
    // what is refused before routing answers like the rest: JSON, in Spanish, with the security
    // headers (lib/http/framework-errors.ts)
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  // by the route's pattern, never the raw URL (one series per route, not per id or token). The hooks
  // of every request are callbacks, not async functions: a promise each cost, under load
  app.addHook('onResponse', (request, reply, done) => {
    ctx.metrics.httpDuration.observe(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  registerAdmissionHooks(app, admission);
  closeStalledReaders(app, env.HTTP_IDLE_TIMEOUT_MS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.decorateRequest('auth', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkResponses: env.CHECK_RESPONSES }));
  registerErrorHandler(app, (code) => {
    if (isRateLimitCode(code)) ctx.metrics.rateLimitRefusals.inc({ code, channel: 'http' });
  });
  registerJsonBodyParser(app);
  registerNulGuard(app);
  return app;
}

/**
 * Fastify 5 reads a bare number as "trust nobody", so a hop count becomes a function of the hop: hop 0
 * is the connection's own address, then the X-Forwarded-For entries from the right.
 */
function trustProxyOf(env: Env): string[] | ((address: string, hop: number) => boolean) | false {
  const trusted = env.TRUST_PROXY;
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return trusted ?? false;
}

/** Security headers, compression and the OpenAPI document. */
async function registerPlugins(app: FastifyInstance, env: Env): Promise<void> {
  // the same headers as the answers written outside Fastify's hooks (lib/http/security-headers.ts)
  registerSecurityHeaders(app);
  // API answers above 1 KB go out brotli- or gzip-compressed. Only types mime-db calls
  // compressible (JSON, text, SVG…), never a 206 or a Content-Range (video by range), never what is
  // compressed already (the panel's precompressed files); the realtime socket is not Fastify's.
  // Request bodies are not decompressed: a small compressed body must not grow past bodyLimit's check.
  await app.register(compress, {
    threshold: API_COMPRESSION_MIN_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${env.BRAND_NAME} API`,
        description:
          'The API behind the customer panel and the phone app. Errors are `{ code, message, fields? }`.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/**
 * The scheduled work (context.ts's scheduledJobs) runs once across every server process (decision
 * 029). It stops before anything closes: runs under way finish, or go back to the queue.
 */
async function startJobs(
  app: FastifyInstance,
  ctx: AppContext,
  database: Database,
  onRun: OnJobRun | undefined,
): Promise<JobRunner> {
  const jobs = createJobRunner(database, {
    ctx,
    jobs: scheduledJobs,
    everySeconds: ctx.env.JOBS_SWEEP_SECONDS,
    onRun,
  });
  await jobs.start();
  app.addHook('preClose', () => jobs.stop());
  return jobs;
}

/** Every feature's routes and realtime messages, as each manifest says (app/features.ts). */
async function registerFeatures(
  app: FastifyInstance,
  ctx: AppContext,
  realtime: RealtimeHub,
  jobs: JobRunner,
): Promise<void> {
  const authenticateUser = createSessionAuthenticator(ctx);
  const route = createRouter(app, {
    user: authenticateUser,
    device: createDeviceAuthenticator(ctx),
  });
  for (const feature of features) await feature.routes?.({ app, route, ctx, authenticateUser, jobs });

  // incoming realtime messages, registered like the routes above: each feature names its own
  const messages = createRealtimeMessages(
    realtime,
    {
      panel: createPanelSocketAuthenticator(ctx),
      device: createDeviceSocketAuthenticator(ctx),
      isDeviceRemoved: createDeviceRemovedCheck(ctx),
    },
    app.log,
    (code) => {
      if (isRateLimitCode(code)) ctx.metrics.rateLimitRefusals.inc({ code, channel: 'realtime' });
    },
  );
  for (const feature of features) feature.messages?.(messages, ctx);
  messages.assertEveryMessageHandled();
}
