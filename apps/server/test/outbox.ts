/**
 * A test server's outbox (DATA_DIR/outbox: where the e-mails go with no SMTP_URL), for the tests that
 * read the e-mails sent or make their delivery fail.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { BackgroundTasks } from '../src/lib/background-tasks.ts';

const outbox = (app: { dataDir: string }) => path.join(app.dataDir, 'outbox');

/** a test server: its outbox, and the work its requests started without waiting (the e-mails among it) */
interface ServerWithOutbox {
  dataDir: string;
  ctx?: { background: BackgroundTasks };
}

/**
 * The mail server is down: the outbox folder is a file, so writing an e-mail fails. The e-mails
 * already under way (sent without waiting by earlier requests) are written first.
 */
export async function breakMail(app: ServerWithOutbox): Promise<void> {
  await app.ctx?.background.settled();
  await fs.rm(outbox(app), { recursive: true, force: true });
  await fs.writeFile(outbox(app), 'not a folder');
}

/** The mail server is back (after breakMail; nothing to do otherwise). */
export async function repairMail(app: ServerWithOutbox): Promise<void> {
  await app.ctx?.background.settled();
  const stat = await fs.stat(outbox(app)).catch(() => null);
  if (stat?.isFile()) await fs.rm(outbox(app));
}

/**
 * Whether a parsed e-mail is the sign-up's verification e-mail (decision 034), which every account made
 * by sign-up gets first: the tests of other e-mails leave it out of what they count.
 */
export const isVerificationMail = (mail: { subject?: string | undefined }) =>
  mail.subject?.startsWith('Verifica tu email') ?? false;

/**
 * Every e-mail that reached the outbox, oldest first (the files are named by the time they were
 * written), parsed as a mail client would, once the e-mails the requests so far sent without waiting
 * (sign-up's, the security notices) are written.
 */
export async function readOutbox(app: ServerWithOutbox): Promise<ParsedMail[]> {
  await app.ctx?.background.settled();
  const files = (await fs.readdir(outbox(app)).catch(() => [])).sort();
  return Promise.all(
    files.map(async (file) => simpleParser(await fs.readFile(path.join(outbox(app), file)))),
  );
}

/**
 * All a person reads of an e-mail, its subject, text and HTML in one string: to check that a word
 * (a name, decision 050) appears nowhere in it.
 */
export const everythingRead = (mail: ParsedMail) =>
  [mail.subject ?? '', mail.text ?? '', mail.html || ''].join('\n');

/** the e-mails to `email` in the outbox, oldest first (readOutbox) */
export async function mailsTo(app: ServerWithOutbox, email: string): Promise<ParsedMail[]> {
  return (await readOutbox(app)).filter(
    (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email,
  );
}

/**
 * The tokens of the links to `email` whose path starts with `pathPrefix` (`/verificar-email/`), in no
 * particular order: a test that wants the newest compares with the tokens it saw before.
 */
export async function linkTokensTo(app: ServerWithOutbox, email: string, pathPrefix: string) {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`${escaped}([\\w-]+)`, 'g');
  return (await mailsTo(app, email)).flatMap((mail) =>
    [...(mail.text ?? '').matchAll(pattern)].map((match) => match[1]!),
  );
}

/**
 * Opens the verification link e-mailed to the account, as its owner would (decision 050: the first
 * proof of the mailbox reclaims the account, ending its sessions and dropping its password), chooses
 * `password` again with the token the answer carries, and signs in: the new session's token.
 */
export async function verifyEmailOf(
  app: ServerWithOutbox & {
    post(url: string, body?: unknown): Promise<{ statusCode: number; body: string; json(): unknown }>;
  },
  account: { email: string; password: string },
): Promise<string> {
  const [token] = await linkTokensTo(app, account.email, '/verificar-email/');
  if (!token) throw new Error(`no verification e-mail to ${account.email}`);
  const opened = await app.post('/api/auth/verifyEmail', { token });
  if (opened.statusCode !== 200) throw new Error(`verifyEmail: ${opened.statusCode} ${opened.body}`);
  const { password_token } = opened.json() as { password_token: string };
  const reset = await app.post('/api/auth/resetPass', {
    email: account.email,
    password: account.password,
    password_confirmation: account.password,
    token: password_token,
  });
  if (reset.statusCode !== 200) throw new Error(`resetPass: ${reset.statusCode} ${reset.body}`);
  const signedIn = await app.post('/api/auth/login', { email: account.email, password: account.password });
  if (signedIn.statusCode !== 200) throw new Error(`login: ${signedIn.statusCode} ${signedIn.body}`);
  return (signedIn.json() as { access_token: string }).access_token;
}
