/**
 * A test server's outbox (DATA_DIR/outbox: where the e-mails go with no SMTP_URL), for the tests that
 * read the e-mails sent or make their delivery fail.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

const outbox = (app: { dataDir: string }) => path.join(app.dataDir, 'outbox');

/** The mail server is down: the outbox folder is a file, so writing an e-mail fails. */
export async function breakMail(app: { dataDir: string }): Promise<void> {
  await fs.rm(outbox(app), { recursive: true, force: true });
  await fs.writeFile(outbox(app), 'not a folder');
}

/** The mail server is back (after breakMail; nothing to do otherwise). */
export async function repairMail(app: { dataDir: string }): Promise<void> {
  const stat = await fs.stat(outbox(app)).catch(() => null);
  if (stat?.isFile()) await fs.rm(outbox(app));
}

/**
 * Whether a parsed e-mail is the sign-up's verification e-mail (decision 034), which every account made
 * by sign-up gets first: the tests of other e-mails leave it out of what they count.
 */
export const isVerificationMail = (mail: { subject?: string | undefined }) =>
  mail.subject?.startsWith('Verifica tu email') ?? false;

/** the e-mails to `email` that reached the outbox, parsed as a mail client would */
export async function mailsTo(app: { dataDir: string }, email: string) {
  const files = await fs.readdir(outbox(app)).catch(() => []);
  const mails = await Promise.all(
    files.map(async (file) => simpleParser(await fs.readFile(path.join(outbox(app), file)))),
  );
  return mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
}

/**
 * The tokens of the links to `email` whose path starts with `pathPrefix` (`/verificar-email/`), in no
 * particular order: a test that wants the newest compares with the tokens it saw before.
 */
export async function linkTokensTo(app: { dataDir: string }, email: string, pathPrefix: string) {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`${escaped}([\\w-]+)`, 'g');
  return (await mailsTo(app, email)).flatMap((mail) =>
    [...(mail.text ?? '').matchAll(pattern)].map((match) => match[1]!),
  );
}

/** Verifies an account's e-mail as its owner does: the sign-up's link, opened. */
export async function verifyEmailOf(
  app: { dataDir: string; post(url: string, body?: unknown): Promise<{ statusCode: number; body: string }> },
  email: string,
): Promise<void> {
  const [token] = await linkTokensTo(app, email, '/verificar-email/');
  if (!token) throw new Error(`no verification e-mail to ${email}`);
  const opened = await app.post('/api/auth/verifyEmail', { token });
  if (opened.statusCode !== 200) throw new Error(`verifyEmail: ${opened.statusCode} ${opened.body}`);
}
