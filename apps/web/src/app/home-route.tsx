import { HomePage } from '../features/home/pages/home-page.tsx';
import { ProtectionDialogs } from '../features/lostphone/index.tsx';
import { SecurityNetworkDialog } from '../features/network/index.tsx';

/**
 * Home with the remote-protection dialogs and the security network's. Home owns the tiles, the lostphone feature the dialogs;
 * features never import each other (STYLE.md #1), so the app puts the two together here.
 */
export function HomeRoute() {
  return <HomePage ProtectionDialogs={ProtectionDialogs} SecurityNetworkDialog={SecurityNetworkDialog} />;
}
