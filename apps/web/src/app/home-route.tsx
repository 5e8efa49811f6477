import { HomePage } from '../features/home/pages/home-page.tsx';
import { ProtectionDialogs } from '../features/lostphone/index.tsx';
import { OpenAlertBanner } from '../features/alerts/index.tsx';

/**
 * Home with the remote-protection dialogs and the banner of an open alert. Home owns the tiles, the lostphone feature the dialogs;
 * features never import each other (STYLE.md #1), so the app puts the two together here.
 */
export function HomeRoute() {
  return <HomePage ProtectionDialogs={ProtectionDialogs} AlertBanner={OpenAlertBanner} />;
}
