/**
 * Sponsors (decision 021): an organisation gives its people a plan for some months at no
 * cost through the link `/register?sponsor_code=UNIQUE_ID`. Operators create, list and disable them
 * with the admin command (sponsors.admin.ts); sign-up starts the plan (accounts/accounts.events.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { planes } from '../plans/plans.schema.ts';
import { sponsors } from './sponsors.schema.ts';
import { findPlanOrThrow } from '../plans/plans.service.ts';

/** 128 random bits, URL-safe: the link is the only key to the sponsor's plan, so it cannot be guessed */
const createSponsorUniqueId = () => randomBytes(16).toString('base64url');

export interface SponsorInput {
  name: string;
  planId: number;
  months: number;
}

export async function createSponsor(ctx: AppContext, input: SponsorInput) {
  const name = input.name.trim();
  if (!name || name.length > 120)
    throw new AppError('VALIDATION', 'El nombre debe tener de 1 a 120 caracteres.');
  if (!Number.isInteger(input.months) || input.months < 1 || input.months > 120)
    throw new AppError('VALIDATION', 'Los meses deben ser un número entero de 1 a 120.');
  // an unknown plan is refused here with its own message, before the foreign key would
  const plan = await findPlanOrThrow(ctx, input.planId);
  const [sponsor] = await ctx.db
    .insert(sponsors)
    .values({ uniqueId: createSponsorUniqueId(), name, planId: input.planId, months: input.months })
    .returning();
  return { ...sponsor!, planName: plan.name };
}

export async function listSponsors(ctx: AppContext) {
  return ctx.db
    .select({
      uniqueId: sponsors.uniqueId,
      name: sponsors.name,
      plan: planes.name,
      months: sponsors.months,
      disabled: sponsors.disabled,
      createdAt: sponsors.createdAt,
    })
    .from(sponsors)
    .innerJoin(planes, eq(planes.id, sponsors.planId))
    .orderBy(asc(sponsors.id));
}

/** Disabling stops new sign-ups through the link; the plans already started keep running. */
export async function disableSponsor(ctx: AppContext, uniqueId: string) {
  const [sponsor] = await ctx.db
    .update(sponsors)
    .set({ disabled: true })
    .where(eq(sponsors.uniqueId, uniqueId))
    .returning({ id: sponsors.id });
  if (!sponsor) throw new AppError('NOT_FOUND', 'No existe un patrocinador con ese unique_id.');
}

/** The sponsor of a link, if it exists and is enabled. */
export async function findActiveSponsor(ctx: AppContext, uniqueId: string) {
  const [sponsor] = await ctx.db
    .select()
    .from(sponsors)
    .where(and(eq(sponsors.uniqueId, uniqueId), eq(sponsors.disabled, false)));
  return sponsor;
}

/** GET /api/sponsor/getSponsorById: the sponsor's name and the plan the link gives; 404 otherwise. */
export async function describeSponsor(ctx: AppContext, uniqueId: string) {
  const sponsor = await findActiveSponsor(ctx, uniqueId);
  if (!sponsor) throw new AppError('NOT_FOUND', 'El código de patrocinio no es válido o ya no está vigente.');
  const plan = await findPlanOrThrow(ctx, sponsor.planId);
  return { sponsor: { name: sponsor.name, plan, months: sponsor.months } };
}

/** Sign-up through a sponsor's link: the sponsor, checked before the account exists (error on the field). */
export async function findSponsorForSignUp(ctx: AppContext, uniqueId: string) {
  const sponsor = await findActiveSponsor(ctx, uniqueId);
  if (!sponsor) {
    const error = new AppError('SPONSOR_INVALID');
    throw new AppError('SPONSOR_INVALID', error.message, { sponsor_code: error.message });
  }
  return sponsor;
}
