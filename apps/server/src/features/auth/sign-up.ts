/**
 * The one way a person's account is made, by e-mail (auth.service.ts) or by Google (google.service.ts):
 * the codes of the link they came through are checked, the account is made with the starter plan,
 * and `userSignedUp` tells the features that act on each code (the network joins the invitation, sales
 * records the referrer, the account starts its sponsor's plan). Operators are made by an administrator instead.
 */
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServerEvents } from '../../lib/events.ts';
import { createUser } from '../accounts/accounts.service.ts';
import { findValidInvitation } from '../network/network.service.ts';
import { findReferrer } from '../sales/sales.service.ts';
import { findSponsorForSignUp } from '../sponsors/sponsors.service.ts';

export type SignUpCodes = Omit<ServerEvents['userSignedUp'], 'userId'>;

export const noSignUpCodes: SignUpCodes = { securityCode: null, shareCode: null, sponsorCode: null };

/** The codes of a sign-up link as the contract spells them: two names each for the invitation and referral. */
export function signUpCodesOf(input: {
  code?: string | null | undefined;
  security_code?: string | null | undefined;
  sharecode?: string | null | undefined;
  share_code?: string | null | undefined;
  sponsor_code?: string | null | undefined;
}): SignUpCodes {
  return {
    securityCode: input.security_code || input.code || null,
    shareCode: input.share_code || input.sharecode || null,
    sponsorCode: input.sponsor_code || null,
  };
}

/** Each code's check: a bad one throws the AppError that names its field (read-only look-ups). */
const checks: { [K in keyof SignUpCodes]: (ctx: AppContext, code: string) => Promise<unknown> } = {
  securityCode: (ctx, code) =>
    findValidInvitation(ctx, code).catch((error: unknown) => {
      if (error instanceof AppError)
        throw new AppError(error.code, error.message, { security_code: error.message });
      throw error;
    }),
  shareCode: (ctx, code) => findReferrer(ctx, code),
  sponsorCode: (ctx, code) => findSponsorForSignUp(ctx, code),
};

/**
 * Checks every code before the account exists: a bad link creates nothing and says why (`refuse`),
 * or, where nobody could correct it (a Google sign-up comes back from the provider), its bad codes are
 * left out and logged (`drop`).
 */
export async function checkSignUpCodes(
  ctx: AppContext,
  codes: SignUpCodes,
  onInvalid: 'refuse' | 'drop',
): Promise<SignUpCodes> {
  const checked = { ...codes };
  for (const name of Object.keys(checks) as (keyof SignUpCodes)[]) {
    const code = codes[name];
    if (!code) continue;
    try {
      await checks[name](ctx, code);
    } catch (error) {
      if (onInvalid === 'refuse' || !(error instanceof AppError)) throw error;
      ctx.log.warn({ code: error.code, field: name }, 'sign-up: a code of the link was left out');
      checked[name] = null;
    }
  }
  return checked;
}

/**
 * Makes the account of codes already checked (`checkSignUpCodes`), then tells the features that act
 * on them. Their work follows the account's commit: should one fail, the account stands and the
 * failure is logged (lib/events.ts).
 */
export async function createAccount(
  ctx: AppContext,
  person: { name: string; email: string; passwordHash: string | null; emailVerifiedAt?: Date | null },
  codes: SignUpCodes,
): Promise<{ id: number }> {
  const user = await createUser(ctx, person);
  await ctx.events.emit('userSignedUp', { userId: user.id, ...codes });
  return user;
}
