import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { BootLoader } from '../../components/boot-loader.tsx';
import { useHasSession } from '../../lib/auth-token.ts';

// fetched only for a signed-in person: a visitor's open page stays as light as before
const SignedInLayout = lazy(() =>
  import('./signed-in-layout.tsx').then((module) => ({ default: module.SignedInLayout })),
);

/**
 * The open pages a person may reach either way (`/cookie`, `/store-redirect`): spec 2 Layout puts the
 * header and sidebar on every route but Reestablecer and Register for whoever is signed in, so a
 * signed-in person keeps them here too; a visitor sees the page alone, in its own `main`.
 */
export function ShellIfSignedIn() {
  const hasSession = useHasSession();
  if (!hasSession) {
    return (
      <main>
        <Outlet />
      </main>
    );
  }
  return (
    <Suspense fallback={<BootLoader />}>
      <SignedInLayout />
    </Suspense>
  );
}
