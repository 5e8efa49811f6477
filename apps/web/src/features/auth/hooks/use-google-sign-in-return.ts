import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SocialSignInError } from '@escudo/contract';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { afterSignInPath } from '../../../lib/session/after-sign-in.ts';
import { useLoginWithGoogleToken } from '../api/login-with-google-token.ts';
import { authTexts } from '../texts.ts';

const errorTexts: Record<SocialSignInError, string> = authTexts.googleErrors;

/**
 * The return from Google sign-in on Login and Register (spec 2, decision 014): a
 * `social_access_token` is traded once for a session and the person goes Home, or to the invitation
 * of `security_code` that the server gave back to an account that already existed (where they join,
 * as after signing in by e-mail: after-sign-in.ts); a `social_error`
 * (cancelled consent, provider error, bad state…) or a refused token becomes a Spanish message.
 * Both parameters leave the address bar at once, so a reload or a shared URL does not replay them.
 * With two-step sign-in on, the trade answers a challenge: `onChallenge` gets it with the path to go
 * to afterwards, and the page asks the code (decision 035).
 */
export function useGoogleSignInReturn(onChallenge: (challenge: string, next: string) => void) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const trade = useLoginWithGoogleToken();
  const [initial] = useState(() => ({
    token: searchParams.get('social_access_token'),
    error: searchParams.get('social_error'),
    next: afterSignInPath(searchParams),
  }));
  // the token works once: never trade it twice (React runs effects twice in development)
  const hasTraded = useRef(false);

  useEffect(() => {
    if (!initial.token && !initial.error) return;
    setSearchParams(
      (params) => {
        params.delete('social_access_token');
        params.delete('social_error');
        return params;
      },
      { replace: true },
    );
    if (!initial.token || hasTraded.current) return;
    hasTraded.current = true;
    trade.mutate(initial.token, {
      onSuccess: (answer) => {
        if ('two_factor_required' in answer) onChallenge(answer.challenge, initial.next);
        else navigate(initial.next, { replace: true });
      },
    });
    // runs once, for the parameters the page was opened with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  let errorMessage: string | null = null;
  if (trade.isError) {
    // the server's Spanish message for a refused token (used, expired, forged) or a wait (429)
    errorMessage = isApiRequestError(trade.error) ? trade.error.message : authTexts.unexpectedError;
  } else if (initial.error) {
    errorMessage = errorTexts[initial.error as SocialSignInError] ?? errorTexts.provider;
  }
  const isSignedIn = trade.isSuccess && 'token' in trade.data;
  return { isSigningIn: trade.isPending || isSignedIn, errorMessage };
}
