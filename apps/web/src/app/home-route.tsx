import { HomePage } from '../features/home/pages/home-page.tsx';
import { ProtectionDialogs } from '../features/lostphone/index.tsx';

/**
 * Home with the remote-protection dialogs. Home owns the tiles, the lostphone feature the dialogs;
 * features never import each other (STYLE.md #1), so the app puts the two together here.
 */
export function HomeRoute() {
  return <HomePage ProtectionDialogs={ProtectionDialogs} />;
}
