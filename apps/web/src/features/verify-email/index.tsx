/** What the app shell puts together with other features (docs/style.md #1). */
import { useUser } from '../../lib/session/user-details.ts';
import { VerifyEmailBanner as Banner } from './components/verify-email-banner.tsx';

/**
 * The signed-in layout's banner while the account's e-mail is not verified (decision 034), or nothing.
 * Plain markup in the layout's own chunk, drawn with the page: fetched apart (it was MUI's Alert), it
 * arrived after the page and pushed it down, under a finger about to tap a card of Home.
 */
export function VerifyEmailBanner() {
  const { data: user } = useUser();
  // operators are made by an administrator, who vouches for their e-mail
  if (!user || user.email_verified || user.role !== 'customer') return null;
  return <Banner email={user.email} />;
}
