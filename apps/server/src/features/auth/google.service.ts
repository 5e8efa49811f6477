/**
 * Google sign-in's accounts and tokens (decision 014). After the provider vouches for a person (their
 * subject `sub`, e-mail, name, picture), the account is:
 *   1. the one already linked to that subject;
 *   2. else, when the provider says the e-mail is verified, the account with that e-mail, now linked;
 *   3. else, when it is verified and no account has it, a new account made as sign-up makes one
 *      (starter plan, invitation code), without a password, with the codes of the sign-up link the
 *      person started from (invitation, referral, sponsor) checked as sign-up checks them, except that
 *      a bad one is left out (and logged) instead of refused: nobody is there to correct it;
 *   an unverified e-mail links and creates nothing (decision 014: whoever controls an e-mail at an
 *   issuer that does not verify it must not reach, nor pre-create, the account of that e-mail). An
 *   account of ours whose own e-mail was never verified is linked by reclaiming it (decision 050):
 *   someone may have made it with this person's e-mail, so Google's word is the first proof of the
 *   mailbox, and whatever the maker set up (sessions, password, two-step sign-in) ends.
 * An account made here has its e-mail verified: the provider vouched for it.
 * The browser then gets a social_access_token: random, stored as its SHA-256, valid 2 minutes, traded
 * once for a session like /auth/login's, and only by the browser holding the hand-off cookie the
 * callback set (google-cookie.ts). An account that already existed does with the link's
 * invitation what e-mail sign-in does with `/login?security_code=…`: the panel is given the code back
 * and takes the person to the invitation, where they join; its referral or sponsor codes do nothing.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SOCIAL_TOKEN_TTL_MS, type SocialSignInError } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { linkedIdentities, socialSignInTokens } from './auth.schema.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { forgive, takeHits } from '../../lib/throttle/throttle.ts';
import { findUserByEmail } from '../accounts/accounts.service.ts';
import { checkSignUpCodes, createAccount, type SignUpCodes } from './sign-up.ts';
import { authLimits } from './auth.limits.ts';
import { createSession } from './sessions.ts';
import type { SignInOrigin } from './browser-cookie.ts';
import { isTwoFactorOn } from '../two-factor/two-factor.service.ts';
import { createChallenge } from '../two-factor/challenges.ts';
import type { IdentityClaims } from './google-oidc.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { isNeverVerified, reclaimAccount } from './reclaim.ts';

const PROVIDER = 'google';
/** the contract's longest name (personNameSchema) */
const MAX_NAME_LENGTH = 120;

export type ProviderSignIn =
  | {
      ok: true;
      socialAccessToken: string;
      /** the link's invitation, for an account that already existed to join it as e-mail sign-in does */
      securityCode: string | null;
    }
  | { ok: false; reason: SocialSignInError };

/**
 * The account of the provider's person, found, linked or created (with the link's `codes`); then a
 * social_access_token for it.
 */
export async function signInWithProvider(
  ctx: AppContext,
  claims: IdentityClaims,
  codes: SignUpCodes,
  /** the random value of the hand-off cookie the callback sets; only its SHA-256 is stored */
  browserKey: string,
  /** the callback's request, for the account's log when the sign-in reclaims an account */
  origin: ClientOrigin,
): Promise<ProviderSignIn> {
  const account = await findOrLinkAccount(ctx, claims, codes, origin);
  if ('reason' in account) return { ok: false, reason: account.reason };
  const { userId, isNew } = account;
  const socialAccessToken = createToken();
  await ctx.db.insert(socialSignInTokens).values({
    userId,
    tokenHash: hashToken(socialAccessToken),
    browserHash: hashToken(browserKey),
    createdAt: ctx.now(),
    expiresAt: new Date(ctx.now().getTime() + SOCIAL_TOKEN_TTL_MS),
  });
  return { ok: true, socialAccessToken, securityCode: isNew ? null : codes.securityCode };
}

async function findOrLinkAccount(
  ctx: AppContext,
  claims: IdentityClaims,
  codes: SignUpCodes,
  origin: ClientOrigin,
): Promise<{ userId: number; isNew: boolean } | { reason: SocialSignInError }> {
  const pictureUrl = claims.picture?.startsWith('https://') ? claims.picture.slice(0, 2048) : null;
  // two tries: a concurrent first sign-in of the same person (or a sign-up with the same e-mail) may
  // win the race for the unique index; the second try finds what it made
  for (let attempt = 0; ; attempt += 1) {
    const [linked] = await ctx.db
      .update(linkedIdentities)
      .set({ lastSignInAt: ctx.now(), pictureUrl })
      .where(and(eq(linkedIdentities.provider, PROVIDER), eq(linkedIdentities.subject, claims.sub)))
      .returning({ userId: linkedIdentities.userId });
    if (linked) return { userId: linked.userId, isNew: false };

    const email = claims.email?.trim();
    if (!email || claims.email_verified !== true) return { reason: 'unverified' };
    try {
      const existing = await findUserByEmail(ctx, email);
      if (existing && !existing.emailVerifiedAt) {
        await linkByReclaiming(ctx, existing.id, { ...claims, email }, pictureUrl, origin);
        return { userId: existing.id, isNew: false };
      }
      const userId =
        existing?.id ??
        (
          await createAccount(
            ctx,
            { name: nameOf(claims, email), email, passwordHash: null, emailVerifiedAt: ctx.now() },
            await checkSignUpCodes(ctx, codes, 'drop'),
          )
        ).id;
      await ctx.db.insert(linkedIdentities).values({
        userId,
        provider: PROVIDER,
        subject: claims.sub,
        email,
        pictureUrl,
        lastSignInAt: ctx.now(),
      });
      ctx.log.info({ userId, linked: Boolean(existing) }, 'Google identity linked to an account');
      return { userId, isNew: !existing };
    } catch (error) {
      if (attempt >= 1 || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Google vouches for the e-mail of an account ours never verified: its first proof (decision 050). The
 * account is reclaimed (every session ends, the password is dropped, two-step sign-in turned off) and
 * linked in one transaction; two such sign-ins at once link it once (the second finds it locked and
 * already verified, and its insert loses to the unique index, which the caller's retry reads).
 */
async function linkByReclaiming(
  ctx: AppContext,
  userId: number,
  claims: IdentityClaims & { email: string },
  pictureUrl: string | null,
  origin: ClientOrigin,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (await isNeverVerified(tx, userId)) await reclaimAccount(ctx, tx, { userId, proof: 'google', origin });
    await tx.insert(linkedIdentities).values({
      userId,
      provider: PROVIDER,
      subject: claims.sub,
      email: claims.email,
      pictureUrl,
      lastSignInAt: ctx.now(),
    });
  });
  ctx.realtime.disconnectPanels({ userId });
  ctx.log.info({ userId, reclaimed: true }, 'Google identity linked to an account');
}

/**
 * The provider's name for the person, or the e-mail's local part when it gives none: one line, with no
 * control or format characters (a name reaches e-mails and the panel, as sign-up's rules say).
 */
function nameOf(claims: IdentityClaims, email: string): string {
  const name = (claims.name ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (name || email.split('@')[0] || email).slice(0, MAX_NAME_LENGTH);
}

/**
 * POST /social-auth/loginWithGoogleToken: the token is claimed (used_at set) by the same statement that
 * checks it is unused, unexpired and handed to this browser (`browserKey`, the hand-off cookie's value),
 * so two trades at once cannot both win and a token without its cookie wins nothing; the session is
 * made in the same transaction. Every trade counts against the address; a good one is given back. With
 * two-step sign-in on, the answer is a challenge for auth/loginTwoFactor instead of a session.
 */
export async function tradeSocialToken(
  ctx: AppContext,
  token: string,
  browserKey: string | null,
  address: string,
  origin: SignInOrigin,
) {
  const limit = authLimits(ctx.env).socialTokenAddress;
  const hits = await takeHits(ctx, [{ limit, subject: address }]);
  if (!browserKey) throw new AppError('SOCIAL_TOKEN_INVALID');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(socialSignInTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(socialSignInTokens.tokenHash, hashToken(token)),
          // both are SHA-256 of random values, compared by the database: nothing to time
          eq(socialSignInTokens.browserHash, hashToken(browserKey)),
          isNull(socialSignInTokens.usedAt),
          gt(socialSignInTokens.expiresAt, now),
        ),
      )
      .returning({ userId: socialSignInTokens.userId });
    if (!claimed) throw new AppError('SOCIAL_TOKEN_INVALID');
    await forgive(tx, { ids: hits });
    // with two-step sign-in on, Google stands for the password: the second step follows (decision 035)
    if (await isTwoFactorOn(ctx, claimed.userId, tx)) return createChallenge(ctx, claimed.userId, tx);
    const session = await createSession(ctx, claimed.userId, tx, origin);
    return { token: session.access_token, token_type: session.token_type, expires_at: session.expires_at };
  });
}
