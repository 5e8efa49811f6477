/** What the app shell puts together with other features (docs/style.md #1). */
import { Suspense } from 'react';
import { lazyThemed } from '../../components/lazy-themed.tsx';
import { useUser } from '../../lib/session/user-details.ts';

// MUI's Alert: fetched with MUI only while the e-mail is not verified, so that a verified account's
// Home loads none of it (docs/decisions/017)
const Banner = lazyThemed(
  async () => (await import('./components/verify-email-banner.tsx')).VerifyEmailBanner,
);

/** The signed-in layout's banner while the account's e-mail is not verified (decision 034), or nothing. */
export function VerifyEmailBanner() {
  const { data: user } = useUser();
  // operators are made by an administrator, who vouches for their e-mail
  if (!user || user.email_verified || user.role !== 'customer') return null;
  return (
    <Suspense fallback={null}>
      <Banner email={user.email} />
    </Suspense>
  );
}
