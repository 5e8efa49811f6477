import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

// a mail server that takes the connection and then says nothing, as a stuck or overloaded one does
const held: Socket[] = [];
const silent = createServer((socket) => held.push(socket));
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

it('gives up on a mail server that never greets (SMTP_TIMEOUTS_MS) instead of waiting for minutes', async () => {
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Escudo <no-responder@escudo.test>',
    outboxDir: '/nonexistent',
    log: pino({ level: 'silent' }),
  });
  const sending = mailer.send({ to: 'ana@example.cl', subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' });
  // the cause goes to the log; the person reads that it can be tried again
  await expect(sending).rejects.toMatchObject({ code: 'MAIL_UNAVAILABLE', status: 503 });
  expect(held).toHaveLength(1);
});
