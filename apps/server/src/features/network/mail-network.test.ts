import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DURABLE_EVENTS } from '../../lib/events.ts';
import { eventOutbox } from '../../lib/outbox/outbox.schema.ts';
import { deliverEvents } from '../../lib/outbox/outbox.ts';
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
import { securityNetworkMembers } from './network.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import type { NetworkEmailKind } from './mail-network.ts';

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

/** A new account, accepted into the network of `ownerUserId`. */
async function acceptedMember(on: TestApp, ownerUserId: number) {
  const member = await signUpUser(on);
  const [memberRow] = await on.ctx.db.select().from(users).where(eq(users.email, member.email));
  await on.ctx.db.insert(securityNetworkMembers).values({
    ownerUserId,
    memberUserId: memberRow!.id,
    name: member.name,
    email: member.email,
    phone: '56912345678',
    status: 'aceptada',
    codeHash: `code-${Math.random()}`,
    codeExpiresAt: new Date(on.clock.now.getTime() + 86_400_000),
  });
  return member;
}

/** An owner with a phone and one accepted member. */
async function ownerWithMember(on: TestApp = app) {
  const owner = await userWithPhone(on);
  return { owner, member: await acceptedMember(on, owner.userId) };
}

const RETRY_DELAYS_MS = DURABLE_EVENTS.alertRaised.retryDelaysMs;

/** the newest outbox row of the SOS `subjectId`, or of the phone `subjectId` put in lost mode */
async function eventNow(on: TestApp, kind: NetworkEmailKind, subjectId: number) {
  const [row] = await on.ctx.db
    .select()
    .from(eventOutbox)
    .where(
      kind === 'alert'
        ? and(
            eq(eventOutbox.event, 'alertRaised'),
            sql`${eventOutbox.payload}->>'alertId' = ${String(subjectId)}`,
          )
        : and(
            eq(eventOutbox.event, 'lostModeChanged'),
            sql`${eventOutbox.payload}->>'deviceRowId' = ${String(subjectId)}`,
            sql`(${eventOutbox.payload}->>'isLost')::boolean`,
          ),
    )
    .orderBy(desc(eventOutbox.id))
    .limit(1);
  return row!;
}
/** the same, once the deliveries under way have ended */
async function eventOf(subjectId: number, kind: NetworkEmailKind = 'alert') {
  await app.ctx.background.settled();
  return eventNow(app, kind, subjectId);
}
/** whether the network still has to try the event again */
const isWaiting = (row: typeof eventOutbox.$inferSelect) =>
  row.deliveredAt === null && !row.doneBy.includes('network');
/** the server's sweep, as the job deliver-events runs it every few seconds */
const sweep = () => deliverEvents(app.ctx);

describe('SOS e-mails that fail', () => {
  it('are tried again by the outbox until they go, and the SOS itself does not wait or fail', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail(app);
    const opened = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
    expect(opened.statusCode, opened.body).toBe(201);
    const alertId = (opened.json() as { alert_id: number }).alert_id;
    const first = await eventOf(alertId);
    // the central's queue has the SOS already; the network's e-mails wait for the mail server
    expect(first).toMatchObject({ attempts: 1, doneBy: ['central'], deliveredAt: null });

    // not due yet: nothing is tried
    await sweep();
    expect(await eventOf(alertId)).toMatchObject({ attempts: 1 });

    // due, the mail server still down: the second try fails and the third is booked
    app.clock.advance(RETRY_DELAYS_MS[0]!);
    await sweep();
    const second = await eventOf(alertId);
    expect(second).toMatchObject({ attempts: 2, doneBy: ['central'], deliveredAt: null });
    expect(second.availableAt.getTime()).toBe(app.clock.now.getTime() + RETRY_DELAYS_MS[1]!);

    // the mail server is back: the third try reaches the member, with the alert's link, and is done
    await repairMail(app);
    app.clock.advance(RETRY_DELAYS_MS[1]!);
    await sweep();
    const [mail] = await mailsTo(member.email);
    expect(mail?.subject).toMatch(/^Alerta de .+: necesita ayuda$/);
    expect(mail?.text).toMatch(/http:\/\/escudo\.test\/alerta\/[\w-]{43}/);
    expect(isWaiting(await eventOf(alertId))).toBe(false);
  });

  it('go again only to the members who did not get them', async () => {
    const { owner, member } = await ownerWithMember();
    const second = await acceptedMember(app, owner.userId);
    await app.ctx.background.settled();
    // the mail server refuses the second member's address only (as one refuses a full mailbox)
    const realSend = app.ctx.mailer.send.bind(app.ctx.mailer);
    const refusing = vi.spyOn(app.ctx.mailer, 'send').mockImplementation(async (message) => {
      if (message.to === second.email) throw new Error('550 mailbox full');
      return realSend(message);
    });
    try {
      const opened = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
      const alertId = (opened.json() as { alert_id: number }).alert_id;
      expect(isWaiting(await eventOf(alertId))).toBe(true);
      expect(await mailsTo(member.email)).toHaveLength(1);
      expect(await mailsTo(second.email)).toHaveLength(0);

      refusing.mockRestore();
      app.clock.advance(RETRY_DELAYS_MS[0]!);
      await sweep();
      expect(await mailsTo(member.email)).toHaveLength(1);
      expect(await mailsTo(second.email)).toHaveLength(1);
      expect(isWaiting(await eventOf(alertId))).toBe(false);
    } finally {
      refusing.mockRestore();
    }
  });

  it('are dropped once the alert has ended: nobody is e-mailed about an SOS that is over', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail(app);
    const alertId = (
      await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken)
    ).json().alert_id as number;
    expect(isWaiting(await eventOf(alertId))).toBe(true);
    const closed = await app.post('/api/device/alert/close', { alert_id: alertId }, owner.deviceToken);
    expect(closed.statusCode).toBe(200);

    await repairMail(app);
    app.clock.advance(RETRY_DELAYS_MS[0]!);
    await sweep();
    expect(isWaiting(await eventOf(alertId))).toBe(false);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it('give up after the last try', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail(app);
    const alertId = (
      await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken)
    ).json().alert_id as number;
    // the first try, which runs apart from the request, fails before the clock moves
    await app.ctx.background.settled();
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      app.clock.advance(delay);
      await sweep();
      const row = await eventOf(alertId);
      expect(row.attempts).toBe(index + 2);
      // every try but the last books the next; the last gives up
      expect(row.deliveredAt === null).toBe(index < RETRY_DELAYS_MS.length - 1);
    }
    await repairMail(app);
    app.clock.advance(86_400_000);
    await sweep();
    expect(await mailsTo(member.email)).toEqual([]);
  });
});

describe('lost-mode e-mails that fail', () => {
  it('are tried again while the phone is lost, and the phone is answered at once', async () => {
    const { owner, member } = await ownerWithMember();
    // a member whose address is verified reads the owner's name (decision 050)
    await verifyEmailOf(app, member);
    const lostMails = async () =>
      (await mailsTo(member.email)).filter((mail) => mail.subject?.endsWith('declaró su teléfono perdido'));
    await breakMail(app);
    await setLostMode(app, owner, true);
    const [device] = await app.ctx.db.select().from(devices).where(eq(devices.id, owner.internalId));
    expect(device!.lost).toBe(true);
    expect(await eventOf(owner.internalId, 'lostPhone')).toMatchObject({ attempts: 1, deliveredAt: null });

    await repairMail(app);
    app.clock.advance(RETRY_DELAYS_MS[0]!);
    await sweep();
    const mails = await lostMails();
    expect(mails.map((mail) => mail.subject)).toEqual([`${owner.name} declaró su teléfono perdido`]);
    expect(isWaiting(await eventOf(owner.internalId, 'lostPhone'))).toBe(false);

    // nothing is left to send: a later sweep sends no second e-mail
    app.clock.advance(RETRY_DELAYS_MS[1]!);
    await sweep();
    expect(await lostMails()).toHaveLength(1);
  });

  it('are dropped once the phone has left lost mode', async () => {
    const { owner, member } = await ownerWithMember();
    await breakMail(app);
    await setLostMode(app, owner, true);
    // its first try failed and is booked again; then the phone is found
    expect(isWaiting(await eventOf(owner.internalId, 'lostPhone'))).toBe(true);
    await setLostMode(app, owner, false);

    await repairMail(app);
    app.clock.advance(RETRY_DELAYS_MS[0]!);
    await sweep();
    expect(isWaiting(await eventOf(owner.internalId, 'lostPhone'))).toBe(false);
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
    app.clock.advance(RETRY_DELAYS_MS[0]!);
    await sweep();
    expect(isWaiting(await eventOf(owner.internalId, 'lostPhone'))).toBe(false);
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

  it("holds neither the SOS request nor the phone's lost-mode answer; a try that fails later is booked again", async () => {
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
    expect(await eventNow(hung, 'alert', alertId)).toMatchObject({ attempts: 1, doneBy: [] });
    await dropHeldMail();
    expect(isWaiting(await eventNow(hung, 'alert', alertId))).toBe(true);

    await setLostMode(hung, owner, true);
    // the member's lost-mode e-mail, and the owner's notice of the order (sent without waiting too)
    await vi.waitFor(() => expect(held).toHaveLength(2));
    expect(await eventNow(hung, 'lostPhone', owner.internalId)).toMatchObject({ attempts: 1, doneBy: [] });
    await dropHeldMail();
    expect(isWaiting(await eventNow(hung, 'lostPhone', owner.internalId))).toBe(true);
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
    expect(row).toMatchObject({ doneBy: ['network', 'central'], attempts: 1 });
    expect(row!.deliveredAt).not.toBeNull();
    expect(await mailsTo(member.email)).toHaveLength(1);

    // a process that died after sending, before the row said so: another one delivers it again
    await app.ctx.db
      .update(eventOutbox)
      .set({ deliveredAt: null, doneBy: [], availableAt: new Date(app.clock.now.getTime() - 1000) })
      .where(eq(eventOutbox.id, row!.id));
    await deliverEvents(app.ctx);
    const [again] = await rowsOf(alertId);
    expect(again).toMatchObject({ doneBy: ['network', 'central'], attempts: 2 });
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  const LEASE_MS = DURABLE_EVENTS.alertRaised.leaseMs;
  it("are leased by the delivery that takes them for their event's own time, or EVENT_LEASE_SECONDS", async () => {
    const { owner } = await ownerWithMember();
    const opened = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
    expect(opened.statusCode, opened.body).toBe(201);
    const alertId = (opened.json() as { alert_id: number }).alert_id;
    await app.ctx.background.settled();
    // a delivery that ends leaves the lease its claim set, and the test's clock stands still
    const [delivered] = await rowsOf(alertId);
    expect(delivered!.deliveredAt).not.toBeNull();
    expect(delivered!.availableAt.getTime()).toBe(app.clock.now.getTime() + LEASE_MS);

    // due again, and taken by a server whose EVENT_LEASE_SECONDS is set (the tests of a dying process)
    await app.ctx.db
      .update(eventOutbox)
      .set({ deliveredAt: null, doneBy: [], availableAt: new Date(app.clock.now.getTime() - 1000) })
      .where(eq(eventOutbox.id, delivered!.id));
    await deliverEvents({ ...app.ctx, env: { ...app.ctx.env, EVENT_LEASE_SECONDS: 5 } });
    const [again] = await rowsOf(alertId);
    expect(again).toMatchObject({ attempts: 2, deliveredAt: expect.any(Date) });
    expect(again!.availableAt.getTime()).toBe(app.clock.now.getTime() + 5_000);
  });

  it('are delivered by the sweep once the lease of a process that died lapses, not before', async () => {
    const { owner, member } = await ownerWithMember();
    // the mail server refuses: nothing reaches the member (the try is booked again)
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
      .set({ deliveredAt: null, doneBy: [], availableAt: new Date(app.clock.now.getTime() + LEASE_MS) })
      .where(eq(eventOutbox.id, row!.id));
    await deliverEvents(app.ctx);
    expect(await mailsTo(member.email)).toHaveLength(0);
    app.clock.advance(LEASE_MS + 1);
    await deliverEvents(app.ctx);
    expect(await mailsTo(member.email)).toHaveLength(1);
    const [delivered] = await rowsOf(alertId);
    expect(delivered!.deliveredAt).not.toBeNull();
  });
});
