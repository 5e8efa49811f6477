/**
 * Plan-expiry reminders (decision 029) on a real server with the test clock, on PGlite and PostgreSQL: the
 * e-mails are read from the outbox. The two-process test is reminders.processes.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import {
  breakMail,
  everythingRead,
  isVerificationMail,
  mailsTo as mailsOf,
  repairMail,
  verifyEmailOf,
} from '../../../test/outbox.ts';
import { userPlans, users } from '../accounts/accounts.schema.ts';
import { planReminders } from './reminders.schema.ts';
import { sendPlanReminders } from './reminders.service.ts';
import { planRemindersJob } from './reminders.jobs.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// its own server: these tests move the clock and break the mail delivery (the outbox) on purpose
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

afterEach(() => repairMail(app));
/** the e-mails to `email` but the sign-up's verification e-mail */
const mailsTo = async (email: string) =>
  (await mailsOf(app, email)).filter((mail) => !isVerificationMail(mail));

/**
 * A customer whose current plan (Esencial, the starter) ends `endsIn` ms from the test clock's now;
 * `isEmailVerified`: its owner opened the verification link.
 */
async function customerEndingIn(endsIn: number | null, { isEmailVerified = false } = {}) {
  const user = await signUpUser(app);
  if (isEmailVerified) user.token = await verifyEmailOf(app, user);
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  const expiresAt = endsIn === null ? null : new Date(app.clock.now.getTime() + endsIn);
  await app.ctx.db.update(userPlans).set({ expiresAt }).where(eq(userPlans.userId, row!.id));
  return { ...user, userId: row!.id, expiresAt };
}

/** DD-MM-AAAA of `date` in Chile, worked out apart from the code under test */
const chileDate = (date: Date) =>
  new Intl.DateTimeFormat('es-CL', {
    timeZone: 'America/Santiago',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(date)
    .replaceAll('/', '-');

describe('plan-expiry reminders', () => {
  it('e-mails once a week before the end and once on the last day, in Spanish with the link to Planes', async () => {
    const ana = await customerEndingIn(8 * DAY);
    await sendPlanReminders(app.ctx);
    expect(await mailsTo(ana.email)).toHaveLength(0);

    app.clock.advance(DAY + HOUR); // 6 days 23 hours left
    await sendPlanReminders(app.ctx);
    await sendPlanReminders(app.ctx);
    const week = await mailsTo(ana.email);
    expect(week).toHaveLength(1);
    const date = chileDate(ana.expiresAt!);
    expect(week[0]!.subject).toBe(`Tu plan Esencial de Escudo vence el ${date}`);
    // an address nobody proved: no name (decision 050)
    expect(week[0]!.text).toMatch(/^Hola:$/m);
    expect(everythingRead(week[0]!)).not.toContain(ana.name);
    expect(week[0]!.text).toContain(`vence en menos de una semana, el ${date}`);
    expect(week[0]!.text).toContain('http://escudo.test/planes');
    expect(week[0]!.html).toContain('href="http://escudo.test/planes"');

    app.clock.advance(5 * DAY); // 1 day 23 hours left: nothing new
    await sendPlanReminders(app.ctx);
    expect(await mailsTo(ana.email)).toHaveLength(1);

    app.clock.advance(DAY); // 23 hours left
    await sendPlanReminders(app.ctx);
    await sendPlanReminders(app.ctx);
    const all = await mailsTo(ana.email);
    expect(all).toHaveLength(2);
    expect(all.some((mail) => mail.text?.includes(`vence en menos de un día, el ${date}`))).toBe(true);

    app.clock.advance(DAY); // ended an hour ago
    await sendPlanReminders(app.ctx);
    expect(await mailsTo(ana.email)).toHaveLength(2);
  });

  it('greets by name an account whose address is verified', async () => {
    const ana = await customerEndingIn(3 * DAY, { isEmailVerified: true });
    await sendPlanReminders(app.ctx);
    // (its verification also told it of the new password)
    const [mail, ...more] = (await mailsTo(ana.email)).filter((each) => each.subject?.startsWith('Tu plan'));
    expect(more).toEqual([]);
    expect(mail!.text).toMatch(new RegExp(`^Hola ${ana.name}:$`, 'm'));
    expect(mail!.html).toContain(`<p>Hola ${ana.name}:</p>`);
    expect(mail!.text).toContain(`vence en menos de una semana, el ${chileDate(ana.expiresAt!)}`);
  });

  it('gives a renewed plan (a new end) its own reminders', async () => {
    const ana = await customerEndingIn(3 * DAY);
    await sendPlanReminders(app.ctx);
    expect(await mailsTo(ana.email)).toHaveLength(1);
    // paid for another month before the end: the new end is a new period
    const renewedEnd = new Date(ana.expiresAt!.getTime() + 30 * DAY);
    await app.ctx.db.update(userPlans).set({ expiresAt: renewedEnd }).where(eq(userPlans.userId, ana.userId));
    await sendPlanReminders(app.ctx);
    expect(await mailsTo(ana.email)).toHaveLength(1);
    app.clock.advance(27 * DAY); // 6 days left of the new period
    await sendPlanReminders(app.ctx);
    const mails = await mailsTo(ana.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.subject)).toContain(
      `Tu plan Esencial de Escudo vence el ${chileDate(renewedEnd)}`,
    );
  });

  it('sends only the last-day one to a plan found within its last day, and nothing without an end or once ended', async () => {
    const late = await customerEndingIn(12 * HOUR);
    const endless = await customerEndingIn(null);
    const ended = await customerEndingIn(-HOUR);
    await sendPlanReminders(app.ctx);
    const lateMails = await mailsTo(late.email);
    expect(lateMails).toHaveLength(1);
    expect(lateMails[0]!.text).toContain('vence en menos de un día');
    expect(await mailsTo(endless.email)).toHaveLength(0);
    expect(await mailsTo(ended.email)).toHaveLength(0);
  });

  it('gives a claim back when the e-mail fails, and the run fails so the job is retried', async () => {
    const ana = await customerEndingIn(5 * DAY);
    await breakMail(app);
    await expect(planRemindersJob.run(app.ctx)).rejects.toThrow(/could not be sent/);
    const claims = await app.ctx.db.select().from(planReminders).where(eq(planReminders.userId, ana.userId));
    expect(claims).toEqual([]);
    await repairMail(app);
    await planRemindersJob.run(app.ctx);
    await planRemindersJob.run(app.ctx);
    expect(await mailsTo(ana.email)).toHaveLength(1);
    const [sent] = await app.ctx.db.select().from(planReminders).where(eq(planReminders.userId, ana.userId));
    expect(sent).toMatchObject({ kind: '7d', planExpiresAt: ana.expiresAt });
    expect(sent!.sentAt).not.toBeNull();
  });
});
