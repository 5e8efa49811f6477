/**
 * PostgreSQL (decision 031): a statement past DATABASE_STATEMENT_TIMEOUT_MS is cancelled and its
 * request answered 503 SERVER_BUSY like any refusal, without a stack trace; an idle pooled connection
 * that fails is told to the server (which logs it) instead of vanishing.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openDatabase, type Database } from './client.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(!isPostgresRun)('PostgreSQL statements and connections', () => {
  it('a statement over the timeout is cancelled and answered 503 SERVER_BUSY, no stack trace', async () => {
    let db: Database['db'] | null = null;
    const app: TestApp = await createTestApp({ DATABASE_STATEMENT_TIMEOUT_MS: '300' }, (server) =>
      server.get('/api/test/slow-query', async () => {
        await db!.execute(sql`select pg_sleep(3)`);
        return { ok: true };
      }),
    );
    cleanups.push(() => app.close());
    db = app.ctx.db;
    const response = await app.app.inject({ method: 'GET', url: '/api/test/slow-query' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json()).toEqual({
      code: 'SERVER_BUSY',
      message: 'El servidor está ocupado. Por favor inténtalo nuevamente en unos segundos.',
    });
    // a statement within the timeout runs as before
    expect((await app.ctx.db.execute(sql`select pg_sleep(0.01), 1 as one`)).rows[0]).toMatchObject({
      one: 1,
    });
  });

  it('an idle pooled connection that fails is reported, and the pool goes on with a new one', async () => {
    const postgres = await createPostgresDatabase();
    cleanups.push(() => postgres.drop());
    const errors: Error[] = [];
    const database = await openDatabase({
      url: postgres.url,
      poolSize: 1,
      onPoolError: (error) => errors.push(error),
    });
    cleanups.push(() => database.close());
    await database.db.execute(sql`select 1`);
    // the pooled connection is idle now: end it from the server's side, as a restart or a proxy would
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    await expect.poll(() => errors.length).toBe(1);
    expect((await database.db.execute(sql`select 2 as two`)).rows[0]).toMatchObject({ two: 2 });
  });
});
