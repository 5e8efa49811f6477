/**
 * Outgoing e-mail. With SMTP_URL, a real SMTP transport; without it, every message is written as an
 * .eml file to DATA_DIR/outbox (open it with any mail client), so that the whole product works on a
 * laptop with no mail server. Its links are never logged, in production or not (docs/privacy.md):
 * the log line names the file to open instead.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../app-error.ts';
import { PRIVATE_FILE_MODE, createPrivateDir } from '../private-dir.ts';

/**
 * ours: how long an SMTP server may take to connect (DNS and greeting included), to greet, and to answer
 * each command. Nodemailer's defaults (2 min, 30 s, 10 min) would hold a password-reset request far
 * past the panel's REQUEST_TIMEOUT_MS (10 s), so the person would get a time-out instead of our message.
 */
export const SMTP_TIMEOUTS_MS = { connection: 5_000, greeting: 5_000, socket: 8_000 };

/**
 * ours: connections kept open to the mail server. A burst of e-mails (an SOS to every member of the
 * network, the notices of several orders) goes through them instead of a connection, TLS handshake
 * and sign-in each; a connection idle for SMTP_TIMEOUTS_MS.socket closes.
 */
export const SMTP_POOL_CONNECTIONS = 3;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** closes the connections kept to the mail server (at shutdown, once nothing is being sent) */
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** told of each e-mail's fate (the metrics count them) */
  onDelivery?: (outcome: 'sent' | 'failed') => void;
}

export function createMailer(options: MailerOptions): Mailer {
  const { deliver, close } = options.smtpUrl
    ? smtpDelivery(options.smtpUrl, options.from)
    : { deliver: outboxDelivery(options), close: () => undefined };
  return {
    close,
    async send(message) {
      try {
        await deliver(message);
        options.onDelivery?.('sent');
      } catch (error) {
        options.onDelivery?.('failed');
        // the cause stays in the log; the person who asked reads that it can be tried again
        options.log.error({ err: error }, 'the mail server did not take an e-mail');
        throw new AppError('MAIL_UNAVAILABLE');
      }
    },
  };
}

function smtpDelivery(url: string, from: string): { deliver: Mailer['send']; close: () => void } {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_POOL_CONNECTIONS,
    // an e-mail whose connection the server closes fails, as without the pool: by default the pool
    // sends it again on a new connection, forever, and a server that drops every connection would
    // hold it (and the shutdown waiting for it) for good. Its caller retries or logs (decision 023)
    maxRequeues: 0,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  return {
    deliver: async ({ to, subject, text, html }) => {
      await transport.sendMail({ from, to, subject, text, html });
    },
    close: () => transport.close(),
  };
}

function outboxDelivery(options: MailerOptions): Mailer['send'] {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message) => {
    const info = await transport.sendMail({ from: options.from, ...message });
    // an e-mail may hold a reset link: only the server's user reads the outbox (decision 031)
    await createPrivateDir(options.outboxDir);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(options.outboxDir, `${stamp}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    // the file, not its links: a link (reset, alert, invitation…) is a secret, and logs travel further
    // than DATA_DIR (README: open the .eml file to follow a link)
    options.log.info({ to: message.to, file }, 'e-mail written to the outbox');
  };
}
