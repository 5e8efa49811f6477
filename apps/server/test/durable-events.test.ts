/**
 * A process that dies between the commit of an SOS and the delivery of its e-mails loses none
 * (decision 055): two server processes on one PostgreSQL database; the one that takes the SOS is
 * killed (SIGKILL) while its mail server holds the e-mails, and the other delivers them once the dead
 * one's lease lapses. After a restart of the first, every member has the SOS e-mail exactly once.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DURABLE_EVENTS } from '../src/lib/events.ts';
import { mailsTo } from './outbox.ts';
import { postTo, registerPhone, signUp } from './http.ts';
import { createPostgresDatabase } from './test-app.ts';
import { startServer, stopServer, type ServerProcess } from './server-process.ts';

const EVENT_LEASE_MS = DURABLE_EVENTS.alertRaised.leaseMs;

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

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
        first.process.kill('SIGKILL');
        await first.exited;
        servers.splice(servers.indexOf(first), 1);
        const killedAt = Date.now();

        // the second process takes the row once the dead one's lease lapses
        const sosMailsTo = async (email: string) =>
          (await mailsTo({ dataDir }, email)).filter((mail) => /SOS|alerta/i.test(mail.subject ?? ''));
        for (const member of members) {
          await vi.waitFor(async () => expect(await sosMailsTo(member.email)).toHaveLength(1), {
            timeout: EVENT_LEASE_MS + 30_000,
            interval: 500,
          });
        }
        // not before the lease lapsed: nothing delivered it twice at once
        expect(Date.now() - killedAt).toBeGreaterThanOrEqual(EVENT_LEASE_MS - 2_000);

        // the first process back, as an orchestrator restarts it: nothing goes again
        servers.push(await startServer(shared));
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        for (const member of members) expect(await sosMailsTo(member.email)).toHaveLength(1);
      },
    );
  },
);
