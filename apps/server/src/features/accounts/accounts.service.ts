/**
 * The account itself (users, user_plans), below every feature that acts on one: found by e-mail, made
 * with its starter plan, and what its current plan includes. The panel's user endpoints are users/.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { USER_ROLES } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { planFeatures, planes } from '../plans/plans.schema.ts';
import { userPlans, users } from './accounts.schema.ts';
import { createShortCode } from '../../lib/crypto/tokens.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { STARTER_PLAN_ID, STARTER_TRIAL_DAYS } from '../plans/plans.data.ts';
import { DEFAULT_CUADRANTE_ID } from '../geography/chile-data.ts';

export async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/**
 * A new account: its own invitation code, the default zone, and the starter plan's free trial. An
 * account made with Google has no password (`passwordHash` null) until it sets one through a reset.
 * An operator (docs/api.md, "Atenciones") attends customers and has no plan of its own. A person's sign-up
 * goes through auth/sign-up.ts, which tells the features that act on its link's codes.
 */
export async function createUser(
  ctx: AppContext,
  input: {
    name: string;
    email: string;
    passwordHash: string | null;
    role?: (typeof USER_ROLES)[number];
    /** an operator who may also give the central's events to others */
    isSupervisor?: boolean;
    /** when the e-mail is already known to be the person's (Google vouched for it; decision 034) */
    emailVerifiedAt?: Date | null;
  },
) {
  return ctx.db.transaction(async (tx) => {
    let user: { id: number } | undefined;
    for (let attempt = 0; !user; attempt += 1) {
      try {
        [user] = await tx
          .insert(users)
          .values({
            ...input,
            codigoInvitacion: createShortCode(),
            cuadranteId: DEFAULT_CUADRANTE_ID,
            // the app's clock, as everything else it dates: the sales figures count sign-ups by month
            createdAt: ctx.now(),
          })
          .returning({ id: users.id });
      } catch (error) {
        // an e-mail clash is final; an invitation-code clash (1 in 10^12) just draws another code
        if (attempt >= 3 || !isUniqueViolation(error) || String(error).includes('email')) throw error;
      }
    }
    if (input.role === 'operator') return user;
    const expiresAt = new Date(ctx.now().getTime() + STARTER_TRIAL_DAYS * 24 * 60 * 60 * 1000);
    await tx
      .insert(userPlans)
      .values({ userId: user.id, planId: STARTER_PLAN_ID, startedAt: ctx.now(), expiresAt });
    return user;
  });
}

/** A customer's account by e-mail (case-insensitive); operators are not customers to attend. */
export async function findCustomerByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), eq(users.role, 'customer')))
    .limit(1);
  return user;
}

/**
 * Whether the account's current plan includes a feature (plan_features), with the plan's name for
 * the refusal. Read from the database, like limits (decision 008: they follow the plan row). An
 * expired plan still counts: at expiry nothing is cut yet (decision 008), and the panel only says
 * "Venció el …".
 */
export async function findPlanFeature(
  ctx: AppContext,
  userId: number,
  includeId: number,
): Promise<{ planName: string | null; isIncluded: boolean }> {
  const [row] = await ctx.db
    .select({ planName: planes.name, includeId: planFeatures.includeId })
    .from(userPlans)
    .innerJoin(planes, eq(planes.id, userPlans.planId))
    .leftJoin(
      planFeatures,
      and(eq(planFeatures.planId, userPlans.planId), eq(planFeatures.includeId, includeId)),
    )
    .where(eq(userPlans.userId, userId))
    .limit(1);
  return { planName: row?.planName ?? null, isIncluded: row?.includeId === includeId };
}
