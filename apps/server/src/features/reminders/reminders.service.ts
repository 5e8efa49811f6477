/**
 * Plan-expiry reminders (decision 029): an account whose current plan ends within a week is e-mailed
 * once ('7d'), and once more within its last day ('1d'), with the link to Planes. Each is claimed
 * by inserting its row of plan_reminders first (reminders.schema.ts), so however many processes run
 * this at once, one sends it; a failed send gives the claim back for the next run. A plan without an
 * end, one already ended, an operator or a disabled account gets nothing, and a plan found inside
 * its last day gets only the '1d' one.
 */
import { and, eq, gt, isNull, lt, lte } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { userPlans, users } from '../accounts/accounts.schema.ts';
import { planes } from '../plans/plans.schema.ts';
import { planReminders, type PlanReminderKind } from './reminders.schema.ts';
import { planReminderEmail } from './reminders.emails.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** decision 029: the reminders go 7 days and 1 day before the end */
export const PLAN_REMINDER_LEAD_MS: Record<PlanReminderKind, number> = { '7d': 7 * DAY_MS, '1d': DAY_MS };
/** the panel's Planes page (apps/web/src/app/router.tsx), where a plan is renewed or changed */
export const PLANES_PATH = '/planes';
/** ours: reminders of periods that ended this long ago are forgotten (they can no longer be sent) */
const REMINDERS_KEPT_AFTER_END_MS = 30 * DAY_MS;
/** ours: reminders sent in one run, so a backlog (after an outage) is spread over a few runs */
const REMINDERS_PER_RUN = 200;

/** The reminder a plan ending at `expiresAt` is due at `now`, or null. */
export function dueReminder(expiresAt: Date, now: Date): PlanReminderKind | null {
  const leftMs = expiresAt.getTime() - now.getTime();
  if (leftMs <= 0) return null;
  if (leftMs <= PLAN_REMINDER_LEAD_MS['1d']) return '1d';
  if (leftMs <= PLAN_REMINDER_LEAD_MS['7d']) return '7d';
  return null;
}

export async function sendPlanReminders(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const ending = await ctx.db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      planName: planes.name,
      expiresAt: userPlans.expiresAt,
    })
    .from(userPlans)
    .innerJoin(users, eq(users.id, userPlans.userId))
    .innerJoin(planes, eq(planes.id, userPlans.planId))
    .where(
      and(
        eq(users.role, 'customer'),
        isNull(users.disabledAt),
        gt(userPlans.expiresAt, now),
        lte(userPlans.expiresAt, new Date(now.getTime() + PLAN_REMINDER_LEAD_MS['7d'])),
      ),
    )
    .limit(REMINDERS_PER_RUN);
  let failures = 0;
  for (const plan of ending) {
    const kind = dueReminder(plan.expiresAt!, now);
    if (!kind) continue;
    const [claim] = await ctx.db
      .insert(planReminders)
      .values({ userId: plan.userId, planExpiresAt: plan.expiresAt!, kind, claimedAt: now })
      .onConflictDoNothing()
      .returning({ id: planReminders.id });
    // another run (here or in another process) has it, or it went already
    if (!claim) continue;
    try {
      await ctx.mailer.send({
        to: plan.email,
        ...planReminderEmail({
          name: plan.emailVerifiedAt ? plan.name : null,
          planName: plan.planName,
          expiresAt: plan.expiresAt!,
          kind,
          link: `${ctx.env.PUBLIC_URL}${PLANES_PATH}`,
          brand: ctx.env.BRAND_NAME,
        }),
      });
    } catch (error) {
      ctx.log.error({ err: error, userId: plan.userId, kind }, 'could not send a plan reminder');
      // the claim goes back, so the next run tries again while the reminder still means something
      await ctx.db.delete(planReminders).where(eq(planReminders.id, claim.id));
      failures += 1;
      continue;
    }
    await ctx.db.update(planReminders).set({ sentAt: ctx.now() }).where(eq(planReminders.id, claim.id));
  }
  await ctx.db
    .delete(planReminders)
    .where(lt(planReminders.planExpiresAt, new Date(now.getTime() - REMINDERS_KEPT_AFTER_END_MS)));
  // the run fails, so the job is retried soon and counted as failed, not only its log lines
  if (failures > 0) throw new Error(`${failures} plan reminder(s) could not be sent`);
}
