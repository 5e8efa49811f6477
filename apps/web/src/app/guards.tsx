import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { afterSignInPath } from '../lib/session/after-sign-in.ts';
import { useHasSession } from '../lib/auth-token.ts';

// Guards follow the stored token live: a sign-out in another tab empties it and this tab's guard sends
// the person to Login at once (spec 4: an existing token means signed in).

/** Signed-in routes: without a session, any of them (and any unknown path) shows Login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const hasSession = useHasSession();
  return hasSession ? children : <Navigate to="/login" replace />;
}

/** Login: a signed-in user is sent to Home (spec 2 route table), or back to the invitation being accepted. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const hasSession = useHasSession();
  const [searchParams] = useSearchParams();
  return hasSession ? <Navigate to={afterSignInPath(searchParams)} replace /> : children;
}
