/**
 * `npm run admin -- <group> <action> --flag value`: runs an administrator's command (admin-commands.ts).
 * On PostgreSQL (DATABASE_URL) it always runs here, on the database itself, whichever server runs or
 * none (decision 032). On the embedded database it runs inside the running server when there is one
 * (admin-socket.ts says why), or else here, holding the data folder meanwhile (decision 022).
 */
import { buildContext } from '../context.ts';
import { parseEnv, type Env } from '../../lib/env.ts';
import { describeErrorSafely } from '../../lib/log/redact.ts';
import { AdminUsageError, adminUsage, runAdminCommand } from './admin-commands.ts';
import { adminSocketPath, askAdminSocket, listenAdminSocket, type AdminAnswer } from './admin-socket.ts';

async function runHere(env: Env, argv: string[]): Promise<AdminAnswer> {
  // the context alone: no HTTP server, no sockets taken, no scheduled jobs, for one command
  const { ctx, close } = await buildContext({ env, logger: false });
  // on the embedded database, taken before the command runs: a server started meanwhile sees the
  // folder in use and stops; PostgreSQL is shared by every process anyway (decision 032)
  const socket = env.DATABASE_URL ? null : await listenAdminSocket(ctx, adminSocketPath(env.DATA_DIR));
  try {
    return { ok: true, lines: await runAdminCommand(ctx, argv) };
  } catch (error) {
    if (error instanceof AdminUsageError) return { ok: false, lines: [error.message] };
    throw error;
  } finally {
    await socket?.close();
    await close();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(adminUsage().join('\n'));
    return;
  }
  // on the data folder alone it opens the database as the server does: its files stay private (main.ts)
  process.umask(0o077);
  const env = parseEnv(process.env);
  // PostgreSQL takes any number of processes: no need to find a server (decision 032)
  const answer =
    (env.DATABASE_URL ? null : await askAdminSocket(adminSocketPath(env.DATA_DIR), argv)) ??
    (await runHere(env, argv));
  (answer.ok ? console.log : console.error)(answer.lines.join('\n'));
  process.exitCode = answer.ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(describeErrorSafely(error));
  process.exit(1);
});
