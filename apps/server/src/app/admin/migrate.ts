/**
 * `npm run migrate`: applies the database migrations and exits, the deploy step that runs before the
 * new release's servers start (docs/deploy.md). The servers still migrate at start-up; on PostgreSQL
 * the advisory lock in lib/db/client.ts makes this and them take turns, so it does no harm twice.
 */
import path from 'node:path';
import { adminSocketPath, isAdminSocketHeld } from './admin-socket.ts';
import { parseEnv } from '../../lib/env.ts';
import { openDatabase } from '../../lib/db/client.ts';
import { describeErrorSafely } from '../../lib/log/redact.ts';

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // the embedded database belongs to the one process holding its folder (decision 022); a running
  // server has already migrated it at start-up
  if (!env.DATABASE_URL && (await isAdminSocketHeld(adminSocketPath(env.DATA_DIR)))) {
    console.error(
      `Otro proceso de ${env.BRAND_NAME} está usando ${env.DATA_DIR}: deténlo para migrar (al iniciar ya migra solo).`,
    );
    process.exit(1);
  }
  const database = await openDatabase({
    url: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'db'),
    pgliteDurability: env.PGLITE_DURABILITY,
    poolSize: 1,
  });
  await database.close();
  console.log(
    `Migraciones aplicadas: ${database.driver === 'pglite' ? `PGlite en ${env.DATA_DIR}/db` : 'PostgreSQL (DATABASE_URL)'}`,
  );
}

main().catch((error: unknown) => {
  // a failed migration may be a query error carrying its values
  console.error(describeErrorSafely(error));
  process.exit(1);
});
