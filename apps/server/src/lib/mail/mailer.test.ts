import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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

it('sends a burst of e-mails through one connection kept open, which close() ends', async () => {
  const connected: string[] = [];
  const closed: string[] = [];
  const received: string[] = [];
  // a mail server on this machine, plain SMTP without sign-in, as a relay inside a network takes it
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      connected.push(session.id);
      callback();
    },
    onClose(session) {
      closed.push(session.id);
    },
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push('one');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`,
    from: 'Escudo <no-responder@escudo.test>',
    outboxDir: '/nonexistent',
    log: pino({ level: 'silent' }),
  });
  try {
    for (const to of ['ana@example.cl', 'bea@example.cl', 'carla@example.cl']) {
      await mailer.send({ to, subject: 'Alerta', text: 'Hola', html: '<p>Hola</p>' });
    }
    expect(received).toHaveLength(3);
    expect(connected).toHaveLength(1);
    expect(closed).toEqual([]);
    mailer.close();
    await vi.waitFor(() => expect(closed).toEqual(connected));
  } finally {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
});
