/**
 * Builds what every feature is given (lib/context.ts) without any HTTP server: the database (migrated
 * and seeded), the mailer, file storage, signers, the realtime hub (not yet taking connections) and
 * the event bus with every feature's subscriptions. `buildApp` puts Fastify on top of it; the admin
 * command uses it alone when no server is running.
 */
import path from 'node:path';
import { pino, type DestinationStream } from 'pino';
import type { Env } from '../lib/env.ts';
import type { AppContext } from '../lib/context.ts';
import { openDatabase, type Database } from '../lib/db/client.ts';
import { createPrivateDir } from '../lib/private-dir.ts';
import { createMailer } from '../lib/mail/mailer.ts';
import { safeLoggerOptions } from '../lib/log/redact.ts';
import { createLogDestination } from '../lib/log/log-destination.ts';
import { createRealtimeHub, type RealtimeHub } from '../lib/realtime/hub.ts';
import { createDiskStorage, type FileStorage } from '../lib/storage/file-storage.ts';
import { createFileLinks } from '../lib/storage/signed-links.ts';
import { createSigner, loadAppSecret } from '../lib/crypto/signing.ts';
import { createSecretBox } from '../lib/crypto/secret-box.ts';
import { createBackgroundTasks } from '../lib/background-tasks.ts';
import { createEventBus } from '../lib/events.ts';
import { createMetrics } from '../lib/metrics/metrics.ts';
import { seedReferenceData } from '../features/seed/seed.ts';
import { countWaitingEvents } from '../features/central/central.metrics.ts';
import type { JobDefinition } from '../lib/jobs/jobs.ts';
import { pruneThrottleHitsJob } from '../lib/throttle/throttle.jobs.ts';
import { deliverEventsJob, deliverLongEventsJob, pruneOutboxJob } from '../lib/outbox/outbox.ts';
import { subscribeStorageToReleasedFiles } from '../lib/storage/released-files.ts';
import { features, personalData } from './features.ts';

export interface ContextOptions {
  env: Env;
  /** an already open database (tests share one per file); otherwise opened from env */
  database?: Database;
  now?: () => Date;
  logger?: boolean;
  /** where log lines go instead of stdout (tests read them) */
  logStream?: DestinationStream;
}

export interface BuiltContext {
  ctx: AppContext;
  database: Database;
  realtime: RealtimeHub;
  /** closes the realtime hub, lets network e-mails on their first try finish, closes the database */
  close(): Promise<void>;
}

/**
 * Every feature's scheduled work, run once across the server processes (lib/jobs, decision 029) by
 * the runner app.ts starts; the table of what runs when is in docs/architecture.md.
 */
export const scheduledJobs: JobDefinition[] = [
  pruneThrottleHitsJob,
  deliverEventsJob,
  deliverLongEventsJob,
  pruneOutboxJob,
  ...features.flatMap((feature) => feature.jobs ?? []),
];

/** The bucket when S3_BUCKET is set (decision 028), else the folder DATA_DIR/files. */
async function createStorage(env: Env, log: AppContext['log']): Promise<FileStorage> {
  if (!env.S3_BUCKET) return createDiskStorage(path.join(env.DATA_DIR, 'files'));
  // the AWS SDK is loaded only by a server that uses a bucket: a second of start-up for the others
  const { createBucketStorage } = await import('../lib/storage/bucket-storage.ts');
  return createBucketStorage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    // env.ts refuses S3_BUCKET without both keys
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    log,
  });
}

export async function buildContext(options: ContextOptions): Promise<BuiltContext> {
  const { env } = options;
  // a token, a password or a query's values never reach the logs (lib/log/redact.ts)
  const loggerOptions = { level: env.LOG_LEVEL, ...safeLoggerOptions };
  const log =
    options.logger === false
      ? pino({ enabled: false })
      : options.logStream
        ? pino(loggerOptions, options.logStream)
        : pino(loggerOptions, createLogDestination());
  // the database, files, outbox, secret and admin socket are the server's user's alone (decision 031)
  await createPrivateDir(env.DATA_DIR);
  // before anything is opened: a missing or unreachable bucket stops the start with its name
  // (StorageUnavailableError), never a server that takes uploads it cannot keep
  const storage = await createStorage(env, log);
  await storage.check();
  const database =
    options.database ??
    (await openDatabase({
      url: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR, 'db'),
      pgliteDurability: env.PGLITE_DURABILITY,
      onMaintenanceError: (error) => log.error({ err: error }, 'periodic database checkpoint failed'),
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      onPoolError: (error) => log.error({ err: error }, 'idle database connection failed'),
    }));
  const realtime = await createRealtimeHub({
    redisUrl: env.REDIS_URL,
    channelPrefix: env.REDIS_CHANNEL_PREFIX,
    log,
  });
  const metrics = createMetrics();
  metrics.readConnections(() => realtime.connectionCounts());
  metrics.readCentralWaiting(() => countWaitingEvents(database.db));
  const secret = await loadAppSecret(env);
  const now = options.now ?? (() => new Date());
  const ctx: AppContext = {
    env,
    db: database.db,
    mailer: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.DATA_DIR, 'outbox'),
      log,
      onDelivery: (outcome) => metrics.emails.inc({ outcome }),
    }),
    log,
    storage,
    fileLinks: createFileLinks(createSigner(secret, 'file-links'), now),
    panelTokenSigner: createSigner(secret, 'panel-token'),
    signInCookieSigner: createSigner(secret, 'google-sign-in-cookie'),
    alertLinkSigner: createSigner(secret, 'alert-link'),
    exportLinkSigner: createSigner(secret, 'data-export-link'),
    twoFactorSecrets: createSecretBox(secret, 'two-factor-secrets'),
    recoveryCodeSigner: createSigner(secret, 'two-factor-recovery-codes'),
    realtime,
    events: createEventBus(log, now),
    background: createBackgroundTasks(log),
    metrics,
    personalData,
    now,
  };

  // the features that react to another's events, each as its manifest says (app/features.ts)
  for (const feature of features) feature.subscribe?.(ctx);
  subscribeStorageToReleasedFiles(ctx);
  assertUniqueLimitNames(ctx);

  await seedReferenceData(ctx);
  return {
    ctx,
    database,
    realtime,
    async close() {
      await realtime.close();
      // deliveries of events under way (the network's e-mails) write to the database as they end
      await ctx.background.settled();
      ctx.mailer.close();
      if (!options.database) await database.close();
    },
  };
}

/** Two limits of one name would share their counts (lib/throttle keys hits by the limit's name). */
function assertUniqueLimitNames(ctx: AppContext): void {
  const seen = new Map<string, string>();
  for (const feature of features) {
    for (const limit of feature.limits?.(ctx) ?? []) {
      const other = seen.get(limit.name);
      if (other) throw new Error(`rate limit ${limit.name} is declared by ${other} and ${feature.name}`);
      seen.set(limit.name, feature.name);
    }
  }
}
