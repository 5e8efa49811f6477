import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app.ts';
import { userWithPhone } from '../test/sockets.ts';
import { alertEmailRetries, securityNetworkMembers, users } from '../lib/db/schema.ts';
import { ALERT_EMAIL_RETRY_DELAYS_MS, retryAlertEmails } from './alert-emails.ts';

// Its own server: these tests break the mail delivery (the outbox) on purpose.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const outbox = () => path.join(app.dataDir, 'outbox');
/** The mail server is down: the outbox folder is a file, so writing an e-mail fails. */
async function breakMail() {
  await fs.rm(outbox(), { recursive: true, force: true });
  await fs.writeFile(outbox(), 'not a folder');
}
async function repairMail() {
  const stat = await fs.stat(outbox()).catch(() => null);
  if (stat?.isFile()) await fs.rm(outbox());
}
afterEach(repairMail);

/** the subjects and texts of the e-mails to `email` that reached the outbox */
async function mailsTo(email: string) {
  const files = await fs.readdir(outbox()).catch(() => []);
  const mails = await Promise.all(
    files.map(async (file) => simpleParser(await fs.readFile(path.join(outbox(), file)))),
  );
  return mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
}

/** An owner with a phone and one accepted member. */
async function ownerWithMember() {
  const owner = await userWithPhone(app);
  const member = await signUpUser(app);
  const [memberRow] = await app.ctx.db.select().from(users).where(eq(users.email, member.email));
  await app.ctx.db.insert(securityNetworkMembers).values({
    ownerUserId: owner.userId,
    memberUserId: memberRow!.id,
    name: member.name,
    email: member.email,
    phone: '56912345678',
    status: 'aceptada',
    codeHash: `code-${Math.random()}`,
    codeExpiresAt: new Date(app.clock.now.getTime() + 86_400_000),
  });
  return { owner, member };
}

const retriesOf = (alertId: number) =>
  app.ctx.db.select().from(alertEmailRetries).where(eq(alertEmailRetries.alertId, alertId));

describe('SOS e-mails that fail', () => {
  it('are tried again by the sweep until they go, and the SOS itself does not wait or fail', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail();
    const opened = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
    expect(opened.statusCode, opened.body).toBe(201);
    const alertId = (opened.json() as { alert_id: number }).alert_id;
    expect(await retriesOf(alertId)).toMatchObject([{ attempts: 1 }]);

    // not due yet: nothing is tried
    await retryAlertEmails(app.ctx);
    expect(await retriesOf(alertId)).toMatchObject([{ attempts: 1 }]);

    // due, the mail server still down: the second try fails and the third is booked
    app.clock.advance(ALERT_EMAIL_RETRY_DELAYS_MS[0]!);
    await retryAlertEmails(app.ctx);
    const [second] = await retriesOf(alertId);
    expect(second!.attempts).toBe(2);
    expect(second!.nextAttemptAt.getTime()).toBe(app.clock.now.getTime() + ALERT_EMAIL_RETRY_DELAYS_MS[1]!);

    // the mail server is back: the third try reaches the member, with the alert's link, and is done
    await repairMail();
    app.clock.advance(ALERT_EMAIL_RETRY_DELAYS_MS[1]!);
    await retryAlertEmails(app.ctx);
    const [mail] = await mailsTo(member.email);
    expect(mail?.subject).toMatch(/^Alerta de .+: necesita ayuda$/);
    expect(mail?.text).toMatch(/http:\/\/escudo\.test\/alerta\/[\w-]{43}/);
    expect(await retriesOf(alertId)).toEqual([]);
  });

  it('are dropped once the alert has ended: nobody is e-mailed about an SOS that is over', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail();
    const alertId = (
      await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken)
    ).json().alert_id as number;
    expect(await retriesOf(alertId)).toHaveLength(1);
    const closed = await app.post('/api/device/alert/close', { alert_id: alertId }, owner.deviceToken);
    expect(closed.statusCode).toBe(200);

    await repairMail();
    app.clock.advance(ALERT_EMAIL_RETRY_DELAYS_MS[0]!);
    await retryAlertEmails(app.ctx);
    expect(await retriesOf(alertId)).toEqual([]);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it('give up after the fourth try', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail();
    const alertId = (
      await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken)
    ).json().alert_id as number;
    for (const [index, delay] of ALERT_EMAIL_RETRY_DELAYS_MS.entries()) {
      app.clock.advance(delay);
      await retryAlertEmails(app.ctx);
      const left = await retriesOf(alertId);
      // tries 2 and 3 leave the row for the next; the 4th, the last, removes it
      expect(left.map((row) => row.attempts)).toEqual(
        index < ALERT_EMAIL_RETRY_DELAYS_MS.length - 1 ? [index + 2] : [],
      );
    }
    await repairMail();
    app.clock.advance(86_400_000);
    await retryAlertEmails(app.ctx);
    expect(await mailsTo(member.email)).toEqual([]);
  });
});
