/** The runner for the database the server uses (decision 029): pg-boss on PostgreSQL, timers on PGlite. */
import type { Database } from '../db/client.ts';
import { createInProcessRunner, type JobRunner, type JobRunnerOptions } from './jobs.ts';
import { createPgBossRunner } from './pg-boss-runner.ts';

export function createJobRunner(database: Database, options: JobRunnerOptions): JobRunner {
  return database.driver === 'postgres' && database.url
    ? createPgBossRunner({ ...options, connectionString: database.url })
    : createInProcessRunner(options);
}
