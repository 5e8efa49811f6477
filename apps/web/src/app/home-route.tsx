import { Navigate } from 'react-router';
import { HomePage } from '../features/home/pages/home-page.tsx';
import { useSignedInUser } from '../lib/session/user-details.ts';
import { ProtectionDialogs } from '../features/lostphone/index.tsx';
import { SecurityNetworkDialog } from '../features/network/index.tsx';
import { OpenAlertBanner } from '../features/alerts/index.tsx';

/**
 * Home with the remote-protection dialogs, the security network's dialog and the banner of an open
 * alert. Home owns the tiles, other features the dialogs and the banner; features never import each
 * other (docs/style.md #1), so the app puts them together here. Operators land on their own page instead.
 */
export function HomeRoute() {
  const user = useSignedInUser();
  // an operator of the central works on /operador (docs/api.md, "Atenciones"); customers' Home is unchanged
  if (user.role === 'operator') return <Navigate to="/operador" replace />;
  return (
    <HomePage
      ProtectionDialogs={ProtectionDialogs}
      SecurityNetworkDialog={SecurityNetworkDialog}
      AlertBanner={OpenAlertBanner}
    />
  );
}
