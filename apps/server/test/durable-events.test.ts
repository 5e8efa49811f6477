/**
 * A process that dies between the commit of an SOS and the delivery of its e-mails loses none
 * (decision 055): two server processes on one PostgreSQL database; the one that takes the SOS is
 * killed (SIGKILL) while its mail server holds the e-mails, and the other delivers them once the dead
 * one's lease lapses. After a restart of the first, every member has the SOS e-mail exactly once.
 * The lease is the server's own mechanism, only shorter here (EVENT_LEASE_SECONDS): waiting out the
 * 30 s of an SOS's would be most of the test's time.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailsTo } from './outbox.ts';
import { postTo, registerPhone, signUp } from './http.ts';
import { createPostgresDatabase } from './test-app.ts';
import { startServer, stopServer, type ServerProcess } from './server-process.ts';

/** well above the moment between the first process's claim and its kill, which is all it must cover */
const EVENT_LEASE_SECONDS = 5;
const METRICS_TOKEN = randomBytes(24).toString('hex');

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

/** the outbox rows of the SOS events (one SOS here): what the deliveries wrote into them */
async function alertRowsOf(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ availableAt: Date; deliveredAt: Date | null; attempts: number }>(
      `select available_at as "availableAt", delivered_at as "deliveredAt", attempts
         from event_outbox where event = 'alertRaised' order by id`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** the runs of the event sweep (the job deliver-events) that server `url` has finished, by its metrics */
async function eventSweepsOf(url: string): Promise<number> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  return Number(
    /^escudo_job_runs_total\{job="deliver-events",outcome="completed"\} (\d+)$/m.exec(text)?.[1] ?? 0,
  );
}

describe.skipIf(!isPostgresRun)(
  'an SOS whose process dies before its e-mails go (PostgreSQL, two processes)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let dataDir: string;
    const servers: ServerProcess[] = [];
    // a mail server that takes the connection and never answers: the first process's delivery hangs
    const held: Socket[] = [];
    const blackHole = createServer((socket) => held.push(socket));
    let shared: Record<string, string>;

    beforeAll(async () => {
      database = await createPostgresDatabase();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-durable-'));
      await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
      shared = {
        DATABASE_URL: database.url,
        APP_SECRET: randomBytes(32).toString('hex'),
        // one folder for both: the e-mails of either process land in its outbox
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
        // every job, the event sweep among them, each second
        JOBS_SWEEP_SECONDS: '1',
        EVENT_LEASE_SECONDS: String(EVENT_LEASE_SECONDS),
        METRICS_TOKEN,
      };
    }, 120_000);

    afterAll(async () => {
      for (const socket of held) socket.destroy();
      blackHole.close();
      await Promise.all(servers.map(stopServer));
      await database?.drop();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

    it(
      'the other process delivers them once the lease lapses, and a restart sends none again',
      { timeout: 150_000 },
      async () => {
        const { port } = blackHole.address() as { port: number };
        const first = await startServer({ ...shared, SMTP_URL: `smtp://127.0.0.1:${port}` });
        servers.push(first);
        const second = await startServer(shared);
        servers.push(second);
        const viaSecond = postTo(second.url);

        const owner = await signUp(viaSecond, { name: 'Ana Dueña' });
        const { deviceToken } = await registerPhone(viaSecond, owner.token);
        const members = [
          await signUp(viaSecond, { name: 'Berta' }),
          await signUp(viaSecond, { name: 'Carla' }),
        ];
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          for (const member of members) {
            await client.query(
              `insert into security_network_members
               (owner_user_id, member_user_id, name, email, phone, status, code_hash, code_expires_at)
             select o.id, m.id, $3, $2, '56912345678', 'aceptada', $4, now() + interval '1 day'
               from users o, users m where o.email = $1 and m.email = $2`,
              [owner.email, member.email, member.name, `code-${randomBytes(6).toString('hex')}`],
            );
          }
        } finally {
          await client.end();
        }

        // the SOS through the first process: committed and answered, its e-mails held by the black hole
        const sos = await postTo(first.url)('/api/device/alert', { lat: -33.45, lng: -70.66 }, deviceToken);
        expect(sos.status).toBe(201);
        await vi.waitFor(() => expect(held.length).toBeGreaterThan(0), { timeout: 10_000 });
        const [leased] = await alertRowsOf(database.url);
        first.process.kill('SIGKILL');
        await first.exited;
        servers.splice(servers.indexOf(first), 1);

        // the second process takes the row once the dead one's lease lapses
        const sosMailsTo = async (email: string) =>
          (await mailsTo({ dataDir }, email)).filter((mail) => /SOS|alerta/i.test(mail.subject ?? ''));
        for (const member of members) {
          await vi.waitFor(async () => expect(await sosMailsTo(member.email)).toHaveLength(1), {
            timeout: EVENT_LEASE_SECONDS * 1000 + 30_000,
            interval: 500,
          });
        }
        // not before the lease lapsed: a claim leases the row from its own moment (by the machine's
        // clock, as the dead process's claim did) and a delivery leaves that lease as it was; two
        // claims, the dead one's and this one, so nothing delivered it twice at once
        // the row is marked delivered once every subscriber is done (the central's, after the e-mails)
        const delivered = await vi.waitFor(
          async () => {
            const [row] = await alertRowsOf(database.url);
            expect(row!.deliveredAt).not.toBeNull();
            return row;
          },
          { timeout: 10_000, interval: 200 },
        );
        expect(delivered!.attempts).toBe(2);
        const claimedAt = delivered!.availableAt.getTime() - EVENT_LEASE_SECONDS * 1000;
        expect(claimedAt).toBeGreaterThanOrEqual(leased!.availableAt.getTime());

        // the first process back, as an orchestrator restarts it: after two sweeps of the events since
        // it answered, nothing has gone again and nothing claimed the row again. Either process may run
        // a sweep (pg-boss gives it to whichever worker asks first), so both are counted
        const restarted = await startServer(shared);
        servers.push(restarted);
        const sweeps = async () => (await eventSweepsOf(second.url)) + (await eventSweepsOf(restarted.url));
        const sweepsBefore = await sweeps();
        await vi.waitFor(async () => expect(await sweeps()).toBeGreaterThanOrEqual(sweepsBefore + 2), {
          timeout: 30_000,
          interval: 200,
        });
        for (const member of members) expect(await sosMailsTo(member.email)).toHaveLength(1);
        expect(await alertRowsOf(database.url)).toEqual([delivered]);
      },
    );
  },
);
