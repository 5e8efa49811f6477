import Button from '@mui/material/Button';
import { AccountReviewPage } from '../features/account-review/pages/account-review-page.tsx';
import { useLogout } from '../features/auth/api/logout.ts';
import { appTexts } from './texts.ts';

/**
 * `/revisar-cuenta` as the router shows it: the review (decision 050) with a way out, 'Cerrar Sesión',
 * as every signed-in page has; signing out empties the session and the route guard shows Login.
 */
export function AccountReviewRoute() {
  const logout = useLogout();
  return (
    <AccountReviewPage
      actions={
        <Button variant="outlined" disabled={logout.isPending} onClick={() => logout.mutate()}>
          {appTexts.signOut}
        </Button>
      }
    />
  );
}
