import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { and, sql } from 'drizzle-orm';
import { eventOutbox } from '../../lib/outbox/outbox.schema.ts';
import { deliverEvents, EVENT_LEASE_MS } from '../../lib/outbox/outbox.ts';
import { networkEmails } from '../../app/features.ts';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import {
  breakMail,
  isVerificationMail,
  mailsTo as mailsOf,
  repairMail,
  verifyEmailOf,
} from '../../../test/outbox.ts';
import { setLostMode, userWithPhone } from '../../../test/sockets.ts';
import { devices } from '../devices/devices.schema.ts';
import { networkEmailRetries, securityNetworkMembers, type NetworkEmailKind } from './network.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { NETWORK_EMAIL_RETRY_DELAYS_MS, retryNetworkEmails } from './mail-network.ts';

// Its own server: these tests break the mail delivery (the outbox) on purpose.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

afterEach(() => repairMail(app));

/**
 * the e-mails to `email` that reached the outbox, once those being sent are settled, but the sign-up's
 * verification e-mail
 */
async function mailsTo(email: string) {
  await app.ctx.background.settled();
  return (await mailsOf(app, email)).filter((mail) => !isVerificationMail(mail));
}

/** An owner with a phone and one accepted member. */
async function ownerWithMember(on: TestApp = app) {
  const owner = await userWithPhone(on);
  const member = await signUpUser(on);
  const [memberRow] = await on.ctx.db.select().from(users).where(eq(users.email, member.email));
  await on.ctx.db.insert(securityNetworkMembers).values({
    ownerUserId: owner.userId,
    memberUserId: memberRow!.id,
    name: member.name,
    email: member.email,
    phone: '56912345678',
    status: 'aceptada',
    codeHash: `code-${Math.random()}`,
    codeExpiresAt: new Date(on.clock.now.getTime() + 86_400_000),
  });
  return { owner, member };
}

/** the retries kept so far for `subjectId` on `on`, without waiting for the tries under way */
const keptNow = (on: TestApp, kind: NetworkEmailKind, subjectId: number) =>
  on.ctx.db
    .select()
    .from(networkEmailRetries)
    .where(and(eq(networkEmailRetries.kind, kind), eq(networkEmailRetries.subjectId, subjectId)));
/** the retries kept for `subjectId`, once the first tries under way have ended */
async function retriesOf(subjectId: number, kind: NetworkEmailKind = 'alert') {
  await app.ctx.background.settled();
  return keptNow(app, kind, subjectId);
}
/** the server's sweep, as app.ts runs it each minute */
const sweep = () => retryNetworkEmails(app.ctx, networkEmails);

describe('SOS e-mails that fail', () => {
  it('are tried again by the sweep until they go, and the SOS itself does not wait or fail', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail(app);
    const opened = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
    expect(opened.statusCode, opened.body).toBe(201);
    const alertId = (opened.json() as { alert_id: number }).alert_id;
    expect(await retriesOf(alertId)).toMatchObject([{ attempts: 1 }]);

    // not due yet: nothing is tried
    await sweep();
    expect(await retriesOf(alertId)).toMatchObject([{ attempts: 1 }]);

    // due, the mail server still down: the second try fails and the third is booked
    app.clock.advance(NETWORK_EMAIL_RETRY_DELAYS_MS[0]!);
    await sweep();
    const [second] = await retriesOf(alertId);
    expect(second!.attempts).toBe(2);
    expect(second!.nextAttemptAt.getTime()).toBe(app.clock.now.getTime() + NETWORK_EMAIL_RETRY_DELAYS_MS[1]!);

    // the mail server is back: the third try reaches the member, with the alert's link, and is done
    await repairMail(app);
    app.clock.advance(NETWORK_EMAIL_RETRY_DELAYS_MS[1]!);
    await sweep();
    const [mail] = await mailsTo(member.email);
    expect(mail?.subject).toMatch(/^Alerta de .+: necesita ayuda$/);
    expect(mail?.text).toMatch(/http:\/\/escudo\.test\/alerta\/[\w-]{43}/);
    expect(await retriesOf(alertId)).toEqual([]);
  });

  it('are dropped once the alert has ended: nobody is e-mailed about an SOS that is over', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail(app);
    const alertId = (
      await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken)
    ).json().alert_id as number;
    expect(await retriesOf(alertId)).toHaveLength(1);
    const closed = await app.post('/api/device/alert/close', { alert_id: alertId }, owner.deviceToken);
    expect(closed.statusCode).toBe(200);

    await repairMail(app);
    app.clock.advance(NETWORK_EMAIL_RETRY_DELAYS_MS[0]!);
    await sweep();
    expect(await retriesOf(alertId)).toEqual([]);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it('give up after the fourth try', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail(app);
    const alertId = (
      await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken)
    ).json().alert_id as number;
    // the first try, which runs apart from the request, fails before the clock moves
    await app.ctx.background.settled();
    for (const [index, delay] of NETWORK_EMAIL_RETRY_DELAYS_MS.entries()) {
      app.clock.advance(delay);
      await sweep();
      const left = await retriesOf(alertId);
      // tries 2 and 3 leave the row for the next; the 4th, the last, removes it
      expect(left.map((row) => row.attempts)).toEqual(
        index < NETWORK_EMAIL_RETRY_DELAYS_MS.length - 1 ? [index + 2] : [],
      );
    }
    await repairMail(app);
    app.clock.advance(86_400_000);
    await sweep();
    expect(await mailsTo(member.email)).toEqual([]);
  });
});

describe('lost-mode e-mails that fail', () => {
  it('are tried again by the sweep while the phone is lost, and the phone is answered at once', async () => {
    const { owner, member } = await ownerWithMember();
    // a member whose address is verified reads the owner's name (decision 050)
    await verifyEmailOf(app, member);
    const lostMails = async () =>
      (await mailsTo(member.email)).filter((mail) => mail.subject?.endsWith('declaró su teléfono perdido'));
    await breakMail(app);
    await setLostMode(app, owner, true);
    const [device] = await app.ctx.db.select().from(devices).where(eq(devices.id, owner.internalId));
    expect(device!.lost).toBe(true);
    expect(await retriesOf(owner.internalId, 'lostPhone')).toMatchObject([{ attempts: 1 }]);

    await repairMail(app);
    app.clock.advance(NETWORK_EMAIL_RETRY_DELAYS_MS[0]!);
    await sweep();
    const mails = await lostMails();
    expect(mails.map((mail) => mail.subject)).toEqual([`${owner.name} declaró su teléfono perdido`]);
    expect(await retriesOf(owner.internalId, 'lostPhone')).toEqual([]);

    // nothing is left to send: a later sweep sends no second e-mail
    app.clock.advance(NETWORK_EMAIL_RETRY_DELAYS_MS[1]!);
    await sweep();
    expect(await lostMails()).toHaveLength(1);
  });

  it('are dropped once the phone has left lost mode', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail(app);
    await setLostMode(app, owner, true);
    // its first try failed and was kept; then the phone is found
    expect(await retriesOf(owner.internalId, 'lostPhone')).toHaveLength(1);
    await setLostMode(app, owner, false);

    await repairMail(app);
    app.clock.advance(NETWORK_EMAIL_RETRY_DELAYS_MS[0]!);
    await sweep();
    expect(await retriesOf(owner.internalId, 'lostPhone')).toEqual([]);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it('are dropped when the member has left the network meanwhile', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail(app);
    await setLostMode(app, owner, true);
    await app.ctx.background.settled();
    await app.ctx.db
      .delete(securityNetworkMembers)
      .where(eq(securityNetworkMembers.ownerUserId, owner.userId));

    await repairMail(app);
    app.clock.advance(NETWORK_EMAIL_RETRY_DELAYS_MS[0]!);
    await sweep();
    expect(await retriesOf(owner.internalId, 'lostPhone')).toEqual([]);
    expect(await mailsTo(member.email)).toEqual([]);
  });
});

describe('a mail server that takes the connection and never answers', () => {
  const held: Socket[] = [];
  const silent = createServer((socket) => held.push(socket));
  let hung: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    hung = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await hung.close();
    await new Promise((resolve) => silent.close(resolve));
  });
  /** the mail server gives up on the e-mail it holds, and the try under way fails */
  async function dropHeldMail() {
    for (const socket of held.splice(0)) socket.destroy();
    await hung.ctx.background.settled();
  }

  it("holds neither the SOS request nor the phone's lost-mode answer; a try that fails later is kept", async () => {
    const { owner } = await ownerWithMember(hung);
    // the two sign-ups' verification e-mails (decision 034), sent without waiting, reach this server
    // first: they are given up on before the network's e-mails are watched
    await vi.waitFor(() => expect(held).toHaveLength(2));
    await dropHeldMail();
    await hung.ctx.background.settled();

    const opened = await hung.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
    expect(opened.statusCode, opened.body).toBe(201);
    const alertId = (opened.json() as { alert_id: number }).alert_id;
    // the phone has its answer while the mail server still holds the e-mail
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(await keptNow(hung, 'alert', alertId)).toEqual([]);
    await dropHeldMail();
    expect(await keptNow(hung, 'alert', alertId)).toMatchObject([{ attempts: 1 }]);

    await setLostMode(hung, owner, true);
    // the member's lost-mode e-mail, and the owner's notice of the order (sent without waiting too)
    await vi.waitFor(() => expect(held).toHaveLength(2));
    expect(await keptNow(hung, 'lostPhone', owner.internalId)).toEqual([]);
    await dropHeldMail();
    expect(await keptNow(hung, 'lostPhone', owner.internalId)).toMatchObject([{ attempts: 1 }]);
  });
});

describe('the SOS e-mails are a durable event (decision 055)', () => {
  const rowsOf = (alertId: number) =>
    app.ctx.db
      .select()
      .from(eventOutbox)
      .where(
        and(
          eq(eventOutbox.event, 'alertRaised'),
          sql`${eventOutbox.payload}->>'alertId' = ${String(alertId)}`,
        ),
      );

  it('are recorded with the alert, delivered once, and a repeat of the delivery sends nothing more', async () => {
    const { owner, member } = await ownerWithMember();
    const opened = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
    expect(opened.statusCode, opened.body).toBe(201);
    const alertId = (opened.json() as { alert_id: number }).alert_id;
    await app.ctx.background.settled();
    const [row] = await rowsOf(alertId);
    expect(row).toMatchObject({ doneBy: ['network'], attempts: 1 });
    expect(row!.deliveredAt).not.toBeNull();
    expect(await mailsTo(member.email)).toHaveLength(1);

    // a process that died after sending, before the row said so: another one delivers it again
    await app.ctx.db
      .update(eventOutbox)
      .set({ deliveredAt: null, doneBy: [], availableAt: new Date(app.clock.now.getTime() - 1000) })
      .where(eq(eventOutbox.id, row!.id));
    await deliverEvents(app.ctx);
    const [again] = await rowsOf(alertId);
    expect(again).toMatchObject({ doneBy: ['network'], attempts: 2 });
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('are delivered by the sweep once the lease of a process that died lapses, not before', async () => {
    const { owner, member } = await ownerWithMember();
    // the mail server refuses: nothing reaches the member (the try is kept for the network's retries)
    await breakMail(app);
    const opened = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
    expect(opened.statusCode, opened.body).toBe(201);
    const alertId = (opened.json() as { alert_id: number }).alert_id;
    await app.ctx.background.settled();
    await repairMail(app);
    // as if a process had claimed it and died: leased until a moment from now
    const [row] = await rowsOf(alertId);
    await app.ctx.db
      .update(eventOutbox)
      .set({ deliveredAt: null, doneBy: [], availableAt: new Date(app.clock.now.getTime() + EVENT_LEASE_MS) })
      .where(eq(eventOutbox.id, row!.id));
    await app.ctx.db.delete(networkEmailRetries).where(eq(networkEmailRetries.subjectId, alertId));
    await deliverEvents(app.ctx);
    expect(await mailsTo(member.email)).toHaveLength(0);
    app.clock.advance(EVENT_LEASE_MS + 1);
    await deliverEvents(app.ctx);
    expect(await mailsTo(member.email)).toHaveLength(1);
    const [delivered] = await rowsOf(alertId);
    expect(delivered!.deliveredAt).not.toBeNull();
  });
});
