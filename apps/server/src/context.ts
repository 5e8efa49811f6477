import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './env.ts';
import type { Db } from './lib/db/client.ts';
import type { Mailer } from './lib/mail/mailer.ts';

/** What every feature's routes and services are given: built once in app.ts. */
export interface AppContext {
  env: Env;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** the clock, so that tests can move time (expiry, rate-limit windows) without waiting */
  now: () => Date;
}
