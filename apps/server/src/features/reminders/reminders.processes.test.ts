/**
 * Exactly once across processes (decision 029): two real server processes on one PostgreSQL database,
 * started at the same time, both run the scheduled jobs (every second here, JOBS_SWEEP_SECONDS), and
 * their outboxes together hold one reminder per plan. Runs in the PostgreSQL project only, since
 * PGlite is one process's.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/test-app.ts';
import { startServer, stopServer, type ServerProcess } from '../../../test/server-process.ts';
import { postTo, signUp } from '../../../test/http.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.skipIf(!isPostgresRun)('plan reminders with two server processes', () => {
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let client: pg.Client;
  let a: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    env = {
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString('hex'),
      JOBS_SWEEP_SECONDS: '1',
    };
    const dataDir = async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-jobs-'));
      dataDirs.push(dir);
      return { DATA_DIR: dir, WEB_DIST_DIR: path.join(dir, 'no-panel') };
    };
    // a first start applies the migrations and seeds the catalogue and the demo account, then stops
    const first = await startServer({ ...env, ...(await dataDir()) });
    await stopServer(first);
    // both at once, each with its own outbox
    const both = await Promise.all([
      startServer({ ...env, ...(await dataDir()) }),
      startServer({ ...env, ...(await dataDir()) }),
    ]);
    servers.push(...both);
    a = both[0]!.url;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await client?.end();
    await database?.drop();
    await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  /** the plan reminders in both servers' outboxes, by recipient */
  async function remindersByRecipient() {
    const byRecipient = new Map<string, string[]>();
    for (const dir of dataDirs) {
      const outbox = path.join(dir, 'outbox');
      for (const file of await fs.readdir(outbox).catch(() => [])) {
        const mail = await simpleParser(await fs.readFile(path.join(outbox, file)));
        if (!mail.subject?.includes(' vence el ') || !mail.to || Array.isArray(mail.to)) continue;
        byRecipient.set(mail.to.text, [...(byRecipient.get(mail.to.text) ?? []), mail.text ?? '']);
      }
    }
    return byRecipient;
  }

  async function customerEndingIn(endsInMs: number) {
    const { email } = await signUp(postTo(a));
    await client.query(
      'UPDATE user_plans SET expires_at = $1 FROM users WHERE users.id = user_plans.user_id AND users.email = $2',
      [new Date(Date.now() + endsInMs), email],
    );
    return email;
  }

  it('sends each plan one reminder, whichever process runs the job', async () => {
    const weekAway = await Promise.all([customerEndingIn(5 * DAY), customerEndingIn(3 * DAY)]);
    const dayAway = await customerEndingIn(12 * HOUR);
    const everyone = [...weekAway, dayAway];
    let allSent = false;
    for (let waited = 0; waited < 60_000 && !allSent; waited += 250) {
      const sent = await remindersByRecipient();
      allSent = everyone.every((email) => sent.has(email));
      if (!allSent) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // when one is missing, what the servers logged says why (a failed run, a lost connection)
    expect(allSent, servers.map((server) => server.output()).join('\n')).toBe(true);
    // several more runs of the job, on either process, change nothing
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const sent = await remindersByRecipient();
    for (const email of weekAway) {
      expect(sent.get(email)).toHaveLength(1);
      expect(sent.get(email)![0]).toContain('vence en menos de una semana');
    }
    expect(sent.get(dayAway)).toHaveLength(1);
    expect(sent.get(dayAway)![0]).toContain('vence en menos de un día');
    // the job did run again and again meanwhile, through the queue both processes share
    const { rows } = await client.query<{ runs: number }>(
      "SELECT count(*)::int AS runs FROM pgboss.job WHERE name = 'plan-reminders' AND state = 'completed'",
    );
    expect(rows[0]!.runs).toBeGreaterThan(3);
  }, 120_000);
});
