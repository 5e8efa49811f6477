/**
 * Entry point: parse the environment, build the app, listen, and print how to sign in.
 * Stops gracefully on SIGINT/SIGTERM (in-flight requests finish, PGlite flushes its files).
 */
import { buildApp } from './app/app.ts';
import { adminSocketPath, isAdminSocketHeld, listenAdminSocket } from './app/admin/admin-socket.ts';
import { parseEnv } from './lib/env.ts';
import { flushLog } from './lib/log/log-destination.ts';
import { describeErrorSafely } from './lib/log/redact.ts';
import { ServiceUnavailableError } from './lib/unavailable.ts';
import { FLOW_DEFAULT_API_URL, usesFlowSandbox } from './features/payments/flow-setup.ts';
import { DEMO_ANDROID_DEVICE_ID, seedDemoAccount, seedDemoOperator } from './features/seed/seed.ts';

/**
 * ours: after the grace, what closing the sockets and the database may still take; with the default
 * 8 s grace and the log's last flush (LOG_FLUSH_TIMEOUT_MS) the process is gone within 10 s, what
 * orchestrators allow before SIGKILL
 */
const SHUTDOWN_EXIT_MARGIN_MS = 1_500;

async function main() {
  // whatever this process creates (PGlite's own files included, made with modes of its own choosing)
  // is its user's alone; the data folder is 0700 as well (lib/private-dir.ts, decision 031)
  process.umask(0o077);
  // a closed terminal or pipe (EPIPE) must not end the server through the start-up banner or a
  // console line: the log has its own ending (lib/log/log-destination.ts, decision 057)
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // the embedded database must not be opened by two processes: a server or `npm run admin` holding
  // this data folder answers on its admin socket (admin/admin-socket.ts)
  const socketPath = adminSocketPath(env.DATA_DIR);
  const sharesDataDir = await isAdminSocketHeld(socketPath);
  if (sharesDataDir && !env.DATABASE_URL) {
    console.error(
      `Otro proceso de ${env.BRAND_NAME} está usando ${env.DATA_DIR}: deténlo o usa otro DATA_DIR.`,
    );
    process.exit(1);
  }
  const { app, ctx, database, shutdown } = await buildApp({ env });
  // SIGTERM (an orchestrator, a deploy) and SIGINT (Ctrl-C) shut down gracefully (App.shutdown, decision
  // 030); a second signal, or the grace plus SHUTDOWN_EXIT_MARGIN_MS, exits at once. Listened to before
  // the server listens: a signal as soon as it answers must not find Node's default (death by signal)
  let adminSocket: { close(): Promise<void> } | null = null;
  let isClosing = false;
  /** exits once the log's last lines are out (or LOG_FLUSH_TIMEOUT_MS has passed: nobody reads it) */
  const exitAfterLog = (code: number) => void flushLog(app.log).then(() => process.exit(code));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (isClosing) {
        app.log.warn({ signal }, 'second signal while shutting down: exiting now');
        process.exit(1);
      }
      isClosing = true;
      app.log.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, 'shutting down');
      setTimeout(() => {
        app.log.error('shutdown did not finish in time: exiting now');
        exitAfterLog(1);
      }, env.SHUTDOWN_GRACE_MS + SHUTDOWN_EXIT_MARGIN_MS).unref();
      Promise.all([adminSocket?.close(), shutdown()])
        .then(() => {
          app.log.info('shut down');
          exitAfterLog(0);
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          exitAfterLog(1);
        });
    });
  }
  const demo = env.isProduction ? null : await seedDemoAccount(ctx);
  const demoOperator = env.isProduction ? null : await seedDemoOperator(ctx);
  await app.listen({ port: env.PORT, host: env.HOST });
  // on PostgreSQL several servers may share a folder; `npm run admin` then reaches the first one
  adminSocket = sharesDataDir ? null : await listenAdminSocket(ctx, socketPath);

  const lines = [
    '',
    `  ${env.BRAND_NAME} está corriendo en ${env.PUBLIC_URL}`,
    `  Base de datos: ${database.driver === 'pglite' ? `PGlite en ${env.DATA_DIR}/db${env.PGLITE_DURABILITY === 'relaxed' ? ' (PGLITE_DURABILITY=relaxed: un corte de luz puede perder escrituras)' : ''}` : 'PostgreSQL (DATABASE_URL)'}`,
    env.S3_BUCKET
      ? `  Archivos: bucket S3 "${env.S3_BUCKET}" en ${env.S3_ENDPOINT ?? `AWS S3 (${env.S3_REGION})`}`
      : `  Archivos: carpeta ${env.DATA_DIR}/files`,
    `  Tiempo real: ${env.REDIS_URL ? `Redis (${env.REDIS_CHANNEL_PREFIX})` : 'en memoria (un solo proceso)'}`,
    usesFlowSandbox(env)
      ? '  Pagos: sandbox integrado (pagos de prueba, no se cobra dinero real)'
      : `  Pagos: Flow (${env.FLOW_API_URL ?? FLOW_DEFAULT_API_URL})`,
    `  Documentación de la API: ${env.PUBLIC_URL}/api/docs`,
    env.SMTP_URL ? '' : `  Los e-mails se guardan en ${env.DATA_DIR}/outbox`,
    demo ? `  Cuenta demo: ${demo.email} / ${demo.password}` : '',
    demo
      ? `  Su teléfono Android, simulado: npm run phone -- --server ${env.PUBLIC_URL} --email ${demo.email} --password ${demo.password} --device-id ${DEMO_ANDROID_DEVICE_ID} --name "Teléfono de Camila"`
      : '',
    demoOperator
      ? `  Operador demo (central de atención, ${env.PUBLIC_URL}/operador): ${demoOperator.email} / ${demoOperator.password}`
      : '',
    '',
  ].filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  // a database, Redis or bucket that cannot be used says which and why in one line; nothing was started
  if (error instanceof ServiceUnavailableError) {
    console.error(error.message);
    process.exit(1);
  }
  // a failed start (a migration, the demo seed) may be a query error carrying its values
  console.error(describeErrorSafely(error));
  process.exit(1);
});
